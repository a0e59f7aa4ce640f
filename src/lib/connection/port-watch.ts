/**
 * While a socket is down, learn when its port accepts again without opening WebSockets. Chromium
 * delays every new WebSocket connect of a renderer after failures (websocket_throttler.cc:
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
 * The machine opens a WebSocket only when a watcher says the port answers, and blindly now and then
 * in case the watchers cannot see what the socket can (every 30 s without the server's help, every
 * 5 min with it), so failed WebSockets stay rare and the throttle never builds up.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { SocketKind } from './socket';
import { browserTransport, OPEN, type Transport } from './transport';

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
	 * Whether the device behind a quiet live socket still answers (the liveness check); `deep` asks
	 * for an end-to-end answer (a frozen server still accepts TCP). Never throws, and never an HTTP
	 * request to the device (ovos-gui logs a 400 for each, the console an error).
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

export interface PortWatchInput {
	readonly kind: SocketKind;
	readonly url: string;
	readonly port: number;
	readonly watchers: Omit<PortWatchers, 'alive'>;
	readonly holdMs: number;
	/** Just dropped, or the first connect failed: probe soon, a restart takes a moment. */
	readonly quick: boolean;
	/** The screen's sockets that share the ~1 failed attempt per 5 s (full handshake: 2). */
	readonly share: number;
}

/**
 * Calls `onOpen(false)` once, when a watcher says the port answers, or `onOpen(true)` when it is time
 * for a blind attempt; the returned function stops watching.
 */
export function watchPort(input: PortWatchInput, onOpen: (blind: boolean) => void): () => void {
	const { kind, url, port, watchers } = input;
	const abort = new AbortController();
	const timers = new Set<ReturnType<typeof setTimeout>>();
	const started = Date.now();
	let done = false;
	let probes = 0;
	/** Bumped each time direct probing starts or stops, so only the current run of probes goes on. */
	let probeRun = 0;
	let probing = false;
	/** The app server is watching and answering: the one watcher needed. */
	let serverWatching = watchers.server !== undefined;
	/** Its last answer was late: the browser's connections to it are all held. */
	let serverLate = false;

	const later = (ms: number, fn: () => void) => {
		const t = setTimeout(() => {
			timers.delete(t);
			if (!done) fn();
		}, ms);
		timers.add(t);
	};
	const open = (blind: boolean) => {
		if (done) return;
		done = true;
		onOpen(blind);
	};

	function scheduleProbe(run: number) {
		// Standing in for a server whose answers are stuck in the browser: as often as it would answer.
		const every = serverLate ? LATE_PROBE_EVERY_MS : PROBE_EVERY_MS * input.share;
		const wait =
			probes === 0 && input.holdMs > 0
				? 0 // the hold was the wait
				: input.quick
					? Math.min(PROBE_SCHEDULE_MS[probes] ?? every, every)
					: every;
		later(wait, async () => {
			if (run !== probeRun) return;
			probes++;
			if (await watchers.probe(url)) open(false);
			else if (!done && run === probeRun) scheduleProbe(run);
		});
	}
	/** Direct probes while no server watches (for good, or until it answers again). */
	function probe(on: boolean) {
		if (on === probing) return;
		probing = on;
		probeRun++;
		if (on) scheduleProbe(probeRun);
	}

	async function watchServer() {
		const server = watchers.server;
		while (server && !done) {
			const asked = Date.now();
			const r = await server(kind, port, abort.signal);
			if (done) return;
			if (r === 'open') return open(false);
			serverWatching = r === 'timeout';
			serverLate = r === 'late';
			probe(!serverWatching);
			if (r === 'unwatched') return;
			if (r === 'error') return later(SERVER_RETRY_MS, watchServer);
			// 'late': asked again while the page probes itself; an answer sooner than the hold (a server
			// that did not hold it, or had no room for it): not more often than that.
			const rest = SERVER_HOLD_MS - (Date.now() - asked);
			if (rest > 0) return later(rest, watchServer);
		}
	}

	function blindCheck() {
		const every = BLIND_RETRY_MS * input.share;
		later(every, () => {
			if (!serverWatching || Date.now() - started + every > SERVER_BLIND_MS) open(true);
			else blindCheck();
		});
	}

	later(input.holdMs, () => {
		if (watchers.server) void watchServer();
		else probe(true);
	});
	blindCheck();

	return () => {
		done = true;
		abort.abort();
		for (const t of timers) clearTimeout(t);
	};
}

/**
 * `watchPort` as an actor: it watches while the state that invoked it lasts, and says `<kind>.answers`
 * (a watcher saw the port accept) or `<kind>.retry` (time for a blind attempt).
 */
export function portWatchLogic(watchers: Omit<PortWatchers, 'alive'>) {
	return fromCallback<{ type: never }, Omit<PortWatchInput, 'watchers'>>(({ input, sendBack }) =>
		watchPort({ ...input, watchers }, (blind) => sendBack({ type: `${input.kind}.${blind ? 'retry' : 'answers'}` }))
	);
}

export interface AliveInput {
	readonly kind: SocketKind;
	readonly url: string;
	readonly port: number;
	readonly deep: boolean;
}

/** One liveness check of a quiet socket's device, as an actor: its output says whether it answered. */
export function aliveLogic(alive: PortWatchers['alive']) {
	return fromPromise<boolean, AliveInput>(({ input }) => alive(input.kind, input.url, input.port, input.deep));
}

/** A liveness check gives up after this long: a frozen server accepts and never answers. */
export const ALIVE_TIMEOUT_MS = 4000;

/**
 * Liveness by a second WebSocket to the same URL, closed as soon as it opens: the device answers the
 * upgrade as it answers any screen, so nothing lands in its log as an error nor in the console (an
 * HTTP GET of `/gui` is a 400 in both), and a frozen server, which accepts TCP but never answers,
 * is seen as one. For devices the app server cannot check for us.
 */
export function socketAlive(url: string, transport: Transport = browserTransport): Promise<boolean> {
	return new Promise((resolve) => {
		let s: ReturnType<Transport>;
		try {
			s = transport(url);
		} catch {
			return resolve(false);
		}
		const end = (ok: boolean) => {
			clearTimeout(timer);
			s.onopen = s.onclose = s.onmessage = null;
			s.onerror = () => {};
			try {
				s.close();
			} catch {
				/* already closed */
			}
			resolve(ok);
		};
		const timer = setTimeout(() => end(false), ALIVE_TIMEOUT_MS);
		s.onopen = () => end(s.readyState === OPEN);
		s.onclose = () => end(false);
		s.onerror = () => {};
	});
}

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
