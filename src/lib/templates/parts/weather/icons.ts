/**
 * Weather condition codes → our own icon glyphs. Two code sets exist (ovos-skill-weather
 * weather_helpers/weather.py; docs/skill-pages.md#weather):
 *   - `animated` (ICON_CODE_MAP_ANIMATED, 0–17): the weather pages' `weatherCode` and each forecast
 *     entry's `weatherCondition`; day/night pairs, even = day, odd = night.
 *   - `homescreen` (ICON_CODE_MAP, 0–7): the homescreen's `weather_code`; no day/night.
 * Anything else (missing, null, 18, "sunny", 2.5) is `unknown`: a neutral thermometer, never blank.
 */
import type { Json } from '$lib/protocol';

/** What the sky looks like; one glyph per kind (night variants add a moon or stars). */
export type Sky = 'clear' | 'few' | 'scattered' | 'broken' | 'shower' | 'rain' | 'storm' | 'snow' | 'mist';
export type IconSet = 'animated' | 'homescreen';

/** The small line icons beside values (StatIcon). */
export type StatKind = 'precipitation' | 'wind' | 'humidity' | 'high' | 'low' | 'sunrise' | 'sunset';

export interface Glyph {
	readonly sky: Sky | 'unknown';
	readonly night: boolean;
}

/** ICON_CODE_MAP_ANIMATED order: 01 clear, 02 few, 03 scattered, 04 broken, 09 shower, 10 rain, 11 storm, 13 snow, 50 mist. */
const ANIMATED_SKIES: readonly Sky[] = ['clear', 'few', 'scattered', 'broken', 'shower', 'rain', 'storm', 'snow', 'mist'];

/**
 * ICON_CODE_MAP: 0 sun (01), 1 partial_clouds (02/03), 2 clouds (04), 3 rain (09/10), 4 rain (the
 * homescreen QML draws rain for 4 although the skill never sends it), 5 storm, 6 snow, 7 fog.
 */
const HOMESCREEN_SKIES: readonly Sky[] = ['clear', 'few', 'broken', 'rain', 'rain', 'storm', 'snow', 'mist'];

export const ANIMATED_CODES = ANIMATED_SKIES.length * 2;
export const HOMESCREEN_CODES = HOMESCREEN_SKIES.length;

const UNKNOWN: Glyph = { sky: 'unknown', night: false };

/** A code as the skills send it: a whole number, or a string of one ("3"); anything else is null. */
export function iconCode(value: Json | undefined): number | null {
	const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
	return Number.isInteger(n) ? n : null;
}

export function weatherGlyph(value: Json | undefined, set: IconSet = 'animated'): Glyph {
	const code = iconCode(value);
	if (code === null || code < 0) return UNKNOWN;
	if (set === 'homescreen') {
		const sky = HOMESCREEN_SKIES[code];
		return sky ? { sky, night: false } : UNKNOWN;
	}
	const sky = ANIMATED_SKIES[code >> 1];
	return sky ? { sky, night: code % 2 === 1 } : UNKNOWN;
}
