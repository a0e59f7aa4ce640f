/**
 * The demo: someone using the device through a day. Each step is a wake word, a short recording and
 * an utterance in the `default` session (or a tap on the screen's back), so the screen sees the whole
 * path (listening cue, skill pages, speech) exactly as from a real device: the homescreen, the weather
 * pages, a timer, the clock, music, an alarm, the SYSTEM templates, then the rest of a default
 * install's pages (wolfie, color-picker, xkcd, parrot, the file browser) and a skill the screen reads
 * from its data (notes).
 *
 * It leaves a person alone: while someone uses the device — a GUI client's touches, page changes and
 * events, anything a bus client sends (a chat message, a back, a button's request), a chat turn and the
 * pages shown in answer to it — the demo waits, and goes on after a quiet minute.
 */
import { sessionIdOf, type BusMessage, type JsonObject } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { sleep, type Clock } from '../src/lib/node/clock';

export interface DemoStep {
	/** Said to the device; without it the step is a tap on the screen's back (`mycroft.gui.screen.close`). */
	readonly utterance?: string;
	/** How long the step is left on screen before the next one. */
	readonly dwellMs: number;
}

export const DEMO_SCRIPT: readonly DemoStep[] = [
	{ utterance: "what's the weather like", dwellMs: 22_000 },
	{ utterance: 'set a timer for 3 minutes', dwellMs: 8_000 },
	{ utterance: 'what time is it', dwellMs: 7_000 },
	{ utterance: 'play some jazz', dwellMs: 20_000 },
	{ utterance: 'next song', dwellMs: 10_000 },
	{ utterance: 'pause the music', dwellMs: 5_000 },
	{ utterance: 'stop the music', dwellMs: 3_000 },
	{ dwellMs: 5_000 },
	{ utterance: 'cancel the timer', dwellMs: 5_000 },
	{ utterance: "what's the date", dwellMs: 7_000 },
	{ utterance: 'set an alarm for 7 am', dwellMs: 8_000 },
	{ utterance: 'cancel the alarm', dwellMs: 5_000 },
	{ utterance: 'show me a photo', dwellMs: 8_000 },
	{ utterance: 'take the tour', dwellMs: 9_000 },
	{ utterance: 'tell me a fun fact', dwellMs: 8_000 },
	{ utterance: 'check the system', dwellMs: 9_000 },
	{ utterance: 'open the web page', dwellMs: 8_000 },
	{ utterance: 'what is the speed of light', dwellMs: 10_000 },
	{ utterance: 'show me the colour sky blue', dwellMs: 6_000 },
	{ utterance: 'show me an xkcd comic', dwellMs: 9_000 },
	{ utterance: 'start parrot mode', dwellMs: 6_000 },
	{ utterance: 'stop parrot', dwellMs: 3_000 },
	{ utterance: 'open the file browser', dwellMs: 7_000 },
	{ utterance: 'show my notes', dwellMs: 7_000 },
	{ dwellMs: 15_000 }
];

/** The homescreen is on screen this long before the first step. */
export const DEMO_START_MS = 4000;
/** How long the device must be left alone before the demo goes on. */
export const DEMO_QUIET_MS = 60_000;

const LISTENER: JsonObject = { client_name: 'ovos_dinkum_listener', source: 'audio', destination: ['skills'] };

/** What a bus client sends that is not someone using the device: handshakes, probes and answers. */
function isProbe(type: string): boolean {
	// State queries too: the app server's bus window asks for notifications, apps and volume on connecting.
	return (
		type === 'mycroft.gui.connected' ||
		type === 'gui.status.request' ||
		type === 'mycroft.skills.all_loaded' ||
		type === 'ovos.notification.api.request.storage.model' ||
		type.endsWith('.is_alive') ||
		type.endsWith('.get') ||
		type.endsWith('.response')
	);
}

/** A GUI client connecting, and what ovos-gui answers it with (same context): not someone using the device. */
const GUI_HANDSHAKE = new Set(['mycroft.gui.connected', 'mycroft.gui.port', 'mycroft.gui.available']);

/**
 * Says `utterance` to the device as the microphone pipeline would, in the device's language (its
 * STT's). `goOn`, asked when the recording ends, can take the utterance back; false when not said.
 */
export async function speakToDevice(bus: MessageBus, clock: Clock, utterance: string, signal?: AbortSignal, lang = 'en-US', goOn = () => true): Promise<boolean> {
	const context = (): JsonObject => ({ ...LISTENER, session: { session_id: 'default' } });
	bus.emit({ type: 'recognizer_loop:wakeword', data: { utterance: 'hey mycroft' }, context: context() });
	bus.emit({ type: 'recognizer_loop:record_begin', data: {}, context: context() });
	await sleep(clock, 900, signal);
	if (signal?.aborted) return false;
	bus.emit({ type: 'recognizer_loop:record_end', data: {}, context: context() });
	if (!goOn()) return false;
	bus.emit({ type: 'recognizer_loop:utterance', data: { utterances: [utterance], lang }, context: context() });
	return true;
}

export function runDemo(bus: MessageBus, clock: Clock, signal: AbortSignal, script: readonly DemoStep[] = DEMO_SCRIPT, lang = 'en-US'): void {
	let lastUse = Number.NEGATIVE_INFINITY;
	const used = () => {
		lastUse = clock.now();
	};
	const offs = [
		// Someone at a screen: what ovos-gui relays from a GUI client (its context names the client's framework).
		bus.onAny((m: BusMessage) => {
			if (m.context.gui_framework !== undefined && !GUI_HANDSHAKE.has(m.type)) used();
			// A chat turn, from the question to its end (the pages shown in answer included).
			else if ((m.type === 'recognizer_loop:utterance' || m.type === 'ovos.utterance.handled') && sessionIdOf(m) !== 'default') used();
		}),
		// Someone at a bus client: a chat message, the screen's back, a button's request.
		bus.onSocket((m) => {
			if (!isProbe(m.type)) used();
		})
	];
	signal.addEventListener('abort', () => offs.forEach((off) => off()), { once: true });

	/** Resolves once nobody has used the device for a quiet minute. */
	const quiet = async () => {
		for (let left = lastUse + DEMO_QUIET_MS - clock.now(); left > 0 && !signal.aborted; left = lastUse + DEMO_QUIET_MS - clock.now()) {
			await sleep(clock, left, signal);
		}
	};
	void (async () => {
		await sleep(clock, DEMO_START_MS, signal);
		for (let i = 0; !signal.aborted; ) {
			await quiet();
			if (signal.aborted) return;
			const step = script[i] as DemoStep;
			const began = clock.now();
			// Someone who comes to the device while the demo speaks has it: the step is not said, and is
			// said again after a quiet minute.
			if (step.utterance) {
				if (!(await speakToDevice(bus, clock, step.utterance, signal, lang, () => lastUse < began))) continue;
			} else bus.emit({ type: 'mycroft.gui.screen.close', data: {}, context: { session: { session_id: 'default' } } });
			await sleep(clock, step.dwellMs, signal);
			i = (i + 1) % script.length;
		}
	})();
}
