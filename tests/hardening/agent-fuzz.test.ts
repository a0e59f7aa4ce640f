// Fuzz over the chat agent's inbound handlers, with the hostile shapes a probe used — bus
// frames arriving at the agent while its turns run (through a real bus and BusClient: odd sessions,
// markers and payloads, deep and huge values, garbage), and request bodies to /api/chat and
// /v1/chat/completions. Nothing may throw out or answer 500, every turn must end, and what the agent
// keeps stays bounded.
import { randomBytes, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, type BusMessage, type Json, type JsonObject } from '../../src/lib/protocol';
import { ChatAgent, ChatError, ChatTokens, ConversationMap, ManualClock, postChat, postCompletions, TURN_MARKER, type AgentBus, type ChatApiDeps, type TurnResult } from '../../src/lib/server/agent';
import { BusClient, BusUnavailableError } from '../../src/lib/server/bus';
import { ScriptedCore, until } from '../chat/helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const anyJson = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>;
const oddString = fc.constantFrom('', ' ', '__proto__', 'constructor', 'default', 'x'.repeat(10_000), '\u0000', '💥', 'ok');
const oddValue: fc.Arbitrary<Json> = fc.oneof(anyJson, oddString, fc.constantFrom(null, true, 0, -1, 1e308, 2 ** 53));
/** Nested to exactly `n` levels of objects. */
const deepObject = (n: number): Json => {
	let v: Json = { leaf: 1 };
	for (let i = 0; i < n; i++) v = { d: v };
	return v;
};

interface Turnish {
	readonly utt: BusMessage;
	readonly session: string;
	readonly marker: string;
}

type SessionShape = 'sent' | 'asking' | 'deep' | 'big' | 'proto' | { id: Json } | { whole: Json };
type MarkerShape = 'own' | 'other' | 'none' | { value: Json };

const sessionShape: fc.Arbitrary<SessionShape> = fc.oneof(
	fc.constantFrom<SessionShape>('sent', 'asking', 'deep', 'big', 'proto'),
	oddValue.map((id) => ({ id })),
	oddValue.map((whole) => ({ whole }))
);
const markerShape: fc.Arbitrary<MarkerShape> = fc.oneof(fc.constantFrom<MarkerShape>('own', 'other', 'none'), oddValue.map((value) => ({ value })));

function sessionOf(shape: SessionShape, t: Turnish): Json {
	if (shape === 'sent') return { ...(t.utt.context.session as JsonObject), lang: 'en-US' };
	if (shape === 'asking') return { session_id: t.session, active_skills: [['test-skill', 1]], utterance_states: { 'test-skill': 'response' }, pipeline: ['converse'] };
	if (shape === 'deep') return { session_id: t.session, deep: deepObject(MAX_JSON_DEPTH - 10) };
	if (shape === 'big') return { session_id: t.session, big: 'y'.repeat(200_000) };
	if (shape === 'proto') return JSON.parse(`{"session_id": ${JSON.stringify(t.session)}, "__proto__": {"polluted": true}, "constructor": 1}`) as Json;
	return 'id' in shape ? { session_id: shape.id } : shape.whole;
}

function markerOf(shape: MarkerShape, t: Turnish, others: readonly Turnish[]): Json | undefined {
	if (shape === 'own') return t.marker;
	if (shape === 'other') return others[0]?.marker ?? 'none';
	if (shape === 'none') return undefined;
	return shape.value;
}

/** A frame a hostile (or broken) core sends about a running turn: a bus frame of any shape, or raw text. */
type FrameSpec =
	| { readonly type: string; readonly session: SessionShape; readonly marker: MarkerShape; readonly data: Record<string, Json>; readonly skill: Json }
	| { readonly raw: string };

