/**
 * When the volume OSD shows (ovos-shell osd/VolumeOSD.qml shows on `mycroft.volume.display`; the
 * PHAL volume plugins report every change as `mycroft.volume.get.response`): on `display`, and on a
 * reported level that differs from the last one or follows a change someone asked for (so "louder"
 * at 100 % still shows 100 %). The level a browser gets on connecting is the baseline, not a change.
 */
import type { WindowEvent } from '../protocol/bus-window';

export interface VolumeState {
	/** 0..100, null until the device said. */
	readonly percent: number | null;
	readonly muted: boolean;
	/** When the OSD was last (re)shown (ms), null if never. */
	readonly shownAt: number | null;
	/** A change was asked for until then (ms): its report shows even when the level did not move. */
	readonly expectUntil: number;
}

export const NO_VOLUME: VolumeState = { percent: null, muted: false, shownAt: null, expectUntil: 0 };

/** How long the OSD stays after the last change. */
export const OSD_MS = 3000;
const EXPECT_MS = 3000;

const REQUESTS = new Set(['mycroft.volume.set', 'mycroft.volume.increase', 'mycroft.volume.decrease', 'mycroft.volume.mute', 'mycroft.volume.unmute', 'mycroft.volume.mute.toggle']);

function level(v: unknown): number | null {
	return typeof v === 'number' && Number.isFinite(v) ? Math.round(Math.min(1, Math.max(0, v)) * 100) : null;
}

export function applyVolume(s: VolumeState, ev: WindowEvent, now: number): VolumeState {
	if (REQUESTS.has(ev.type)) return ev.replay ? s : { ...s, expectUntil: now + EXPECT_MS };
	if (ev.type === 'mycroft.volume.display') {
		const p = level(ev.data.percent);
		return p === null ? s : { ...s, percent: p, shownAt: now };
	}
	if (ev.type !== 'mycroft.volume.get.response') return s;
	const p = level(ev.data.percent) ?? s.percent;
	const muted = typeof ev.data.muted === 'boolean' ? ev.data.muted : s.muted;
	const changed = s.percent !== null && (p !== s.percent || muted !== s.muted);
	const show = !ev.replay && (changed || now < s.expectUntil);
	return { percent: p, muted, shownAt: show ? now : s.shownAt, expectUntil: show ? 0 : s.expectUntil };
}
