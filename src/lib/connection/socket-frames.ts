/**
 * What the GUI socket's worker and the page say to each other (gui-socket.worker.ts,
 * worker-socket.ts), what the worker makes of one frame, and how frames are gathered into batches
 * (both sides). Apart from both so that the worker's bundle holds no Worker of its own.
 */
import { decode, type Decoded, type GuiMessage } from '../protocol';
import { capMessage } from '../screen/caps';

/** Frames this long (characters) are decoded off the main thread: about 10 ms of parsing on a slow screen. */
export const OFF_THREAD_CHARS = 200_000;

/**
 * GUI frames are handed on at most once per this many ms: the first after a quiet spell at once,
 * those that follow it together when the interval is up. At 1,000 frames/s that is 250 batches
 * instead of 1,000 messages to the page (each a main-thread task, a copy and an event), and the
 * screen is at most this late, where waiting for the next animation frame made it up to 16.7 ms
 * late.
 */
export const BATCH_MS = 4;

export type FromSocketWorker =
	| { readonly t: 'open' }
	/** One frame: a big one decoded and cut (`raw` is then only its start, for the wire log), or binary (`raw` null). */
	| { readonly t: 'frame'; readonly raw: string | null; readonly decoded?: Decoded<GuiMessage> }
	/** Small frames in the order they came, gathered for BATCH_MS at most. */
	| { readonly t: 'frames'; readonly raws: readonly string[] }
	| { readonly t: 'closed'; readonly code: number; readonly reason: string };

/** `ready`: the page has applied the last batch of frames (workerFrames). */
export type ToSocketWorker = { readonly open: string } | { readonly send: string } | { readonly ready: true } | { readonly close: true };

/** How much of a big frame's text the wire log keeps. */
const RAW_HEAD = 1000;

/** What the worker posts for one frame that does not go in a batch (big or binary), or null for a small one. */
export function socketWorkerFrame(raw: string | null): FromSocketWorker | null {
	if (raw === null) return { t: 'frame', raw };
	if (raw.length < OFF_THREAD_CHARS) return null;
	const d = decode(raw);
	const head = `${raw.slice(0, RAW_HEAD)}… (${raw.length.toLocaleString('en')} characters, decoded in the socket's worker)`;
	return { t: 'frame', raw: head, decoded: d.ok ? { ok: true, value: capMessage(d.value) } : d };
}

export interface Batcher<T> {
	/** Adds one; hands the batch on now when the last one went at least `everyMs` ago. */
	push(item: T): void;
	/** Hands on what is held now (before something that must come after it, or a close). */
	flush(): void;
	/** Drops what is held and any timer. */
	stop(): void;
}

/** The clock a batcher reads and the timer it sets (tests give fake ones). */
export interface BatchClock {
	now(): number;
	setTimeout(fn: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
}

const realClock: BatchClock = {
	now: () => performance.now(),
	setTimeout: (fn, ms) => setTimeout(fn, ms),
	clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>)
};

/**
 * Gathers items and hands them to `deliver` in order, at most once per `everyMs`: an item after a
 * quiet spell goes at once, alone; items that come within `everyMs` of the last batch wait until
 * that is up and go together. No item waits longer than `everyMs` (plus the timer's lateness).
 */
export function batcher<T>(everyMs: number, deliver: (items: T[]) => void, clock: BatchClock = realClock): Batcher<T> {
	let held: T[] = [];
	let last = -Infinity;
	let timer: unknown = null;
	const flush = () => {
		if (timer !== null) {
			clock.clearTimeout(timer);
			timer = null;
		}
		if (held.length === 0) return;
		const items = held;
		held = [];
		last = clock.now();
		deliver(items);
	};
	return {
		push(item) {
			held.push(item);
			if (timer !== null) return;
			const wait = last + everyMs - clock.now();
			if (wait <= 0) flush();
			else timer = clock.setTimeout(flush, wait);
		},
		flush,
		stop() {
			if (timer !== null) clock.clearTimeout(timer);
			timer = null;
			held = [];
		}
	};
}

/**
 * The worker's side of its socket's frames: `frame` for each as it comes (small ones batched, a big
 * or binary one alone, after the batch before it), `ready` when the page says it has applied the
 * last batch, `end` before the close is posted.
 *
 * One batch is in flight at a time: while the page is still applying one, what comes waits and goes
 * as the next batch once it says so. A page slower than the stream (a Pi's CPU, a busy machine)
 * then gets fewer, bigger batches instead of a queue of small ones it can never catch up with:
 * each batch costs the page a fixed price (a task, a machine step, a render of the model) far
 * above its frames' own.
 */
export function workerFrames(post: (m: FromSocketWorker) => void, clock?: BatchClock): { frame(raw: string | null): void; ready(): void; end(): void } {
	let inFlight = false;
	/** Frames the batch timer let go while a batch was in flight, in order. */
	const waiting: string[] = [];
	const send = () => {
		inFlight = true;
		post({ t: 'frames', raws: waiting.splice(0) });
	};
	const small = batcher<string>(
		BATCH_MS,
		(raws) => {
			waiting.push(...raws);
			if (!inFlight) send();
		},
		clock
	);
	/** Everything held, now, in order (before a frame that goes alone, or the close). */
	const drain = () => {
		small.flush();
		if (waiting.length > 0) send();
	};
	return {
		frame(raw) {
			const alone = socketWorkerFrame(raw);
			if (alone === null) return small.push(raw as string);
			drain();
			post(alone);
		},
		ready() {
			inFlight = false;
			// Whatever has come meanwhile goes now, the batch timer's frames too: the page is free.
			if (waiting.length > 0) drain();
		},
		end: drain
	};
}
