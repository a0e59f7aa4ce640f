/**
 * While a socket is down, learn when its port accepts again without opening WebSockets. Chromium
 * delays every new WebSocket connect of a renderer after failures (websocket_throttler.cc:
 * rand(1–5 s) × 2^(pending + failures/(successes+1)) / 65536, failures counted over 2-minute
 * windows), so retrying by WebSocket makes the screen slow to come back after a long outage. HTTP
 * requests are not throttled, and a failed one is one console line, so:
 * - the app server, when it is configured with this OVOS, answers a long-poll the moment the port
 *   accepts TCP (it tries every 100 ms; nothing shows in the browser);
 * - a plain HTTP request to the port every 5 s (any answer — ovos-gui's tornado says 400, the
 *   simulator 404 — means it accepts; a refusal means it does not) covers every other setup.
 * The machine opens a WebSocket only when one of them says the port answers, and blindly once in a
 * while in case both are wrong, so failed WebSockets stay rare and the throttle never builds up.
 */
import type { SocketKind } from './socket';

/** What the app server's long-poll said: the port accepts, ask again, not a port it watches, or it failed. */
export type ServerWatchResult = 'open' | 'timeout' | 'unwatched' | 'error';

export interface PortWatchers {
	/** One HTTP request to the socket's port (its ws:// URL): true when anything answered. Never throws. */
	probe(wsUrl: string): Promise<boolean>;
	/** The app server's long-poll for `port`, when the page has one. Never throws. */
	server?(kind: SocketKind, port: number, signal: AbortSignal): Promise<ServerWatchResult>;
}

/** Direct probes: soon after a live socket drops (a restart takes a moment), then one every 5 s. */
export const PROBE_SCHEDULE_MS = [300, 1500];
export const PROBE_EVERY_MS = 5000;
/** A WebSocket attempt without any sign of life, in case the watchers cannot see what the socket can. */
export const BLIND_RETRY_MS = 30_000;
/** After the server's long-poll failed (the app server is down too), ask it again this much later. */
export const SERVER_RETRY_MS = 5000;

/**
 * How long to ignore the watchers after `n` WebSocket attempts in a row were made on their word and
 * failed (a port that answers HTTP but not the WebSocket): 0, 5 s, 10 s, 20 s, then 30 s.
 */
export function holdAfter(n: number): number {
	return n <= 0 ? 0 : Math.min(BLIND_RETRY_MS, PROBE_EVERY_MS * 2 ** (n - 1));
}

export interface PortWatchInput {
	readonly kind: SocketKind;
	readonly url: string;
	readonly port: number;
	readonly watchers: PortWatchers;
	readonly holdMs: number;
	/** Just dropped, or the first connect failed: probe soon, a restart takes a moment. */
	readonly quick: boolean;
	/** The screen's sockets that share the ~1 failed attempt per 5 s (full handshake: 2). */
	readonly share: number;
}

/** Calls `onOpen` once, when a watcher says the port answers; the returned function stops watching. */
export function watchPort(input: PortWatchInput, onOpen: () => void): () => void {
	const { kind, url, port, watchers } = input;
	const abort = new AbortController();
	const timers = new Set<ReturnType<typeof setTimeout>>();
	let done = false;
	let probes = 0;
	let serverWatching = watchers.server !== undefined;

	let probeTimer: ReturnType<typeof setTimeout> | undefined;

	const later = (ms: number, fn: () => void) => {
		const t = setTimeout(() => {
			timers.delete(t);
			if (!done) fn();
		}, ms);
		timers.add(t);
		return t;
	};
	const open = () => {
		if (done) return;
		done = true;
		onOpen();
	};

	function scheduleProbe() {
		// With the server watching, the direct probe is only the safety net: no quick early ones.
		const wait =
			probes === 0 && input.holdMs > 0
				? 0 // the hold was the wait
				: serverWatching || !input.quick
					? PROBE_EVERY_MS * input.share
					: (PROBE_SCHEDULE_MS[probes] ?? PROBE_EVERY_MS * input.share);
		probeTimer = later(wait, async () => {
			probeTimer = undefined;
			probes++;
			if (await watchers.probe(url)) open();
			else if (!done) scheduleProbe();
		});
	}

	async function watchServer() {
		const server = watchers.server;
		while (server && !done && serverWatching) {
			const r = await server(kind, port, abort.signal);
			if (done) return;
			if (r === 'open') return open();
			if (r === 'unwatched') {
				serverWatching = false;
				// The quick early probes were skipped for the server's sake: take them now.
				if (input.quick && probes === 0 && probeTimer !== undefined) {
					clearTimeout(probeTimer);
					timers.delete(probeTimer);
					scheduleProbe();
				}
			} else if (r === 'error') return later(SERVER_RETRY_MS, watchServer);
		}
	}

	later(input.holdMs, () => {
		scheduleProbe();
		void watchServer();
	});

	return () => {
		done = true;
		abort.abort();
		for (const t of timers) clearTimeout(t);
	};
}

/** The plain HTTP request of `PortWatchers.probe`, for browsers and Node ≥ 18. */
export async function httpProbe(wsUrl: string): Promise<boolean> {
	try {
		// no-cors: the answer stays opaque, and only whether one came matters.
		await fetch(wsUrl.replace(/^ws/, 'http'), { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(4000) });
		return true;
	} catch {
		return false;
	}
}

/** The app server's long-poll (`/api/ovos/port`), at `base` (the page's origin). */
export function serverWatch(base: string): NonNullable<PortWatchers['server']> {
	return async (_kind, port, signal) => {
		try {
			const res = await fetch(`${base}/api/ovos/port?port=${port}`, { cache: 'no-store', signal });
			if (res.status === 404) return 'unwatched';
			if (!res.ok) return 'error';
			const body = (await res.json()) as { open?: unknown };
			return body.open === true ? 'open' : 'timeout';
		} catch {
			return 'error';
		}
	};
}
