/**
 * OVOS-GUI-1 `SYSTEM_timer` keys (`end_time` unix seconds, `label`, `count_up`) → what a timer card
 * shows. The draft spec gives no start time, so the ring measures from when this screen first saw
 * the timer. Before `end_time` it counts down; after it, `count_up` keeps counting the time past
 * the end ("+0:12"), otherwise it rests at 0:00. Pure.
 */
import type { Json } from '$lib/protocol';
import { num, text, truthy } from '../data';
import { durationText, NO_TIME } from '../parts/clock';
import { GUI1_LABELS } from '$lib/i18n/gui1';

export interface TimerFace {
	readonly name: string;
	readonly fraction: number;
	readonly text: string;
	readonly expired: boolean;
	/** `end_time` in ms, or null when missing or not a number. */
	readonly endMs: number | null;
}

export function timerFace(data: Readonly<Record<string, Json>>, nowMs: number, firstSeenMs: number): TimerFace {
	const name = text(data, 'label').trim() || GUI1_LABELS.timer;
	const end = num(data, 'end_time');
	if (end === null) return { name, fraction: 0, text: NO_TIME, expired: false, endMs: null };
	const endMs = end * 1000;
	const left = endMs - nowMs;
	if (left > 0) {
		const total = endMs - Math.min(firstSeenMs, nowMs);
		return { name, fraction: total > 0 ? Math.min(1, left / total) : 1, text: durationText(Math.ceil(left / 1000)), expired: false, endMs };
	}
	const over = truthy(data, 'count_up') ? `+${durationText(Math.floor(-left / 1000))}` : durationText(0);
	return { name, fraction: 0, text: over, expired: true, endMs };
}
