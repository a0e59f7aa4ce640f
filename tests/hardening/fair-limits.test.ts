// The caps on held chat turns and event streams locked new screens out (45
// addresses × 10 `GET /api/bus` → 256 held, then every newcomer 429; 240 chat turns held from 30
// addresses → the next client 503), and requests without the token spent the token holder's chat
// rate (40 posts without it → 30 × 401, 10 × 429, then the holder's own 429). Now clients are
// counted by network as well as by address, slots are kept for the device and token holders, a
// lighter newcomer takes the oldest slot of the heaviest network, and who is let in and the origin
// come before admission. The network's clients here are paired browsers, as screens on a LAN are.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatAgent, ChatLimits, ChatTokens, ConversationMap, DEFAULT_CHAT_LIMITS, ManualClock, type ChatApiDeps } from '../../src/lib/server/agent';
import { BusClient } from '../../src/lib/server/bus';
import { STREAM_SLOTS, streamFromBus } from '../../src/lib/server/bus-window';
import { clientKey, clientOf, FairSlots, PAIR_COOKIE, shareKey } from '../../src/lib/server/guards';
import { ScriptedCore, connectedBus, startBareBus, until, type BareBus } from '../chat/helpers';
import { get, rig, URL_BUS, type Rig } from '../bus-window/helpers';
import { post, serve, type Reply, type Served } from './serve';

describe('clients by network', () => {
	it('groups IPv4 by /24 and IPv6 by /64; the device and token holders are privileged', () => {
		expect(clientOf('203.0.113.7')).toEqual({ address: '203.0.113.7', network: '203.0.113.0/24', principal: 'stranger:203.0.113.7', privileged: false });
		expect(clientOf('::ffff:203.0.113.9').network).toBe('203.0.113.0/24');
		expect(clientOf('2001:db8:1:2:aaaa::1').network).toBe('2001:db8:1:2::/64');
		expect(clientOf('2001:db8:1:2::ffff').network).toBe(clientOf('2001:db8:1:2:ffff:1:2:3').network);
		expect(clientOf('2001:db8:1:3::1').network).not.toBe(clientOf('2001:db8:1:2::1').network);
		expect(clientOf('127.0.0.1').privileged).toBe(true);
		expect(clientOf('::1').privileged).toBe(true);
		expect(clientOf('::ffff:127.0.0.1').privileged).toBe(true);
		expect(clientOf({ kind: 'token', principal: 'token:t1', address: '203.0.113.7' }).privileged).toBe(true);
		expect(clientOf({ kind: 'paired', principal: 'browser:b1', address: '203.0.113.7' }).privileged).toBe(false);
		// A forwarded loopback address is not the device (guards/address.ts): only what its identity says counts.
		expect(clientOf({ kind: 'paired', principal: 'browser:b1', address: '127.0.0.1' }).privileged).toBe(false);
	});

	it('counts a paired browser or a token as one client wherever it connects from, anyone else by address', () => {
		const slots = new FairSlots({ total: 100, perAddress: 2, perNetwork: 100, reserved: 0 }, 'streams');
		const browser = (address: string) => clientOf({ kind: 'paired', principal: 'browser:b1', address });
		expect(slots.take(browser('192.0.2.1')).ok).toBe(true);
		expect(slots.take(browser('198.51.100.1')).ok).toBe(true);
		expect(slots.take(browser('203.0.113.1'))).toMatchObject({ ok: false, status: 429 });
		// Two browsers behind one address (a household's NAT) are two clients.
		expect(slots.take(clientOf({ kind: 'paired', principal: 'browser:b2', address: '192.0.2.1' })).ok).toBe(true);
		expect(clientKey(clientOf('192.0.2.9'))).toBe('192.0.2.9');
	});
});

describe('whose share of core’s pool a turn counts against', () => {
	it('a network’s, whatever its address; a known principal’s own, whatever its network', () => {
		expect(shareKey(clientOf('203.0.113.7'))).toBe(shareKey(clientOf('203.0.113.200')));
		expect(shareKey(clientOf('203.0.113.7'))).not.toBe(shareKey(clientOf('198.51.100.7')));
		const paired = (address: string, id: string) => clientOf({ kind: 'paired', principal: `browser:${id}`, address });
		expect(shareKey(paired('203.0.113.7', 'a'))).not.toBe(shareKey(paired('203.0.113.7', 'b')));
		expect(shareKey(paired('203.0.113.7', 'a'))).toBe(shareKey(paired('198.51.100.7', 'a')));
		expect(shareKey(clientOf({ kind: 'token', principal: 'token:t1', address: '203.0.113.7' }))).not.toBe(shareKey(clientOf('203.0.113.7')));
	});
});

