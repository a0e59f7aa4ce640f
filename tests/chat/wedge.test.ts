/**
 * What the agent met on a real core (docs/chat.md#admission-cores-pool-is-small), on the simulator that models it: stale
 * tokens, questions left behind holding core's 6 handler threads, speaking as the device. Real
 * time throughout (converse pings, the device's speech), as a person meets it.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import { sessionIdOf } from '../../src/lib/protocol';
import type { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, ChatTokens, ConversationMap, newSessionId, postChat, type ChatApiDeps, type TurnResult } from '../../src/lib/server/agent';
import { startSimulator, type Simulator } from '../../simulator';
import { connectedBus, sleep, until } from './helpers';

const ORIGIN = 'http://chat.test';
const URL_CHAT = new URL(`${ORIGIN}/api/chat`);
const TIMER = 'ovos-skill-alerts.openvoiceos';

let sim: Simulator;
let client: BusClient;
let agent: ChatAgent;
let deps: ChatApiDeps;
const frames: BusMessage[] = [];

async function setup(agentOpts: Partial<ConstructorParameters<typeof ChatAgent>[0]> = {}) {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, log: false, workers: 6 });
	frames.length = 0;
	sim.on('*', (m) => void frames.push(m));
	client = await connectedBus(sim.busUrl);
	agent = new ChatAgent({ bus: client, timing: { idleMs: 10_000, deadlineMs: 20_000 }, ...agentOpts });
	deps = { agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
}

beforeEach(() => setup());
afterEach(async () => {
	await client.close();
	await sim.stop();
});

const workers = () => sim.services!.workers;

async function chat(body: JsonObject, d = deps): Promise<{ status: number; body: JsonObject }> {
	const res = await postChat(
		new Request(URL_CHAT, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) }),
		URL_CHAT,
		d
	);
	return { status: res.status, body: (await res.json()) as JsonObject };
}

describe('1. no token, however old, wedges a chat', () => {
	it('an old token from before the answer (two tabs, an API client) is answered as a fresh turn, at once', async () => {
		const q = await chat({ text: 'set a timer' });
		expect(q.body).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		const old = q.body.token as string;
		const a = await chat({ text: '5 minutes', token: old });
		expect(a.body).toMatchObject({ outcome: 'answered', text: 'Timer for five minutes, starting now.' });
		// The old token again: its snapshot still says the timer is asking. It is not.
		const t0 = Date.now();
		const again = await chat({ text: 'hello', token: old });
		expect(again.status).toBe(200);
		expect(again.body).toMatchObject({ outcome: 'answered', text: 'Hello there!\nI am the simulated OpenVoiceOS.', staleQuestion: true });
		expect(Date.now() - t0).toBeLessThan(1000);
		// …and what it returns carries no response mode: the chat goes on normally.
		const next = await chat({ text: '10 minutes', token: again.body.token as string });
		expect(next.body).toMatchObject({ outcome: 'unmatched', staleQuestion: false });
	});

	it('after a server restart: a stale response mode is tried, found dead in 1.5 s, and the turn answered fresh', async () => {
		const q = await chat({ text: 'set a timer' });
		await chat({ text: '5 minutes', token: q.body.token as string });
		const restarted = { ...deps, agent: new ChatAgent({ bus: client, timing: { idleMs: 3000, deadlineMs: 8000 } }) };
		const t0 = Date.now();
		const r = await chat({ text: 'hello', token: q.body.token as string }, restarted);
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ outcome: 'answered', text: 'Hello there!\nI am the simulated OpenVoiceOS.', staleQuestion: true });
		expect(Date.now() - t0).toBeLessThan(3000);
		expect(restarted.agent.stats.staleRetried).toBe(1);
	});

	it('after a server restart: a question still open in core is answered, not lost', async () => {
		const q = await chat({ text: 'set a timer' });
		const restarted = { ...deps, agent: new ChatAgent({ bus: client, timing: { idleMs: 3000, deadlineMs: 8000 } }) };
		const a = await chat({ text: '5 minutes', token: q.body.token as string }, restarted);
		expect(a.body).toMatchObject({ outcome: 'answered', text: 'Timer for five minutes, starting now.', staleQuestion: false });
		await until(() => workers().busy === 0, 2000, 'the question’s thread freed');
	});
});

describe('2. questions left behind never wedge core', () => {
	const askMany = async (n: number, a = agent) => {
		const rs: TurnResult[] = [];
		for (let i = 0; i < n; i++) rs.push(await a.turn('set a timer', { sessionId: newSessionId() }));
		return rs;
	};

	it('without admission (as before), 6 abandoned questions hold all 6 threads and core answers nobody', async () => {
		const uncapped = new ChatAgent({ bus: client, coreShare: 100, timing: { idleMs: 3000, deadlineMs: 8000 } });
		const rs = await askMany(6, uncapped);
		expect(rs.every((r) => r.outcome === 'awaiting')).toBe(true);
		await until(() => workers().busy === 6, 2000, 'six held threads');
		await expect(uncapped.turn('hello', { sessionId: newSessionId() })).rejects.toMatchObject({ code: 'core-down' });
	});

	it('6 abandoned questions: only 3 hold core’s threads at once, each is ended after its idle limit, and everyone is still answered', async () => {
		await client.close();
		await sim.stop();
		await setup({ questionIdleMs: 400 });
		let most = 0;
		const watch = setInterval(() => (most = Math.max(most, workers().busy)), 5);
		// One after another: the 4th waits for a place until the 1st has been idle for 400 ms, and so on.
		const rs = await askMany(6);
		expect(rs.every((r) => r.outcome === 'awaiting' && r.awaitingUntil !== null)).toBe(true);
		const hello = await agent.turn('hello', { sessionId: newSessionId() });
		expect(hello).toMatchObject({ outcome: 'answered', text: 'Hello there!\nI am the simulated OpenVoiceOS.' });
		await until(() => agent.stats.questionsEnded === 6 && workers().busy === 0, 5000, 'all six ended');
		clearInterval(watch);
		expect(most).toBeLessThanOrEqual(3);
		// The ended ones were cancelled in their own sessions, as a person would: no timer was set.
		const cancels = frames.filter((m) => m.type === 'recognizer_loop:utterance' && (m.data.utterances as string[])[0] === 'cancel');
		expect(cancels.map(sessionIdOf).sort()).toEqual(rs.map((r) => r.sessionId).sort());
		expect(frames.some((m) => m.type === 'speak' && String(m.data.utterance).startsWith('Timer for'))).toBe(false);
	});

	it('a chat that is left (new chat) ends its question at once; its old token then starts fresh', async () => {
		const q = await chat({ text: 'set a timer' });
		await until(() => workers().busy === 1);
		const end = await postEnd({ token: q.body.token as string });
		expect(end).toEqual({ status: 200, body: { ended: true } });
		await until(() => workers().busy === 0, 2000, 'the thread freed');
		expect(agent.openQuestions).toBe(0);
		const r = await chat({ text: '5 minutes', token: q.body.token as string });
		expect(r.body).toMatchObject({ outcome: 'unmatched', staleQuestion: true });
		// Leaving a chat with no open question does nothing.
		expect((await postEnd({ token: r.body.token as string })).body).toEqual({ ended: false });
	});

	it('a question nobody answered is ended when its idle limit runs out', async () => {
		await client.close();
		await sim.stop();
		await setup({ questionIdleMs: 300 });
		const q = await agent.turn('set a timer', { sessionId: newSessionId() });
		expect(q.awaitingUntil).toBeGreaterThan(Date.now());
		await until(() => workers().busy === 1);
		await until(() => workers().busy === 0 && agent.openQuestions === 0, 3000, 'expired question ended');
	});

	it('a turn stopped before its question came: the question, when it comes, is ended', async () => {
		const abort = new AbortController();
		const sid = newSessionId();
		const r = await agent.turn('set a timer', { sessionId: sid, signal: abort.signal, onStarted: () => abort.abort() });
		expect(r.outcome).toBe('aborted');
		await until(() => agent.stats.questionsEnded === 1 && workers().busy === 0, 3000, 'the late question ended');
		expect(frames.some((m) => sessionIdOf(m) === sid && m.type === 'recognizer_loop:utterance' && (m.data.utterances as string[])[0] === 'cancel')).toBe(
			true
		);
	});
});

describe('6. speaking as the device', () => {
	it('runs in core’s default session: the page shows on the screen, the dialogue needs no snapshot', async () => {
		// The weather skill shows its page, speaks, then (no screen connected) waits 5 s, as in the device's session.
		const w = await agent.turn("what's the weather", { sessionId: 'default', device: true });
		expect(w.outcome).toBe('answered');
		expect(w.text).toMatch(/^It's currently partly cloudy and \d+ degrees\.\nCurrently, the humidity is 48 percent\.$/);
		expect(JSON.parse(sim.canonical()).stack[0]).toBe('ovos-skill-weather.openvoiceos');
		const utt = frames.filter((m) => m.type === 'recognizer_loop:utterance' && m.context.source === agent.source).at(-1)!;
		expect(utt.context.session).toEqual({ session_id: 'default' });
		// The device speaks the question (ovos-audio's audio_output_end lets the skill go on).
		expect(await agent.turn('set a timer', { sessionId: 'default', device: true })).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		expect(await agent.turn('5 minutes', { sessionId: 'default', device: true })).toMatchObject({ outcome: 'answered', text: 'Timer for five minutes, starting now.' });
		// The device's own audio says when speech ends; the chat never does it for `default`.
		expect(frames.some((m) => m.type === 'recognizer_loop:audio_output_end' && m.context.source === agent.source)).toBe(false);
	}, 20_000);

	it('keeps the device’s own traffic out of the reply', async () => {
		const w = agent.turn('run a system check', { sessionId: 'default', device: true });
		await until(() => frames.some((m) => m.type === 'speak' && m.data.utterance === 'Checking the system.'));
		await sim.services!.say('hello');
		await until(() => frames.some((m) => m.type === 'speak' && m.data.utterance === 'Hello there!'), 5000);
		const r = await w;
		expect(r.text).toBe('Checking the system.\nAll systems go.');
	});

	it('is refused for anything but the device flag: no default session through the back door', async () => {
		await expect(agent.turn('hi', { sessionId: 'default' })).rejects.toMatchObject({ code: 'bad-input' });
		await expect(agent.turn('hi', { sessionId: newSessionId(), device: true })).rejects.toMatchObject({ code: 'bad-input' });
	});
});

async function postEnd(body: JsonObject): Promise<{ status: number; body: JsonObject }> {
	const { postChatEnd } = await import('../../src/lib/server/agent');
	const url = new URL(`${ORIGIN}/api/chat/end`);
	const res = await postChatEnd(
		new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) }),
		url,
		deps
	);
	return { status: res.status, body: (await res.json()) as JsonObject };
}
