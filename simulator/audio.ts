/**
 * ovos-audio, as far as the GUI and chat see it: only `default`-session speech is voiced
 * (`require_default_session`), one utterance after another, each framed by
 * `recognizer_loop:audio_output_start` / `_end`. Other sessions are never "spoken".
 */
import { sessionIdOf, type BusMessage } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { forward } from './bus-util';
import type { Clock, TimerHandle } from '../src/lib/node/clock';

/** Simulated speaking time. */
export function speechMs(utterance: string): number {
	return 400 + 250 * utterance.split(/\s+/).filter(Boolean).length;
}

export class Audio {
	private readonly queue: BusMessage[] = [];
	private playing: TimerHandle | null = null;
	private readonly off: () => void;

	constructor(
		private readonly bus: MessageBus,
		private readonly clock: Clock
	) {
		this.off = bus.on('speak', (m) => this.onSpeak(m));
	}

	private onSpeak(m: BusMessage): void {
		if (sessionIdOf(m) !== 'default' || typeof m.data.utterance !== 'string' || m.data.utterance.trim() === '') return;
		this.queue.push(m);
		if (!this.playing) this.next();
	}

	private next(): void {
		const m = this.queue.shift();
		if (!m) {
			this.playing = null;
			return;
		}
		this.bus.emit(forward(m, 'recognizer_loop:audio_output_start'));
		this.playing = this.clock.setTimeout(() => {
			this.bus.emit(forward(m, 'recognizer_loop:audio_output_end'));
			this.next();
		}, speechMs(String(m.data.utterance)));
	}

	stop(): void {
		this.off();
		this.clock.clearTimeout(this.playing);
		this.queue.length = 0;
	}
}
