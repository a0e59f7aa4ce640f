/**
 * The device's volume, as ovos-PHAL-plugin-alsa keeps it: `mycroft.volume.set / increase / decrease /
 * mute / unmute / mute.toggle` change it (a blip sound first) and every change is reported as
 * `mycroft.volume.get.response {percent: 0..1, muted}`, as is `mycroft.volume.get`. Requests from a
 * session other than the device's own are ignored (`validate_message_context`).
 */
import { sessionIdOf, type BusMessage } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { reply } from './bus-util';

/** The plugin's `default_volume` on first boot. */
export const DEFAULT_VOLUME = 75;

export function startPhalVolume(bus: MessageBus, initial = DEFAULT_VOLUME): () => void {
	let volume = initial;
	let muted = false;
	const report = (m: BusMessage) => bus.emit(reply(m, 'mycroft.volume.get.response', { percent: volume / 100, muted }));
	// Changes report on a fresh `mycroft.volume.get`, so their answer carries no session of the asker.
	const reportChange = () => report({ type: 'mycroft.volume.get', data: {}, context: {} });
	const blip = () => bus.emit({ type: 'mycroft.audio.play_sound', data: { uri: 'snd/blop-mark-diangelo.wav' }, context: {} });
	const percentOf = (m: BusMessage, fallback: number) => (typeof m.data.percent === 'number' ? m.data.percent : fallback) * 100;
	const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v)));
	const own = (fn: (m: BusMessage) => void) => (m: BusMessage) => {
		if (sessionIdOf(m) === 'default') fn(m);
	};
	const change = (m: BusMessage, next: () => void) => {
		if (m.data.play_sound !== false) blip();
		next();
		reportChange();
	};
	const offs = [
		bus.on('mycroft.volume.get', own(report)),
		bus.on('mycroft.volume.set', own((m) => change(m, () => (volume = clamp(percentOf(m, volume / 100)))))),
		// The plugin adds `percent × 100` (default 0.10), or 15 when that comes to 0.
		bus.on('mycroft.volume.increase', own((m) => change(m, () => (volume = clamp(volume + (percentOf(m, 0.1) || 15)))))),
		bus.on('mycroft.volume.decrease', own((m) => change(m, () => (volume = clamp(volume - Math.abs(percentOf(m, -0.1) || 15)))))),
		bus.on('mycroft.volume.mute', own(() => ((muted = true), reportChange()))),
		bus.on('mycroft.volume.unmute', own(() => ((muted = false), reportChange()))),
		bus.on('mycroft.volume.mute.toggle', own(() => ((muted = !muted), reportChange())))
	];
	return () => offs.forEach((off) => off());
}
