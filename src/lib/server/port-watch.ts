/**
 * Waits until a TCP port accepts, for screens whose OVOS socket is down (`/api/ovos/port`): the
 * server can try every POLL_EVERY_MS for little, where a browser's failed attempts are throttled and
 * logged. One poller per host:port, shared by every waiting screen; it stops when none waits.
 */
import { connect } from 'node:net';
import { clientOf } from './guards/client';
import { FairSlots, type SlotOptions } from './guards/slots';
import type { Identity } from './guards/identity';

/**
 * How often a port that screens wait for is tried. How soon a screen is back after OVOS listens
 * again is this wait (half of it on average) plus a socket's open and the replay (10-30 ms), so
 * 100 ms was most of it (bench:reconnect). A refused connect costs ~0.15 ms of CPU in a row and
 * up to ~1 ms from an idle process on a loaded machine: 40 a second while a screen waits is
 * ~1-4 % of a core here, only while OVOS is down; a host that drops packets is tried once a
 * second at most (each try waits for its answer).
 */
export const POLL_EVERY_MS = 25;
const CONNECT_TIMEOUT_MS = 1000;

interface Poller {
	readonly waiters: Set<(open: boolean) => void>;
	timer: ReturnType<typeof setTimeout> | null;
}

const pollers = new Map<string, Poller>();

/** One connection attempt: whether `host:port` accepts now (given up after a second). */
export function portAccepts(host: string, port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const s = connect({ host, port });
		const end = (ok: boolean) => {
			s.removeAllListeners();
			s.on('error', () => {});
			s.destroy();
			resolve(ok);
		};
		s.setTimeout(CONNECT_TIMEOUT_MS, () => end(false));
		s.once('connect', () => end(true));
		s.once('error', () => end(false));
	});
}

/** Whether a port accepts now (tests give their own). */
export type PortCheck = (host: string, port: number) => Promise<boolean>;

async function poll(key: string, host: string, port: number, accepts: PortCheck): Promise<void> {
	const p = pollers.get(key);
	if (!p) return;
	p.timer = null;
	const open = await accepts(host, port);
	if (open) {
		pollers.delete(key);
		for (const w of p.waiters) w(true);
		return;
	}
	if (p.waiters.size === 0) pollers.delete(key);
	else p.timer = setTimeout(() => void poll(key, host, port, accepts), POLL_EVERY_MS);
}

/** True as soon as `host:port` accepts a connection; false after `timeoutMs` or when `signal` aborts. */
export function waitForPort(host: string, port: number, timeoutMs: number, signal?: AbortSignal, accepts: PortCheck = portAccepts): Promise<boolean> {
	const key = `${host}:${port}`;
	return new Promise((resolve) => {
		let p = pollers.get(key);
		const fresh = !p;
		if (!p) {
			p = { waiters: new Set(), timer: null };
			pollers.set(key, p);
		}
		const poller = p;
		const finish = (open: boolean) => {
			clearTimeout(timer);
			signal?.removeEventListener('abort', onAbort);
			poller.waiters.delete(finish);
			resolve(open);
		};
		const onAbort = () => finish(false);
		const timer = setTimeout(() => finish(false), timeoutMs);
		signal?.addEventListener('abort', onAbort);
		poller.waiters.add(finish);
		if (fresh) void poll(key, host, port, accepts);
	});
}

/**
 * Long-polls held at once (17 addresses × 128 held every socket of the server for 20 s
 * each, renewably, on the very path screens recover by). A screen holds one or two (GUI, bus);
 * an address may hold 8, a network 32; a newcomer from a lighter network ends the oldest wait of the
 * heaviest (it answers "not yet", and that client asks again); loopback keeps a share, and so does the network.
 */
export const PORT_WAIT_SLOTS: SlotOptions = { total: 512, perAddress: 8, perNetwork: 32, reserved: 64, networkShare: 64 };
export const PORT_WAIT_MS = 20_000;
const portWaits = new FairSlots(PORT_WAIT_SLOTS, 'port waits');

export interface PortWaitDeps {
	readonly host: string;
	readonly ports: readonly number[];
	readonly slots?: FairSlots;
	readonly waitMs?: number;
	/** Marks the request's socket as a long-poll's for as long as it waits (connections.ts). */
	readonly holdSocket?: () => () => void;
}

/** `GET /api/ovos/port?port=N[&wait=MS]` from `who` (its identity; a bare address in tests): `wait` up to the server's own (20 s), 0 for one try. */
export async function answerPortWait(url: URL, signal: AbortSignal, who: Identity | string, d: PortWaitDeps): Promise<Response> {
	const port = Number(url.searchParams.get('port'));
	if (!d.ports.includes(port)) {
		return json({ error: `port ${url.searchParams.get('port')} is not an OVOS port of this server` }, 404);
	}
	const most = d.waitMs ?? PORT_WAIT_MS;
	const asked = url.searchParams.get('wait');
	const waitMs = asked !== null && /^\d{1,6}$/.test(asked) ? Math.min(Number(asked), most) : most;
	if (waitMs === 0) return json({ open: await portAccepts(d.host, port) });
	const stop = new AbortController();
	const taken = (d.slots ?? portWaits).take(clientOf(who), () => stop.abort());
	if (!taken.ok) return json({ error: taken.message }, taken.status, { 'retry-after': '5' });
	const unmark = d.holdSocket?.() ?? (() => {});
	try {
		const open = await waitForPort(d.host, port, waitMs, AbortSignal.any([signal, stop.signal]));
		return json({ open });
	} finally {
		unmark();
		taken.slot.release();
	}
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } });
}