describe('held chat turns (24.6) and the token before admission (24.7)', () => {
	let bus: BareBus;
	let busClient: BusClient;
	let core: ScriptedCore;
	let agent: ChatAgent;
	let limits: ChatLimits;
	let served: Served;
	let hold = true;
	const deps = (): ChatApiDeps => ({ agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap(), limits });
	/** A screen on the network: its address (as a proxy names it) and the cookie of the browser paired there. */
	const screens = new Map<string, string>();
	const screen = (address: string): Record<string, string> => {
		let cookie = screens.get(address);
		if (!cookie) screens.set(address, (cookie = `${PAIR_COOKIE}=${served.access.pair({ name: 'screen', address, via: 'code' })!.credential}`));
		return { 'x-client': address, cookie };
	};

	beforeAll(async () => {
		bus = await startBareBus();
		busClient = await connectedBus(bus.busUrl);
		core = await ScriptedCore.connect(bus.busUrl);
		core.onUtterance((utt, c) => {
			c.speak(utt, hold ? 'Let me think…' : 'Hello.');
			if (!hold) c.handled(utt);
		});
		// A manual clock: held turns end only when their clients go (or are evicted).
		agent = new ChatAgent({ bus: busClient, clock: new ManualClock() });
	});
	afterAll(async () => {
		core.close();
		await busClient.close();
		await bus.stop();
	});

	/** A streaming turn from the screen at `address` (as behind a proxy with ADDRESS_HEADER), held until `hangUp`. */
	const held = (address: string, hangUp: Promise<void>, i: number) =>
		post(served.port, '/api/chat', { text: `think ${i}` }, { headers: { accept: 'text/event-stream', ...screen(address) }, headOnly: true, hangUp });
	const device = (hangUp: Promise<void>, i: number) => post(served.port, '/api/chat', { text: `think ${i}` }, { headers: { accept: 'text/event-stream' }, headOnly: true, hangUp });

	it('240 turns held from 30 networks leave room for the next client, and for the device itself', async () => {
		hold = true;
		// Sized as the server sizes them: the agent's places in core's pool and its queue.
		limits = ChatLimits.forCore(agent.admission);
		const { total, reserved } = { total: agent.admission.share + agent.admission.queueLength, reserved: Math.ceil((agent.admission.share + agent.admission.queueLength) / 8) };
		screens.clear();
		served = await serve(deps(), undefined, { addressHeader: 'x-client' });
		let go!: () => void;
		const hangUp = new Promise<void>((r) => (go = r));
		try {
			const flood = await Promise.all(Array.from({ length: 240 }, (_, i) => held(`198.51.${Math.floor(i / 8)}.7`, hangUp, i)));
			expect(flood.every((r) => r !== null && [200, 429, 503].includes(r.status))).toBe(true);
			await until(() => limits.running >= total - reserved, 10_000, 'the flood holding every open slot');
			// A new screen's chat from another network: a turn (was 503)…
			const newcomer = await held('203.0.113.50', hangUp, 1000);
			expect(newcomer?.status).toBe(200);
			// …which took the oldest turn of a network holding 8 (it waits in core's queue meanwhile), not a slot of the reserve.
			expect(limits.evicted).toBeGreaterThanOrEqual(1);
			// The device's own browser (loopback, no proxy between) is served from the reserve.
			const local = await device(hangUp, 1001);
			expect(local?.status).toBe(200);
			expect(limits.running).toBeLessThanOrEqual(total);
		} finally {
			go();
			await until(() => limits.running === 0 && agent.activeTurns === 0, 15_000, 'every held turn freed');
			await served.close();
		}
	}, 60_000);

	for (const sized of ['as the server sizes them (core’s places and line)', 'by default'] as const)
	it(`one network holds at most a quarter of the server’s turns, however many addresses it uses (${sized})`, async () => {
		hold = true;
		limits = sized === 'by default' ? new ChatLimits() : ChatLimits.forCore(agent.admission);
		const quarter = Math.ceil(limits.total / 4);
		expect(limits.perNetwork).toBe(quarter);
		screens.clear();
		served = await serve(deps(), undefined, { addressHeader: 'x-client' });
		let go!: () => void;
		const hangUp = new Promise<void>((r) => (go = r));
		try {
			const flood = await Promise.all(Array.from({ length: quarter + 30 }, (_, i) => held(`192.0.2.${i + 1}`, hangUp, i)));
			expect(flood.filter((r) => r?.status === 200)).toHaveLength(quarter);
			for (const r of flood.filter((r) => r?.status !== 200)) {
				expect(r?.status).toBe(429);
				expect(Number(r?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			}
			expect((await held('192.0.3.1', hangUp, 99))?.status).toBe(200);
		} finally {
			go();
			await until(() => limits.running === 0 && agent.activeTurns === 0, 15_000, 'every held turn freed');
			await served.close();
		}
	}, 30_000);

	it('loopback addresses holding every turn leave the network’s clients their share, and the device its own', () => {
		// The device's own processes are privileged, each loopback address a network of its own: no
		// network's weight held them back, and they took every turn from the screens of the network.
		const limits = ChatLimits.forCore({ share: 64, queueLength: 136 });
		for (let a = 0; a < 40; a++) for (let i = 0; i < DEFAULT_CHAT_LIMITS.perClient; i++) limits.admit(`127.0.${a}.9`);
		expect(limits.networkShare).toBeGreaterThan(0);
		const lan = Array.from({ length: limits.networkShare }, (_, i) => limits.admit(`198.51.${i}.20`));
		expect(lan.map((a) => (a.ok ? 200 : a.status))).toEqual(lan.map(() => 200));
		expect(limits.admit('127.0.0.1').ok).toBe(true);
	});

	it('a turn that gives its place away while its body is still coming is a 503 to retry, not a 500', async () => {
		hold = true;
		limits = new ChatLimits({ total: 2, reserved: 0 });
		screens.clear();
		served = await serve(deps(), undefined, { addressHeader: 'x-client' });
		let go!: () => void;
		const hangUp = new Promise<void>((r) => (go = r));
		try {
			// A's headers now (it is admitted), its body in 300 ms.
			const body = JSON.stringify({ text: 'think slowly' });
			const slow = new Promise<[number | undefined, string]>((resolve) => {
				const req = httpRequest(
					{ host: '127.0.0.1', port: served.port, path: '/api/chat', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'text/event-stream', ...screen('10.0.0.1') } },
					(res) => {
						let b = '';
						res.on('data', (d) => (b += d));
						res.on('end', () => resolve([res.statusCode, b]));
					}
				);
				req.flushHeaders();
				setTimeout(() => req.end(body), 300);
			});
			await until(() => limits.running === 1, 3000, 'A admitted');
			expect((await held('10.0.0.1', hangUp, 1))?.status).toBe(200);
			// B, from a network holding nothing, takes A's place (the oldest of the heaviest network).
			expect((await held('10.0.1.1', hangUp, 2))?.status).toBe(200);
			const [status, text] = await slow;
			expect(status).toBe(503);
			expect(JSON.parse(text)).toMatchObject({ error: { code: 'busy-server' } });
		} finally {
			go();
			await until(() => limits.running === 0 && agent.activeTurns === 0, 15_000, 'every held turn freed');
			await served.close();
		}
	}, 30_000);

	it('requests of a client not let in are 401 and spend nothing of a token holder’s rate at the same address', async () => {
		hold = false;
		limits = new ChatLimits();
		served = await serve(deps(), undefined, { addressHeader: 'x-client', apiToken: 's3cret-token' });
		try {
			const from = { 'x-client': '198.51.100.20' };
			const without: (Reply | null)[] = [];
			for (let i = 0; i < 40; i++) without.push(await post(served.port, i % 2 ? '/api/chat' : '/v1/chat/completions', i % 2 ? { text: 'hi' } : { messages: [{ role: 'user', content: 'hi' }] }, { headers: from }));
			expect(without.map((r) => r?.status)).toEqual(Array(40).fill(401));
			// The holder, from the same address (a shared NAT, the same proxy), has its whole burst.
			for (let i = 0; i < DEFAULT_CHAT_LIMITS.burst; i++) {
				const r = await post(served.port, '/api/chat', { text: 'hi' }, { headers: { ...from, authorization: 'Bearer s3cret-token' } });
				expect(r?.status, `turn ${i}`).toBe(200);
			}
			// A cross-origin request is refused before the limits too.
			const cross = await post(served.port, '/api/chat', { text: 'hi' }, { headers: { ...from, origin: 'http://evil.test', authorization: 'Bearer s3cret-token' } });
			expect(cross?.status).toBe(403);
			expect(limits.stats.admitted).toBe(DEFAULT_CHAT_LIMITS.burst);
		} finally {
			await served.close();
		}
	}, 30_000);
});

describe('event streams (24.6)', () => {
	let r: Rig;
	beforeAll(async () => {
		r = await rig();
	});
	afterAll(() => r.stop());

	it('45 addresses × 10 streams from many networks leave room for a new screen and the device', async () => {
		const open: { cancel(): Promise<void> }[] = [];
		const statuses: number[] = [];
		for (let a = 0; a < 45; a++)
			for (let i = 0; i < 10; i++) {
				const res = streamFromBus(get(), URL_BUS, `198.51.${a}.9`, r.deps);
				statuses.push(res.status);
				if (res.status === 200) open.push({ cancel: () => res.body!.cancel() });
			}
		expect(r.deps.streams.count).toBeLessThanOrEqual(STREAM_SLOTS.total - STREAM_SLOTS.reserved);
		expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
		// A new screen (another network) gets its stream: the heaviest network gave up its oldest.
		const screen = streamFromBus(get(), URL_BUS, '203.0.113.80', r.deps);
		expect(screen.status).toBe(200);
		const device = streamFromBus(get(), URL_BUS, '127.0.0.1', r.deps);
		expect(device.status).toBe(200);
		expect(r.deps.streams.stats.evicted).toBeGreaterThanOrEqual(1);
		// The evicted stream was ended, not left open without its slot.
		await until(() => r.window.subscribers === r.deps.streams.count, 3000, 'evicted streams ended');
		for (const s of open) await s.cancel().catch(() => {});
		await screen.body?.cancel();
		await device.body?.cancel();
		await until(() => r.deps.streams.count === 0, 3000, 'all streams closed');
	});

	it('45 loopback addresses × 10 streams leave places for the network’s screens, and for the device', async () => {
		// Local processes are the device's own: privileged, each address a network of its own, so no
		// network's weight held them back, and they took every place (the probe: LAN screens got 429).
		const open: ReadableStream[] = [];
		for (let a = 0; a < 45; a++)
			for (let i = 0; i < 10; i++) {
				const res = streamFromBus(get(), URL_BUS, `127.0.${a}.9`, r.deps);
				if (res.status === 200) open.push(res.body!);
			}
		expect(r.deps.streams.count).toBeLessThanOrEqual(STREAM_SLOTS.total - STREAM_SLOTS.reserved);
		const screens = Array.from({ length: STREAM_SLOTS.reserved }, (_, i) => streamFromBus(get(), URL_BUS, `198.51.${i}.20`, r.deps));
		expect(screens.map((s) => s.status)).toEqual(screens.map(() => 200));
		// And the device itself (a new local client) still gets its own.
		const device = streamFromBus(get(), URL_BUS, '127.0.0.1', r.deps);
		expect(device.status).toBe(200);
		for (const s of [...open, ...screens.map((x) => x.body!), device.body!]) await s.cancel().catch(() => {});
		await until(() => r.deps.streams.count === 0, 3000, 'all streams closed');
	});

	it('addresses of one network together hold at most 32 streams', () => {
		const statuses = Array.from({ length: 60 }, (_, i) => streamFromBus(get(), URL_BUS, `2001:db8:7:7::${i + 1}`, r.deps));
		expect(statuses.filter((s) => s.status === 200)).toHaveLength(STREAM_SLOTS.perNetwork);
		expect(streamFromBus(get(), URL_BUS, '2001:db8:7:8::1', r.deps).status).toBe(200);
	});
});
