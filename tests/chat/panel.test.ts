/**
 * The chat panel's state (ChatController, as the slide-over and /chat run it) against the real
 * endpoints and the simulator's core: which question is still waiting, what leaving a chat does,
 * speaking as the device; and the names people see for skills.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatController } from '../../src/lib/chat/chat.svelte';
import { skillName } from '../../src/lib/skills/names';
import { loadLanguage, useLanguage } from '../../src/lib/i18n/runtime.svelte';
import type { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, ChatTokens, ConversationMap, postChat, postChatEnd, type ChatApiDeps } from '../../src/lib/server/agent';
import { startSimulator, type Simulator } from '../../simulator';
import { connectedBus, until } from './helpers';

let sim: Simulator;
let bus: BusClient;
let deps: ChatApiDeps;
const calls: string[] = [];

const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
	const url = new URL(String(input), 'http://panel.test');
	calls.push(url.pathname);
	const req = new Request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: url.origin } });
	return url.pathname.endsWith('/end') ? postChatEnd(req, url, deps) : postChat(req, url, deps);
}) as typeof fetch;

/** localStorage as the browser has it. */
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
		this.#m.set(k, v);
	}
}

beforeAll(async () => {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, log: false });
	bus = await connectedBus(sim.busUrl);
	deps = { agent: new ChatAgent({ bus }), tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
});
afterAll(async () => {
	await bus.close();
	await sim.stop();
});

/**
 * The browser's fetch as it is when a reply is cut off: the stream of the reply fails ("network
 * error"), either because `cut()` (the server gone) or because the page went away (`pagehide` on
 * `page`, after which the browser cancels the page's requests).
 */
function cuttableFetch(page: EventTarget) {
	let cut = () => {};
	const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
		const res = await fakeFetch(input, init);
		if (!res.body) return res;
		const reader = res.body.getReader();
		let failed = false;
		const body = new ReadableStream<Uint8Array>({
			start(c) {
				cut = () => {
					if (failed) return;
					failed = true;
					c.error(new TypeError('network error'));
					reader.cancel().catch(() => {});
				};
				page.addEventListener('pagehide', () => cut());
			},
			async pull(c) {
				const { done, value } = await reader.read();
				if (failed) return;
				if (done) c.close();
				else c.enqueue(value);
			}
		});
		return new Response(body, { status: res.status, headers: res.headers });
	}) as typeof fetch;
	return { fetch: f, cut: () => cut() };
}

