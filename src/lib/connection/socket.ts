/**
 * One WebSocket for the connection: opened by `openSocket`, closed by the function it returns (the
 * connection calls it when it leaves the state that needs the socket). Frames go straight to
 * `onFrame` (no event per frame); lifecycle goes back as events.
 */
import { OPEN, type SocketLike, type Transport } from './transport';

export type SocketKind = 'gui' | 'bus';

export interface SocketInput {
	readonly kind: SocketKind;
	readonly url: string;
	readonly transport: Transport;
	/** Called once the socket is open, before any frame; the socket is usable from then on. */
	readonly onOpen: (socket: SocketLike) => void;
	readonly onFrame: (raw: string | null) => void;
	readonly onClose: () => void;
	/** Turns a frame into a machine event when it matters to the connection (the handshake port). */
	readonly watch?: (raw: string) => SocketEvent | null;
}

export type SocketEvent =
	| { type: 'socket.open'; kind: SocketKind }
	| { type: 'socket.closed'; kind: SocketKind; code: number; reason: string }
	| { type: 'bus.port'; port: number; guiId: string };

/**
 * A connect that hangs (a host that drops packets) is given up after this long: longer than the
 * longest delay Chromium's connect throttle can add (5 s), since cutting a throttled connect short
 * counts as one more failure and lengthens the next delay.
 */
export const CONNECT_TIMEOUT_MS = 6000;

export function openSocket(input: SocketInput, sendBack: (e: SocketEvent) => void): () => void {
	let socket: SocketLike;
	try {
		socket = input.transport(input.url);
	} catch (e) {
		// A malformed URL throws synchronously; report it as a close so the back-off takes over.
		queueMicrotask(() => sendBack({ type: 'socket.closed', kind: input.kind, code: 0, reason: String(e) }));
		return () => {};
	}
	let done = false;
	const timer = setTimeout(() => {
		if (socket.readyState !== OPEN) finish(0, 'connect timed out');
	}, CONNECT_TIMEOUT_MS);

	function finish(code: number, reason: string) {
		if (done) return;
		done = true;
		clearTimeout(timer);
		detach();
		input.onClose();
		sendBack({ type: 'socket.closed', kind: input.kind, code, reason });
	}
	function detach() {
		socket.onopen = socket.onmessage = socket.onclose = null;
		// Closing a socket that is still connecting fires one more error (Node's `ws` throws it if unheard).
		socket.onerror = () => {};
		try {
			socket.close();
		} catch {
			/* already closed */
		}
	}

	socket.onopen = () => {
		clearTimeout(timer);
		input.onOpen(socket);
		sendBack({ type: 'socket.open', kind: input.kind });
	};
	socket.onmessage = (ev) => {
		const raw = typeof ev.data === 'string' ? ev.data : null;
		input.onFrame(raw);
		const event = raw !== null && input.watch ? input.watch(raw) : null;
		if (event) sendBack(event);
	};
	socket.onclose = (ev) => finish(ev.code, ev.reason || 'closed');
	socket.onerror = () => {
		/* a close event always follows */
	};
	return () => {
		if (done) return;
		done = true;
		clearTimeout(timer);
		detach();
		input.onClose();
	};
}
