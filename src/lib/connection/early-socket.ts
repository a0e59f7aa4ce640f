/**
 * The GUI socket `app.html` opens before the app's code has loaded, so ovos-gui's replay is already
 * in the page when the screen starts (first paint, issue 11). The screen's first connect to the same
 * URL adopts it, with the frames that arrived meanwhile; any other URL closes it.
 */
import { OPEN, type SocketLike, type Transport } from './transport';

/** What app.html leaves on `window.__ovosEarly`. */
export interface EarlySocket {
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
			const adopted = adopt(e);
			flush = adopted.flush;
			return adopted.socket;
		}
		e?.socket.close();
		return fallback(url);
	};
	/**
	 * The adopted socket's open and buffered frames, now instead of in a microtask: called by the
	 * screen once its connection has set the handlers, so the first render already shows the page
	 * ovos-gui replayed while the app's code loaded (first paint, issue 11.4).
	 */
	return Object.assign(transport, { flush: () => flush() });
}

function adopt(e: EarlySocket): { socket: SocketLike; flush: () => void } {
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
