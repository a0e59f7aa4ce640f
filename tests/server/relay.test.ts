/**
 * The screens' relay (src/lib/server/relay/): a real HTTP server with the relay attached, real
 * browser-side sockets (the `ws` client, with the Origin a page would send) and a real upstream
 * WebSocket server standing in for ovos-gui on loopback.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { DEFAULT_ADDRESS } from '../../src/lib/protocol/address';
import { attachRelay, RELAY_PING, RELAY_PONG, type Relay, type RelayAdmission, type RelayLimits, type RelayScope } from '../../src/lib/server/relay';
import { Access } from '../../src/lib/server/guards';
import { CredentialStore } from '../../src/lib/server/guards/credentials';
import { admitLetIn } from '../../src/lib/server/relay/admit';

interface Upstream {
	readonly port: number;
	readonly wss: WebSocketServer;
	/** Every connection it accepted, and every message each received. */
	readonly clients: WebSocket[];
	readonly received: string[];
	/** Close codes it saw from the relay. */
	readonly closes: { code: number; reason: string }[];
}

async function upstream(opts: { autoPong?: boolean } = {}): Promise<Upstream> {
	const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/gui', autoPong: opts.autoPong ?? true });
	await new Promise((r) => wss.once('listening', r));
	const u: Upstream = { port: (wss.address() as AddressInfo).port, wss, clients: [], received: [], closes: [] };
	wss.on('connection', (ws) => {
		u.clients.push(ws);
		// What ovos-gui does on every new connection: replay its state.
		ws.send(JSON.stringify({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: 'skill-a' }] }));
		ws.on('message', (d, binary) => u.received.push(binary ? `binary:${(d as Buffer).toString('hex')}` : String(d)));
		ws.on('close', (code, reason) => u.closes.push({ code, reason: String(reason) }));
	});
	return u;
}

let server: Server;
let relay: Relay;
let origin: string;
let up: Upstream;
const open: WebSocket[] = [];
const logs: string[] = [];

