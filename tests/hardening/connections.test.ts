// ~20,000 idle sockets once exhausted the server's file descriptors. The HTTP server
// holds at most CONNECTION_LIMITS.perAddress sockets per address and .total in all; past that a new
// socket is closed at once, and other clients are still served.
import { createServer, get, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS, guardConnections, holdsLongPoll, type ConnectionLimits, type ConnectionStats } from '../../src/lib/server/connections';
import { SSE_MAX_BEHIND_BYTES, sseStream } from '../../src/lib/server/http/io';
import { until } from '../chat/helpers';

let server: Server;
let stats: ConnectionStats;
let lines: string[];
const sockets: Socket[] = [];

async function start(limits: ConnectionLimits = CONNECTION_LIMITS): Promise<number> {
	lines = [];
	server = createServer((_req, res) => res.end('ok'));
	stats = guardConnections(server, limits, (l) => lines.push(l));
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return (server.address() as { port: number }).port;
}
afterEach(async () => {
	for (const s of sockets.splice(0)) s.destroy();
	server.closeAllConnections();
	await new Promise((r) => server.close(r));
});

/** `n` sockets from `from` that connect and say nothing; resolves with how many the server closed. */
async function idle(port: number, n: number, from: string): Promise<{ closed: () => number }> {
	let closed = 0;
	await Promise.all(
		Array.from({ length: n }, () => new Promise<void>((resolve) => {
			const s = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve());
			s.on('error', () => resolve());
			s.on('close', () => closed++);
			sockets.push(s);
		}))
	);
	return { closed: () => closed };
}

const fetchFrom = (port: number, from: string) =>
	new Promise<number>((resolve, reject) => get({ host: '127.0.0.1', port, path: '/', localAddress: from, agent: false }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject));

describe('sockets (14.8)', () => {
	it('1,000 idle sockets from one address: it keeps 128, the rest are closed at once, another client is served', async () => {
		const port = await start();
		const flood = await idle(port, 1000, '127.0.0.1');
		await until(() => flood.closed() === 1000 - CONNECTION_LIMITS.perAddress, 5000, 'the surplus closed');
		expect(stats.open).toBe(CONNECTION_LIMITS.perAddress);
		expect(stats.refusedPerAddress).toBe(1000 - CONNECTION_LIMITS.perAddress);
		expect(await fetchFrom(port, '127.0.0.2')).toBe(200);
		expect(lines.length).toBeLessThanOrEqual(2); // said once, not 872 times
	});

	it('past `total` from many addresses, the longest-idle socket makes room: newcomers are still served', async () => {
		const port = await start({ ...CONNECTION_LIMITS, perAddress: 10, total: 30 });
		const old: { closed: () => number }[] = [];
		for (let i = 1; i <= 3; i++) old.push(await idle(port, 10, `127.0.2.${i}`));
		await new Promise((r) => setTimeout(r, 1100)); // idle for longer than a request takes to start
		const fresh = [await idle(port, 10, '127.0.2.4'), await idle(port, 10, '127.0.2.5')];
		await until(() => old.reduce((n, f) => n + f.closed(), 0) === 20, 5000, 'the oldest 20 closed');
		expect(stats.open).toBe(30);
		expect(stats.evictedIdle).toBe(20);
		expect(old.map((f) => f.closed())).toEqual([10, 10, 0]); // the oldest went first
		expect(fresh.map((f) => f.closed())).toEqual([0, 0]);
		await new Promise((r) => setTimeout(r, 1100));
		expect(await fetchFrom(port, '127.0.0.3')).toBe(200);
	});

	it('in a burst (nothing idle for long), the newcomer past `total` is the one closed', async () => {
		const port = await start({ ...CONNECTION_LIMITS, perAddress: 10, total: 30 });
		const floods: { closed: () => number }[] = [];
		for (let i = 1; i <= 5; i++) floods.push(await idle(port, 10, `127.0.4.${i}`));
		await until(() => floods.reduce((n, f) => n + f.closed(), 0) === 20, 5000, '20 closed');
		expect(floods.map((f) => f.closed())).toEqual([0, 0, 0, 10, 10]);
		expect(stats.refusedTotal).toBe(20);
	});

	it('a busy socket (an answer still streaming) is never the one evicted', async () => {
		lines = [];
		server = createServer((req, res) => {
			if (req.url === '/stream') res.writeHead(200).write('held');
			else res.end('ok');
		});
		stats = guardConnections(server, { ...CONNECTION_LIMITS, total: 5 }, (l) => lines.push(l));
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		const port = (server.address() as { port: number }).port;
		let streamClosed = false;
		await new Promise<void>((resolve) =>
			get({ host: '127.0.0.1', port, path: '/stream', agent: false }, (res) => {
				res.on('close', () => (streamClosed = true));
				res.once('data', () => resolve());
			})
		);
		await idle(port, 4, '127.0.3.1');
		await new Promise((r) => setTimeout(r, 1100));
		await idle(port, 20, '127.0.3.2');
		await until(() => stats.evictedIdle >= 4 && stats.refusedTotal >= 16, 5000, 'idle ones evicted, then newcomers refused');
		expect(streamClosed).toBe(false);
		await new Promise((r) => setTimeout(r, 1100));
		expect(await fetchFrom(port, '127.0.0.4')).toBe(200);
		expect(streamClosed).toBe(false);
		server.closeAllConnections();
	});

	it('with every socket busy, a long-poll is the first to go for a newcomer', async () => {
		lines = [];
		server = createServer((req, res) => {
			if (req.url === '/poll') {
				holdsLongPoll(req.socket);
				res.writeHead(200).write(' ');
			} else if (req.url === '/stream') res.writeHead(200).write('held');
			else res.end('ok');
		});
		stats = guardConnections(server, { ...CONNECTION_LIMITS, total: 6 }, (l) => lines.push(l));
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		const port = (server.address() as { port: number }).port;
		const held = (path: string, from: string) =>
			new Promise<{ closed: () => boolean }>((resolve) => {
				let closed = false;
				get({ host: '127.0.0.1', port, path, agent: false, localAddress: from }, (res) => {
					res.on('close', () => (closed = true));
					res.once('data', () => resolve({ closed: () => closed }));
				}).on('error', () => (closed = true));
			});
		const stream = await held('/stream', '127.0.4.1');
		const poll: { closed: () => boolean }[] = [];
		for (let i = 0; i < 5; i++) poll.push(await held('/poll', `127.0.4.${i + 2}`));
		// Full, all busy: before, the newcomer was reset; now the oldest long-poll makes room.
		expect(await fetchFrom(port, '127.0.4.20')).toBe(200);
		expect(stats.evictedLongPoll).toBe(1);
		await until(() => poll[0]!.closed(), 2000, 'the oldest long-poll closed');
		expect(poll.slice(1).map((p) => p.closed())).toEqual([false, false, false, false]);
		expect(stream.closed()).toBe(false);
		server.closeAllConnections();
	});

	it('limits how long a request head and a request may take to arrive', async () => {
		await start();
		expect(server.headersTimeout).toBe(CONNECTION_LIMITS.headersTimeoutMs);
		expect(server.requestTimeout).toBe(CONNECTION_LIMITS.requestTimeoutMs);
	});
});

