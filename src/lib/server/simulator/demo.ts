/**
 * The demo: someone talking to the device. Each step is a wake word, a short recording and an
 * utterance in the `default` session, so the screen sees the whole path (listening cue, skill GUI,
 * speech) exactly as from a real device. The first one starts at once so a fresh screen shows
 * something within a couple of seconds.
 */
import type { JsonObject } from '../../protocol';
import type { MessageBus } from './bus-server';
import { sleep, type Clock } from '../clock';

export const DEMO_SCRIPT: readonly { utterance: string; dwellMs: number }[] = [
	{ utterance: "what's the weather like", dwellMs: 9000 },
	{ utterance: 'set a timer for 20 seconds', dwellMs: 9000 },
	{ utterance: 'show me a photo', dwellMs: 8000 },
	{ utterance: 'take the tour', dwellMs: 9000 },
	{ utterance: 'tell me a fun fact', dwellMs: 8000 },
	{ utterance: 'check the system', dwellMs: 9000 },
	{ utterance: 'open the web page', dwellMs: 8000 }
];

const LISTENER: JsonObject = { client_name: 'ovos_dinkum_listener', source: 'audio', destination: ['skills'] };

/** Says `utterance` to the device as the microphone pipeline would. */
export async function speakToDevice(bus: MessageBus, clock: Clock, utterance: string, signal?: AbortSignal): Promise<void> {
	const context = (): JsonObject => ({ ...LISTENER, session: { session_id: 'default' } });
	bus.emit({ type: 'recognizer_loop:wakeword', data: { utterance: 'hey mycroft' }, context: context() });
	bus.emit({ type: 'recognizer_loop:record_begin', data: {}, context: context() });
	await sleep(clock, 900, signal);
	if (signal?.aborted) return;
	bus.emit({ type: 'recognizer_loop:record_end', data: {}, context: context() });
	bus.emit({ type: 'recognizer_loop:utterance', data: { utterances: [utterance], lang: 'en-US' }, context: context() });
}

export function runDemo(bus: MessageBus, clock: Clock, signal: AbortSignal): void {
	void (async () => {
		await sleep(clock, 200, signal);
		for (let i = 0; !signal.aborted; i = (i + 1) % DEMO_SCRIPT.length) {
			const step = DEMO_SCRIPT[i] as (typeof DEMO_SCRIPT)[number];
			await speakToDevice(bus, clock, step.utterance, signal);
			await sleep(clock, step.dwellMs, signal);
		}
	})();
}
