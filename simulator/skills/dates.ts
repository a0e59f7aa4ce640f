/**
 * The date and duration strings OVOS skills put on screen, as ovos-date-parser writes them
 * (`get_date_strings`, `nice_time` for display, `nice_duration` spoken and displayed) in the skill's
 * language (words.ts), on the device's clock in its time zone.
 */
import { WORDS, type SkillLang, type Unit } from './words';

/** The weekdays as the en-US formatter below names them, to read its parts. */
const WEEKDAYS = WORDS.en.weekdays;

export type DateFormat = 'DMY' | 'MDY' | 'YMD';

/** A wall-clock reading in one time zone; `weekday` 0 = Monday (Python's `weekday()`). */
export interface LocalTime {
	readonly year: number;
	readonly month: number;
	readonly day: number;
	readonly hour: number;
	readonly minute: number;
	readonly second: number;
	readonly weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localTime(ms: number, timeZone: string): LocalTime {
	let f = formatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
			weekday: 'long'
		});
		formatters.set(timeZone, f);
	}
	const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
	const n = (k: string) => Number(parts[k] ?? 0);
	return {
		year: n('year'),
		month: n('month'),
		day: n('day'),
		hour: n('hour') % 24,
		minute: n('minute'),
		second: n('second'),
		weekday: Math.max(0, WEEKDAYS.indexOf(String(parts.weekday)))
	};
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `nice_time(dt, speech=False)`: "14:05" (24 h), "2:05" or "2:05 PM" (12 h). */
export function displayTime(t: LocalTime, use24h: boolean, ampm = false): string {
	if (use24h) return `${pad(t.hour)}:${pad(t.minute)}`;
	const h = t.hour % 12 || 12;
	return `${h}:${pad(t.minute)}${ampm ? (t.hour < 12 ? ' AM' : ' PM') : ''}`;
}

/** `strftime('%H:00')` or `'%-I %p'` for an hour of a forecast. */
export function hourLabel(t: LocalTime, use24h: boolean): string {
	return use24h ? `${pad(t.hour)}:00` : `${t.hour % 12 || 12} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

export interface DateStrings {
	readonly date_string: string;
	readonly time_string: string;
	readonly month_string: string;
	readonly day_string: string;
	readonly year_string: string;
	readonly weekday_string: string;
}

/** ovos-date-parser `get_date_strings(dt, lang, date_format, time_format)`. */
export function dateStrings(t: LocalTime, dateFormat: DateFormat = 'DMY', timeFormat = 'full', lang: SkillLang = 'en'): DateStrings {
	const words = WORDS[lang];
	const date_string =
		dateFormat === 'MDY' ? `${t.month}/${t.day}/${t.year}` : dateFormat === 'YMD' ? `${t.year}/${t.month}/${t.day}` : `${pad(t.day)}/${t.month}/${t.year}`;
	return {
		date_string,
		time_string: displayTime(t, timeFormat === 'full'),
		month_string: words.months[t.month - 1] ?? '',
		day_string: pad(t.day),
		year_string: String(t.year),
		weekday_string: words.weekdays[t.weekday] ?? ''
	};
}

export function asDateFormat(x: unknown): DateFormat {
	return x === 'MDY' || x === 'YMD' ? x : 'DMY';
}

function split(seconds: number): [number, number, number, number] {
	// nice_duration rounds half up first ("helps where calculations give 2:59:59.9").
	const d = seconds + 0.5;
	return [Math.floor(d / 86400), Math.floor((d / 3600) % 24), Math.floor((d / 60) % 60), Math.floor(d % 60)];
}

/** `nice_duration(s, speech=True)`: "two minutes forty three seconds", "zwei Minuten dreiundvierzig Sekunden". */
export function spokenDuration(seconds: number, lang: SkillLang = 'en'): string {
	const words = WORDS[lang];
	const [days, hours, minutes, secs] = split(seconds);
	const out: string[] = [];
	for (const [n, unit] of [[days, 'day'], [hours, 'hour'], [minutes, 'minute'], [secs, 'second']] as [number, Unit][]) {
		if (n > 0) out.push(`${words.count(n, unit)} ${words.unit(unit, n)}`);
	}
	return out.join(' ');
}

/** `nice_duration(s, speech=False)`: "M:SS", "H:MM:SS", "Dd H:MM:SS". */
export function displayDuration(seconds: number): string {
	const [days, hours, minutes, secs] = split(seconds);
	let out = days > 0 ? `${days}d ` : '';
	if (hours > 0 || days > 0) out += `${hours}:${pad(minutes)}:`;
	else out += `${minutes}:`;
	return out + pad(secs);
}
