/**
 * OVOS binds its messagebus to 127.0.0.1 unless told otherwise, so an app on another machine reaches
 * the screen but is refused on the bus the chat needs. Played with this machine's own LAN address:
 * the simulator's bus listens on loopback only, so a connection to the LAN address is refused exactly
 * as a device refuses another machine. Where a person meets it — the server's log, the chat's error,
 * the bus window (which /settings' Test connection reads) — it is said once, with the fix.
 */
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatController } from '../../src/lib/chat/chat.svelte';
import { CHAT } from '../../src/lib/i18n/chat';
import { loadLanguage, useLanguage } from '../../src/lib/i18n/runtime.svelte';
import type { JsonObject } from '../../src/lib/protocol';
import { ChatAgent, ChatTokens, ConversationMap, postChat } from '../../src/lib/server/agent';
import { BusClient } from '../../src/lib/server/bus';
import { BusWindowServer, type WindowFrame } from '../../src/lib/server/bus-window';
import { Reachability } from '../../src/lib/server/reachability';
import { startSimulator, type Simulator } from '../../simulator';
import { freePort } from '../support/app';
import { until } from './helpers';

const lan = Object.values(networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

let sim: Simulator | null = null;
let bus: BusClient | null = null;
afterEach(async () => {
	await bus?.close();
	await sim?.stop();
	bus = sim = null;
});

/** The app's bus connection to `host` (the simulator's bus port, or `port`), reporting to the server's log as the app's does. */
async function appOn(host: string, port?: number) {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
	const busPort = port ?? sim.busPort;
	const lines: string[] = [];
	const reach = new Reachability(host, (l) => lines.push(l));
	bus = new BusClient({ url: `ws://${host}:${busPort}/core`, log: () => {} });
	bus.onFail((why) => reach.failed('messagebus', busPort, why));
	bus.start();
	await until(() => lines.length > 0, 3000, 'the log line');
	const url = new URL('http://screen.test/api/chat');
	const deps = { agent: new ChatAgent({ bus }), tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
	const res = await postChat(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'what time is it' }) }), url, deps);
	const frames: WindowFrame[] = [];
	new BusWindowServer({ bus, log: () => {} }).subscribe((f) => frames.push(f));
	return { lines, status: res.status, error: ((await res.json()) as { error: JsonObject }).error, window: frames[0]?.data as unknown as JsonObject };
}

describe('a device that lets only its own programs onto its messagebus', () => {
	it.skipIf(!lan)(`is named with its fix: one log line, the chat's error, the bus window (refused at ${lan})`, async () => {
		const { lines, status, error, window } = await appOn(lan!);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(new RegExp(`^ovos-screen: OVOS at ${lan!.replace(/\./g, '\\.')} refuses this app on its messagebus \\(port \\d+: connect ECONNREFUSED `));
		expect(lines[0]!.match(/ECONNREFUSED/g)).toHaveLength(1);
		expect(lines[0]).toContain('run this app on the device (scripts/install.sh does)');
		expect(lines[0]).toContain('"websocket": {"host": "0.0.0.0"}');
		expect(lines[0]).toContain('docs/install.md');
		expect(status).toBe(503);
		expect(error).toMatchObject({ code: 'bus-down', cause: 'bus-local-only' });
		// Still not where the bus is, nor the socket error (the log has both).
		expect(JSON.stringify(error)).not.toContain(lan!);
		expect(window).toMatchObject({ open: false, cause: 'bus-local-only' });
	});

	it.skipIf(!lan)('a bus window watched from before the first refusal says it once the refusal comes (Test connection on a fresh server)', async () => {
		sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
		bus = new BusClient({ url: `ws://${lan}:${sim.busPort}/core`, log: () => {} });
		const frames: WindowFrame[] = [];
		new BusWindowServer({ bus, log: () => {} }).subscribe((f) => frames.push(f));
		bus.start();
		await until(() => frames.some((f) => f.event === 'state' && (f.data as { cause?: string }).cause === 'bus-local-only'), 3000, 'the refusal in the window');
		expect(frames[0]?.data).toEqual({ open: false, reason: 'the OVOS messagebus is not connected' });
	});

	it.skipIf(!lan)('the chat panel says it in the reader’s language, with the fix', async () => {
		sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
		bus = new BusClient({ url: `ws://${lan}:${sim.busPort}/core`, log: () => {} });
		const deps = { agent: new ChatAgent({ bus }), tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
		const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), 'http://panel.test');
			return postChat(new Request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: url.origin } }), url, deps);
		}) as typeof fetch;
		await loadLanguage({ lang: 'de', locale: 'de-DE' });
		useLanguage({ lang: 'de', locale: 'de-DE' });
		try {
			const chat = new ChatController({ fetch: f });
			await chat.send('wie spät ist es');
			expect(chat.chat.entries.at(-1)).toMatchObject({ state: 'unreachable', detail: CHAT.busLocalOnly });
			expect(CHAT.busLocalOnly).toMatch(/^OVOS lässt auf dem Gerät nur Programme .* Starte diese App auf dem Gerät oder öffne den Bus in der mycroft\.conf des Geräts/);
		} finally {
			useLanguage({ lang: 'en', locale: 'en-US' });
		}
	});

	it('on the machine itself a refused bus is OVOS not running there: the plain line, no such cause', async () => {
		const { lines, error, window } = await appOn('127.0.0.1', await freePort());
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^ovos-screen: OVOS at 127\.0\.0\.1 does not answer \(messagebus port \d+: connect ECONNREFUSED 127\.0\.0\.1:\d+\); trying again quietly until it does$/);
		expect(error).toMatchObject({ code: 'bus-down' });
		expect(error.cause).toBeUndefined();
		expect(window).toMatchObject({ open: false });
		expect(window.cause).toBeUndefined();
	});
});
