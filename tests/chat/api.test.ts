/** The HTTP endpoints, called as SvelteKit calls them (a Request in, a Response out). */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/lib/protocol';
import { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, ChatTokens, ConversationMap, postChat, postCompletions, type ChatApiDeps } from '../../src/lib/server/agent';
import { ScriptedCore, connectedBus, sleep, startBareBus, until, type BareBus } from './helpers';

const ORIGIN = 'http://chat.test';
const URL_CHAT = new URL(`${ORIGIN}/api/chat`);
const URL_OAI = new URL(`${ORIGIN}/v1/chat/completions`);

let bus: BareBus;
let client: BusClient;
let core: ScriptedCore;
let deps: ChatApiDeps;

beforeAll(async () => {
	bus = await startBareBus();
	client = await connectedBus(bus.busUrl);
	core = await ScriptedCore.connect(bus.busUrl);
	deps = {
		agent: new ChatAgent({ bus: client, timing: { idleMs: 400, deadlineMs: 2000 } }),
		tokens: new ChatTokens(randomBytes(32)),
		conversations: new ConversationMap()
	};
	core.onUtterance((utt, c) => answer(utt, c));
});
afterAll(async () => {
	core.close();
	await client.close();
	await bus.stop();
});
afterEach(() => {
	core.onUtterance((utt, c) => answer(utt, c));
	core.frames.length = 0;
});

/** Default script: two sentences naming the text and the turn number carried in the session. */
function answer(utt: import('../../src/lib/protocol').BusMessage, c: ScriptedCore): void {
	const turns = Number((utt.context.session as JsonObject).turns ?? 0) + 1;
	const session = ScriptedCore.coreSession(utt, { turns });
	c.speak(utt, `You said ${(utt.data.utterances as string[])[0]}.`, {}, session);
	c.speak(utt, `Turn ${turns}.`, {}, session);
	c.handled(utt, session);
}

function post(body: unknown, headers: Record<string, string> = {}, url = URL_CHAT): Request {
	return new Request(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});
}

const chat = (body: unknown, headers: Record<string, string> = {}, d = deps) => postChat(post(body, headers), URL_CHAT, d);

async function events(res: Response): Promise<{ event: string; data: JsonObject }[]> {
	const text = await res.text();
	return text
		.split('\n\n')
		.filter((b) => b.startsWith('event:'))
		.map((b) => {
			const [ev, data] = b.split('\n');
			return { event: ev!.slice(7), data: JSON.parse(data!.slice(6)) as JsonObject };
		});
}

const sessionOfLastUtterance = () => (core.ofType('recognizer_loop:utterance').at(-1)?.context.session as JsonObject).session_id;

