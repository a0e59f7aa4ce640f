/**
 * The GUI socket `app.html` opens before the app's code has loaded, so ovos-gui's replay is already
 * in the page when the screen starts (first paint). The screen's first connect to the same
 * URL adopts it, with the frames that arrived meanwhile; any other URL closes it. In a built app it
 * is opened in the socket's worker (worker-socket.ts; the server names the worker's URL), so a big
 * frame never lands on the page's main thread, not even during the first load.
 */
import type { FromSocketWorker } from './socket-frames';
import { OPEN, type SocketLike, type Transport } from './transport';
import { workerSocket, type WorkerLike } from './worker-socket';

/** What app.html leaves on `window.__ovosEarly`: a socket in the socket's worker, or one on the page. */
export type EarlySocket = EarlyWorkerSocket | EarlyPageSocket;

export interface EarlyWorkerSocket {
	readonly url: string;
	readonly worker: Worker;
	/** What the worker posted before the screen took it. */
	readonly frames: FromSocketWorker[];
}

export interface EarlyPageSocket {
	readonly url: string;
	readonly socket: WebSocket;
	readonly frames: unknown[];
	/** Set when it opened, and when it closed, before the screen took it. */
	opened?: boolean;
	closed?: { code: number; reason: string };
}

export function takeEarlySocket(): EarlySocket | null {
	const w = globalThis as { __ovosEarly?: EarlySocket };
	const e = w.__ovosEarly ?? null;
	delete w.__ovosEarly;
	return e;
}

/** A transport that adopts the early socket; `flush` hands over what it has received so far at once. */
export type EarlyTransport = Transport & { flush(): void };

export function earlyTransport(fallback: Transport, early: EarlySocket | null = takeEarlySocket()): EarlyTransport {
	let flush = () => {};
	const transport = (url: string) => {
		const e = early;
		early = null;
		if (e && e.url === url) {
			const adopted = 'worker' in e ? adoptWorker(e) : adopt(e);
			flush = adopted.flush;
			return adopted.socket;
		}
		if (e && 'worker' in e) e.worker.terminate();
		else e?.socket.close();
		return fallback(url);
	};
	/**
	 * The adopted socket's open and buffered frames, now instead of in a microtask: called by the
	 * screen once its connection has set the handlers, so the first render already shows the page
	 * ovos-gui replayed while the app's code loaded.
	 */
	return Object.assign(transport, { flush: () => flush() });
}

function adoptWorker(e: EarlyWorkerSocket): { socket: SocketLike; flush: () => void } {
	// What the worker posts until the flush still goes to app.html's list, which the flush empties first.
	const adopted = workerSocket(e.worker as unknown as WorkerLike, e.frames);
	queueMicrotask(adopted.flush);
	return adopted;
}

function adopt(e: EarlyPageSocket): { socket: SocketLike; flush: () => void } {
	const ws = e.socket;
	const a: SocketLike = {
		get readyState() {
			return ws.readyState;
		},
		send: (d) => ws.send(d),
		close: (code, reason) => ws.close(code, reason),
		onopen: null,
		onmessage: null,
		onclose: null,
		onerror: null
	};
	// The caller sets its handlers right after this returns: replay what already happened, then go live.
	let done = false;
	const flush = () => {
		if (done) return;
		done = true;
		ws.onopen = (ev) => a.onopen?.(ev);
		ws.onerror = (ev) => a.onerror?.(ev);
		ws.onclose = (ev) => a.onclose?.(ev);
		if (e.opened || ws.readyState === OPEN) a.onopen?.({});
		for (const data of e.frames.splice(0)) a.onmessage?.({ data });
		ws.onmessage = (ev) => a.onmessage?.(ev);
		if (e.closed) a.onclose?.(e.closed);
	};
	queueMicrotask(flush);
	return { socket: a, flush };
}
