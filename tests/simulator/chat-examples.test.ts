/**
 * Every example the chat panel suggests is answered by a simulated skill, and so
 * is every example the homescreen shows: asked in a chat session, each gets a skill's reply, never
 * `complete_intent_failure`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CHAT_EN from '../../src/lib/i18n/en/chat';
import { busMessage, sessionIdOf, type BusMessage } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { BusClient, until } from './helpers';

/**
 * The examples the chat panel shows: what its markup quotes (`<q>…</q>`), literally or from the
 * English catalogue (`<q>{CHAT.key}</q>`); the simulated skills speak English.
 */
function panelExamples(): string[] {
	const dir = 'src/lib/chat';
	const quoted = readdirSync(dir)
		.filter((f) => /\.(svelte|ts)$/.test(f))
		.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/<q>([^<]+)<\/q>/g)].map((m) => (m[1] as string).trim()));
	return quoted.map((q) => {
		const key = /^\{CHAT\.(\w+)\}$/.exec(q)?.[1];
		if (key === undefined) return q;
		const text = (CHAT_EN as Record<string, unknown>)[key];
		if (typeof text !== 'string') throw new Error(`the chat panel quotes CHAT.${key}, which is not a text of the English catalogue`);
		return text;
	});
}

let sim: Simulator;
let clock: ManualClock;
let bus: BusClient;

beforeAll(async () => {
	clock = new ManualClock(Date.UTC(2026, 2, 3, 14, 5, 0));
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, timeZone: 'UTC', log: false });
	bus = await BusClient.connect(sim.busUrl);
});
afterAll(async () => {
	bus.close();
	await sim.stop();
});

let n = 0;
/** Asks in a fresh chat session (answering its speech as the chat agent does) and returns the turn's frames. */
async function ask(text: string): Promise<BusMessage[]> {
	const sid = `chat-example-${++n}`;
	const from = bus.received.length;
	bus.ws.on('message', (d) => {
		const m = JSON.parse(String(d)) as BusMessage;
		if (m.type === 'speak' && sessionIdOf(m) === sid) bus.send(busMessage('recognizer_loop:audio_output_end', {}, { session: m.context.session as never }));
	});
	bus.send(busMessage('recognizer_loop:utterance', { utterances: [text] }, { session: { session_id: sid } }));
	const mine = () => bus.received.slice(from).filter((m) => sessionIdOf(m) === sid);
	await until(() => mine().some((m) => m.type === 'ovos.utterance.handled' || (m.type === 'speak' && m.data.expect_response === true)), 3000, `an answer to "${text}"`);
	return mine();
}

describe('examples', () => {
	it('the chat panel suggests at least one example', () => {
		expect(panelExamples().length).toBeGreaterThan(0);
	});

	it('each example of the chat panel and the homescreen is answered by a skill', async () => {
		await until(() => Array.isArray((JSON.parse(sim.canonical()).namespaces['ovos-skill-homescreen.openvoiceos']?.data.skill_examples ?? {}).examples), 3000, 'homescreen examples');
		const homescreen: string[] = JSON.parse(sim.canonical()).namespaces['ovos-skill-homescreen.openvoiceos'].data.skill_examples.examples;
		const all = [...new Set([...panelExamples(), ...homescreen])];
		expect(all).toContain('what time is it');
		for (const text of all) {
			const turn = await ask(text);
			const types = turn.map((m) => m.type);
			expect(types, text).not.toContain('complete_intent_failure');
			expect(turn.some((m) => m.type === 'speak' && typeof m.data.utterance === 'string' && m.data.utterance !== ''), text).toBe(true);

		}
	});
});
