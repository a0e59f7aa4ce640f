// Fuzz with the hostile shapes a probe used (deep nesting, huge and odd numbers, floods of
// items, garbage text) over decode + reduce and over the simulator's inbound handlers, through real
// sockets. Nothing may throw out, nothing may hang, and what is kept stays bounded.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_SKILLS, busMessage, decode, MAX_JSON_DEPTH, toCanonical, type Json } from '../../src/lib/protocol';
import { emptyState, MAX_STACK, reduce } from '../../src/lib/screen';
import { startSimulator, type Simulator } from '../../simulator';
import { BusClient, GuiClient, until } from '../simulator/helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const deepText = fc.integer({ min: 1, max: 3 * MAX_JSON_DEPTH }).map((n) => '['.repeat(n) + ']'.repeat(n));
const oddNumber = fc.constantFrom(0, -1, 1e9, -1e9, 2 ** 53, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER);
const ids = fc.constantFrom('a', 'b', '__proto__', 'constructor', 'toString', 'system', '', 'x'.repeat(1000));
const names = fc.constantFrom('SYSTEM_TextFrame', 'idle', '', '__proto__', '../../etc/passwd', 'x'.repeat(500));
const anyJson = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>;

/** Text that is a GUI frame for the screen, valid or hostile. */
const guiFrameText: fc.Arbitrary<string> = fc.oneof(
	fc.record({ type: fc.constant('mycroft.session.list.insert'), namespace: fc.constant(ACTIVE_SKILLS), position: oddNumber, data: fc.array(fc.record({ skill_id: ids }), { maxLength: 50 }) }).map((o) => JSON.stringify(o)),
	fc.integer({ min: 1, max: 3000 }).map((n) => JSON.stringify({ type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS, position: 0, data: Array.from({ length: n }, (_, i) => ({ skill_id: `s${i}` })) })),
	fc.record({ type: fc.constant('mycroft.gui.list.insert'), namespace: ids, position: oddNumber, data: fc.array(fc.record({ url: fc.option(fc.string(), { nil: null }), page: names }), { maxLength: 20 }) }).map((o) => JSON.stringify(o)),
	fc.record({ type: fc.constantFrom('mycroft.gui.list.move', 'mycroft.session.list.move'), namespace: ids, from: oddNumber, to: oddNumber, items_number: oddNumber }).map((o) => JSON.stringify(o)),
	fc.record({ type: fc.constant('mycroft.session.set'), namespace: ids, data: fc.dictionary(fc.string(), anyJson, { maxKeys: 5 }) }).map((o) => JSON.stringify(o)),
	deepText.map((d) => `{"type": "mycroft.session.set", "namespace": "a", "data": {"k": ${d}}}`),
	fc.record({ type: fc.constant('mycroft.events.triggered'), namespace: ids, event_name: fc.string(), data: anyJson }).map((o) => JSON.stringify(o)),
	fc.string({ maxLength: 200 }),
	fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1'))
);

describe('decode + reduce, hostile input', () => {
	it('never throws, keeps the stack within MAX_STACK and every current page in range', () => {
		fc.assert(
			fc.property(fc.array(guiFrameText, { maxLength: 30 }), (frames) => {
				let s = emptyState();
				for (const raw of frames) {
					const d = decode(raw);
					if (d.ok) s = reduce(s, d.value);
				}
				expect(s.stack.length).toBeLessThanOrEqual(MAX_STACK);
				for (const id of s.stack) {
					const ns = s.namespaces[id];
					expect(ns).toBeDefined();
					if (ns && ns.currentPage !== null) expect(ns.currentPage).toBeLessThan(ns.pages.length);
				}
				expect(() => toCanonical(s)).not.toThrow();
			}),
			{ numRuns: RUNS }
		);
	});
});

/** Text a hostile GUI client or bus client may send to the simulator. */
const clientFrameText: fc.Arbitrary<string> = fc.oneof(
	fc.record({ type: fc.constant('mycroft.events.triggered'), namespace: ids, event_name: fc.constantFrom('page_gained_focus', 'system.gui.user.interaction', 'x', ''), parameters: fc.oneof(anyJson, fc.record({ number: oddNumber, skillId: ids })) }).map((o) => JSON.stringify(o)),
	fc.record({ type: fc.constantFrom('mycroft.session.set', 'mycroft.session.delete', 'mycroft.gui.connected', 'x'), namespace: ids, data: anyJson, property: fc.string(), gui_id: fc.string(), framework: fc.string() }).map((o) => JSON.stringify(o)),
	deepText.map((d) => `{"type": "mycroft.events.triggered", "namespace": "a", "event_name": "e", "parameters": {"x": ${d}}}`),
	fc.string({ maxLength: 200 })
);
const busFrameText: fc.Arbitrary<string> = fc.oneof(
	fc.record({ __from: ids, page_names: fc.array(names, { maxLength: 20 }), index: oddNumber, __idle: fc.oneof(fc.constant(null), fc.boolean(), oddNumber) }).map((d) => JSON.stringify(busMessage('gui.page.show', d))),
	fc.record({ __from: ids, k: anyJson }).map((d) => JSON.stringify(busMessage('gui.value.set', d))),
	fc.record({ __from: ids, page_names: fc.array(names, { maxLength: 5 }) }).map((d) => JSON.stringify(busMessage('gui.page.delete', d))),
	fc.record({ __from: ids, event_name: fc.string(), params: anyJson }).map((d) => JSON.stringify(busMessage('gui.event.send', d))),
	fc.constantFrom('gui.clear.namespace', 'gui.page.delete.all', 'mycroft.gui.screen.close', 'gui.status.request', 'gui.namespace.displayed').map((t) => JSON.stringify(busMessage(t, { __from: 'a' }))),
	deepText.map((d) => `{"type": "gui.value.set", "data": {"__from": "a", "k": ${d}}}`),
	fc.string({ maxLength: 200 })
);

describe('the simulator under hostile clients', () => {
	let sim: Simulator;
	const uncaught: unknown[] = [];
	const onUncaught = (e: unknown) => uncaught.push(e);
	beforeAll(async () => {
		process.on('uncaughtException', onUncaught);
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
	});
	afterAll(async () => {
		process.off('uncaughtException', onUncaught);
		await sim.stop();
	});

	it('serves on after any sequence of hostile GUI and bus frames: a new client gets the state, the bus relays', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(clientFrameText, { maxLength: 10 }), fc.array(busFrameText, { maxLength: 10 }), async (guiFrames, busFrames) => {
				const bus = await BusClient.connect(sim.busUrl);
				const gui = await GuiClient.connect(sim.guiUrl);
				for (const f of busFrames) bus.ws.send(f);
				for (const f of guiFrames) if (gui.ws.readyState === gui.ws.OPEN) gui.ws.send(f);
				// A sentinel through the bus: everything sent before it has been handled.
				const mark = `fuzz-${Math.random()}`;
				bus.ws.send(JSON.stringify(busMessage(mark, {})));
				await until(() => bus.received.some((m) => m.type === mark), 5000, 'the bus relays');
				const fresh = await GuiClient.connect(sim.guiUrl);
				const want = sim.canonical({ replayed: true });
				await until(() => fresh.canonical() === want, 5000, 'a fresh client holds the server state');
				for (const c of [bus, gui, fresh]) c.ws.close();
			}),
			{ numRuns: Math.max(10, Math.round(RUNS / 3)) }
		);
		expect(uncaught).toEqual([]);
	});
});