describe('the panel', () => {
	it('says OVOS is waiting only on the question still open, not on one already answered', async () => {
		const chat = new ChatController({ storage: new MemoryStorage(), fetch: fakeFetch });
		await chat.send('set a timer');
		const question = chat.chat.entries.at(-1)!;
		expect(question).toMatchObject({ state: 'awaiting', text: 'For how long?' });
		expect(chat.waitingOn).toBe(question.id);
		await chat.send('5 minutes');
		expect(chat.chat.entries.at(-1)).toMatchObject({ state: 'answered', text: 'Timer for five minutes, starting now.' });
		expect(chat.waitingOn).toBeNull();
		expect(chat.awaiting).toBe(false);
	});

	it('a new chat while a question is open ends it in OVOS, and the old chat no longer shows it waiting', async () => {
		const storage = new MemoryStorage();
		const chat = new ChatController({ storage, fetch: fakeFetch });
		await chat.send('set a timer');
		const old = chat.chat.id;
		expect(deps.agent.openQuestions).toBe(1);
		chat.newChat();
		await until(() => calls.includes('/api/chat/end') && deps.agent.openQuestions === 0, 3000, 'the question ended');
		await until(() => sim.services!.workers.busy === 0, 3000, 'its thread freed');
		chat.open(old);
		expect(chat.waitingOn).toBeNull();
	});

	it('a reply cut off by the page going away (reload, another address) comes back stopped, with what was said', async () => {
		const storage = new MemoryStorage();
		const page = new EventTarget();
		const { fetch } = cuttableFetch(page);
		const chat = new ChatController({ storage, fetch, page });
		const turn = chat.send('run a system check');
		await until(() => chat.chat.entries.at(-1)?.text === 'Checking the system.', 5000, 'the first sentence');
		page.dispatchEvent(new Event('pagehide'));
		await turn;
		const back = new ChatController({ storage, fetch: fakeFetch, page: new EventTarget() });
		expect(back.chat.entries.at(-1)).toMatchObject({ state: 'stopped', text: 'Checking the system.' });
		await until(() => sim.services!.workers.busy === 0, 5000, 'the turn ended in OVOS');
	});

	it('a reply cut off by the connection (the server gone) is an error, also after a reload', async () => {
		const storage = new MemoryStorage();
		const page = new EventTarget();
		const { fetch, cut } = cuttableFetch(page);
		const chat = new ChatController({ storage, fetch, page });
		const turn = chat.send('run a system check');
		await until(() => chat.chat.entries.at(-1)?.text === 'Checking the system.', 5000, 'the first sentence');
		cut();
		await turn;
		expect(chat.chat.entries.at(-1)).toMatchObject({ state: 'error', text: 'Checking the system.', detail: expect.stringContaining('network error') });
		const back = new ChatController({ storage, fetch: fakeFetch, page: new EventTarget() });
		expect(back.chat.entries.at(-1)).toMatchObject({ state: 'error' });
		await until(() => sim.services!.workers.busy === 0, 5000, 'the turn ended in OVOS');
	});

	it('"on this device" runs in the device’s session: the answer shows on its screen, the private token is kept', { timeout: 30_000 }, async () => {
		const chat = new ChatController({ storage: new MemoryStorage(), fetch: fakeFetch });
		await chat.send('hello');
		const token = chat.chat.token;
		expect(token).toBeTruthy();
		chat.setDevice(true);
		await chat.send("what's the weather");
		expect(chat.chat.entries.at(-1)).toMatchObject({ state: 'answered', text: expect.stringMatching(/^It's currently partly cloudy/) });
		expect(JSON.parse(sim.canonical()).stack[0]).toBe('ovos-skill-weather.openvoiceos');
		expect(chat.chat.token).toBe(token);
		// The kiosk's chats start on the device.
		expect(new ChatController({ storage: new MemoryStorage(), fetch: fakeFetch, device: true }).chat.device).toBe(true);
	});

	it('names skills as people do, keeping unknown ids readable', () => {
		expect(skillName('realpeer-timer.realpeer')).toBe('Timer');
		expect(skillName('ovos-skill-timer.openvoiceos')).toBe('Timer');
		expect(skillName('skill-ovos-weather.openvoiceos')).toBe('Weather');
		expect(skillName('skill-hello-world.openvoiceos')).toBe('Hello world');
		expect(skillName('ovos-skill-date-time.openvoiceos')).toBe('Date and time');
		expect(skillName('ovos-skill-alerts.openvoiceos')).toBe('Alerts');
		expect(skillName('skill-system-check.openvoiceos')).toBe('System check');
		expect(skillName('jarbasai-skill-wolfie.jarbasai')).toBe('Wolfram Alpha');
		expect(skillName('ovos-skill.openvoiceos')).toBe('Skill');
		expect(skillName('x')).toBe('X');
		expect(skillName(null)).toBeNull();
	});

	it('names media answers (OCP’s player, `ovos.common_play`) as the media player, in every language', async () => {
		const names: string[] = [];
		for (const [lang, locale] of [['en', 'en-US'], ['de', 'de-DE'], ['pt', 'pt-PT']] as const) {
			await loadLanguage({ lang, locale });
			useLanguage({ lang, locale });
			names.push(skillName('ovos.common_play') as string);
			// The weather and alerts skills were "Weather" and "Alerts" on German and Portuguese chats.
			names.push(skillName('ovos-skill-weather.openvoiceos') as string, skillName('ovos-skill-alerts.openvoiceos') as string);
		}
		await loadLanguage({ lang: 'pt', locale: 'pt-BR' });
		useLanguage({ lang: 'pt', locale: 'pt-BR' });
		names.push(skillName('ovos-skill-alerts.openvoiceos') as string);
		useLanguage({ lang: 'en', locale: 'en-US' });
		expect(names).toEqual(['Media player', 'Weather', 'Alerts', 'Mediaplayer', 'Wetter', 'Timer und Wecker', 'Leitor multimédia', 'Meteorologia', 'Temporizadores e alarmes', 'Timers e alarmes']);
		// An id that merely looks like a key of an object is a name like any other.
		expect(skillName('constructor')).toBe('Constructor');
	});

	it('a message that waits its turn shows its place in line, then the reply', async () => {
		const wait = new ChatAgent({ bus, coreShare: 1 });
		const d = { ...deps, agent: wait };
		const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), 'http://panel.test');
			return postChat(new Request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: url.origin } }), url, d);
		}) as typeof fetch;
		const asker = new ChatController({ storage: new MemoryStorage(), fetch: f });
		await asker.send('set a timer');
		const other = new ChatController({ storage: new MemoryStorage(), fetch: f });
		const sending = other.send('hello');
		await until(() => other.chat.entries.at(-1)?.queued === 1, 3000, 'shown as next in line');
		expect(other.chat.entries.at(-1)).toMatchObject({ state: 'streaming', text: '' });
		await asker.send('five minutes');
		await sending;
		expect(other.chat.entries.at(-1)).toMatchObject({ state: 'answered', text: 'Hello there!\nI am the simulated OpenVoiceOS.', queued: undefined });
		wait.close();
	});
});