describe('POST /api/chat', () => {
	it('streams sentence events then done with a token that continues the same OVOS session', async () => {
		const res = await chat({ text: 'hello' }, { accept: 'text/event-stream' });
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
		const ev = await events(res);
		expect(ev.map((e) => e.event)).toEqual(['sentence', 'sentence', 'done']);
		expect(ev[0]!.data).toEqual({ text: 'You said hello.', skill: 'test-skill' });
		const done = ev[2]!.data;
		expect(done).toMatchObject({ outcome: 'answered', complete: true, skill: 'test-skill', text: 'You said hello.\nTurn 1.' });
		const sid = sessionOfLastUtterance();
		expect(sid).toMatch(/^[0-9a-f-]{36}$/);
		// JSON mode, continuing with the token: same session, core's snapshot carried (turn 2).
		const res2 = await chat({ text: 'again', token: done.token });
		expect(res2.status).toBe(200);
		const body = (await res2.json()) as JsonObject;
		expect(body).toMatchObject({ outcome: 'answered', text: 'You said again.\nTurn 2.' });
		expect(sessionOfLastUtterance()).toBe(sid);
		// A new chat (no token) gets a new session.
		await chat({ text: 'fresh' });
		expect(sessionOfLastUtterance()).not.toBe(sid);
	});

	it('refuses a forged or edited token with 400 and sends nothing', async () => {
		const good = ((await (await chat({ text: 'x' })).json()) as JsonObject).token as string;
		core.frames.length = 0;
		const [body, sig] = good.split('.') as [string, string];
		const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as JsonObject;
		const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
		const otherServer = new ChatTokens(randomBytes(32));
		const forged = [
			`${b64({ ...payload, sid: 'default' })}.${sig}`, // claim the device's session
			`${b64({ ...payload, snap: { ...(payload.snap as JsonObject), blacklisted_skills: [] } })}.${sig}`, // edit the snapshot
			otherServer.sign({ sessionId: payload.sid as string, snapshot: null, openTurns: [] }), // someone else's secret
			`${body}.${sig.slice(0, -2)}AA`,
			'garbage',
			`${body}`
		];
		for (const token of forged) {
			const res = await chat({ text: 'hi', token });
			expect(res.status, token.slice(0, 40)).toBe(400);
			expect(((await res.json()) as { error: JsonObject }).error.code).toBe('bad-token');
		}
		await sleep(30);
		expect(core.ofType('recognizer_loop:utterance')).toHaveLength(0);
	});

	it('answers 409 while a turn of the same chat runs', async () => {
		const token = ((await (await chat({ text: 'x' })).json()) as JsonObject).token as string;
		core.onUtterance(async (utt, c) => {
			await sleep(150);
			answer(utt, c);
		});
		const first = chat({ text: 'slow', token });
		await until(() => core.ofType('recognizer_loop:utterance').length >= 2);
		const second = await chat({ text: 'meanwhile', token });
		expect(second.status).toBe(409);
		expect(((await second.json()) as { error: JsonObject }).error.code).toBe('busy');
		expect((await first).status).toBe(200);
	});

	it('refuses bad input clearly', async () => {
		const cases: [Request, number, string][] = [
			[post({ text: '' }), 400, 'bad-input'],
			[post({ text: 'x'.repeat(2001) }), 400, 'bad-input'],
			[post({ text: 5 }), 400, 'bad-input'],
			[post({ text: 'hi', lang: 'not a lang!' }), 400, 'bad-input'],
			[post('{not json'), 400, 'bad-input'],
			[post({ text: 'hi' }, { 'content-type': 'text/plain' }), 415, 'bad-input'],
			[post({ text: 'x'.repeat(70_000) }), 413, 'too-large'],
			[post({ text: 'hi' }, { origin: 'http://evil.test' }), 403, 'forbidden'],
			[post({ text: 'hi' }, { 'sec-fetch-site': 'cross-site' }), 403, 'forbidden']
		];
		for (const [req, status, code] of cases) {
			const res = await postChat(req, URL_CHAT, deps);
			expect(res.status).toBe(status);
			expect(((await res.json()) as { error: JsonObject }).error.code).toBe(code);
		}
		// A body over the limit is refused even when it lies about its length (chunked).
		const stream = new ReadableStream({
			start(c) {
				for (let i = 0; i < 80; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024)));
				c.close();
			}
		});
		const chunked = new Request(URL_CHAT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
		expect((await postChat(chunked, URL_CHAT, deps)).status).toBe(413);
		await sleep(20);
		expect(core.ofType('recognizer_loop:utterance')).toHaveLength(0);
	});

	it('normalises the chosen language and sends it', async () => {
		await chat({ text: 'hej', lang: 'sv-se' });
		const utt = core.ofType('recognizer_loop:utterance').at(-1)!;
		expect(utt.data.lang).toBe('sv-SE');
		expect((utt.context.session as JsonObject).lang).toBe('sv-SE');
	});

	it('answers 504 with what was said when OVOS goes quiet; SSE says timeout in done', async () => {
		core.onUtterance((utt, c) => c.speak(utt, 'Let me think…'));
		const res = await chat({ text: 'hard question' });
		expect(res.status).toBe(504);
		const body = (await res.json()) as JsonObject;
		expect(body).toMatchObject({ outcome: 'timeout', text: 'Let me think…', error: { code: 'timeout' } });
		expect(typeof body.token).toBe('string');
		const ev = await events(await chat({ text: 'again' }, { accept: 'text/event-stream' }));
		expect(ev.at(-1)).toMatchObject({ event: 'done', data: { outcome: 'timeout', complete: false } });
	});

	it('says "not understood" as an outcome, not as a reply', async () => {
		core.onUtterance((utt, c) => {
			c.forward(utt, 'complete_intent_failure', utt.data);
			c.forward(utt, 'ovos.utterance.handled', {});
		});
		const body = (await (await chat({ text: 'blorp' })).json()) as JsonObject;
		expect(body).toMatchObject({ outcome: 'unmatched', text: '', sentences: [] });
	});

	it('bus down → 503 without the internal bus address, then works once the bus is back', async () => {
		const spare = await startBareBus();
		const port = spare.busPort;
		await spare.stop();
		const downBus = new BusClient({ url: `ws://127.0.0.1:${port}/core`, log: () => {} });
		downBus.start();
		const d2 = { ...deps, agent: new ChatAgent({ bus: downBus }) };
		const t0 = Date.now();
		const res = await chat({ text: 'anyone?' }, {}, d2);
		expect(res.status).toBe(503);
		expect(Date.now() - t0).toBeLessThan(1500); // fails fast
		const err = ((await res.json()) as { error: JsonObject }).error;
		expect(err).toMatchObject({ code: 'bus-down', message: 'the OVOS messagebus is unreachable; the server keeps trying' });
		expect(JSON.stringify(err)).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${port}`));
		const back = await startBareBus(port);
		const core2 = await ScriptedCore.connect(back.busUrl);
		core2.onUtterance((utt, c) => answer(utt, c));
		try {
			const ok = await chat({ text: 'now?' }, {}, d2);
			expect(ok.status).toBe(200);
			expect(((await ok.json()) as JsonObject).text).toBe('You said now?.\nTurn 1.');
		} finally {
			core2.close();
			await downBus.close();
			await back.stop();
		}
	});

	it('bus up, core down: "OVOS core is not responding" (503) within 3 s, streamed or not — not a 504 after 20 s', async () => {
		core.onUtterance(() => {}); // the bus relays, nothing reacts
		const d2 = { ...deps, agent: new ChatAgent({ bus: client }) }; // the default timing, as shipped
		for (const headers of [{}, { accept: 'text/event-stream' }] as Record<string, string>[]) {
			const t0 = Date.now();
			const res = await chat({ text: 'hello?' }, headers, d2);
			expect(Date.now() - t0).toBeLessThan(3000);
			expect(res.status).toBe(503);
			const err = ((await res.json()) as { error: JsonObject }).error;
			expect(err.code).toBe('core-down');
			expect(err.message).toMatch(/^OVOS core is not responding/);
		}
	}, 30_000);

	it('a JSON caller that hangs up frees its chat at once (its turn is aborted, its speech stopped)', async () => {
		core.onUtterance((utt, c) => c.speak(utt, 'Let me think…'));
		const token = ((await (await chat({ text: 'x' })).json()) as JsonObject).token as string;
		const gone = new AbortController();
		const pending = postChat(post({ text: 'slow', token }), URL_CHAT, deps, gone.signal);
		await until(() => core.ofType('speak').length >= 2);
		gone.abort();
		await pending;
		await until(() => core.ofType('mycroft.audio.speech.stop').length === 1);
		core.onUtterance((utt, c) => answer(utt, c));
		const next = await chat({ text: 'again', token });
		expect(next.status).toBe(200);
	});

	it('a turn in flight when the bus drops ends at once with 503, not after the timeout', async () => {
		const own = await startBareBus();
		const ownClient = await connectedBus(own.busUrl);
		const d2 = { ...deps, agent: new ChatAgent({ bus: ownClient, timing: { idleMs: 10_000 } }) };
		const pending = chat({ text: 'hello?' }, {}, d2);
		await sleep(50);
		const t0 = Date.now();
		await own.stop();
		const res = await pending;
		expect(res.status).toBe(503);
		expect(Date.now() - t0).toBeLessThan(1000);
		await ownClient.close();
	});
});

describe('POST /v1/chat/completions', () => {
	const oai = (body: unknown, headers: Record<string, string> = {}) => postCompletions(post(body, headers, URL_OAI), URL_OAI, deps);

	it('answers OpenAI-style with the last user message and returns a chat token header', async () => {
		const res = await oai({
			model: 'ovos',
			messages: [
				{ role: 'system', content: 'be nice' },
				{ role: 'user', content: [{ type: 'text', text: 'what time' }, { type: 'text', text: ' is it' }] }
			]
		});
		expect(res.status).toBe(200);
		const body = (await res.json()) as JsonObject & { choices: { message: JsonObject; finish_reason: string }[] };
		expect(body.object).toBe('chat.completion');
		expect(body.choices[0]!.message).toEqual({ role: 'assistant', content: 'You said what time is it.\nTurn 1.' });
		expect(body.choices[0]!.finish_reason).toBe('stop');
		const token = res.headers.get('x-ovos-chat-token')!;
		expect(token).toBe((body.ovos as JsonObject).token);
		const sid = sessionOfLastUtterance();
		// Without the token: a new session each time; with it: the same one, turn 2.
		await oai({ messages: [{ role: 'user', content: 'a' }] });
		expect(sessionOfLastUtterance()).not.toBe(sid);
		const cont = (await (await oai({ messages: [{ role: 'user', content: 'b' }] }, { 'x-ovos-chat-token': token })).json()) as {
			choices: { message: { content: string } }[];
		};
		expect(cont.choices[0]!.message.content).toBe('You said b.\nTurn 2.');
		expect(sessionOfLastUtterance()).toBe(sid);
	});

	it('streams chat.completion.chunk deltas and ends with [DONE]', async () => {
		const res = await oai({ stream: true, messages: [{ role: 'user', content: 'stream' }] });
		expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
		const lines = (await res.text()).split('\n\n').filter(Boolean);
		expect(lines.at(-1)).toBe('data: [DONE]');
		const chunks = lines.slice(0, -1).map((l) => JSON.parse(l.slice(6)) as { choices: { delta: JsonObject; finish_reason: string | null }[]; ovos?: JsonObject });
		const content = chunks.map((c) => c.choices[0]!.delta.content ?? '').join('');
		expect(content).toBe('You said stream.\nTurn 1.');
		expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
		expect(typeof chunks.at(-1)!.ovos?.token).toBe('string');
	});

	it('keeps the same limits and error shapes', async () => {
		expect((await oai({ messages: [] })).status).toBe(400);
		expect((await oai({ messages: [{ role: 'assistant', content: 'x' }] })).status).toBe(400);
		const bad = await oai({ messages: [{ role: 'user', content: 'x' }] }, { 'x-ovos-chat-token': 'forged.token' });
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { error: JsonObject }).error).toMatchObject({ type: 'invalid_request_error', code: 'bad-token' });
		core.onUtterance((utt, c) => {
			c.forward(utt, 'complete_intent_failure', utt.data);
			c.forward(utt, 'ovos.utterance.handled', {});
		});
		// Not understood is an answer, not an error: a stock client shows it as one.
		const un = await oai({ messages: [{ role: 'user', content: 'blorp' }] });
		expect(un.status).toBe(200);
		expect(un.headers.get('x-ovos-chat-token')).toBeTruthy();
		expect(await un.json()).toMatchObject({ choices: [{ message: { content: 'OVOS did not understand that.' }, finish_reason: 'stop' }], ovos: { outcome: 'unmatched', reason: 'unmatched' } });
	});
});
