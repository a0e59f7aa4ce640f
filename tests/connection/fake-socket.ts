import type { PortWatchers, ServerWatchResult, SocketLike, Transport } from '../../src/lib/connection';
import { socketWorkerFrame } from '../../src/lib/connection/socket-frames';

/** A scriptable stand-in for the browser WebSocket. */
export class FakeSocket implements SocketLike {
	readyState = 0;
	sent: string[] = [];
	onopen: ((ev: unknown) => void) | null = null;
	onmessage: SocketLike['onmessage'] = null;
	onclose: ((ev: { code: number; reason: string }) => void) | null = null;
	onerror: ((ev: unknown) => void) | null = null;
	constructor(readonly url: string) {}
	send(data: string) {
		if (this.readyState !== 1) throw new Error('send on a socket that is not open');
		this.sent.push(data);
	}
	close() {
		this.readyState = 3;
	}
	open() {
		this.readyState = 1;
		this.onopen?.({});
	}
	receive(data: unknown) {
		this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
	}
	/** A frame as the GUI socket's worker hands it on (a big one decoded and cut). */
	receiveFromWorker(raw: string) {
		const m = socketWorkerFrame(raw);
		if (m === null) this.onmessage?.({ data: raw });
		else if (m.t === 'frame') this.onmessage?.(m.decoded ? { data: m.raw, decoded: m.decoded } : { data: m.raw });
	}
	drop(code = 1006) {
		this.readyState = 3;
		this.onclose?.({ code, reason: '' });
	}
}

export function fakeTransport() {
	const sockets: FakeSocket[] = [];
	const transport: Transport = (url) => {
		const s = new FakeSocket(url);
		sockets.push(s);
		return s;
	};
	// A socket straight to OVOS (`ws://h:p/gui`) or on the app's relay (`/ovos/gui?host=…`).
	const last = (kind: 'gui' | 'core') => [...sockets].reverse().find((s) => s.url.split('?')[0]!.endsWith(`/${kind}`));
	return { sockets, transport, last };
}

/**
 * Stand-ins for the port watchers: `up()` says whether the HTTP probe and the liveness check get an
 * answer (each recorded: `probes`, `checks`); server long-polls wait until the test answers them
 * with `answer(result)`.
 */
export function fakeWatchers(up: () => boolean = () => false, withServer = false) {
	const probes: string[] = [];
	const checks: { url: string; deep: boolean }[] = [];
	const polls: { kind: string; port: number; answer: (r: ServerWatchResult) => void }[] = [];
	const watchers: PortWatchers = {
		probe: async (url) => {
			probes.push(url);
			return up();
		},
		alive: async (_kind, url, _port, deep) => {
			checks.push({ url, deep });
			return up();
		}
	};
	if (withServer) {
		watchers.server = (kind, port, signal) =>
			new Promise((resolve) => {
				polls.push({ kind, port, answer: resolve });
				signal.addEventListener('abort', () => resolve('error'));
			});
	}
	return { probes, checks, polls, watchers };
}
