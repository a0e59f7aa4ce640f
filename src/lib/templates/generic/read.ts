/**
 * What a page we have no renderer for can still show, read from its session data alone
 * (docs/skill-pages.md#any-other-page). Rules, in order:
 *   1. a key holding an image (by its name, or an image file's address) → a picture card, with any
 *      title / caption / summary strings;
 *   2. a key holding a list of objects (or an object holding one: `{timers: […]}`) → a list;
 *   3. a `#RRGGBB` colour and strings → a card in that colour;
 *   4. short strings and numbers → a titled card (a long string as its body);
 *   5. nothing readable (booleans only, nothing at all) → `none`: the fallback card.
 * Everything read is capped (keys looked at, entries, characters), so a hostile page costs what a
 * small one does: never a walk over all of a 5,000-row list or a 10 MB string. Pure; values are
 * text for the view, never markup.
 */
import type { Json } from '$lib/protocol';

type Data = Readonly<Record<string, Json>>;

/** Keys looked at, per object. */
export const MAX_KEYS = 48;
/** Entries laid out from a list. */
export const MAX_ITEMS = 40;
/** Fields on a card. */
export const MAX_FIELDS = 8;
/** Longest "short" string (a field); longer ones are body text. */
export const SHORT = 160;
/** Body text laid out. */
export const MAX_BODY = 1500;

export interface Item {
	readonly primary: string;
	readonly secondary: string;
	readonly image?: string;
}
export interface Field {
	readonly key: string;
	readonly label: string;
	readonly value: string;
}
export type GenericView =
	| { readonly kind: 'image'; readonly key: string; readonly image: string; readonly title: string; readonly caption: string; readonly summary: string }
	| { readonly kind: 'list'; readonly key: string; readonly title: string; readonly items: readonly Item[]; readonly total: number }
	| { readonly kind: 'color'; readonly key: string; readonly background: string; readonly ink: string | null; readonly lines: readonly Field[] }
	| { readonly kind: 'fields'; readonly title: string; readonly fields: readonly Field[]; readonly body: Field | null }
	| { readonly kind: 'none' };

/** Up to `MAX_KEYS` own entries of `o`, without listing all of a huge object's keys. */
function entries(o: Data): [string, Json][] {
	const out: [string, Json][] = [];
	for (const k in o) {
		if (!Object.hasOwn(o, k) || k.startsWith('__')) continue;
		out.push([k, o[k] as Json]);
		if (out.length >= MAX_KEYS) break;
	}
	return out;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
/** A string's first characters, trimmed (a 10 MB string is never copied whole). */
const head = (s: string, n: number) => clip(s.slice(0, n + 1).trim(), n);

const IMAGE_NAME = /image|img|picture|photo|thumb|poster|icon|logo|wallpaper|artwork|cover/i;
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|bmp|svg)([?#]|$)/i;
const ADDRESS = /^(https?:\/\/|file:\/\/|\/)[^\n]*$/i;
const DATA_IMAGE = /^data:image\//i;

/** Whether `v` under `key` is a picture: an address under an image-ish name, or an image file's address. */
function isImage(key: string, v: Json): v is string {
	if (typeof v !== 'string') return false;
	if (DATA_IMAGE.test(v.slice(0, 16))) return true; // an inline picture may be long
	if (v.length > 4096) return false;
	const s = v.trim();
	return ADDRESS.test(s) && (IMAGE_NAME.test(key) || IMAGE_FILE.test(s));
}

const HEX = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;
const isHex = (v: Json): v is string => typeof v === 'string' && HEX.test(v.trim());

const TITLE = ['title', 'header', 'heading', 'name', 'label'];
const CAPTION = ['caption', 'subtitle'];
const SUMMARY = ['summary', 'description', 'explanation', 'text', 'body', 'content'];

/** A short readable value: a non-empty string up to `SHORT` characters, or a finite number. */
function short(v: Json | undefined): string | null {
	if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
	if (typeof v !== 'string') return null;
	const s = v.length > SHORT * 4 ? '' : v.trim();
	return s && s.length <= SHORT ? s : null;
}

function pick(data: Data, keys: readonly string[]): { key: string; value: string } | null {
	for (const k of keys) {
		if (!Object.hasOwn(data, k)) continue;
		const v = data[k];
		if (typeof v === 'string' && v.trim()) return { key: k, value: head(v, MAX_BODY) };
		if (typeof v === 'number' && Number.isFinite(v)) return { key: k, value: String(v) };
	}
	return null;
}

/** "time_string" → "Time", "activeTimers" → "Active timers", "colorRGB" → "Color RGB". */
export function label(key: string): string {
	const words = key
		.replace(/([a-z\d])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s_\-.]+/)
		.filter(Boolean);
	while (words.length > 1 && /^(string|str|text|model|value|data)$/i.test(words.at(-1) as string)) words.pop();
	const text = words.map((w, i) => (/^[A-Z\d]+$/.test(w) ? w : i === 0 ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase())).join(' ');
	return clip(text, 40);
}

const PRIMARY = /^(title|name|main|label|track|heading|text|question)$|name$|title$|text$/i;
const SECONDARY = /^(subtitle|secondary|description|summary|detail|artist|album|status)$|delta$|time$|date$/i;

/** One list entry: its heading, a second line, a picture; null when it holds nothing to read. */
function itemOf(v: Json): Item | null {
	const s = short(v);
	if (s !== null) return { primary: s, secondary: '' };
	if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
	const fields = entries(v);
	let primary: string | null = null;
	let secondary: string | null = null;
	let image: string | undefined;
	for (const [k, x] of fields) if (primary === null && PRIMARY.test(k)) primary = short(x);
	for (const [k, x] of fields) if (secondary === null && SECONDARY.test(k)) secondary = short(x);
	for (const [k, x] of fields) if (image === undefined && isImage(k, x)) image = x.trim();
	// No named fields: the first short strings, in the order sent.
	const rest = fields.map(([k, x]) => (isImage(k, x) || isHex(x) ? null : short(x))).filter((x): x is string => x !== null && x !== primary && x !== secondary);
	primary ??= rest.shift() ?? null;
	secondary ??= rest.shift() ?? '';
	if (primary === null) return null;
	return image === undefined ? { primary, secondary } : { primary, secondary, image };
}

/** A list worth showing: an array whose first entries read as items (objects preferred by the caller). */
function listOf(v: Json): { items: Item[]; total: number; objects: boolean } | null {
	if (!Array.isArray(v) || v.length === 0) return null;
	const items: Item[] = [];
	let objects = false;
	for (let i = 0; i < v.length && items.length < MAX_ITEMS; i++) {
		const x = v[i] as Json;
		const it = itemOf(x);
		if (it) items.push(it);
		if (typeof x === 'object' && x !== null && !Array.isArray(x)) objects = true;
		if (i >= MAX_ITEMS * 2 && items.length === 0) break; // not a list of readable entries
	}
	return items.length ? { items, total: v.length, objects } : null;
}

function findList(fields: readonly [string, Json][], objects: boolean): { key: string; items: Item[]; total: number } | null {
	for (const [k, v] of fields) {
		const direct = listOf(v);
		if (direct && direct.objects === objects) return { key: k, ...direct };
		// `{timers: […]}`, `{data: […]}`: a list one level down, named by its own key.
		if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
			for (const [k2, v2] of entries(v)) {
				const inner = listOf(v2);
				if (inner && inner.objects === objects) return { key: `${k}.${k2}`, ...inner };
			}
		}
	}
	return null;
}

