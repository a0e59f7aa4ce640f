/**
 * Many people starting dialogues at once never take down the device. Against the
 * simulator's core as docs/chat.md#admission-cores-pool-is-small describes it (6 skill threads, a 2-CPU device; each open `get_response`
 * holds one, and the delivery of any answer — "cancel" too — needs a free one), through the chat
 * endpoint as clients call it. Real time throughout.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import { sessionIdOf } from '../../src/lib/protocol';
import { ChatAgent, ChatTokens, ConversationMap, postChat, type ChatAgentOptions, type ChatApiDeps } from '../../src/lib/server/agent';
import type { Simulator } from '../../simulator';
import { SseParser } from '../../src/lib/sse';
import { sleep, startPoolRig, until, type PoolRig } from './helpers';

const ORIGIN = 'http://chat.test';
const URL_CHAT = new URL(`${ORIGIN}/api/chat`);
const CONFIRMED = 'Timer for five minutes, starting now.';

let rig: PoolRig;
let sim: Simulator;
let agent: ChatAgent;
let deps: ChatApiDeps;
let frames: BusMessage[] = [];

async function setup(opts: Partial<ChatAgentOptions> = {}): Promise<void> {
	rig = await startPoolRig(opts);
	({ sim, agent, frames } = rig);
	deps = { agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
}

afterEach(() => rig?.close());

const workers = () => sim.services!.workers;

interface Reply {
	status: number;
	body: JsonObject;
	retryAfter: string | null;
}

/** One turn from `client` (an address: each person below is their own client). */
async function chat(body: JsonObject, client = '192.0.2.1'): Promise<Reply> {
	const res = await postChat(
		new Request(URL_CHAT, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) }),
		URL_CHAT,
		deps,
		undefined,
		client
	);
	return { status: res.status, body: (await res.json()) as JsonObject, retryAfter: res.headers.get('retry-after') };
}

type Fate = 'confirmed' | 'busy' | 'stuck';

/** What a clear "busy, retry" is: a 503 that says so and when to come back. */
function isBusy(r: Reply): boolean {
	const e = r.body.error as JsonObject | undefined;
	return r.status === 503 && e?.code === 'core-busy' && /busy/i.test(String(e.message)) && Number(r.retryAfter) >= 1;
}

/** One person, from their own address: "set a timer", then (after `thinkMs`) "five minutes" to the question. */
async function dialogue(thinkMs: number, person: number): Promise<{ fate: Fate; detail: string; session?: string }> {
	const me = `198.51.${person}.7`;
	const q = await chat({ text: 'set a timer' }, me);
	if (isBusy(q)) return { fate: 'busy', detail: 'asking' };
	if (q.status !== 200 || q.body.outcome !== 'awaiting') return { fate: 'stuck', detail: `asking: ${q.status} ${JSON.stringify(q.body).slice(0, 120)}` };
	const session = deps.tokens.verify(q.body.token as string).sessionId;
	await sleep(thinkMs);
	const a = await chat({ text: 'five minutes', token: q.body.token as string }, me);
	if (isBusy(a)) return { fate: 'busy', detail: 'answering', session };
	// Its question was ended for lack of room (asked when every question place was taken): said plainly.
	if (a.status === 410 && (a.body.error as JsonObject | undefined)?.code === 'question-ended') return { fate: 'busy', detail: 'question ended', session };
	if (a.status === 200 && a.body.text === CONFIRMED) return { fate: 'confirmed', detail: '', session };
	return { fate: 'stuck', detail: `answering: ${a.status} ${JSON.stringify(a.body).slice(0, 160)}` };
}