describe('the reader’s language', () => {
	/** Shows the UI in `lang` (its catalogues loaded) for the test, English again after. */
	async function inLanguage<T>(lang: 'en' | 'de' | 'pt', locale: string, run: () => Promise<T>): Promise<T> {
		await loadLanguage({ lang, locale });
		useLanguage({ lang, locale });
		try {
			return await run();
		} finally {
			useLanguage({ lang: 'en', locale: 'en-US' });
		}
	}

	it('"wie ist das Wetter" from a German reader is understood on the demo, and answered in German', async () => {
		const entry = await inLanguage('de', 'de-DE', async () => {
			const chat = new ChatController({ storage: new MemoryStorage(), fetch: fakeFetch });
			expect(chat.chat.lang).toBeNull(); // the chat's language is left at "your language"
			await chat.send('wie ist das Wetter');
			return chat.chat.entries.at(-1)!;
		});
		expect(entry).toMatchObject({ state: 'answered', skill: 'ovos-skill-weather.openvoiceos' });
		expect(entry.text).toMatch(/^Derzeit .* bei \d+ Grad/);
		expect(entry.notHeard).toBeUndefined();
	});

	it('"que horas são" from a Portuguese reader is answered in Portuguese', async () => {
		const entry = await inLanguage('pt', 'pt-PT', async () => {
			const chat = new ChatController({ storage: new MemoryStorage(), fetch: fakeFetch });
			await chat.send('que horas são');
			return chat.chat.entries.at(-1)!;
		});
		expect(entry).toMatchObject({ state: 'answered', skill: 'ovos-skill-date-time.openvoiceos' });
		expect(entry.text).toMatch(/^São |^É /);
	});
});

describe('a device that does not have the reader’s language', () => {
	it('takes the message in its own language, and the reply says so once, in the reader’s words', async () => {
		// A real device's default: mycroft.conf `lang` only, no `secondary_langs`.
		const englishOnly = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, log: false, secondaryLangs: [] });
		const b = await connectedBus(englishOnly.busUrl);
		const d: ChatApiDeps = { ...deps, agent: new ChatAgent({ bus: b }) };
		const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), 'http://panel.test');
			return postChat(new Request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: url.origin } }), url, d);
		}) as typeof fetch;
		try {
			await loadLanguage({ lang: 'de', locale: 'de-DE' });
			useLanguage({ lang: 'de', locale: 'de-DE' });
			const chat = new ChatController({ storage: new MemoryStorage(), fetch: f });
			await chat.send('what time is it');
			const first = chat.chat.entries.at(-1)!;
			expect(first).toMatchObject({ state: 'answered', text: expect.stringMatching(/^It's /), notHeard: { wanted: 'de-DE', heard: 'en-US' } });
			await chat.send('hello');
			expect(chat.chat.entries.at(-1)!.notHeard).toBeUndefined();
			const { CHAT } = await import('../../src/lib/i18n/chat');
			expect(CHAT.notHeard('Deutsch', 'Englisch')).toBe('OVOS versteht auf diesem Gerät kein Deutsch und hat deine Nachricht auf Englisch genommen.');
		} finally {
			useLanguage({ lang: 'en', locale: 'en-US' });
			await b.close();
			await englishOnly.stop();
		}
	});
});
