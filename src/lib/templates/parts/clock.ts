/**
 * Time helpers shared by the clock, timer and home pages: splitting a skill's time string, the
 * device's own time in its locale, durations as a timer shows them, and a tick aligned to the
 * clock (a minute clock wakes once a minute, on the minute). Pure apart from the timer; dates and
 * times are in the UI's locale unless told otherwise.
 */
import { currentLocale } from '$lib/i18n/runtime.svelte';

/** What a clock or timer shows for a time that has not arrived. */
export const NO_TIME = '--:--';

export interface ClockParts {
	readonly hours: string;
	readonly minutes: string;
	/** AM/PM or the locale's day period, '' in 24-hour time. */
	readonly period: string;
}

// Widths in em of a big clock's parts, a little over the widest common screen font's (DejaVu Sans
// at weight 800, measured in Chromium: "10:58 PM" 3.70 em, "20:08" 3.12 em; Liberation and Noto
// are narrower), so the widest time fits whichever font the device has. The period is drawn at
// 0.3 em, after a gap of 0.18 of its own em.
const DIGIT_EM = 0.7;
const LETTER_EM = 0.9;
const SEP_EM = 0.44;
const PERIOD_SCALE = 0.3;

function widthEm(s: string): number {
	return [...s].reduce((w, c) => w + (/\d/u.test(c) ? DIGIT_EM : LETTER_EM), 0);
}

/**
 * How many ems wide the widest time like `t` is, in a row (hours:minutes period) and stacked
 * (hours above minutes above the period). Hours count as at least two digits, so the size chosen
 * from it does not change between 9:59 and 10:00.
 */
export function clockEms(t: ClockParts): { row: number; stack: number } {
	const hours = Math.max(widthEm(t.hours), 2 * DIGIT_EM);
	const minutes = widthEm(t.minutes);
	const period = t.period ? widthEm(t.period) * PERIOD_SCALE : 0;
	const row = hours + (t.minutes ? SEP_EM + minutes : 0) + (t.period ? 0.18 * PERIOD_SCALE + period : 0);
	return { row: +row.toFixed(3), stack: +Math.max(hours, minutes, period).toFixed(3) };
}

/**
 * "10:16", "2:36 PM", "10꞉16" (the homescreen's raised colon) → parts. A string without a colon is
 * all hours, so whatever a skill sent is still shown.
 */
export function splitTime(raw: string): ClockParts {
	const s = raw.trim();
	const m = /^(\d{1,2})\s*[:꞉.]\s*(\d{2})(?:\s*[:꞉.]\s*\d{2})?\s*(.*)$/u.exec(s);
	if (m) return { hours: m[1] as string, minutes: m[2] as string, period: (m[3] as string).trim() };
	return { hours: s, minutes: '', period: '' };
}

/** The device's time in the UI's locale (12- or 24-hour as that locale has it). */
export function localClock(at: Date, locale: string | string[] = currentLocale()): ClockParts {
	const parts = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).formatToParts(at);
	const pick = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
	return { hours: pick('hour'), minutes: pick('minute'), period: pick('dayPeriod') };
}

const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };

/** "Wednesday 28 December 2022" (or as `options` say) in the UI's locale and order. */
export function localDate(at: Date, options: Intl.DateTimeFormatOptions = LONG_DATE, locale: string | string[] = currentLocale()): string {
	return new Intl.DateTimeFormat(locale, options).format(at);
}

/** Seconds as a timer shows them: "4:05", "1:02:03". Negative input counts as its size. */
export function durationText(seconds: number): string {
	const total = Math.floor(Math.abs(seconds));
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = total % 60;
	const ss = String(s).padStart(2, '0');
	return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Calls `fn` now and then at every multiple of `periodMs` on the wall clock (a minute clock changes
 * exactly when the minute does). Returns the stop function.
 */
export function everyPeriod(periodMs: number, fn: (now: number) => void, clock: () => number = Date.now): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const run = () => {
		const now = clock();
		fn(now);
		// A few ms past the boundary, so the new value is already there when we read it.
		timer = setTimeout(run, periodMs - (now % periodMs) + 20);
	};
	run();
	return () => clearTimeout(timer);
}