/** "What time is it" in a fresh chat: how long until the answer. */
async function probe(): Promise<number> {
	const t0 = performance.now();
	const r = await chat({ text: 'what time is it' });
	expect(r.status, JSON.stringify(r.body)).toBe(200);
	expect(r.body.text).toMatch(/^It's /);
	return performance.now() - t0;
}

const cancels = () => frames.filter((m) => m.type === 'recognizer_loop:utterance' && (m.data.utterances as string[])[0] === 'cancel');

describe('many dialogues at once', () => {
	for (const n of [8, 20]) {
		it(`${n} chats start a dialogue at the same moment, then answer: each is confirmed or told "busy, retry", and core still answers at once`, async () => {
			await setup();
			const fates = await Promise.all(Array.from({ length: n }, (_, i) => dialogue(50 + ((i * 37) % 300), i)));
			const stuck = fates.filter((f) => f.fate === 'stuck');
			expect(stuck, JSON.stringify(stuck.slice(0, 3))).toEqual([]);
			expect(fates.filter((f) => f.fate === 'confirmed').length).toBeGreaterThan(0);
			expect(await probe()).toBeLessThan(1000);
			await until(() => workers().busy === 0, 3000, 'every thread free again');
			// No one confirmed had a question cancelled under them: only questions whose person was told
			// at once that there was no room for it were ended.
			const confirmed = new Set(fates.filter((f) => f.fate === 'confirmed').map((f) => f.session));
			expect(cancels().filter((m) => confirmed.has(sessionIdOf(m)))).toEqual([]);
		}, 60_000);
	}
});

describe('a question someone is answering is never cancelled', () => {
	it('five people at once answer "five minutes" within a second: whoever was asked gets the timer; the others are told at once that there is no room', async () => {
		await setup();
		const fates = await Promise.all(Array.from({ length: 5 }, (_, i) => dialogue(100 + i * 150, i)));
		// Two questions fit the question places; one more is kept while nobody waits for its place.
		expect(fates.filter((f) => f.fate === 'confirmed').length).toBeGreaterThanOrEqual(2);
		// Told when asking (503 with Retry-After), never after being given the question.
		for (const f of fates) expect(f.fate === 'confirmed' || (f.fate === 'busy' && f.detail === 'asking'), JSON.stringify(f)).toBe(true);
		const confirmed = new Set(fates.filter((f) => f.fate === 'confirmed').map((f) => f.session));
		expect(cancels().filter((m) => confirmed.has(sessionIdOf(m)))).toEqual([]);
		expect(frames.some((m) => m.type === 'speak' && /None/.test(String(m.data.utterance)))).toBe(false);
	}, 30_000);

	it('an answer still on its way when the idle limit passes is taken, not cancelled', async () => {
		await setup({ questionIdleMs: 250 });
		const q = await chat({ text: 'set a timer' });
		await sleep(200);
		// The answer turn takes the question: its ~190 ms take-up runs past the idle limit.
		const a = await chat({ text: 'five minutes', token: q.body.token as string });
		expect(a.body.text).toBe(CONFIRMED);
		await sleep(400);
		expect(cancels()).toEqual([]);
	});
});

describe('admission to core’s pool', () => {
	const asking = (r: Reply) => r.body.outcome === 'awaiting';
	const sessionOf = (r: Reply) => deps.tokens.verify(r.body.token as string).sessionId;

	it('questions hold every place but one; one asked beyond them stays a moment, and whoever waits then gets in', async () => {
		await setup({ crowdedQuestionMs: 600 });
		const [a, b] = await Promise.all([chat({ text: 'set a timer' }, '10.0.1.1'), chat({ text: 'set a timer' }, '10.0.2.1')]);
		expect([a, b].every(asking)).toBe(true);
		expect(Number(a.body.awaitingUntil) - Date.now()).toBeGreaterThan(50_000);
		// A third person asks with both question places taken (and nobody holding more than one).
		const c = await chat({ text: 'set a timer' }, '10.0.3.1');
		expect(c.body).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		expect(Number(c.body.awaitingUntil) - Date.now()).toBeLessThan(700);
		expect(workers().busy).toBe(3);
		expect(agent.holding).toBe(3);
		// A "what time is it" now waits only for that moment.
		const t0 = Date.now();
		const probe = await chat({ text: 'what time is it' }, '10.0.4.1');
		expect(probe.body.text).toMatch(/^It's /);
		expect(Date.now() - t0).toBeLessThan(1500);
		expect(cancels().map(sessionIdOf)).toEqual([sessionOf(c)]);
		// Its answer, when it comes, is told plainly that the question was ended (and is not sent).
		const late = await chat({ text: 'five minutes', token: c.body.token as string }, '10.0.3.1');
		expect(late.status).toBe(410);
		expect(late.body.error).toMatchObject({ code: 'question-ended' });
		expect(frames.some((m) => m.type === 'recognizer_loop:utterance' && sessionIdOf(m) === sessionOf(c) && (m.data.utterances as string[])[0] === 'five minutes')).toBe(false);
		// The other two are untouched.
		for (const [r, who] of [[a, '10.0.1.1'], [b, '10.0.2.1']] as const) expect((await chat({ text: 'five minutes', token: r.body.token as string }, who)).body.text).toBe(CONFIRMED);
		await until(() => workers().busy === 0 && agent.holding === 0, 3000, 'all free');
	});

	it('a question asked beyond the question places gets one of its own as soon as one frees', async () => {
		await setup({ crowdedQuestionMs: 600 });
		const a = await chat({ text: 'set a timer' }, '10.0.1.1');
		const b = await chat({ text: 'set a timer' }, '10.0.2.1');
		const c = await chat({ text: 'set a timer' }, '10.0.3.1');
		expect((await chat({ text: 'five minutes', token: a.body.token as string }, '10.0.1.1')).body.text).toBe(CONFIRMED);
		await sleep(900);
		expect((await chat({ text: 'five minutes', token: c.body.token as string }, '10.0.3.1')).body.text).toBe(CONFIRMED);
		expect((await chat({ text: 'five minutes', token: b.body.token as string }, '10.0.2.1')).body.text).toBe(CONFIRMED);
		expect(cancels()).toEqual([]);
	});

	it('a client holding more than its share of the question places gives up its oldest question, not someone else’s', async () => {
		await setup();
		const a1 = await chat({ text: 'set a timer' }, '10.0.1.1');
		const a2 = await chat({ text: 'set a timer' }, '10.0.1.2'); // the same /24: the same client
		const b = await chat({ text: 'set a timer' }, '10.0.2.1');
		expect([a1, a2, b].every(asking)).toBe(true);
		expect(Number(b.body.awaitingUntil) - Date.now()).toBeGreaterThan(50_000);
		await until(() => cancels().length === 1, 2000, 'one question ended');
		expect(cancels().map(sessionIdOf)).toEqual([sessionOf(a1)]);
		expect(agent.admission.stats.preempted).toBe(1);
		expect((await chat({ text: 'five minutes', token: a2.body.token as string }, '10.0.1.2')).body.text).toBe(CONFIRMED);
		expect((await chat({ text: 'five minutes', token: b.body.token as string }, '10.0.2.1')).body.text).toBe(CONFIRMED);
		expect((await chat({ text: 'five minutes', token: a1.body.token as string }, '10.0.1.1')).status).toBe(410);
	});

	it('a line is served to the clients holding least first', async () => {
		await setup({ crowdedQuestionMs: 800 });
		// Two questions hold the question places; a third fills the last place for a moment.
		for (const who of ['10.0.1.1', '10.0.2.1', '10.0.3.1']) expect((await chat({ text: 'set a timer' }, who)).body.outcome).toBe('awaiting');
		expect(agent.holding).toBe(3);
		const order: string[] = [];
		const first = chat({ text: 'what time is it' }, '10.0.1.1').then((r) => (order.push('holding one'), r));
		await until(() => agent.queued === 1);
		const second = chat({ text: 'what time is it' }, '10.0.9.1').then((r) => (order.push('holding none'), r));
		await until(() => agent.queued === 2);
		for (const r of await Promise.all([first, second])) expect(r.body.text).toMatch(/^It's /);
		expect(order).toEqual(['holding none', 'holding one']);
	});

	it('past the queue’s length: 503 "busy, retry" at once, with Retry-After', async () => {
		await setup({ coreShare: 1, queueLength: 1 });
		const q = await chat({ text: 'set a timer' });
		expect(q.body.outcome).toBe('awaiting');
		const waiting = chat({ text: 'hello' });
		await until(() => agent.queued === 1);
		const t0 = Date.now();
		const refused = await chat({ text: 'hello' });
		expect(Date.now() - t0).toBeLessThan(200);
		expect(isBusy(refused), JSON.stringify(refused)).toBe(true);
		// The one waiting gets in when the question is answered.
		expect((await chat({ text: 'five minutes', token: q.body.token as string })).body.text).toBe(CONFIRMED);
		expect((await waiting).body).toMatchObject({ outcome: 'answered', text: 'Hello there!\nI am the simulated OpenVoiceOS.' });
	});

	it('past the queue’s wait: 503 "busy, retry" with Retry-After; nothing was sent to core', async () => {
		await setup({ coreShare: 1, queueWaitMs: 400 });
		await chat({ text: 'set a timer' });
		const t0 = Date.now();
		const r = await chat({ text: 'hello' });
		expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
		expect(isBusy(r), JSON.stringify(r)).toBe(true);
		expect(frames.some((m) => m.type === 'recognizer_loop:utterance' && (m.data.utterances as string[])[0] === 'hello')).toBe(false);
	});

	it('a streamed turn that waits says so: a `queued` event with its place, then the reply', async () => {
		await setup({ coreShare: 1 });
		const q = await chat({ text: 'set a timer' });
		const res = await postChat(
			new Request(URL_CHAT, {
				method: 'POST',
				headers: { 'content-type': 'application/json', origin: ORIGIN, accept: 'text/event-stream' },
				body: JSON.stringify({ text: 'hello' })
			}),
			URL_CHAT,
			deps
		);
		expect(res.status).toBe(200);
		const events: { event: string; data: JsonObject }[] = [];
		const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
		const parser = new SseParser();
		const reading = (async () => {
			for (let r = await reader.read(); !r.done; r = await reader.read())
				for (const e of parser.push(r.value)) events.push({ event: e.event, data: JSON.parse(e.data) as JsonObject });
		})();
		await until(() => events.length > 0, 2000, 'the queued event');
		expect(events[0]).toMatchObject({ event: 'queued', data: { position: 1 } });
		await chat({ text: 'five minutes', token: q.body.token as string });
		await reading;
		expect(events.map((e) => e.event)).toEqual(['queued', 'sentence', 'sentence', 'done']);
	});

	it('an idle question is answered "cancel" in its own session after the idle limit, and frees its place', async () => {
		await setup({ coreShare: 1, questionIdleMs: 500 });
		const q = await chat({ text: 'set a timer' });
		const sid = frames.find((m) => m.type === 'speak' && m.data.expect_response === true)!;
		const t0 = Date.now();
		const next = await chat({ text: 'hello' });
		expect(next.body.outcome).toBe('answered');
		expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
		expect(cancels().map(sessionIdOf)).toEqual([sessionIdOf(sid)]);
		expect(q.body.awaitingUntil).toBeGreaterThan(0);
		await until(() => workers().busy === 0, 2000, 'its thread freed');
	});

	it('a chat that is left frees its place at once', async () => {
		await setup({ coreShare: 1 });
		const q = await chat({ text: 'set a timer' });
		const next = chat({ text: 'hello' });
		await until(() => agent.queued === 1);
		expect(agent.endChat(deps.tokens.verify(q.body.token as string).sessionId)).toBe(true);
		expect((await next).body.outcome).toBe('answered');
	});

	it('speaking as the device counts like any turn: its question holds a place until answered', async () => {
		await setup({ coreShare: 1 });
		const q = await chat({ text: 'set a timer', device: true });
		expect(q.body).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		const next = chat({ text: 'hello' });
		await until(() => agent.queued === 1);
		const a = await chat({ text: 'five minutes', device: true });
		expect(a.body).toMatchObject({ outcome: 'answered', text: CONFIRMED });
		expect((await next).body.outcome).toBe('answered');
	}, 20_000);

});

