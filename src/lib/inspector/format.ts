/** Small text helpers for the dashboard's views. */
import { currentLocale } from '$lib/i18n/runtime.svelte';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** `12:34:56.789` in local time, written as the UI's locale writes it (`12:34:56,789` in German); always 24-hour, so rows line up. */
export function clock(ms: number): string {
	const locale = currentLocale();
	let f = clocks.get(locale);
	if (!f) {
		f = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hourCycle: 'h23' });
		clocks.set(locale, f);
	}
	return f.format(ms);
}

/** Pretty JSON for an expanded row; text that is not JSON comes back as it was. */
export function prettyRaw(raw: string): string {
	try {
		return JSON.stringify(JSON.parse(raw), null, 2);
	} catch {
		return raw;
	}
}

/** A short single-line rendering of any JSON value. */
export function brief(v: unknown, max = 80): string {
	let s: string;
	try {
		s = v === undefined ? 'undefined' : JSON.stringify(v);
	} catch {
		s = String(v);
	}
	return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** `+1.234 s` relative to `start`. */
export function since(ms: number, start: number): string {
	return `+${((ms - start) / 1000).toFixed(3)} s`;
}
