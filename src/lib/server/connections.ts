/**
 * Bounds on the HTTP server's sockets (issue 14.8: ~20,000 idle sockets exhausted the process's file
 * descriptors). One address may hold PER_ADDRESS sockets at once: past that its new sockets are
 * closed at once, so one client cannot take the server from the others. The server holds TOTAL: when
 * a socket comes past that, the longest-idle socket (no request in progress for IDLE_GRACE_MS — a
 * flood of silent connections is all idle) makes room for it, so many addresses together cannot lock
 * newcomers out either; when none has been idle that long (a burst of real requests), the newcomer
 * is closed — unless a long-poll holds one (`/api/ovos/port`, marked with `holdsLongPoll`): a
 * long-poll is the first busy socket to go, since its client simply asks again (issue 24.5: 17
 * addresses × 128 long-polls held all 2,048 sockets and every newcomer was reset). A socket that sends no complete
 * request head in HEADERS_TIMEOUT_MS, or no complete request in REQUEST_TIMEOUT_MS, is closed (long
 * answers — event streams — are not limited: only the request). A socket whose answer waits to be
 * sent and has not moved for STALL_MS — a client that stopped reading — is closed, and with it what
 * the server held for it (a slow reader otherwise kept its answer, whole, for as long as it stayed
 * connected). Behind a reverse proxy every socket comes from the proxy, whose own limits then apply
 * per client.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
	readonly perAddress: number;
	readonly total: number;
	readonly headersTimeoutMs: number;
	readonly requestTimeoutMs: number;
	/** How long an answer may wait unsent, not moving, before its socket is closed. */
	readonly stallMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = { perAddress: 128, total: 2048, headersTimeoutMs: 20_000, requestTimeoutMs: 60_000, stallMs: 30_000 };

/** A socket only just opened is about to send its request: it is not evicted before this. */
const IDLE_GRACE_MS = 1000;

export interface ConnectionStats {
	/** Sockets open now. */
	open: number;
	/** Sockets closed at once: their address already held `perAddress`. */
	refusedPerAddress: number;
	/** Idle sockets closed to make room for a new one. */
	evictedIdle: number;
	/** Long-poll sockets closed to make room for a new one (none was idle). */
	evictedLongPoll: number;
	/** New sockets closed: the server held `total`, all of them busy. */
	refusedTotal: number;
	/** Sockets closed because their client stopped reading an answer. */
	stalled: number;
}

/** Sockets a long-poll holds now: they make room for a newcomer before it is refused. */
const longPolls = new WeakSet<Socket>();

/** Marks `socket` as held by a long-poll until `release` is called (its answer sent or abandoned). */
export function holdsLongPoll(socket: Socket | undefined): () => void {
	if (!socket) return () => {};
	longPolls.add(socket);
	return () => longPolls.delete(socket);
}

interface Held {
	readonly address: string;
	/** Requests in progress on it. */
	busy: number;
	/** Since when it has had no request in progress. */
	idleSince: number;
	/** Bytes waiting to be sent at the last look, and since when they have not moved (null: none waiting). */
	pending: number;
	stuckSince: number | null;
}

export function guardConnections(server: Server, limits: ConnectionLimits = CONNECTION_LIMITS, log: (line: string) => void = console.warn): ConnectionStats {
	const stats: ConnectionStats = { open: 0, refusedPerAddress: 0, evictedIdle: 0, evictedLongPoll: 0, refusedTotal: 0, stalled: 0 };
	const byAddress = new Map<string, number>();
	/** Open sockets, oldest first; an idle socket moves to the end when its request ends. */
	const sockets = new Map<Socket, Held>();
	const say = (why: string, n: number) => {
		// The first time and then every thousandth: a flood must not flood the log too.
		if (n === 1 || n % 1000 === 0) log(`[http] ${why} (${n} so far)`);
	};
	server.headersTimeout = limits.headersTimeoutMs;
	server.requestTimeout = limits.requestTimeoutMs;

	/** Makes room: the longest idle socket, else the oldest long-poll; false when every socket is busy otherwise. */
	const evict = (): boolean => {
		const before = Date.now() - IDLE_GRACE_MS;
		for (const [socket, held] of sockets) {
			if (held.busy > 0) continue;
			// Oldest idle first: once one is too young, all after it are (a busy one aside).
			if (held.idleSince > before) break;
			socket.destroy();
			forget(socket);
			say(`${limits.total} connections open: the longest idle one closed for a new one`, ++stats.evictedIdle);
			return true;
		}
		for (const socket of sockets.keys()) {
			if (!longPolls.has(socket)) continue;
			socket.destroy();
			forget(socket);
			say(`${limits.total} connections open: the oldest long-poll closed for a new one`, ++stats.evictedLongPoll);
			return true;
		}
		return false;
	};
	const forget = (socket: Socket) => {
		const held = sockets.get(socket);
		if (!held) return;
		sockets.delete(socket);
		stats.open--;
		const n = (byAddress.get(held.address) ?? 1) - 1;
		if (n <= 0) byAddress.delete(held.address);
		else byAddress.set(held.address, n);
	};

	server.on('connection', (socket: Socket) => {
		const address = socket.remoteAddress ?? '';
		if ((byAddress.get(address) ?? 0) >= limits.perAddress) {
			socket.destroy();
			say(`${address} holds ${limits.perAddress} connections: its new ones closed at once`, ++stats.refusedPerAddress);
			return;
		}
		if (stats.open >= limits.total && !evict()) {
			socket.destroy();
			say(`${limits.total} connections open, all busy: new ones closed at once`, ++stats.refusedTotal);
			return;
		}
		const held: Held = { address, busy: 0, idleSince: Date.now(), pending: 0, stuckSince: null };
		sockets.set(socket, held);
		// Everything written has left: whatever waits next is new.
		socket.on('drain', () => (held.stuckSince = null));
		byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
		stats.open++;
		socket.once('close', () => forget(socket));
	});
	// A WebSocket (a screen's socket on the relay) holds its connection while it is open: never idle.
	server.on('upgrade', (req) => {
		const held = sockets.get(req.socket);
		if (held) held.busy++;
	});
	server.on('request', (req, res) => {
		const socket = req.socket;
		const held = sockets.get(socket);
		if (!held) return;
		held.busy++;
		res.once('close', () => {
			held.busy--;
			if (held.busy > 0) return;
			// Idle again: to the back of the queue (the longest idle go first).
			held.idleSince = Date.now();
			if (sockets.delete(socket)) sockets.set(socket, held);
		});
	});
	// A look every quarter of STALL_MS: an answer that waited, unsent and not shrinking, at every look
	// for that long belongs to a client that stopped reading.
	const watch = setInterval(() => {
		const now = Date.now();
		for (const [socket, held] of sockets) {
			const pending = socket.writableLength;
			if (pending === 0 || held.stuckSince === null || pending < held.pending) held.stuckSince = pending === 0 ? null : now;
			else if (now - held.stuckSince >= limits.stallMs) {
				socket.destroy();
				forget(socket);
				say(`a client stopped reading its answer for ${limits.stallMs / 1000} s: its connection closed`, ++stats.stalled);
				continue;
			}
			held.pending = pending;
		}
	}, limits.stallMs / 4);
	watch.unref();
	server.once('close', () => clearInterval(watch));
	return stats;
}
