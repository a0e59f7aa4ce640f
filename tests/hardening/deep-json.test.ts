// One deeply nested message on the bus used to take the whole app down (a stack
// overflow in pyDumps when the state was replayed to the next GUI client). Deep input is refused
// where the bus and GUI servers read it, with a logged reason, and nobody else is harmed.
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busMessage, decode, decodeBus, MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/lib/protocol';
import { startSimulator, type Simulator } from '../../simulator';
import { BusClient, GuiClient, until } from '../simulator/helpers';

const deep = (n: number, inner = '1') => '['.repeat(n) + inner + ']'.repeat(n);
const valueSet = (ns: string, dataJson: string) =>
	`{"type": "gui.value.set", "data": {"__from": "${ns}", "blob": ${dataJson}}, "context": {"session": {"session_id": "default"}}}`;

let sim: Simulator;
let lines: string[];
beforeEach(async () => {
	lines = [];
	sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: (_l, m) => lines.push(m) });
});
afterEach(() => sim.stop());

describe('nesting depth', () => {
	it('nestsDeeperThan walks without recursion, so 1,000,000 levels cannot overflow the stack', () => {
		const v = JSON.parse(deep(1_000_000)) as unknown;
		expect(nestsDeeperThan(v, MAX_JSON_DEPTH)).toBe(true);
		expect(nestsDeeperThan(JSON.parse(deep(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
		expect(nestsDeeperThan(JSON.parse(deep(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
		expect(nestsDeeperThan({ a: [{ b: { c: [] } }], d: 1 }, 5)).toBe(false);
		expect(nestsDeeperThan({ a: [{ b: { c: [] } }], d: 1 }, 4)).toBe(true);
	});

	it('decode and decodeBus refuse frames nested deeper than the limit with a clear reason', () => {
		const gui = decode(`{"type": "mycroft.session.set", "namespace": "a", "data": {"k": ${deep(100_000)}}}`);
		expect(gui.ok).toBe(false);
		if (!gui.ok) expect(gui.error.message).toMatch(/nest/);
		const bus = decodeBus(valueSet('a', deep(100_000)));
		expect(bus.ok).toBe(false);
		if (!bus.ok) expect(bus.error.message).toMatch(/nest/);
		expect(decode(`{"type": "mycroft.session.set", "namespace": "a", "data": {"k": ${deep(50)}}}`).ok).toBe(true);
	});

	it('a 100,000-deep gui.value.set on the bus is refused; the next GUI client gets a clean replay and the bus serves on', async () => {
		const attacker = await BusClient.connect(sim.busUrl);
		const witness = await BusClient.connect(sim.busUrl);
		attacker.ws.send(valueSet('skill-x', deep(100_000)));
		attacker.ws.send(valueSet('skill-x', '{"ok": 1}'));
		sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: 'skill-x', __idle: null }, { session: { session_id: 'default' } }));
		await until(() => lines.some((l) => /nest/.test(l)), 3000, 'a logged refusal');
		const gui = await GuiClient.connect(sim.guiUrl);
		await until(() => gui.state.stack.includes('skill-x') && gui.state.namespaces['skill-x']?.data.blob !== undefined, 3000, 'replay');
		expect(gui.state.namespaces['skill-x']?.data.blob).toEqual({ ok: 1 });
		expect(witness.received.some((m) => m.type === 'gui.page.show')).toBe(true);
		expect(witness.ws.readyState).toBe(WebSocket.OPEN);
		for (const c of [attacker, witness]) c.ws.close();
		gui.ws.close();
	});

	it('a GUI client sending a deep frame is refused alone; the other GUI client stays connected', async () => {
		const bad = await GuiClient.connect(sim.guiUrl);
		const good = await GuiClient.connect(sim.guiUrl);
		bad.send(`{"type": "mycroft.events.triggered", "namespace": "a", "event_name": "e", "parameters": {"x": ${deep(100_000)}}}`);
		await until(() => lines.some((l) => /nest/.test(l)), 3000, 'a logged refusal');
		sim.emit(busMessage('gui.value.set', { __from: 'skill-y', k: 1 }, { session: { session_id: 'default' } }));
		sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: 'skill-y', __idle: null }, { session: { session_id: 'default' } }));
		await until(() => good.state.stack.includes('skill-y'), 3000, 'the good client still served');
		expect(good.closed).toBe(false);
		bad.ws.close();
		good.ws.close();
	});
});
