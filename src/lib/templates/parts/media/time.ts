/**
 * Media times: reading them, showing them, and moving the position on between the player's reports.
 * OCP's audio backends report the position about every 2 s (a bus `ovos.common_play.playback_time`
 * that OCP copies into the `position` / `length` data keys) and expect the screen to run its own
 * progress in between; so do we, from the last report and the clock. Pure; no DOM.
 */
import { MEDIA_LABELS } from '$lib/i18n/media';

/** `m:ss`, or `h:mm:ss` from an hour up; negatives and non-numbers show as 0:00. */
export function formatTime(ms: number): string {
	const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = String(total % 60).padStart(2, '0');
	return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A duration in words for screen readers, in the UI's language: "4 minutes 8 seconds". */
export function spokenTime(ms: number): string {
	const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = total % 60;
	const parts = [h ? MEDIA_LABELS.hours(h) : '', m ? MEDIA_LABELS.minutes(m) : '', s || (!h && !m) ? MEDIA_LABELS.seconds(s) : ''];
	return parts.filter(Boolean).join(' ');
}

/** Where the position was last known (`base` ms at local time `at` ms) and whether it runs on. */
export interface Clock {
	readonly base: number;
	readonly at: number;
	readonly running: boolean;
}

/** What the player last said: its reported position (null = none) and whether it is playing. */
export interface ClockInput {
	readonly reported: number | null;
	readonly running: boolean;
}

export function startClock(input: ClockInput, now: number): Clock {
	return { base: Math.max(0, input.reported ?? 0), at: now, running: input.running };
}

/** The position at local time `now`: moved on while running, never past the end when it is known. */
export function clockAt(c: Clock, now: number, durationMs: number | null): number {
	const p = c.running ? c.base + Math.max(0, now - c.at) : c.base;
	return durationMs !== null && durationMs > 0 ? Math.min(p, durationMs) : p;
}

/**
 * The clock after the player's report changed from `prev` to `next`. A new reported position is
 * the truth from then on; a pause or resume alone keeps the position reached so far. Nothing new:
 * the same clock (so the caller can skip an update).
 */
export function nextClock(c: Clock, prev: ClockInput, next: ClockInput, now: number, durationMs: number | null): Clock {
	if (next.reported !== prev.reported) return startClock(next, now);
	if (next.running !== prev.running) return { base: clockAt(c, now, durationMs), at: now, running: next.running };
	return c;
}