export function readGeneric(data: Data): GenericView {
	const fields = entries(data);
	const title = pick(data, TITLE);

	const img = fields.find(([k, v]) => isImage(k, v));
	if (img) {
		const caption = pick(data, CAPTION);
		const summary = pick(data, SUMMARY);
		return { kind: 'image', key: img[0], image: (img[1] as string).trim(), title: title ? clip(title.value, SHORT) : '', caption: caption?.value ?? '', summary: summary?.value ?? '' };
	}

	const list = findList(fields, true) ?? findList(fields, false);
	if (list) {
		const inner = list.key.split('.').at(-1) as string;
		const heading = title?.value ?? label(/^(data|items|list|timers|rows)$/i.test(inner) ? list.key.split('.')[0]! : inner);
		return { kind: 'list', key: list.key, title: clip(heading, SHORT), items: list.items, total: list.total };
	}

	const strings: Field[] = [];
	for (const [k, v] of fields) {
		if (isHex(v)) continue;
		const s = short(v);
		if (s !== null) strings.push({ key: k, label: label(k), value: s });
	}

	const colours = fields.filter(([, v]) => isHex(v)) as [string, string][];
	if (colours.length && strings.some((f) => typeof data[f.key] === 'string')) {
		const INK = /text|fg|font|ink|foreground/i;
		const bg = colours.find(([k]) => !INK.test(k)) ?? colours[0]!;
		const ink = colours.find(([k]) => k !== bg[0] && INK.test(k));
		return { kind: 'color', key: bg[0], background: bg[1].trim(), ink: ink ? ink[1].trim() : null, lines: strings.slice(0, MAX_FIELDS) };
	}

	let body: Field | null = null;
	for (const [k, v] of fields) {
		if (typeof v === 'string' && short(v) === null && v.trim()) {
			body = { key: k, label: label(k), value: head(v, MAX_BODY) };
			break;
		}
	}
	const shown = strings.filter((f) => f.key !== title?.key).slice(0, MAX_FIELDS);
	if (shown.length === 0 && body === null) {
		// A title alone still says something.
		return title ? { kind: 'fields', title: clip(title.value, SHORT), fields: [], body: null } : { kind: 'none' };
	}
	return { kind: 'fields', title: title ? clip(title.value, SHORT) : '', fields: shown, body };
}
