// The chat API once had no limits — 31,351 turns in 30 s all accepted, 3,000 streaming
// turns held at once, and during a bus outage every request dialled the bus again (1,596 dials in
// 10 s). Now: per-client rate and turns at once (429 with Retry-After), a cap on the server's turns
// in flight (503 with Retry-After), and one shared reconnect with back-off.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatAgent, ChatLimits, ChatTokens, ConversationMap, DEFAULT_CHAT_LIMITS, ManualClock, type ChatApiDeps } from '../../src/lib/server/agent';
import { BusClient } from '../../src/lib/server/bus';
import { ScriptedCore, connectedBus, startBareBus, until, type BareBus } from '../chat/helpers';
import { post, serve, type Reply, type Served } from './serve';

let bus: BareBus;
let client: BusClient;
let core: ScriptedCore;
let hold = false;

beforeAll(async () => {
	bus = await startBareBus();
	client = await connectedBus(bus.busUrl);
	core = await ScriptedCore.connect(bus.busUrl);
	core.onUtterance((utt, c) => {
		c.speak(utt, hold ? 'Let me think…' : 'Hello.');
		if (!hold) c.handled(utt);
	});
});
afterAll(async () => {
	core.close();
	await client.close();
	await bus.stop();
});

function deps(agent: ChatAgent, limits = new ChatLimits()): ChatApiDeps {
	return { agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap(), limits };
}

const chatBody = (i: number) => ({ text: `hello ${i}` });
const oaiBody = (i: number) => ({ messages: [{ role: 'user', content: `hello ${i}` }] });

describe('per-client rate (14.8)', () => {
	let served: Served;
	beforeAll(async () => {
		hold = false;
		served = await serve(deps(new ChatAgent({ bus: client })));
	});
	afterAll(() => served.close());

	it('a client flooding /api/chat and /v1 gets its burst, then the steady rate; the rest 429 with Retry-After; another client is served at once', async () => {
		const t0 = Date.now();
		const replies: Reply[] = [];
		// 8 at a time, as fast as the server answers, for 300 turns.
		let next = 0;
		await Promise.all(
			Array.from({ length: 8 }, async () => {
				while (next < 300) {
					const i = next++;
					const r = await post(served.port, i % 2 ? '/api/chat' : '/v1/chat/completions', i % 2 ? chatBody(i) : oaiBody(i));
					replies.push(r!);
				}
			})
		);
		const seconds = (Date.now() - t0) / 1000;
		const ok = replies.filter((r) => r.status === 200).length;
		const limited = replies.filter((r) => r.status === 429);
		expect(ok + limited.length).toBe(300);
		expect(ok).toBeGreaterThanOrEqual(DEFAULT_CHAT_LIMITS.burst);
		expect(ok).toBeLessThanOrEqual(DEFAULT_CHAT_LIMITS.burst + Math.ceil(seconds * DEFAULT_CHAT_LIMITS.perSecond) + 1);
		for (const r of limited) {
			expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expect(r.body).toMatch(/rate_limit_error|rate-limited/);
		}
		// Another address is another client: its own burst, at once.
		expect((await post(served.port, '/api/chat', chatBody(0), { from: '127.0.0.2' }))?.status).toBe(200);
	}, 60_000);
});