describe('slow reads: a client that stops reading its answer', () => {
	/** Answers 32 MB in 64 KiB pieces, each written once the last has gone (as SvelteKit's setResponse writes a body). */
	async function startBig(stallMs: number): Promise<number> {
		lines = [];
		server = createServer((_req, res) => {
			let left = 512;
			const piece = Buffer.alloc(64 * 1024, 0x61);
			const more = () => {
				while (left > 0) {
					left--;
					if (!res.write(piece)) return void res.once('drain', more);
				}
				res.end();
			};
			more();
		});
		stats = guardConnections(server, { ...CONNECTION_LIMITS, stallMs }, (l) => lines.push(l));
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		return (server.address() as { port: number }).port;
	}

	/** Asks for the answer; the caller reads it, or not. */
	function ask(port: number): Socket {
		const s = connect({ port, host: '127.0.0.1' }, () => s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
		s.on('error', () => {});
		sockets.push(s);
		return s;
	}

	it('never reading: its connection is closed after stallMs, and what was held for it goes', async () => {
		const port = await startBig(400);
		ask(port).pause();
		await until(() => stats.stalled === 1, 5000, 'the stalled connection closed');
		expect(stats.open).toBe(0);
		expect(lines.join('\n')).toMatch(/stopped reading/);
	});

	it('reading slowly but steadily: it keeps its connection', async () => {
		// A stall many times the reader's pause: on a loaded machine its timers run late.
		const port = await startBig(2000);
		const s = ask(port);
		let got = 0;
		s.on('data', (d: Buffer) => {
			got += d.length;
			s.pause();
			setTimeout(() => s.resume(), 20);
		});
		await new Promise((r) => setTimeout(r, 4500));
		expect(s.destroyed).toBe(false);
		expect(stats.stalled).toBe(0);
		expect(got).toBeGreaterThan(0);
	});
});

describe('slow reads: an event stream nobody reads', () => {
	it('is ended once the client is SSE_MAX_BEHIND_BYTES behind, and its holder let go', async () => {
		let cancelled = 0;
		const sse = sseStream(() => cancelled++);
		const frame = `data: ${'x'.repeat(16 * 1024)}\n\n`;
		for (let i = 0; i < SSE_MAX_BEHIND_BYTES / frame.length - 1; i++) sse.push(frame);
		expect(cancelled).toBe(0);
		for (let i = 0; i < 10; i++) sse.push(frame);
		expect(cancelled).toBe(1);
		await expect(sse.stream.getReader().read()).rejects.toThrow(/stopped reading/);
	});
});
