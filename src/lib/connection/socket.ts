/**
 * One WebSocket as an actor the connection machine invokes: it lives exactly as long as the state
 * that invoked it (leaving the state closes the socket). It reports `<kind>.open`, every frame as
 * `<kind>.frame` (raw; the machine decodes and applies it) and `<kind>.closed`; it sends what the
 * machine gives it with `{ type: 'send', raw }`.
 *
 * Told `{ type: 'batch' }` (the machine does once the replay is over), a GUI socket of a batching
 * screen hands its frames over as one `gui.frames` event per batch instead of one event each: the
 * machine's step per event costs several times what decoding and applying a frame does, and its
 * garbage came back as GC pauses at 1,000 frames/s (issue 27.1). The socket's worker sends its
 * frames in batches already (socket-frames.ts); a socket on the page is batched here the same way:
 * a frame after a quiet spell at once, the ones that follow at most every BATCH_MS.
 */
import { fromCallback } from 'xstate';
import type { Decoded, GuiMessage } from '../protocol';
import { BATCH_MS, batcher, type BatchClock } from './socket-frames';
import { OPEN, type SocketLike, type Transport } from './transport';

export type SocketKind = 'gui' | 'bus';

export type SocketEvent =
	| { type: 'gui.open' }
	/** `decoded`: a big frame, decoded (and cut to the cap) in the socket's worker (worker-socket.ts). */
	| { type: 'gui.frame'; raw: string | null; decoded?: Decoded<GuiMessage> }
	/** Frames that arrived since the last flush, in order (batching on). */
	| { type: 'gui.frames'; raws: readonly (string | null)[] }
	| { type: 'gui.closed'; code: number; reason: string }
	| { type: 'bus.open' }
	| { type: 'bus.frame'; raw: string | null }
	| { type: 'bus.closed'; code: number; reason: string };

export interface SocketInput {
	readonly kind: SocketKind;
	readonly url: string;
}

/** What the machine sends to a socket actor: a frame to send, or "batch your frames from now on". */
export type SocketSend = { readonly type: 'send'; readonly raw: string } | { readonly type: 'batch' };

/**
 * A connect that hangs (a host that drops packets) is given up after this long: longer than the
 * longest delay Chromium's connect throttle can add (5 s), since cutting a throttled connect short
 * counts as one more failure and lengthens the next delay.
 */
export const CONNECT_TIMEOUT_MS = 6000;

/** Frames held for a batch at most; more are handed over at once (a page whose timers are throttled, hidden). */
export const MAX_PENDING = 1000;

/**
 * `guiTransport`: opens GUI sockets (the screen's: in a worker, worker-socket.ts). `batch`: GUI
 * frames go in batches once told (the screen); `clock`, the batches' timer (tests).
 */
export function socketLogic(transport: Transport, batch = false, guiTransport: Transport = transport, clock?: BatchClock) {
	return fromCallback<SocketSend, SocketInput>(({ input, sendBack, receive }) => {
		const { kind, url } = input;
		let stopped = false;
		const back = (e: SocketEvent) => {
			if (!stopped) (sendBack as (e: SocketEvent) => void)(e);
		};
		let socket: SocketLike;
		try {
			socket = (kind === 'gui' ? guiTransport : transport)(url);
		} catch (e) {
			// A malformed URL throws synchronously; report it as a close so the back-off takes over.
			queueMicrotask(() => back({ type: `${kind}.closed`, code: 0, reason: String(e) } as SocketEvent));
			return;
		}
		let done = false;
		let batching = false;
		/** Frames of a socket on the page, held for the next batch: one event, in its place in the line. */
		let held = 0;
		const pending = batcher<string | null>(
			BATCH_MS,
			(raws) => {
				held = 0;
				if (!done) back({ type: 'gui.frames', raws });
			},
			clock
		);
		const flush = () => pending.flush();
		const timer = setTimeout(() => {
			if (socket.readyState !== OPEN) finish(0, 'connect timed out');
		}, CONNECT_TIMEOUT_MS);

		function detach() {
			done = true;
			pending.stop();
			clearTimeout(timer);
			socket.onopen = socket.onmessage = socket.onclose = null;
			socket.onframes = null;
			// Closing a socket that is still connecting fires one more error (Node's `ws` throws it if unheard).
			socket.onerror = () => {};
			try {
				socket.close();
			} catch {
				/* already closed */
			}
		}
		function finish(code: number, reason: string) {
			if (done) return;
			flush(); // what arrived before the close comes first
			detach();
			back({ type: `${kind}.closed`, code, reason } as SocketEvent);
		}

		socket.onopen = () => {
			clearTimeout(timer);
			back({ type: `${kind}.open` } as SocketEvent);
		};
		socket.onmessage = (ev) => {
			const raw = typeof ev.data === 'string' ? ev.data : null;
			if (kind === 'gui' && ev.decoded) {
				flush(); // the frames before it go first
				back({ type: 'gui.frame', raw, decoded: ev.decoded });
			} else if (!batching) back({ type: `${kind}.frame`, raw } as SocketEvent);
			else {
				held++;
				pending.push(raw);
				if (held >= MAX_PENDING) flush();
			}
		};
		// The socket's worker batches small frames itself: each of its batches is one event (in the replay, one each).
		socket.onframes = (raws) => {
			if (done) return;
			if (!batching) for (const raw of raws) back({ type: 'gui.frame', raw });
			else {
				flush();
				back({ type: 'gui.frames', raws });
			}
		};
		socket.onclose = (ev) => finish(ev.code, ev.reason || 'closed');
		socket.onerror = () => {
			/* a close event always follows */
		};
		receive((e) => {
			if (e.type === 'batch') batching = kind === 'gui' && batch;
			else if (!done && socket.readyState === OPEN) socket.send(e.raw);
		});
		return () => {
			stopped = true;
			if (!done) detach();
		};
	});
}
