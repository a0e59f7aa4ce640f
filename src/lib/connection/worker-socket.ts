/**
 * The GUI socket in a worker. Chromium builds a frame's text on the thread that owns
 * the socket, before any of our code runs: a 15 MB frame of 100,000 list rows held the page's main
 * thread 0.15–0.6 s just to arrive, then as long again to copy it to a decoder and, 100 ms later,
 * to free Blink's buffers. Owned by gui-socket.worker.ts, the socket's frames reach the page in
 * batches when small (`onframes`), decoded and cut to the screen's cap when big, in the order they came.
 * Where there is no Worker (Node, the tests' fake sockets) the socket stays on the page.
 */
import type { FromSocketWorker, ToSocketWorker } from './socket-frames';
import { OPEN, type SocketLike, type Transport } from './transport';

/** The part of a Worker this uses (tests drive a fake one). */
export interface WorkerLike {
	postMessage(m: ToSocketWorker): void;
	terminate(): void;
	onmessage: ((e: { data: FromSocketWorker }) => void) | null;
	onerror: ((e: { preventDefault?(): void }) => void) | null;
}

/** A worker that has said it closed gets this long to end by itself. */
const CLOSE_GRACE_MS = 3000;

/**
 * The page's side of a worker's socket. `held`: what the worker posted before this took it over
 * (app.html's early socket); it is handed on, then what follows, when `flush` is called.
 * `failed`: told when the worker could not run (its error event), after the close it reads as.
 */
export function workerSocket(worker: WorkerLike, held: FromSocketWorker[] = [], failed?: () => void): { socket: SocketLike; flush: () => void } {
	let state = 0;
	let ended = false;
	const end = () => {
		if (ended) return;
		ended = true;
		state = 3;
		worker.terminate();
	};
	const s: SocketLike = {
		get readyState() {
			return state;
		},
		send: (raw) => {
			if (state === OPEN) worker.postMessage({ send: raw });
		},
		close: () => {
			if (state >= 2) return;
			state = 2;
			worker.postMessage({ close: true });
			setTimeout(end, CLOSE_GRACE_MS);
		},
		onopen: null,
		onmessage: null,
		onframes: null,
		onclose: null,
		onerror: null
	};
	const on = (m: FromSocketWorker) => {
		if (ended) return;
		if (m.t === 'open') {
			if (state === 0) state = OPEN;
			s.onopen?.({});
		} else if (m.t === 'frames') {
			if (s.onframes) s.onframes(m.raws);
			else for (const data of m.raws) s.onmessage?.({ data });
			// Applied: the worker may send what has come since (one batch in flight, socket-frames.ts).
			if (!ended) worker.postMessage({ ready: true });
		} else if (m.t === 'frame') s.onmessage?.(m.decoded ? { data: m.raw, decoded: m.decoded } : { data: m.raw });
		else {
			end();
			s.onclose?.({ code: m.code, reason: m.reason });
		}
	};
	let flushed = false;
	const flush = () => {
		if (flushed) return;
		flushed = true;
		for (const m of held.splice(0)) on(m);
		worker.onmessage = (e) => on(e.data);
		// A worker that cannot start (its script missing, a policy refusing it) ends the socket.
		worker.onerror = (e) => {
			e.preventDefault?.();
			on({ t: 'closed', code: 0, reason: 'the socket worker failed' });
			failed?.();
		};
	};
	return { socket: s, flush };
}

/** Starts the socket's worker (Vite builds it and names its URL). */
export function startSocketWorker(): Worker {
	// A module worker for `vite dev`; the build makes it one IIFE file, which app.html starts as a classic worker.
	return new Worker(new URL('./gui-socket.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * A transport whose sockets live in workers; `fallback` where there are none, and from the first
 * worker that could not run on (a browser without them, a policy refusing them).
 */
export function workerTransport(fallback: Transport): Transport {
	if (typeof Worker === 'undefined') return fallback;
	let broken = false;
	return (url) => {
		if (broken) return fallback(url);
		let worker: Worker;
		try {
			worker = startSocketWorker();
		} catch {
			broken = true;
			return fallback(url);
		}
		const { socket, flush } = workerSocket(worker as unknown as WorkerLike, [], () => (broken = true));
		flush();
		worker.postMessage({ open: url } satisfies ToSocketWorker);
		return socket;
	};
}