async function app(o: { admit?: (req: IncomingMessage) => RelayAdmission; scope?: Partial<RelayScope>; limits?: Partial<RelayLimits> } = {}): Promise<void> {
	server = createServer((_req, res) => res.end('app'));
	relay = attachRelay(server, {
		admit: o.admit ?? admitLetIn(new Access({ store: new CredentialStore(null), apiToken: null, trusted: [], addressHeader: null, xffDepth: 1 })),
		scope: () => ({ ovos: { ...DEFAULT_ADDRESS, host: null, guiPort: up.port }, allowedHosts: [], allowedPorts: [], ...o.scope }),
		trustProxy: () => false,
		limits: o.limits,
		log: (l) => logs.push(l)
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A socket as a page of `from` opens it; resolves once open, or with the HTTP status it was refused with. */
function connect(path: string, from: string | null = origin, headers: Record<string, string> = {}): Promise<{ ws: WebSocket; status: number | null; frames: string[]; closed: Promise<{ code: number; reason: string }> }> {
	const ws = new WebSocket(`${origin.replace('http', 'ws')}${path}`, { headers: { ...(from ? { origin: from } : {}), ...headers } });
	open.push(ws);
	const frames: string[] = [];
	ws.on('message', (d, binary) => frames.push(binary ? `binary:${(d as Buffer).toString('hex')}` : String(d)));
	const closed = new Promise<{ code: number; reason: string }>((r) => ws.once('close', (code, reason) => r({ code, reason: String(reason) })));
	return new Promise((resolve) => {
		ws.once('open', () => resolve({ ws, status: null, frames, closed }));
		ws.once('unexpected-response', (_req, res) => {
			resolve({ ws, status: res.statusCode ?? 0, frames, closed });
			res.resume();
		});
		ws.once('error', () => resolve({ ws, status: -1, frames, closed }));
	});
}

const until = async (f: () => boolean, ms = 5000) => {
	const end = Date.now() + ms;
	while (!f()) {
		if (Date.now() > end) throw new Error('timed out');
		await new Promise((r) => setTimeout(r, 10));
	}
};

beforeEach(async () => {
	up = await upstream();
	logs.length = 0;
});

afterEach(async () => {
	for (const ws of open.splice(0)) ws.terminate();
	relay?.close();
	await new Promise((r) => server?.close(r));
	for (const c of up.clients) c.terminate();
	await new Promise((r) => up.wss.close(r));
});

describe('the relay pipes a screen’s socket to ovos-gui', () => {
	it('one upstream connection per browser socket, frames unchanged both ways (text as text), closes mirrored', async () => {
		await app();
		const a = await connect('/ovos/gui');
		const b = await connect('/ovos/gui');
		expect([a.status, b.status]).toEqual([null, null]);
		// Each is a client of its own: each got its own replay.
		expect(up.clients).toHaveLength(2);
		await until(() => a.frames.length === 1 && b.frames.length === 1);
		expect(a.frames[0]).toContain('mycroft.session.list.insert');

		const event = '{"type":"mycroft.events.triggered","namespace":"skill-a","event_name":"tap","parameters":{"ü":1}}';
		a.ws.send(event);
		a.ws.send(Buffer.from([1, 2, 3]), { binary: true });
		await until(() => up.received.length === 2);
		expect(up.received).toEqual([event, 'binary:010203']);
		const [ua, ub] = up.clients as [WebSocket, WebSocket];
		ua.send('{"type":"mycroft.session.set","namespace":"skill-a","data":{"x":"é"}}');
		await until(() => a.frames.length === 2);
		expect(a.frames[1]).toBe('{"type":"mycroft.session.set","namespace":"skill-a","data":{"x":"é"}}');
		expect(b.frames).toHaveLength(1);

		// ovos-gui closes with a code of its own: the browser sees that code; the browser's close reaches it too.
		ub.close(4000, 'bye');
		expect(await b.closed).toEqual({ code: 4000, reason: 'bye' });
		a.ws.close(4001, 'leaving');
		await until(() => up.closes.some((c) => c.code === 4001));
		expect(up.closes.find((c) => c.code === 4001)?.reason).toBe('leaving');
	});

	it('an upstream that is down: the upgrade is refused 502, no socket opens', async () => {
		await app({ scope: { ovos: { ...DEFAULT_ADDRESS, guiPort: 1 } } });
		expect((await connect('/ovos/gui?port=1')).status).toBe(502);
		expect(logs.join('\n')).toMatch(/502: ovos-gui at 127\.0\.0\.1:1 does not answer \(ECONNREFUSED\)/);
	});
});

describe('never an open proxy', () => {
	it('reaches the configured OVOS, names of this machine, and allowed hosts and ports only', async () => {
		await app();
		expect((await connect(`/ovos/gui?host=localhost&port=${up.port}`)).status).toBeNull();
		expect((await connect(`/ovos/gui?host=10.9.9.9&port=${up.port}`)).status).toBe(403);
		expect((await connect('/ovos/gui?port=22')).status).toBe(403);
		expect((await connect('/ovos/gui?host=evil/x')).status).toBe(400);
		expect((await connect('/ovos/elsewhere')).status).toBe(404);
		expect(logs.join('\n')).toContain('10.9.9.9 is not an OVOS this app reaches (OVOS_SCREEN_ALLOWED_HOSTS)');
		// What the allow-lists name is reached: another port of this machine.
		const other = await upstream();
		relay.close();
		await new Promise((r) => server.close(r));
		await app({ scope: { allowedPorts: [other.port] } });
		expect((await connect(`/ovos/gui?port=${other.port}`)).status).toBeNull();
		await until(() => other.clients.length === 1);
		for (const c of other.clients) c.terminate();
		await new Promise((r) => other.wss.close(r));
	});

	it('a page of another site cannot open it; the app’s own pages and tools without an Origin can', async () => {
		await app();
		expect((await connect('/ovos/gui', 'http://evil.example')).status).toBe(403);
		expect((await connect('/ovos/gui', 'null')).status).toBe(403);
		expect((await connect('/ovos/gui', origin.replace('127.0.0.1', 'localhost'))).status).toBe(403);
		expect(up.clients).toHaveLength(0);
		expect((await connect('/ovos/gui', origin)).status).toBeNull();
		expect((await connect('/ovos/gui', null)).status).toBeNull();
	});

	it('who is let in is admit’s to say: refused with its status, before anything reaches ovos-gui', async () => {
		await app({ admit: () => ({ ok: false, status: 401, message: 'pair this browser first' }) });
		expect((await connect('/ovos/gui')).status).toBe(401);
		expect(up.clients).toHaveLength(0);
	});

	it('by default whoever is let in: the machine itself, never a request a proxy forwarded for a browser not paired', async () => {
		await app();
		expect((await connect('/ovos/gui', origin, { 'x-forwarded-for': '192.168.1.50' })).status).toBe(401);
		expect((await connect('/ovos/gui', origin, { forwarded: 'for=192.168.1.50' })).status).toBe(401);
		expect((await connect('/ovos/gui')).status).toBeNull();
	});
});

describe('the bus window’s limits', () => {
	it('a frame larger than the cap closes the socket (1009) and never reaches ovos-gui', async () => {
		await app();
		const a = await connect('/ovos/gui');
		a.ws.send('x'.repeat(64 * 1024 + 1));
		expect((await a.closed).code).toBe(1009);
		await new Promise((r) => setTimeout(r, 100));
		expect(up.received).toEqual([]);
	});

	it('a flood of messages closes the socket (1008) after its burst; ovos-gui gets the burst at most', async () => {
		await app({ limits: { burst: 10, perSecond: 5 } });
		const a = await connect('/ovos/gui');
		for (let i = 0; i < 200; i++) a.ws.send(`{"type":"mycroft.events.triggered","n":${i}}`);
		const closed = await a.closed;
		expect(closed.code).toBe(1008);
		expect(closed.reason).toMatch(/more than 5 messages a second/);
		await until(() => up.closes.length === 1);
		expect(up.received.length).toBeLessThanOrEqual(11);
	});

	it('sockets per address: past the limit the upgrade is refused, and a socket that ends frees its place', async () => {
		await app({ limits: { perAddress: 2 } });
		const a = await connect('/ovos/gui');
		await connect('/ovos/gui');
		expect((await connect('/ovos/gui')).status).toBe(429);
		a.ws.close();
		await a.closed;
		await until(() => up.closes.length === 1);
		expect((await connect('/ovos/gui')).status).toBeNull();
	});

	it('a browser that does not read pauses ovos-gui’s side instead of growing the server’s memory, and is closed when it stays so', async () => {
		await app({ limits: { highWaterBytes: 256 * 1024, lowWaterBytes: 64 * 1024, stallMs: 1500 } });
		const a = await connect('/ovos/gui');
		a.ws.pause();
		const u = up.clients[0] as WebSocket;
		const mb = 'y'.repeat(1024 * 1024);
		const t = Date.now();
		for (let i = 0; i < 64; i++) u.send(mb);
		const closed = new Promise<void>((r) => u.once('close', () => r()));
		// A second on, before the stall ends it: the relay stopped reading, so most of the 64 MB still
		// wait on ovos-gui's side, not in the relay's memory (unpaused, it would read them all in that time).
		await new Promise((r) => setTimeout(r, 1000));
		expect(u.bufferedAmount).toBeGreaterThan(32 * 1024 * 1024);
		await closed;
		// Closed because it had not read for stallMs (both sides cut within a second of that), not before;
		// the upper bound leaves room for a loaded machine.
		expect(Date.now() - t).toBeGreaterThanOrEqual(1500);
		expect(Date.now() - t).toBeLessThan(8000);
		a.ws.resume();
		await a.closed;
		expect(logs.join('\n')).not.toMatch(/Error/);
	});
});

describe('quiet checks cost ovos-gui nothing', () => {
	it('the control ping is answered once ovos-gui’s own pong comes, and never reaches it as a message', async () => {
		await app();
		const a = await connect('/ovos/gui');
		let pings = 0;
		(up.clients[0] as WebSocket).on('ping', () => pings++);
		await until(() => a.frames.length === 1);
		a.ws.send(RELAY_PING);
		a.ws.send(RELAY_PING);
		await until(() => a.frames.length === 3);
		expect(a.frames.slice(1)).toEqual([RELAY_PONG, RELAY_PONG]);
		expect(pings).toBe(2);
		expect(up.received).toEqual([]);
		// Only that exact frame: anything else is ovos-gui's to read.
		a.ws.send('{"type": "ovos-screen.ping"}');
		await until(() => up.received.length === 1);
	});

	it('an upstream that does not answer closes the browser’s socket (1011) within 4 s', async () => {
		up = await upstream({ autoPong: false });
		await app();
		const a = await connect('/ovos/gui');
		const t = Date.now();
		a.ws.send(RELAY_PING);
		const closed = await a.closed;
		expect(closed).toEqual({ code: 1011, reason: 'ovos-gui did not answer a ping within 4 s' });
		expect(Date.now() - t).toBeGreaterThanOrEqual(3900);
		expect(Date.now() - t).toBeLessThan(6000);
		await until(() => up.closes.length === 1);
	});

	it('the server pings browsers and drops one that does not answer, with its upstream connection', async () => {
		await app({ limits: { heartbeatMs: 200 } });
		const ws = new WebSocket(`${origin.replace('http', 'ws')}/ovos/gui`, { headers: { origin }, autoPong: false });
		open.push(ws);
		await new Promise((r) => ws.once('open', r));
		const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
		expect(await closed).toBe(1006);
		await until(() => up.closes.length === 1);
		const live = await connect('/ovos/gui');
		await new Promise((r) => setTimeout(r, 700));
		expect(live.ws.readyState).toBe(WebSocket.OPEN);
	});
});

describe('dropPrincipal', () => {
	it('closes that principal’s sockets within a second, and only theirs', async () => {
		await app({ admit: (req) => ({ ok: true, principal: String(req.headers['x-who']) }) });
		const anna = await connect('/ovos/gui', origin, { 'x-who': 'anna' });
		const anna2 = await connect('/ovos/core', origin, { 'x-who': 'anna' });
		const ben = await connect('/ovos/gui', origin, { 'x-who': 'ben' });
		expect(anna2.status).toBe(502); // no bus here: refused, holds nothing
		const t = Date.now();
		relay.dropPrincipal('anna');
		const closed = await anna.closed;
		expect(Date.now() - t).toBeLessThan(1000);
		expect(closed.code).toBe(1008);
		await until(() => up.closes.length === 1);
		expect(ben.ws.readyState).toBe(WebSocket.OPEN);
	});
});
