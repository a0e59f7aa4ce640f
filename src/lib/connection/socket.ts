/**
 * One WebSocket as an actor: the socket lifecycle (socket-lifecycle.machine.ts) invokes it in the
 * state that holds a socket, so leaving that state closes it. It tells the lifecycle what the socket
 * does (`open`, `closed`, `quiet`, `heard`, `pong`) and hands every frame straight to the `owner`
 * (the connection machine), raw: the lifecycle only cares that frames come, not what they say.
 *
 * - `quiet`: nothing came for SILENT_MS (since the open, the last frame, or `listen`), timed on
 *   XState's clock; `heard`: the first frame after `quiet` or `check`.
 * - `check`: the lifecycle checks the socket; through the app (`pings`) it sends the relay's ping,
 *   whose answer (`pong`) never reaches the owner: it is not a GUI frame.
 * - Told `batch` (the connection machine does once the replay is over), a GUI socket of a batching
 *   screen hands its frames over as one `gui.frames` event per batch instead of one event each:
 *   the machine's step per event costs several times what decoding and applying a frame does, and
 *   its garbage came back as GC pauses at 1,000 frames/s. The socket's worker sends its frames in
 *   batches already (socket-frames.ts); a socket on the page is batched here the same way: a frame
 *   after a quiet spell at once, the ones that follow at most every BATCH_MS.
 */
import { fromCallback, type AnyActorRef } from 'xstate';
import type { Decoded, GuiMessage } from '../protocol';
import { BATCH_MS, batcher, type BatchClock } from './socket-frames';
import { OPEN, type SocketLike, type Transport } from './transport';

export type SocketKind = 'gui' | 'bus';

/** What a socket hands its owner. */
export type FrameEvent =
	/** `decoded`: a big frame, decoded (and cut to the cap) in the socket's worker (worker-socket.ts). */
	| { type: 'gui.frame'; raw: string | null; decoded?: Decoded<GuiMessage> }
	/** Frames that arrived since the last flush, in order (batching on). */
	| { type: 'gui.frames'; raws: readonly (string | null)[] }
	| { type: 'bus.frame'; raw: string | null };

/** What a socket tells the lifecycle that invoked it. */
export type SocketEvent = { type: 'open' } | { type: 'closed'; code: number; reason: string } | { type: 'quiet' } | { type: 'heard' } | { type: 'pong' };

export interface SocketInput {
	readonly kind: SocketKind;
	readonly url: string;
	/** Who gets the frames. */
	readonly owner: AnyActorRef;
	/** The app server's relay answers pings on this socket. */
	readonly pings: boolean;
}

/** What the lifecycle sends a socket: a frame to send, "batch your frames from now on", a check, "listen again". */
export type SocketCommand = { readonly type: 'send'; readonly raw: string } | { readonly type: 'batch' } | { readonly type: 'check' } | { readonly type: 'listen' };

/** The socket's own quiet timer, on XState's clock. */
type QuietTimer = { readonly type: 'quiet.timer' };

/** A live socket that has received nothing for this long is checked. */
export const SILENT_MS = 12_000;

/**
 * A connect that hangs (a host that drops packets) is given up after this long: longer than the
 * longest delay Chromium's connect throttle can add (5 s), since cutting a throttled connect short
 * counts as one more failure and lengthens the next delay.
 */
export const CONNECT_TIMEOUT_MS = 6000;

/** Frames held for a batch at most; more are handed over at once (a page whose timers are throttled, hidden). */
export const MAX_PENDING = 1000;

/** The relay's ping, sent as is; its answer is PONG_TYPE (docs/protocol.md, "Connecting and the replay"). */
export const PING = '{"type":"ovos-screen.ping"}';
const PONG_TYPE = 'ovos-screen.pong';

/** Whether a frame is the relay's answer to a ping: short, so most frames are told apart by their length alone. */
function isPong(raw: string | null): boolean {
	if (raw === null || raw.length > 128 || !raw.includes(PONG_TYPE)) return false;
	try {
		return (JSON.parse(raw) as { type?: unknown }).type === PONG_TYPE;
	} catch {
		return false;
	}
}

/**
 * `guiTransport`: opens GUI sockets (the screen's: in a worker, worker-socket.ts). `batch`: GUI
 * frames go in batches once told (the screen); `clock`, the batches' timer (tests).
 */
