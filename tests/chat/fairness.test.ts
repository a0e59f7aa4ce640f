/**
 * Fair shares of core's skill pool between clients, over real HTTP with each client's own address
 * (as behind a proxy with ADDRESS_HEADER), against the simulator's core with a 2-CPU device's pool
 * (6 threads; each open `get_response` holds one). One client leaving questions open must not close
 * the chat for anyone else, and a turn that asks nothing never waits for others' questions.
 */
import { randomBytes } from 'node:crypto';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import { ChatAgent, ChatTokens, ConversationMap, type ChatAgentOptions } from '../../src/lib/server/agent';
import type { Simulator } from '../../simulator';
import { post, serve, type Served } from '../hardening/serve';
import { sleep, startPoolRig, until, type PoolRig } from './helpers';

const CONFIRMED = 'Timer for five minutes, starting now.';

let rig: PoolRig;
let sim: Simulator;
let agent: ChatAgent;
let served: Served;
let tokens: ChatTokens;
let frames: BusMessage[] = [];

async function setup(opts: Partial<ChatAgentOptions> = {}): Promise<void> {
	rig = await startPoolRig({ queueWaitMs: 5000, ...opts });
	({ sim, agent, frames } = rig);
	tokens = new ChatTokens(randomBytes(32));
	// The clients are screens of a LAN the deployer trusts: let in as their networks, each its own share.
	served = await serve({ agent, tokens, conversations: new ConversationMap() }, undefined, { addressHeader: 'x-client', trusted: ['10.0.0.0/8', '198.51.100.0/24', '203.0.113.0/24'] });
}

afterEach(async () => {
	await served?.close();
	await rig?.close();
});

interface Reply {
	status: number;
	body: JsonObject;
	retryAfter: string | null;
	ms: number;
}

async function chat(address: string, body: JsonObject): Promise<Reply> {
	const t0 = performance.now();
	const r = await post(served.port, '/api/chat', body, { headers: { 'x-client': address } });
	if (!r) throw new Error('no answer');
	return { status: r.status, body: JSON.parse(r.body) as JsonObject, retryAfter: (r.headers['retry-after'] as string | undefined) ?? null, ms: performance.now() - t0 };
}

const cancels = () => frames.filter((m) => m.type === 'recognizer_loop:utterance' && (m.data.utterances as string[])[0] === 'cancel');

describe('one client leaving questions open', () => {
	it('three unanswered "set a timer" from one address: another address’s "what time is it" still answers at once', async () => {
		await setup();
		const hog = '203.0.113.66';
		const asked = await Promise.all([0, 1, 2].map(() => chat(hog, { text: 'set a timer' })));
		for (const a of asked) expect(a.body, JSON.stringify(a.body)).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		// Never answered. Someone else, meanwhile:
		for (let i = 0; i < 3; i++) {
			const probe = await chat(`198.51.100.${i + 1}`, { text: 'what time is it' });
			expect(probe.status, JSON.stringify(probe.body)).toBe(200);
			expect(probe.body.text).toMatch(/^It's /);
			expect(probe.ms).toBeLessThan(1000);
		}
		// Its own questions counted against it: it holds no more than the question places.
		expect(agent.openQuestions).toBeLessThanOrEqual(2);
		expect(sim.services!.workers.busy).toBeLessThanOrEqual(2);
	}, 30_000);

	it('someone else’s dialogue goes as if the hog were not there: asked, answered, confirmed', async () => {
		await setup();
		const hog = '203.0.113.66';
		for (let i = 0; i < 3; i++) expect((await chat(hog, { text: 'set a timer' })).body.outcome).toBe('awaiting');
		const q = await chat('198.51.100.9', { text: 'set a timer' });
		expect(q.body).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		expect(q.ms).toBeLessThan(1000);
		await sleep(1500); // a person reading the question and typing
		const a = await chat('198.51.100.9', { text: 'five minutes', token: q.body.token as string });
		expect(a.body.text).toBe(CONFIRMED);
		// The hog's oldest questions made room; none of the other person's was cancelled.
		const sid = tokens.verify(q.body.token as string).sessionId;
		const mine = (m: BusMessage) => (m.context.session as JsonObject | undefined)?.session_id === sid;
		expect(cancels().filter(mine)).toEqual([]);
	}, 30_000);
});

describe('Retry-After', () => {
	it('says when a place is expected to free (the open question’s idle limit): the stock openai client obeys it and gets its answer', async () => {
		// One place, held by someone's question that is ended after 8 s without an answer.
		await setup({ coreShare: 1, queueWaitMs: 500, questionIdleMs: 8000 });
		expect((await chat('10.0.1.1', { text: 'set a timer' })).body.outcome).toBe('awaiting');
		const refused = await chat('10.0.2.1', { text: 'what time is it' });
		expect(refused.status).toBe(503);
		const said = Number(refused.retryAfter);
		expect(said).toBeGreaterThanOrEqual(7);
		expect(said).toBeLessThanOrEqual(9);
		// A stock client, its default two retries, obeying Retry-After.
		const openai = new OpenAI({ apiKey: 'unused', baseURL: `${served.url}/v1`, defaultHeaders: { 'x-client': '10.0.3.1' } });
		const t0 = performance.now();
		const r = await openai.chat.completions.create({ model: 'ovos', messages: [{ role: 'user', content: 'what time is it' }] });
		expect(r.choices[0]?.message.content).toMatch(/^It's /);
		expect(performance.now() - t0).toBeLessThan(11_000);
	}, 30_000);
});
