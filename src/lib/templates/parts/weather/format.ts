/**
 * Weather values as shown: the skill sends numbers (8.3, 87) or already formatted strings ("14"),
 * and the QML prints them as they come with "°" or "%" appended. We do the same, but never show
 * "undefined°", "[object Object]%" or a float tail (8.299999 → 8.3). Pure; null = nothing to show.
 */
import type { Json } from '$lib/protocol';

/** A number to at most one decimal, or a non-empty string as it is; else null. */
export function reading(v: Json | undefined): string | null {
	if (typeof v === 'number') {
		if (!Number.isFinite(v)) return null;
		const r = Math.round(v * 10) / 10;
		return String(r === 0 ? 0 : r); // no "-0"
	}
	if (typeof v === 'string') {
		const s = v.trim();
		return s === '' ? null : s;
	}
	return null;
}

/** A temperature with its degree sign ("8°"); a string that has one already keeps it ("8°C"). */
export function degrees(v: Json | undefined): string | null {
	const r = reading(v);
	if (r === null) return null;
	return /^-?\d+(\.\d+)?$/.test(r) ? `${r}°` : r;
}

/** A percentage ("14%"); a string with its own % or words is shown as it is. */
export function percent(v: Json | undefined): string | null {
	const r = reading(v);
	if (r === null) return null;
	return /^-?\d+(\.\d+)?$/.test(r) ? `${r}%` : r;
}

/** What stands in for a value that has not arrived, so a tile or column is never empty. */
export const MISSING = '—';

/** One stat tile: its kind picks the icon and name; null shows MISSING. */
export interface Stat {
	readonly kind: 'precipitation' | 'wind' | 'humidity';
	readonly value: string | null;
}
