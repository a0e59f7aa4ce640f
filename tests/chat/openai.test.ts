/**
 * `/v1/chat/completions` as OpenAI clients use it: the official `openai` npm client, defaults as its
 * users keep them, over real HTTP, against the simulator's core. The client sends the whole
 * conversation each time and no header of ours.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import OpenAI, { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, ChatTokens, ConversationMap, getModels, postCompletions, type ChatApiDeps } from '../../src/lib/server/agent';
import { startSimulator, type Simulator } from '../../simulator';
import { Access, unauthorized } from '../../src/lib/server/guards';
import { CredentialStore } from '../../src/lib/server/guards/credentials';
import { connectedBus, until } from './helpers';

let sim: Simulator;
let client: BusClient;
let deps: ChatApiDeps;
let server: Server;
let openai: OpenAI;
/** Who the server lets in: this machine, and tools with a token (OVOS_SCREEN_TOKEN=sesame, or one made on /settings). */
const access = new Access({ store: new CredentialStore(null), apiToken: 'sesame', trusted: [], addressHeader: null, xffDepth: 1 });

/** The fields this server adds to replies (`ovos`), as a client reads them. */
interface Ovos {
	token: string | null;
	outcome: string;
	awaiting: boolean;
	skill: string | null;
}
const ovosOf = (x: unknown) => (x as { ovos: Ovos }).ovos;

beforeAll(async () => {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, log: false });
	client = await connectedBus(sim.busUrl);
	deps = {
		agent: new ChatAgent({ bus: client }),
		tokens: new ChatTokens(randomBytes(32)),
		conversations: new ConversationMap()
	};
	// The endpoint over real HTTP, as the app's route serves it, behind the app's door (who is let in).
	server = createServer(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const c of req) chunks.push(c as Buffer);
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
		const request = new Request(url, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) });
		const who = access.whoIs(req.socket.remoteAddress ?? '', (name) => request.headers.get(name));
		const response =
			who.kind === 'stranger' ? unauthorized() : url.pathname === '/v1/models' ? getModels() : await postCompletions(request, url, deps, { client: who });
		res.writeHead(response.status, Object.fromEntries(response.headers));
		if (!response.body) return void res.end();
		const reader = response.body.getReader();
		for (let r = await reader.read(); !r.done; r = await reader.read()) res.write(r.value);
		res.end();
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const port = (server.address() as { port: number }).port;
	openai = new OpenAI({ apiKey: 'not-needed', baseURL: `http://127.0.0.1:${port}/v1` });
});
afterAll(async () => {
	await new Promise((r) => server.close(r));
	await client.close();
	await sim.stop();
});

type Msg = OpenAI.Chat.ChatCompletionMessageParam;

async function streamed(messages: Msg[], model = 'ovos') {
	const stream = await openai.chat.completions.create({ model, messages, stream: true });
	let content = '';
	let last: unknown = null;
	for await (const chunk of stream) {
		content += chunk.choices[0]?.delta.content ?? '';
		last = chunk;
	}
	return { content, ovos: ovosOf(last) };
}

