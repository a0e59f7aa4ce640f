/**
 * Waits until a TCP port accepts, for screens whose OVOS socket is down (`/api/ovos/port`): the
 * server can try every 100 ms without cost, where a browser's failed attempts are throttled and
 * logged. One poller per host:port, shared by every waiting screen; it stops when none waits.
 */
import { connect } from 'node:net';

export const POLL_EVERY_MS = 100;
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

async function poll(key: string, host: string, port: number): Promise<void> {
	const p = pollers.get(key);
	if (!p) return;
	p.timer = null;
	const open = await portAccepts(host, port);
	if (open) {
		pollers.delete(key);
		for (const w of p.waiters) w(true);
		return;
	}
	if (p.waiters.size === 0) pollers.delete(key);
	else p.timer = setTimeout(() => void poll(key, host, port), POLL_EVERY_MS);
}

/** True as soon as `host:port` accepts a connection; false after `timeoutMs` or when `signal` aborts. */
export function waitForPort(host: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
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
		if (fresh) void poll(key, host, port);
	});
}
