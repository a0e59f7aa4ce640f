/**
 * SYSTEM_weather → the weather pages' own view. Its keys (`current_temp`, `min_temp`, `max_temp`,
 * `condition`, `icon`, `location`) map onto CurrentView; with no code on the wire, the condition's
 * words pick our icon ("Partly cloudy" → few clouds), unless `icon` is a picture we can load.
 */
import type { Json } from '$lib/protocol';
import { text } from '../data';
import { imageSource } from '../media-src';
import { degrees } from '../parts/weather/format';
import type { MediaContext } from '../types';

type Data = Readonly<Record<string, Json>>;

/** First match wins: the rarer, stronger conditions first. Codes are the animated set's day codes. */
const WORDS: [RegExp, number][] = [
	[/\b(thunder|storm|lightning)/, 12],
	[/\b(snow|sleet|blizzard|flurr|hail|ic[ey]\b)/, 14],
	[/\b(shower|drizzle)/, 8],
	[/\brain/, 10],
	[/\b(fog|mist|haze|smoke)/, 16],
	[/\b(partly|partial|few|mostly (sunny|clear)|mainly clear)/, 2],
	[/\bscattered/, 4],
	[/\b(cloud|overcast|broken)/, 6],
	[/\b(clear|sunny|fair|sun)\b/, 0]
];

/** An animated weather code for words like "Light rain" or "Clear night"; null when none fits. */
export function conditionCode(words: string): number | null {
	const w = words.toLowerCase();
	const hit = WORDS.find(([re]) => re.test(w));
	if (!hit) return null;
	return hit[1] + (/night/.test(w) ? 1 : 0);
}

export interface WeatherCard {
	readonly code: number | null;
	readonly iconSrc: string | null;
	readonly condition: string;
	readonly temperature: string | null;
	readonly high: string | null;
	readonly low: string | null;
	readonly location: string;
}

export function readWeather(data: Data, media: MediaContext | undefined): WeatherCard {
	const condition = text(data, 'condition').trim();
	const icon = imageSource(data.icon, media);
	return {
		code: conditionCode(condition) ?? conditionCode(text(data, 'icon')),
		iconSrc: icon.kind === 'url' ? icon.src : null,
		condition,
		temperature: degrees(data.current_temp),
		high: degrees(data.max_temp),
		low: degrees(data.min_temp),
		location: text(data, 'location').trim()
	};
}