describe('the official openai client', () => {
	it('lists the two models a chat tool can offer; from elsewhere, with an API token as its key', async () => {
		const ids = [];
		for await (const m of openai.models.list()) ids.push(m.id);
		expect(ids).toEqual(['ovos', 'ovos-device']);
		// A chat tool on another machine, behind a proxy on this one that names it (X-Forwarded-For).
		const elsewhere = { 'x-forwarded-for': '192.0.2.44' };
		const stranger = new OpenAI({ apiKey: 'not-a-token', baseURL: openai.baseURL, defaultHeaders: elsewhere });
		await expect(stranger.models.list()).rejects.toMatchObject({ status: 401 });
		const token = access.createToken('Open WebUI')!.token;
		const keyed = new OpenAI({ apiKey: token, baseURL: openai.baseURL, defaultHeaders: elsewhere });
		expect((await keyed.models.list()).data.map((m) => m.id)).toEqual(['ovos', 'ovos-device']);
		const env = new OpenAI({ apiKey: 'sesame', baseURL: openai.baseURL, defaultHeaders: elsewhere });
		expect((await env.models.list()).data.map((m) => m.id)).toEqual(['ovos', 'ovos-device']);
	});

	it('keeps one OVOS session across a conversation with no header: a dialogue works', async () => {
		const messages: Msg[] = [
			{ role: 'system', content: 'You are a voice assistant.' },
			{ role: 'user', content: 'set a timer' }
		];
		const q = await openai.chat.completions.create({ model: 'ovos', messages });
		expect(q.choices[0]?.message.content).toBe('For how long?');
		expect(ovosOf(q)).toMatchObject({ outcome: 'awaiting', awaiting: true, skill: 'ovos-skill-alerts.openvoiceos' });
		messages.push({ role: 'assistant', content: q.choices[0]!.message.content! }, { role: 'user', content: '5 minutes' });
		const a = await openai.chat.completions.create({ model: 'ovos', messages });
		expect(a.choices[0]?.message.content).toBe('Timer for five minutes, starting now.');
		expect(ovosOf(a)).toMatchObject({ outcome: 'answered', awaiting: false });
	});

	it('streamed the same, with the token and the waiting flag on the last chunk', async () => {
		const messages: Msg[] = [{ role: 'user', content: 'start a timer please' }];
		const q = await streamed(messages);
		expect(q.content).toBe('For how long?');
		expect(q.ovos).toMatchObject({ outcome: 'awaiting', awaiting: true });
		expect(typeof q.ovos.token).toBe('string');
		messages.push({ role: 'assistant', content: q.content }, { role: 'user', content: 'ten minutes' });
		const a = await streamed(messages);
		expect(a.content).toBe('Timer for ten minutes, starting now.');
	});

	/** The README's two-turn example, as its script runs it; `half` stops after the question. */
	async function example(half = false) {
		const messages: Msg[] = [{ role: 'user', content: 'set a timer' }];
		const q = await openai.chat.completions.create({ model: 'ovos', messages });
		if (half) return { question: q.choices[0]?.message.content, answer: null, session: deps.tokens.verify(ovosOf(q).token!).sessionId };
		messages.push(q.choices[0]!.message, { role: 'user', content: 'five minutes' });
		const a = await openai.chat.completions.create({ model: 'ovos', messages });
		return { question: q.choices[0]?.message.content, answer: a.choices[0]?.message.content, session: deps.tokens.verify(ovosOf(a).token!).sessionId };
	}
	const RIGHT = { question: 'For how long?', answer: 'Timer for five minutes, starting now.' };

	it('the README’s example run whole, then only its first half, then whole again (twice): every run gets the right answers', async () => {
		expect(await example()).toMatchObject(RIGHT);
		const half = await example(true);
		expect(half).toMatchObject({ question: RIGHT.question });
		const t0 = performance.now();
		expect(await example()).toMatchObject(RIGHT);
		expect(await example()).toMatchObject(RIGHT);
		expect(performance.now() - t0).toBeLessThan(5000);
		// The half run's question is still open, until its idle limit or its chat is left.
		expect(deps.agent.endChat(half.session)).toBe(true);
		await until(() => sim.services!.workers.busy === 0, 3000, 'its thread freed');
	});

	it('two runs of the same example at the same time each get their own OVOS session and the right answers', async () => {
		const [a, b] = await Promise.all([example(), example()]);
		expect(a).toMatchObject(RIGHT);
		expect(b).toMatchObject(RIGHT);
		expect(a.session).not.toBe(b.session);
		expect(await example()).toMatchObject(RIGHT);
	});

	it('a run after a failed one (its answer refused) gets the right answers', async () => {
		// The answer of the failed run never reaches OVOS (a client that stopped waiting, a refusal).
		const messages: Msg[] = [{ role: 'user', content: 'set a timer' }];
		const q = await openai.chat.completions.create({ model: 'ovos', messages });
		messages.push(q.choices[0]!.message, { role: 'user', content: 'five minutes' });
		const abort = new AbortController();
		const failed = openai.chat.completions.create({ model: 'ovos', messages }, { signal: abort.signal, maxRetries: 0 });
		abort.abort();
		await expect(failed).rejects.toThrow();
		expect(await example()).toMatchObject(RIGHT);
		expect(await example()).toMatchObject(RIGHT);
		expect(deps.agent.endChat(deps.tokens.verify(ovosOf(q).token!).sessionId)).toBe(true);
		await until(() => sim.services!.workers.busy === 0, 3000, 'its thread freed');
	});

	it('"not understood" is an ordinary assistant message, streamed or not: 200, finish_reason stop, the reason in `ovos`', async () => {
		for (const stream of [false, true]) {
			const messages: Msg[] = [{ role: 'user', content: 'purple monkey dishwasher' }];
			let content: string;
			let finish: string | null | undefined;
			let ovos: Ovos & { reason?: string };
			if (stream) {
				const s = await openai.chat.completions.create({ model: 'ovos', stream, messages });
				content = '';
				let last: unknown = null;
				for await (const chunk of s) {
					content += chunk.choices[0]?.delta.content ?? '';
					finish = chunk.choices[0]?.finish_reason ?? finish;
					last = chunk;
				}
				ovos = ovosOf(last);
			} else {
				const r = await openai.chat.completions.create({ model: 'ovos', messages });
				content = r.choices[0]!.message.content!;
				finish = r.choices[0]!.finish_reason;
				ovos = ovosOf(r);
			}
			expect(content, `stream: ${stream}`).toBe('OVOS did not understand that.');
			expect(finish).toBe('stop');
			expect(ovos).toMatchObject({ outcome: 'unmatched', reason: 'unmatched', awaiting: false });
			expect(typeof ovos.token).toBe('string');
		}
	});

	it('an unknown model is a 404 in OpenAI’s shape naming the models there are', async () => {
		for (const stream of [false, true]) {
			const err = await openai.chat.completions.create({ model: 'gpt-4', stream, messages: [{ role: 'user', content: 'hello' }] }).then(
				() => null,
				(e: unknown) => e
			);
			expect(err, `stream: ${stream}`).toBeInstanceOf(APIError);
			const e = err as APIError;
			expect(e.status).toBe(404);
			expect(e.code).toBe('model_not_found');
			expect(e.type).toBe('invalid_request_error');
			expect(e.param).toBe('model');
			expect(e.message).toMatch(/gpt-4/);
			expect(e.message).toMatch(/ovos, ovos-device/);
		}
		// Nothing reached OVOS for it.
		const said = sim.services!.workers;
		expect(said.busy).toBe(0);
	});

	it('stream_options.include_usage sends the usage chunk last', async () => {
		const s = await openai.chat.completions.create({ model: 'ovos', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hello' }] });
		const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
		for await (const c of s) chunks.push(c);
		const last = chunks.at(-1)!;
		expect(last.choices).toEqual([]);
		expect(last.usage).toEqual({ prompt_tokens: 1, completion_tokens: 7, total_tokens: 8 });
		expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
		expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello there!\nI am the simulated OpenVoiceOS.');
	});

	it('model "ovos-device" speaks as the device: the answer shows on the screen', async () => {
		// In the device's session the weather skill shows its page, speaks, then (no screen connected) waits 5 s.
		const r = await openai.chat.completions.create({ model: 'ovos-device', messages: [{ role: 'user', content: "what's the weather" }] });
		expect(r.choices[0]?.message.content).toMatch(/^It's currently partly cloudy and \d+ degrees\.\nCurrently, the humidity is 48 percent\.$/);
		expect(ovosOf(r)).toMatchObject({ token: null, outcome: 'answered' });
		expect(JSON.parse(sim.canonical()).stack[0]).toBe('ovos-skill-weather.openvoiceos');
	}, 20_000);
});
