/**
 * How a socket that is down learns when its port accepts again without opening WebSockets, and the
 * effects the socket lifecycle (socket-lifecycle.machine.ts, whose `down` state is this loop) calls.
 * Chromium delays every new WebSocket connect of a renderer after failures (websocket_throttler.cc:
 * rand(1–5 s) × 2^(pending + failures/(successes+1)) / 65536, failures counted over 2-minute
 * windows), so retrying by WebSocket makes the screen slow to come back after a long outage. So:
 * - the app server, when it is configured with this OVOS, answers `/api/ovos/port` the moment the
 *   port accepts TCP (it tries every 25 ms and sends nothing), or after SERVER_HOLD_MS with "still
 *   closed", and the page asks again. While it answers, it is the only watcher: no request reaches
 *   the device and no failed attempt shows in the console. It is asked with a short hold, not a
 *   20-s long-poll: a browser keeps at most six connections to one server, each screen's event
 *   stream (/api/bus) holds one for good, and long-polls held the rest — with a few screens open
 *   (tabs, /inspect beside /kiosk) a screen's long-poll waited in the browser's queue, never reached
 *   the server, and the screen learnt that OVOS was back only from its own probe, 0–5 s later;
 * - otherwise (a device the app server does not watch, the app server down, or its answers stuck
 *   behind other requests: six screens open in one browser) a plain HTTP request to the port every
 *   5 s, every second while the server's answers are stuck (any answer — ovos-gui's tornado says
 *   400, the simulator 404 — means it accepts; a refusal means it does not). The one that finds it
 *   back is one line in the device's log per outage: nothing else a browser can send tells an open
 *   port from a closed one.
 * The lifecycle opens a WebSocket only when a watcher says the port answers, and blindly now and
 * then in case the watchers cannot see what the socket can (every 30 s without the server's help,
 * every 5 min with it), so failed WebSockets stay rare and the throttle never builds up.
 */
import type { SocketKind } from './socket';

/**
 * What the app server said: the port accepts; still closed, ask again; not a port it watches; it
 * failed (down); or its answer is late (the request waits behind others in the browser, or the
 * server has no room for one more wait from this address).
 */
export type ServerWatchResult = 'open' | 'timeout' | 'unwatched' | 'error' | 'late';

export interface PortWatchers {
	/** One HTTP request to the socket's port (its ws:// URL): true when anything answered. Never throws. */
	probe(wsUrl: string): Promise<boolean>;
	/** One request to the app server's watch of `port`, when the page has one. Never throws. */
	server?(kind: SocketKind, port: number, signal: AbortSignal): Promise<ServerWatchResult>;
	/**
	 * Whether the device behind a quiet live socket straight to OVOS still answers (the quiet check);
	 * `deep` asks for an end-to-end answer (a frozen server still accepts TCP). Never throws, and never
	 * a second GUI connection (ovos-gui replays its whole state to each).
	 */
	alive(kind: SocketKind, wsUrl: string, port: number, deep: boolean): Promise<boolean>;
}

/** Direct probes: soon after a live socket drops (a restart takes a moment), then one every 5 s. */
export const PROBE_SCHEDULE_MS = [300, 1500];
export const PROBE_EVERY_MS = 5000;
/** A WebSocket attempt without any sign of life, in case the watchers cannot see what the socket can. */
export const BLIND_RETRY_MS = 30_000;
/** The same while the app server answers: it has seen the port closed, so rarely. */
export const SERVER_BLIND_MS = 300_000;
/** How long the app server holds a request before it says "still closed" (then it is asked again). */
export const SERVER_HOLD_MS = 500;
/** An answer not there this much after the hold is late: the page probes the port itself meanwhile, */
export const SERVER_LATE_MS = 1500;
/** every second (a failed probe is an error line in the console; this is for that rare case only). */
export const LATE_PROBE_EVERY_MS = 1000;
/** After a request to the app server failed (it is down too), ask it again this much later. */
export const SERVER_RETRY_MS = 5000;

/**
 * How long to ignore the watchers after `n` WebSocket attempts in a row were made on their word and
 * failed (a port that answers HTTP but not the WebSocket): 0 after the first, then 5 s, 10 s, 20 s,
 * then 30 s. The first is free: a server shutting down closes its clients before its listening
 * port, so a check right after the drop can find the port open and the connect then be refused —
 * seen in about 1 of 8 restarts of the simulator on a loaded machine, each then back 5 s late.
 */
export function holdAfter(n: number): number {
	return n <= 1 ? 0 : Math.min(BLIND_RETRY_MS, PROBE_EVERY_MS * 2 ** (n - 2));
}

/** A quiet check gives up after this long: a frozen server accepts and never answers. */
export const ALIVE_TIMEOUT_MS = 4000;

/**
 * Liveness through the app server's port check (`/api/ovos/port?port=N&wait=0`): it opens a TCP
 * connection to the device and sends nothing, so the device logs nothing. `null` when the server
 * does not watch that port (or cannot be asked): the caller checks another way.
 */
export function serverCheck(base: string): (port: number) => Promise<boolean | null> {
	return async (port) => {
		try {
			const res = await fetch(`${base}/api/ovos/port?port=${port}&wait=0`, { cache: 'no-store', signal: AbortSignal.timeout(ALIVE_TIMEOUT_MS) });
			if (!res.ok) return null;
			const body = (await res.json()) as { open?: unknown };
			return body.open === true;
		} catch {
			return null;
		}
	};
}

/** The plain HTTP request of `PortWatchers.probe` (never a liveness check), for browsers and Node ≥ 18. */
export async function httpProbe(wsUrl: string): Promise<boolean> {
	try {
		// no-cors: another origin's answer stays opaque, and only whether one came matters.
		const res = await fetch(wsUrl.replace(/^ws/, 'http'), { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(4000) });
		return await probeSaysOpen(wsUrl, res);
	} catch {
		return false;
	}
}

/**
 * What a probe's answer says: any answer from a port means it accepts; a relay path (on the page's
 * own origin, routes/ovos/[socket]) answers `{"open": …}` for the port behind it, so a closed one
 * is no failed request in the console either.
 */
export async function probeSaysOpen(wsUrl: string, res: Response): Promise<boolean> {
	if (!wsUrl.startsWith('/')) return true;
	if (!res.ok) return false;
	const body = (await res.json().catch(() => null)) as { open?: unknown } | null;
	return body?.open === true;
}

/** The app server's watch (`/api/ovos/port`, held SERVER_HOLD_MS), at `base` (the page's origin). */
export function serverWatch(base: string): NonNullable<PortWatchers['server']> {
	return async (_kind, port, signal) => {
		const ask = new AbortController();
		let late = false;
		const timer = setTimeout(() => ((late = true), ask.abort()), SERVER_HOLD_MS + SERVER_LATE_MS);
		const stop = () => ask.abort();
		signal.addEventListener('abort', stop);
		try {
			const res = await fetch(`${base}/api/ovos/port?port=${port}&wait=${SERVER_HOLD_MS}`, { cache: 'no-store', signal: ask.signal });
			if (res.status === 404) return 'unwatched';
			// Too many waits from this address (several screens): there, but not watching for this one now.
			if (res.status === 429) return 'late';
			if (!res.ok) return 'error';
			const body = (await res.json()) as { open?: unknown };
			return body.open === true ? 'open' : 'timeout';
		} catch {
			return late ? 'late' : 'error';
		} finally {
			clearTimeout(timer);
			signal.removeEventListener('abort', stop);
		}
	};
}
