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
import { startSimulator, type Simulator } from '../../src/lib/server/simulator';
import { connectedBus } from './helpers';

let sim: Simulator;
let client: BusClient;
let deps: ChatApiDeps;
let server: Server;
let openai: OpenAI;

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
		apiToken: null,
		conversations: new ConversationMap()
	};
	// The endpoint over real HTTP, as the app's route serves it.
	server = createServer(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const c of req) chunks.push(c as Buffer);
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
		const request = new Request(url, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) });
		const response =
			url.pathname === '/v1/models'
				? getModels(request, deps)
				: await postCompletions(request, url, deps, { clientAddress: req.socket.remoteAddress });
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
	it('lists the two models a chat tool can offer, behind the API token when one is set', async () => {
		const ids = [];
		for await (const m of openai.models.list()) ids.push(m.id);
		expect(ids).toEqual(['ovos', 'ovos-device']);
		deps = { ...deps, apiToken: 'sesame' };
		try {
			await expect(openai.models.list()).rejects.toMatchObject({ status: 401 });
			const keyed = new OpenAI({ apiKey: 'sesame', baseURL: openai.baseURL });
			expect((await keyed.models.list()).data.map((m) => m.id)).toEqual(['ovos', 'ovos-device']);
		} finally {
			deps = { ...deps, apiToken: null };
		}
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

	it('two clients with the same first exchange do not share a session', async () => {
		const hello: Msg[] = [{ role: 'user', content: 'set a timer' }];
		const first = await openai.chat.completions.create({ model: 'ovos', messages: hello });
		const second = await openai.chat.completions.create({ model: 'ovos', messages: hello });
		// Same client, same history, two sessions: the history no longer says which; neither continues
		// into the other's session (a fresh turn).
		const next = await openai.chat.completions
			.create({ model: 'ovos', messages: [...hello, { role: 'assistant', content: 'For how long?' }, { role: 'user', content: '5 minutes' }] })
			.catch((e: unknown) => e);
		expect(ovosOf(first).token).not.toBe(ovosOf(second).token);
		expect(next).toBeInstanceOf(APIError);
		expect((next as APIError).status).toBe(422);
	});

	it('"not understood" is the same 422 streamed or not, with the token inside the error', async () => {
		for (const stream of [false, true]) {
			const err = await openai.chat.completions
				.create({ model: 'ovos', stream, messages: [{ role: 'user', content: 'purple monkey dishwasher' }] })
				.then(() => null, (e: unknown) => e);
			expect(err, `stream: ${stream}`).toBeInstanceOf(APIError);
			const e = err as APIError;
			expect(e.status).toBe(422);
			expect(e.code).toBe('unmatched');
			expect(typeof ovosOf(e.error).token).toBe('string');
			expect(e.headers?.get('x-ovos-chat-token')).toBe(ovosOf(e.error).token);
		}
	});

	it('model "ovos-device" speaks as the device: the answer shows on the screen', async () => {
		// In the device's session the weather skill shows its page, speaks, then (no screen connected) waits 5 s.
		const r = await openai.chat.completions.create({ model: 'ovos-device', messages: [{ role: 'user', content: "what's the weather" }] });
		expect(r.choices[0]?.message.content).toMatch(/^It's currently partly cloudy and \d+ degrees\.\nCurrently, the humidity is 48 percent\.$/);
		expect(ovosOf(r)).toMatchObject({ token: null, outcome: 'answered' });
		expect(JSON.parse(sim.canonical()).stack[0]).toBe('ovos-skill-weather.openvoiceos');
	}, 20_000);
});