export function socketLogic(transport: Transport, batch = false, guiTransport: Transport = transport, clock?: BatchClock) {
	return fromCallback<SocketCommand | QuietTimer, SocketInput>(({ input, sendBack, receive, self, system }) => {
		const { kind, url, owner, pings } = input;
		let stopped = false;
		const back = (e: SocketEvent) => {
			if (!stopped) sendBack(e);
		};
		const hand = (e: FrameEvent) => {
			if (!stopped) owner.send(e);
		};
		let socket: SocketLike;
		try {
			socket = (kind === 'gui' ? guiTransport : transport)(url);
		} catch (e) {
			// A malformed URL throws synchronously; report it as a close so the back-off takes over.
			queueMicrotask(() => back({ type: 'closed', code: 0, reason: String(e) }));
			return;
		}
		let done = false;
		let batching = false;
		/** The lifecycle waits to hear that the socket spoke (it went quiet, or is being checked). */
		let asked = false;
		let listening = false;
		const listen = () => {
			system.scheduler.cancel(self, 'quiet');
			system.scheduler.schedule(self, self, { type: 'quiet.timer' }, SILENT_MS, 'quiet');
			listening = true;
		};
		const spoke = () => {
			if (asked) {
				asked = false;
				back({ type: 'heard' });
			}
			if (listening) listen();
		};
		/** Frames of a socket on the page, held for the next batch: one event, in its place in the line. */
		let held = 0;
		const pending = batcher<string | null>(
			BATCH_MS,
			(raws) => {
				held = 0;
				if (done) return;
				hand({ type: 'gui.frames', raws });
				spoke(); // once a batch: the quiet timer is a few ms late at most
			},
			clock
		);
		const flush = () => pending.flush();
		const timer = setTimeout(() => {
			if (socket.readyState !== OPEN) finish(0, 'connect timed out');
		}, CONNECT_TIMEOUT_MS);

		function detach() {
			done = true;
			listening = false;
			system.scheduler.cancel(self, 'quiet');
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
			back({ type: 'closed', code, reason });
		}
		socket.onopen = () => {
			clearTimeout(timer);
			listen();
			back({ type: 'open' });
		};
		socket.onmessage = (ev) => {
			const raw = typeof ev.data === 'string' ? ev.data : null;
			if (pings && isPong(raw)) return back({ type: 'pong' });
			if (kind === 'gui' && ev.decoded) {
				flush(); // the frames before it go first
				hand({ type: 'gui.frame', raw, decoded: ev.decoded });
			} else if (batching) {
				// Heard when its batch goes (`pending`).
				held++;
				pending.push(raw);
				if (held >= MAX_PENDING) flush();
				return;
			} else hand(kind === 'gui' ? { type: 'gui.frame', raw } : { type: 'bus.frame', raw });
			spoke();
		};
		// The socket's worker batches small frames itself: each of its batches is one event (in the replay, one each).
		socket.onframes = (raws) => {
			if (done) return;
			// The relay's pong comes between frames, in its place: the frames before it go first.
			const at = pings ? raws.findIndex(isPong) : -1;
			const frames = at < 0 ? raws : raws.slice(0, at);
			if (frames.length > 0) {
				if (!batching) for (const raw of frames) hand({ type: 'gui.frame', raw });
				else {
					flush();
					hand({ type: 'gui.frames', raws: frames });
				}
				spoke();
			}
			if (at >= 0) {
				back({ type: 'pong' });
				if (at + 1 < raws.length) socket.onframes?.(raws.slice(at + 1));
			}
		};
		socket.onclose = (ev) => finish(ev.code, ev.reason || 'closed');
		socket.onerror = () => {
			/* a close event always follows */
		};
		receive((e) => {
			if (e.type === 'quiet.timer') {
				listening = false;
				asked = true;
				back({ type: 'quiet' });
			} else if (e.type === 'batch') batching = kind === 'gui' && batch;
			else if (e.type === 'check') {
				// No quiet while a check is on; the next frame is its answer.
				listening = false;
				system.scheduler.cancel(self, 'quiet');
				asked = true;
				if (pings) send(PING);
			} else if (e.type === 'listen') listen();
			else send(e.raw);
		});
		function send(raw: string) {
			if (!done && socket.readyState === OPEN) socket.send(raw);
		}
		return () => {
			stopped = true;
			if (!done) detach();
		};
	});
}