const topic = fc.constantFrom(
	'speak',
	'ovos.utterance.speak',
	'ovos.utterance.handled',
	'complete_intent_failure',
	'ovos.intent.unmatched',
	'ovos.utterance.cancelled',
	'mycroft.mic.listen',
	'ovos.session.sync',
	'skill.converse.get_response.enable',
	'skill.converse.get_response.disable',
	'test-skill.get_response.waiting',
	'test-skill.converse.get_response',
	'test-skill.activate',
	'recognizer_loop:utterance',
	'something.else'
);
const wellFormed: fc.Arbitrary<FrameSpec> = fc.record({
	type: topic,
	session: sessionShape,
	marker: markerShape,
	data: fc.record({ utterance: oddValue, expect_response: oddValue, listen: oddValue, meta: oddValue, skill_id: oddValue, name: oddValue, session: oddValue }, { requiredKeys: [] }) as fc.Arbitrary<Record<string, Json>>,
	skill: oddValue
});
const garbage: fc.Arbitrary<FrameSpec> = fc
	.oneof(
		fc.string({ maxLength: 100 }),
		fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b).toString('latin1')),
		fc.integer({ min: MAX_JSON_DEPTH + 1, max: 100_000 }).map((n) => `{"type": "speak", "data": {"utterance": "x"}, "context": {"d": ${'['.repeat(n)}${']'.repeat(n)}}}`),
		fc.constantFrom('{"type": "speak", "data": [], "context": {}}', '{"type": 7}', '[]', 'null', '{"type": "speak", "context": "x"}')
	)
	.map((raw) => ({ raw }));

function frameText(spec: FrameSpec, t: Turnish, others: readonly Turnish[]): string {
	if ('raw' in spec) return spec.raw;
	const context = { ...t.utt.context, session: sessionOf(spec.session, t), skill_id: spec.skill, [TURN_MARKER]: markerOf(spec.marker, t, others) };
	const data: Record<string, Json> = { ...spec.data };
	if (spec.type === 'ovos.session.sync') data.session = sessionOf(spec.session, t);
	return JSON.stringify({ type: spec.type, data, context });
}

/** What core says to one utterance: a few frames of any kind, maybe a proper ending. */
const script = fc.record({
	frames: fc.array(fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: garbage }), { maxLength: 8 }),
	ends: fc.boolean()
});

/** A failure's seed and cause, without the counterexample (it can hold megabytes of text). */
function briefReport<T>(r: fc.RunDetails<T>): void {
	if (r.failed) throw new Error(`fuzz failed (seed ${r.seed}, path ${r.counterexamplePath}): ${String(r.errorInstance)}`);
}

let gc: () => void = () => {};
beforeAll(() => {
	setFlagsFromString('--expose-gc');
	gc = runInNewContext('gc') as () => void;
});

/**
 * A messagebus as ovos-messagebus is: every frame, whatever it holds (garbage, binary, 100,000-deep
 * JSON), relayed verbatim to every client. (The simulator's bus drops what is not a bus message.)
 */
async function relayBus(): Promise<{ url: string; stop(): Promise<void> }> {
	const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/core' });
	await new Promise<void>((r) => wss.once('listening', () => r()));
	wss.on('connection', (ws) => ws.on('message', (data, isBinary) => {
		for (const c of wss.clients) if (c.readyState === c.OPEN) c.send(data, { binary: isBinary });
	}));
	const port = (wss.address() as { port: number }).port;
	return { url: `ws://127.0.0.1:${port}/core`, stop: () => new Promise((r) => { for (const c of wss.clients) c.terminate(); wss.close(() => r()); }) };
}