describe('turns at once (14.8)', () => {
	let served: Served;
	let agent: ChatAgent;
	let limits: ChatLimits;
	beforeAll(async () => {
		hold = true;
		// A manual clock: held turns end only when their clients go. The scripted core has no pool to
		// protect: the agent's share of it (tests/chat/admission.test.ts) is not what is measured here.
		agent = new ChatAgent({ bus: client, clock: new ManualClock(), coreShare: 10_000 });
		limits = new ChatLimits();
		served = await serve(deps(agent, limits));
	});
	afterAll(() => {
		hold = false;
		return served.close();
	});

	it('3,000 held streaming turns from 250 clients: each client holds at most 8, the server at most 200 less the network’s share (they are all loopback); the rest refused with Retry-After or, for a lighter newcomer, the oldest turn of the heaviest client ends; all freed when they go', async () => {
		let go!: () => void;
		const hangUp = new Promise<void>((r) => (go = r));
		// 12 turns from each of 250 addresses (127.1.x.1), all held open by the core's "Let me think…".
		const heads = Array.from({ length: 3000 }, (_, i) =>
			post(served.port, '/api/chat', chatBody(i), { from: `127.1.${Math.floor(i / 12)}.1`, headers: { accept: 'text/event-stream' }, headOnly: true, hangUp })
		);
		const replies = await Promise.all(heads);
		const held = replies.filter((r) => r?.status === 200).length;
		// Loopback clients are the device's own processes: a share of the turns is kept from them for the network's.
		const most = DEFAULT_CHAT_LIMITS.total - limits.networkShare;
		// Every turn that started either runs still or gave its slot to a lighter newcomer
		// (a turn evicted before its answer began was answered with an error instead).
		expect(limits.evicted).toBeGreaterThan(0);
		expect(held).toBeGreaterThan(most);
		expect(held).toBeLessThanOrEqual(most + limits.evicted);
		await until(() => agent.activeTurns === most, 10_000, 'evicted turns ended');
		expect(limits.running).toBe(most);
		const refused = replies.filter((r) => r && r.status !== 200);
		expect(refused.length).toBe(3000 - held);
		for (const r of refused) {
			expect([429, 503]).toContain(r!.status);
			expect(Number(r!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		}
		go();
		await until(() => limits.running === 0 && agent.activeTurns === 0, 15_000, 'every held turn freed');
	}, 90_000);

	it('one client holds at most 8 turns at once, streaming or not', async () => {
		let go!: () => void;
		const hangUp = new Promise<void>((r) => (go = r));
		const calls = Array.from({ length: 20 }, (_, i) =>
			post(served.port, i % 2 ? '/api/chat' : '/v1/chat/completions', i % 2 ? chatBody(i) : { ...oaiBody(i), stream: i % 4 === 0 }, {
				from: '127.0.0.9',
				headOnly: true,
				hangUp,
				headers: i % 3 ? { accept: 'text/event-stream' } : {}
			})
		);
		const refused: Reply[] = [];
		for (const c of calls) void c.then((r) => r && r.status !== 200 && refused.push(r));
		await until(() => limits.running === DEFAULT_CHAT_LIMITS.perClient && refused.length === 20 - DEFAULT_CHAT_LIMITS.perClient, 10_000, '8 running, 12 refused');
		for (const r of refused) {
			expect(r.status).toBe(429);
			expect(r.headers['retry-after']).toBe('1');
		}
		// …while another client still gets a turn.
		const other = post(served.port, '/api/chat', chatBody(99), { from: '127.0.0.10', headOnly: true, hangUp, headers: { accept: 'text/event-stream' } });
		expect((await other)?.status).toBe(200);
		go();
		await until(() => limits.running === 0, 10_000, 'freed');
	}, 30_000);
});

describe('a bus outage (14.8)', () => {
	it('requests during an outage share one reconnect with back-off instead of dialling each; 503 with Retry-After; served again soon after the bus is back', async () => {
		const spare = await startBareBus();
		const port = spare.busPort;
		await spare.stop();
		const down = new BusClient({ url: `ws://127.0.0.1:${port}/core`, log: () => {} });
		down.start();
		const served = await serve(deps(new ChatAgent({ bus: down }), new ChatLimits({ burst: 1e6, perSecond: 1e6, perClient: 1e6, total: 1e6 })));
		try {
			const replies: Reply[] = [];
			const t0 = Date.now();
			let sent = 0;
			await Promise.all(
				Array.from({ length: 20 }, async () => {
					while (sent < 400) {
						sent++;
						replies.push((await post(served.port, '/api/chat', chatBody(0)))!);
					}
				})
			);
			const seconds = (Date.now() - t0) / 1000;
			expect(replies.length).toBe(400);
			for (const r of replies) expect(r.status).toBe(503);
			// Back-off from 250 ms doubling to 5 s: a handful of dials whatever the number of requests.
			expect(down.stats.dials).toBeLessThanOrEqual(6 + Math.ceil(seconds / 2.5));
			const told = replies.filter((r) => r.headers['retry-after'] !== undefined);
			expect(told.length).toBeGreaterThan(replies.length / 2);
			const back = await startBareBus(port);
			const core2 = await ScriptedCore.connect(back.busUrl);
			core2.onUtterance((utt, c) => {
				c.speak(utt, 'Back.');
				c.handled(utt);
			});
			try {
				const t0 = Date.now();
				let r: Reply | null = null;
				while (Date.now() - t0 < 8000) {
					r = await post(served.port, '/api/chat', chatBody(1));
					if (r?.status === 200) break;
					await new Promise((res) => setTimeout(res, 100));
				}
				expect(r?.status).toBe(200);
				expect(Date.now() - t0).toBeLessThan(6000); // the back-off is capped at 5 s
			} finally {
				core2.close();
				await back.stop();
			}
		} finally {
			await served.close();
			await down.close();
		}
	}, 30_000);
});
