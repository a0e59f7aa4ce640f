/** The panel's plain-TS pieces: SSE parsing, the request client against the real endpoint, history. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRequestError, SseParser, sendChat, type ChatSentence } from '../../src/lib/chat/chat-client';
import { ChatHistory, chatFrom, emptyChat } from '../../src/lib/chat/history';
import { ChatAgent, ChatTokens, ConversationMap, postChat, type ChatApiDeps } from '../../src/lib/server/agent';
import { BusClient } from '../../src/lib/server/bus';
import { startSimulator, type Simulator } from '../../simulator';
import { connectedBus } from './helpers';

class MemoryStorage implements Storage {
	#m = new Map<string, string>();
	get length() {
		return this.#m.size;
	}
	clear() {
		this.#m.clear();
	}
	getItem(k: string) {
		return this.#m.get(k) ?? null;
	}
	key(i: number) {
		return [...this.#m.keys()][i] ?? null;
	}
	removeItem(k: string) {
		this.#m.delete(k);
	}
	setItem(k: string, v: string) {
		this.#m.set(k, String(v));
	}
}

describe('SseParser', () => {
	it('assembles events split anywhere, skips comments, joins multi-line data', () => {
		const p = new SseParser();
		const text = ': keep-alive\n\nevent: sentence\ndata: {"text":"a"}\n\nevent: done\r\ndata: line1\ndata: line2\r\n\r\n';
		const out = [];
		for (const ch of text) out.push(...p.push(ch));
		expect(out).toEqual([
			{ event: 'sentence', data: '{"text":"a"}' },
			{ event: 'done', data: 'line1\nline2' }
		]);
	});
});

describe('sendChat against POST /api/chat on the simulator', () => {
	let sim: Simulator;
	let bus: BusClient;
	let deps: ChatApiDeps;
	const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
		const url = new URL(String(input), 'http://panel.test');
		return postChat(new Request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: url.origin } }), url, deps);
	}) as typeof fetch;

	beforeAll(async () => {
		sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, log: false });
		bus = await connectedBus(sim.busUrl);
		deps = { agent: new ChatAgent({ bus }), tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
	});
	afterAll(async () => {
		await bus.close();
		await sim.stop();
	});

	it('gets sentences as they stream, then done with a token that continues the dialogue', async () => {
		const got: ChatSentence[] = [];
		const q = await sendChat({ text: 'set a timer', token: null, lang: null, fetch: fakeFetch, onSentence: (s) => got.push(s) });
		expect(got).toEqual([{ text: 'For how long?', skill: 'ovos-skill-alerts.openvoiceos' }]);
		expect(q.outcome).toBe('awaiting');
		const a = await sendChat({ text: 'ten seconds', token: q.token, lang: null, fetch: fakeFetch, onSentence: () => {} });
		expect(a).toMatchObject({ outcome: 'answered', text: 'Timer for ten seconds, starting now.' });
	});

	it('turns server errors into typed ChatRequestErrors', async () => {
		const err = await sendChat({ text: 'hi', token: 'forged.x', lang: null, fetch: fakeFetch, onSentence: () => {} }).catch((e) => e);
		expect(err).toBeInstanceOf(ChatRequestError);
		expect(err).toMatchObject({ code: 'bad-token', status: 400 });
		const down = await sendChat({
			text: 'hi',
			token: null,
			lang: null,
			onSentence: () => {},
			fetch: (async () => {
				throw new TypeError('fetch failed');
			}) as typeof fetch
		}).catch((e) => e);
		expect(down).toMatchObject({ code: 'network' });
	});
});

describe('ChatHistory', () => {
	it('keeps chats per id with token and language, newest first, and drops junk', () => {
		const storage = new MemoryStorage();
		const h = new ChatHistory(storage);
		const a = { ...emptyChat('de-DE'), token: 't1', entries: [{ id: '1', role: 'user' as const, text: 'Hallo Welt', at: 1 }], updated: 10 };
		const b = { ...emptyChat(), entries: [{ id: '2', role: 'user' as const, text: 'second chat', at: 2 }], updated: 20 };
		h.save(a);
		h.save(b);
		expect(h.list().map((c) => c.title)).toEqual(['second chat', 'Hallo Welt']);
		expect(h.load(a.id)).toMatchObject({ token: 't1', lang: 'de-DE', title: 'Hallo Welt' });
		storage.setItem(`ovos-screen.chat.${a.id}`, '{"id":');
		expect(h.load(a.id)).toBeNull();
		expect(h.list()).toHaveLength(1);
		h.remove(b.id);
		expect(h.list()).toHaveLength(0);
	});

	it('reads back only well-formed entries; a reply left streaming counts as stopped', () => {
		const chat = chatFrom({
			id: 'x',
			entries: [
				{ id: '1', role: 'assistant', text: '<b>hi</b>', state: 'streaming', at: 1 },
				{ id: '2', role: 'system', text: 'nope', at: 2 },
				{ id: 3, role: 'user', text: 'bad id', at: 3 },
				{ id: '4', role: 'assistant', text: 'ok', state: 'weird', at: 4 }
			]
		});
		expect(chat?.entries.map((e) => [e.id, e.state])).toEqual([
			['1', 'stopped'],
			['4', undefined]
		]);
		expect(chat?.entries[0]?.text).toBe('<b>hi</b>'); // kept as text; the view never parses it
	});
});

describe('sendChat and the end of its stream', () => {
	/** A fetch whose answer streams `done`, then closes after `closeAfter` ms (never, when null); says whether it closed or was cancelled. */
	function streaming(closeAfter: number | null) {
		const seen = { cancelled: false, closed: false };
		const fetch = (async () => {
			const body = new ReadableStream<Uint8Array>({
				start(c) {
					c.enqueue(new TextEncoder().encode('event: sentence\ndata: {"text":"Hello."}\n\nevent: done\ndata: {"outcome":"answered","token":null,"complete":true,"text":"Hello."}\n\n'));
					if (closeAfter !== null)
						setTimeout(() => {
							seen.closed = true;
							c.close();
						}, closeAfter);
				},
				cancel() {
					seen.cancelled = true;
				}
			});
			return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
		}) as typeof globalThis.fetch;
		return { seen, fetch };
	}

	it('reads on to the server closing the stream after done, so the request ends as answered, not cancelled', async () => {
		const { seen, fetch } = streaming(30);
		const sentences: ChatSentence[] = [];
		const done = await sendChat({ text: 'hi', token: null, lang: null, fetch, onSentence: (s) => sentences.push(s) });
		expect(done.outcome).toBe('answered');
		expect(sentences.map((s) => s.text)).toEqual(['Hello.']);
		// Answered once the stream had closed by itself: it was read to its end, not cancelled.
		expect(seen.closed).toBe(true);
		expect(seen.cancelled).toBe(false);
	});

	it('a stream left open after done is given up within a second: the answer is not held', async () => {
		const { seen, fetch } = streaming(null);
		const t = performance.now();
		const done = await sendChat({ text: 'hi', token: null, lang: null, fetch, onSentence: () => {} });
		expect(done.outcome).toBe('answered');
		expect(performance.now() - t).toBeLessThan(1500);
		await expect.poll(() => seen.cancelled).toBe(true);
	});
});