describe('bus frames arriving at the chat agent (hostile core)', () => {
	let bus: { url: string; stop(): Promise<void> };
	let client: BusClient;
	let core: ScriptedCore;
	const uncaught: unknown[] = [];
	const onUncaught = (e: unknown) => uncaught.push(e);
	/** What the bus client logged: a listener (the agent's router) that threw is logged there. */
	const logged: string[] = [];
	beforeAll(async () => {
		process.on('uncaughtException', onUncaught);
		process.on('unhandledRejection', onUncaught);
		bus = await relayBus();
		client = new BusClient({ url: bus.url, log: (l) => logged.push(l) });
		await client.ensureOpen();
		core = await ScriptedCore.connect(bus.url);
	});
	afterAll(async () => {
		process.off('uncaughtException', onUncaught);
		process.off('unhandledRejection', onUncaught);
		core.close();
		await client.close();
		await bus.stop();
	});

	it('every turn ends, nothing throws out, and the agent keeps nothing once time has passed', async () => {
		let heapAfterWarmup = 0;
		let run = 0;
		const runs = Math.max(20, RUNS);
		await fc.assert(
			fc.asyncProperty(fc.array(script, { minLength: 1, maxLength: 4 }), fc.boolean(), async (scripts, device) => {
				const clock = new ManualClock();
				// A place in core's pool for each turn: they all start at once (a manual clock moves no queue).
				const agent = new ChatAgent({ bus: client, clock, coreShare: scripts.length });
				const turns: Turnish[] = [];
				const mark = `fuzz-done-${randomUUID()}`;
				let seen = false;
				const off = client.onMessage((m) => void (m.type === mark && (seen = true)));
				const answered = new Set<string>();
				core.onUtterance((utt, c) => {
					// Only the agent's own utterances, once each: the fuzzed frames include utterance echoes too.
					const marker = String(utt.context[TURN_MARKER]);
					const text = Array.isArray(utt.data.utterances) ? utt.data.utterances[0] : null;
					if (typeof text !== 'string' || !text.startsWith('hello ') || utt.context.source !== agent.source || answered.has(marker)) return;
					answered.add(marker);
					const session = String((utt.context.session as JsonObject | undefined)?.session_id);
					const t: Turnish = { utt, session, marker };
					turns.push(t);
					const s = scripts[(turns.length - 1) % scripts.length]!;
					for (const f of s.frames) c.sendRaw(frameText(f, t, turns));
					if (s.ends) c.handled(utt);
				});
				const results = scripts.map((_, i) =>
					agent.turn(`hello ${i}`, i === 0 && device ? { sessionId: 'default', device: true } : { sessionId: randomUUID() }).then(
						(r) => r,
						(e: unknown) => e
					)
				);
				await until(() => turns.length === scripts.length, 5000, 'core saw every utterance');
				core.send({ type: mark, data: {}, context: {} });
				await until(() => seen, 5000, 'the frames were handled');
				off();
				// Long enough for any deadline, question and watch to run out (and their side turns).
				for (let i = 0; i < 4; i++) await clock.advance(400_000);
				const settled = await Promise.race([Promise.all(results), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 5000))]);
				expect(settled).not.toBe('hung');
				for (const r of settled as unknown[]) {
					if (r instanceof Error) expect(r instanceof ChatError || r instanceof BusUnavailableError, String(r)).toBe(true);
					else expect(typeof (r as TurnResult).outcome).toBe('string');
				}
				expect(agent.activeTurns).toBe(0);
				expect(agent.openQuestions).toBe(0);
				expect(agent.holding).toBe(0); // every place in core's pool given back
				expect(clock.pending()).toBe(0);
				expect(Object.prototype).not.toHaveProperty('polluted');
				if (++run === 10) {
					gc();
					heapAfterWarmup = process.memoryUsage().heapUsed;
				}
			}),
			{ numRuns: runs, endOnFailure: true, reporter: briefReport }
		);
		gc();
		// What the runs after the warm-up left behind (their agents are garbage now): a few MB at most.
		expect(process.memoryUsage().heapUsed - heapAfterWarmup).toBeLessThan(32 * 1024 * 1024);
		expect(uncaught).toEqual([]);
		expect(logged.filter((l) => !l.startsWith('skipped malformed frame'))).toEqual([]);
	}, 180_000);
});


/** A bus whose core answers every utterance at once (a sentence, then handled), in-process. */
function answeringBus(): AgentBus {
	const listeners = new Set<(m: BusMessage) => void>();
	return {
		url: 'ws://fake/core',
		ensureOpen: async () => {},
		onClose: () => () => {},
		onMessage(fn) {
			listeners.add(fn);
			return () => listeners.delete(fn);
		},
		send(msg) {
			if (msg.type !== 'recognizer_loop:utterance') return true;
			const context = { ...msg.context, skill_id: 'test-skill' };
			queueMicrotask(() => {
				for (const fn of listeners) fn({ type: 'speak', data: { utterance: 'Fine.', expect_response: false }, context });
				for (const fn of listeners) fn({ type: 'ovos.utterance.handled', data: {}, context });
			});
			return true;
		}
	};
}

const ORIGIN = 'http://screen.test';
// 404: an unknown `model` (OpenAI's model_not_found).
const CHAT_STATUSES = [200, 400, 404, 409, 413, 415, 429, 503, 504];

