// JSON (non-streaming) chat callers that hung up kept their turn — after 200 dropped
// requests to /api/chat and /v1/chat/completions (stream: false) 400 timers were still live, no
// speech.stop had gone out, and the chat's token got 409 for 20 s. Served here as adapter-node serves
// the routes (SvelteKit's getRequest/setResponse over node:http, the route's clientGone), on a
// manual clock so that only a hang-up can end a turn.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatAgent, ChatTokens, ConversationMap, ManualClock } from '../../src/lib/server/agent';
import type { BusClient } from '../../src/lib/server/bus';
import { ScriptedCore, connectedBus, startBareBus, until, type BareBus } from '../chat/helpers';
import { post as postTo, serve, type Served } from './serve';

let bus: BareBus;
let client: BusClient;
let core: ScriptedCore;
let clock: ManualClock;
let agent: ChatAgent;
let served: Served;
let thinking = false;

beforeAll(async () => {
	bus = await startBareBus();
	client = await connectedBus(bus.busUrl);
	core = await ScriptedCore.connect(bus.busUrl);
	core.onUtterance((utt, c) => {
		c.speak(utt, thinking ? 'Let me think…' : 'Done.');
		if (!thinking) c.handled(utt);
	});
	clock = new ManualClock();
	// 200 turns held at once: the scripted core has no pool for the agent's share to protect.
	agent = new ChatAgent({ bus: client, clock, coreShare: 10_000 });
	served = await serve({ agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() });
});
afterAll(async () => {
	await served.close();
	core.close();
	await client.close();
	await bus.stop();
});

const post = (path: string, body: object, hangUp?: Promise<void>) => postTo(served.port, path, body, { hangUp });

describe('JSON chat callers that hang up (14.5)', () => {
	it('200 dropped requests to /api/chat and /v1 (stream: false): every turn ends, its speech is stopped, no timer is left, the token works at once', async () => {
		const first = await post('/api/chat', { text: 'hello' });
		expect(first?.status).toBe(200);
		const token = (JSON.parse(first!.body) as { token: string }).token;
		thinking = true;
		const utterances = () => core.ofType('recognizer_loop:utterance').length - 1;
		const stops = () => core.ofType('mycroft.audio.speech.stop').length;
		let hangUp!: () => void;
		const allStarted = new Promise<void>((r) => (hangUp = r));
		const calls = [post('/api/chat', { text: 'the slow one', token }, allStarted)];
		for (let i = 0; i < 100; i++) calls.push(post('/api/chat', { text: `question ${i}` }, allStarted));
		for (let i = 0; i < 99; i++) calls.push(post('/v1/chat/completions', { stream: false, messages: [{ role: 'user', content: `question ${i}` }] }, allStarted));
		// Every turn is running (core has said "Let me think…" to each) before anyone hangs up.
		await until(() => core.ofType('speak').length >= 201, 20_000, '200 turns running');
		expect(utterances()).toBe(200);
		expect(agent.activeTurns).toBe(200);
		hangUp();
		await Promise.all(calls);
		await until(() => stops() === 200, 10_000, 'speech.stop for each dropped turn');
		expect(agent.activeTurns).toBe(0);
		expect(clock.pending()).toBe(0); // no idle timer, deadline or reaction timer left behind
		thinking = false;
		const again = await post('/api/chat', { text: 'are you there', token });
		expect(again?.status).toBe(200);
	}, 60_000);
});
