/**
 * Reading template data the way the Qt templates do (docs/skill-pages.md#the-system-templates): the
 * same keys and defaults, with `null` treated as absent (GUIInterface sends unset optional args as
 * null). Pure; no DOM. Every page's renderer loads this: it holds no texts (framing a page and its
 * refusals are in frame.ts).
 */
import type { Json } from '$lib/protocol';

type Data = Readonly<Record<string, Json>>;

/** A string key; numbers and booleans are shown as text, anything else (null, objects) = fallback. */
export function text(data: Data, key: string, fallback = ''): string {
	const v = Object.hasOwn(data, key) ? data[key] : undefined;
	if (typeof v === 'string') return v;
	if (typeof v === 'number' || typeof v === 'boolean') return String(v);
	return fallback;
}

export function flag(data: Data, key: string, fallback: boolean): boolean {
	const v = Object.hasOwn(data, key) ? data[key] : undefined;
	if (typeof v === 'boolean') return v;
	if (v === 'true' || v === 'True') return true;
	if (v === 'false' || v === 'False') return false;
	return fallback;
}

/**
 * `fill` → CSS object-fit: Qt's names, or OVOS-GUI-1's `fit` / `crop` / `stretch`. Qt stretches
 * when `fill` is unset or unknown (the distorted image of the reference screenshots); we only
 * stretch when a skill explicitly asks for it and otherwise fit the whole image without distortion.
 */
export type ObjectFit = 'contain' | 'cover' | 'fill';
export function objectFit(fill: Json | undefined): ObjectFit {
	if (fill === 'PreserveAspectCrop' || fill === 'crop') return 'cover';
	if (fill === 'Stretch' || fill === 'stretch') return 'fill';
	return 'contain';
}

const NAMED = /^[a-z]{3,24}$/i;
const FUNC = /^(rgb|rgba|hsl|hsla)\(\s*[-\d.%\s,/]+\)$/i;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * A skill colour as a safe CSS colour, or null. Qt writes alpha first (`#AARRGGBB`, e.g.
 * `#95000000`), CSS last, so 8-digit hex is reordered. Anything that is not plainly a colour is
 * refused, so data can never smuggle other CSS into a style.
 */
export function cssColor(value: Json | undefined): string | null {
	if (typeof value !== 'string') return null;
	const v = value.trim();
	if (HEX.test(v)) return v.length === 9 ? `#${v.slice(3)}${v.slice(1, 3)}` : v;
	if (NAMED.test(v) || FUNC.test(v)) return v.toLowerCase();
	return null;
}

/**
 * Status page outcome: legacy `status` ("Enabled" = success, "Disabled" = failure) or OVOS-GUI-1
 * `success` (bool). Neither present (data still on its way: ovos-gui may send the page first) → `pending`.
 */
export type StatusOutcome = 'success' | 'failure' | 'pending';
export function statusOutcome(data: Data): StatusOutcome {
	const success = Object.hasOwn(data, 'success') ? data.success : undefined;
	if (typeof success === 'boolean') return success ? 'success' : 'failure';
	const s = text(data, 'status');
	if (s === 'Enabled' || s === 'True' || s === 'true') return 'success';
	if (s === 'Disabled' || s === 'False' || s === 'false') return 'failure';
	return 'pending';
}

function value(data: Data, key: string): Json | undefined {
	return Object.hasOwn(data, key) ? data[key] : undefined;
}

/** A number key; numeric strings ("22", "3.5") count too, since Python skills send both. Else null. */
export function num(data: Data, key: string): number | null {
	const v = value(data, key);
	if (typeof v === 'number') return Number.isFinite(v) ? v : null;
	if (typeof v === 'string' && v.trim() !== '') {
		const n = Number(v);
		return Number.isFinite(n) ? n : null;
	}
	return null;
}

/** A list key; anything but an array reads as empty. */
export function list(data: Data, key: string): readonly Json[] {
	const v = value(data, key);
	return Array.isArray(v) ? v : [];
}

const EMPTY: Readonly<Record<string, Json>> = Object.freeze({});

/** An object key (never an array); anything else reads as an empty object. */
export function record(data: Data, key: string): Readonly<Record<string, Json>> {
	const v = value(data, key);
	return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : EMPTY;
}

/**
 * A switch as QML reads it (`sessionData.x ? Boolean(x) : false`), for keys Python sends as a bool,
 * 0/1 or a string; unlike QML, the strings "false", "False" and "0" are off.
 */
export function truthy(data: Data, key: string): boolean {
	const v = value(data, key);
	if (typeof v === 'string') return !['', 'false', 'False', '0'].includes(v.trim());
	if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
	return v === true || (typeof v === 'object' && v !== null);
}