describe('request bodies to /api/chat and /v1/chat/completions', () => {
	const tokens = new ChatTokens(randomBytes(32));
	const deps: ChatApiDeps = { agent: new ChatAgent({ bus: answeringBus() }), tokens, conversations: new ConversationMap() };
	const sid = randomUUID();
	const goodToken = tokens.sign({ sessionId: sid, snapshot: { session_id: sid }, openTurns: [] });
	const tokenish = fc.oneof(oddValue, fc.constant(goodToken), fc.constant(goodToken.slice(0, -1) + 'A'), fc.constant(`${goodToken}.x`), fc.string({ maxLength: 60 }));
	const text = fc.oneof(oddValue, fc.string({ maxLength: 50 }), fc.constant('x'.repeat(2001)), fc.constant('  \n '));
	const deepText = fc.integer({ min: 100, max: 30_000 }).map((n) => `{"text": "hi", "x": ${'['.repeat(n)}${']'.repeat(n)}}`);
	const chatBody = fc.oneof(
		fc.record({ text, token: tokenish, lang: fc.oneof(oddValue, fc.constantFrom('en-us', 'xx-invalid-tag-!!', 'de-DE', 'zh-Hant-TW-x')), device: oddValue }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
		anyJson.map((v) => JSON.stringify(v)),
		deepText,
		fc.constantFrom('{"__proto__": {"text": "hi"}}', '{"text": "hi", "__proto__": {"device": true}}', '{', '', 'null', '[]', '"text"', '{"text": "\\ud800"}'),
		fc.string({ maxLength: 100 })
	);
	const part = fc.oneof(fc.record({ type: fc.constantFrom('text', 'image_url', 'x'), text: oddValue }, { requiredKeys: [] }), oddValue);
	const message = fc.record({ role: fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'tool', 'developer'), oddValue), content: fc.oneof(text, fc.array(part, { maxLength: 4 })) }, { requiredKeys: [] });
	const oaiBody = fc.oneof(
		fc.record({ model: oddValue, stream: oddValue, messages: fc.oneof(fc.array(message, { maxLength: 6 }), oddValue) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
		fc.integer({ min: 250, max: 300 }).map((n) => JSON.stringify({ messages: Array.from({ length: n }, () => ({ role: 'user', content: 'hi' })) })),
		deepText,
		anyJson.map((v) => JSON.stringify(v)),
		fc.string({ maxLength: 100 })
	);
	const headers = fc.record({
		'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'APPLICATION/JSON', ''),
		accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', ''),
		'x-ovos-chat-token': fc.oneof(fc.constant(''), fc.constant(goodToken), fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e]*$/.test(s)))
	});

	async function call(path: '/api/chat' | '/v1/chat/completions', body: string, h: Record<string, string>): Promise<{ status: number; text: string }> {
		const url = new URL(`${ORIGIN}${path}`);
		const clean = Object.fromEntries(Object.entries({ ...h, origin: ORIGIN }).filter(([, v]) => v !== ''));
		const request = new Request(url, { method: 'POST', headers: clean, body });
		const res = path === '/api/chat' ? await postChat(request, url, deps) : await postCompletions(request, url, deps);
		// A streamed answer must end on its own: read it to the end, with a time limit.
		const text = await Promise.race([res.text(), new Promise<string>((r) => setTimeout(() => r('<hung>'), 5000))]);
		return { status: res.status, text };
	}

	for (const [path, bodies] of [['/api/chat', chatBody], ['/v1/chat/completions', oaiBody]] as const) {
		it(`${path}: any body gets a clear status (never 500), a complete answer, and leaves no turn running`, async () => {
			await fc.assert(
				fc.asyncProperty(bodies, headers, async (body, h) => {
					const r = await call(path, body, h);
					expect(CHAT_STATUSES, `${r.status} ${r.text.slice(0, 200)}`).toContain(r.status);
					expect(r.text).not.toBe('<hung>');
					if (!r.text.startsWith('event:') && !r.text.startsWith('data:')) expect(() => JSON.parse(r.text)).not.toThrow();
					expect(Object.prototype).not.toHaveProperty('text');
					expect(Object.prototype).not.toHaveProperty('device');
				}),
				{ numRuns: RUNS * 3, reporter: briefReport }
			);
			expect(deps.agent.activeTurns).toBe(0);
		}, 120_000);
	}
});
