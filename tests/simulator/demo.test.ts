/**
 * The demo walks a day on the device, and leaves a person's page alone: while
 * someone uses the device — a chat turn, a GUI client's touches or events, a bus client's request —
 * it waits, and goes on after a quiet minute. Connecting a screen is not using it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announce, busMessage, sessionIdOf, userInteraction } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { DEMO_QUIET_MS, DEMO_SCRIPT, DEMO_START_MS } from '../../simulator/demo';
import { BusClient, GuiClient, until } from './helpers';

let sim: Simulator;
let clock: ManualClock;
let bus: BusClient;

beforeEach(async () => {
	clock = new ManualClock(Date.UTC(2026, 2, 3, 9, 0, 0));
	sim = await startSimulator({ busPort: 0, guiPort: 0, demo: true, clock, timeZone: 'UTC', log: false });
	bus = await BusClient.connect(sim.busUrl);
});
afterEach(async () => {
	bus.close();
	await sim.stop();
});

/** What the demo said to the device, in order. */
const demoSaid = () =>
	bus.received
		.filter((m) => m.type === 'recognizer_loop:utterance' && m.context.client_name === 'ovos_dinkum_listener')
		.map((m) => (m.data.utterances as string[])[0]);

async function advance(ms: number): Promise<void> {
	for (let t = 0; t < ms; t += 500) await clock.advance(Math.min(500, ms - t));
	await new Promise((r) => setTimeout(r, 20));
}

/** Runs the clock to just after the demo's first utterance. */
async function firstStep(): Promise<void> {
	await advance(DEMO_START_MS + 1000);
	await until(() => demoSaid().length === 1, 2000, 'first demo step');
	expect(demoSaid()).toEqual([DEMO_SCRIPT[0]?.utterance]);
}

describe('the demo', () => {
	it('walks its script from the homescreen: weather, a timer, the clock, music…', async () => {
		await firstStep();
		expect(DEMO_SCRIPT.slice(0, 4).map((s) => s.utterance)).toEqual(["what's the weather like", 'set a timer for 3 minutes', 'what time is it', 'play some jazz']);
		await advance(DEMO_SCRIPT[0]!.dwellMs + 1000);
		await until(() => demoSaid().length === 2, 2000, 'second step');
		await advance(DEMO_SCRIPT[1]!.dwellMs + DEMO_SCRIPT[2]!.dwellMs + 2000);
		await until(() => demoSaid().length === 4, 2000, 'fourth step');
		expect(demoSaid()).toEqual(["what's the weather like", 'set a timer for 3 minutes', 'what time is it', 'play some jazz']);
	});

	it('waits while someone chats, and goes on after a quiet minute from the end of their turn', async () => {
		await firstStep();
		await advance(3000);
		bus.send(busMessage('recognizer_loop:utterance', { utterances: ['show me a photo'] }, { session: { session_id: 'chat-1' }, source: 'chat' }));
		await bus.waitFor((m) => m.type === 'ovos.utterance.handled' && sessionIdOf(m) === 'chat-1');
		const end = clock.now();
		// The photo asked for in the chat stays until ovos-gui removes it (30 s); no demo step for a minute.
		await advance(20_000);
		expect(JSON.parse(sim.canonical()).stack[0]).toBe('skill-photos.openvoiceos');
		await advance(DEMO_QUIET_MS - 21_000);
		expect(demoSaid()).toHaveLength(1);
		await advance(2000 + 1000);
		await until(() => demoSaid().length === 2, 2000, 'demo resumed');
		expect(clock.now() - end).toBeGreaterThanOrEqual(DEMO_QUIET_MS);
	});

	it('waits while someone touches the screen, and each touch restarts the quiet minute', async () => {
		const gui = await GuiClient.connect(sim.guiUrl);
		await firstStep();
		gui.send(userInteraction('ovos-skill-homescreen.openvoiceos'));
		await bus.waitFor((m) => m.type === 'gui.page_interaction');
		await advance(40_000);
		gui.send(userInteraction('ovos-skill-homescreen.openvoiceos'));
		await until(() => bus.received.filter((m) => m.type === 'gui.page_interaction').length === 2, 2000, 'second touch');
		await advance(DEMO_QUIET_MS - 1000);
		expect(demoSaid()).toHaveLength(1);
		await advance(3000);
		await until(() => demoSaid().length === 2, 2000, 'demo resumed after the last touch');
		gui.close();
	});

	it('gives way to a touch that comes while it speaks: the step is not said, and is said after a quiet minute', async () => {
		const gui = await GuiClient.connect(sim.guiUrl);
		await advance(DEMO_START_MS + 200);
		await bus.waitFor((m) => m.type === 'recognizer_loop:record_begin');
		gui.send(userInteraction('ovos-skill-homescreen.openvoiceos'));
		await bus.waitFor((m) => m.type === 'gui.page_interaction');
		await advance(2000);
		expect(demoSaid()).toEqual([]);
		await advance(DEMO_QUIET_MS);
		await until(() => demoSaid().length === 1, 2000, 'the step said after the quiet minute');
		expect(demoSaid()).toEqual([DEMO_SCRIPT[0]?.utterance]);
		gui.close();
	});

	it('waits after a back or a request from a bus client, but not for a screen connecting', async () => {
		// A screen connecting (its bus announce, its GUI socket, its readiness probes) is not someone using it.
		bus.send(busMessage('mycroft.gui.connected', { gui_id: 'screen-1', framework: 'qt5' }));
		bus.send(busMessage('mycroft.skills.is_alive'));
		// The app server's bus window asks for the device's state when it connects.
		for (const t of ['ovos.notification.api.request.storage.model', 'homescreen.metadata.get', 'mycroft.volume.get']) bus.send(busMessage(t, {}, { session: { session_id: 'default' } }));
		const gui = await GuiClient.connect(sim.guiUrl);
		gui.send(announce('screen-1'));
		await firstStep();
		await advance(DEMO_SCRIPT[0]!.dwellMs + 1000);
		await until(() => demoSaid().length === 2, 2000, 'second step undisturbed');
		// The screen's back button goes over the core bus.
		bus.send(busMessage('mycroft.gui.screen.close', {}, { session: { session_id: 'default' } }));
		await bus.waitFor((m) => m.type === 'mycroft.gui.screen.close');
		await advance(DEMO_QUIET_MS - 1000);
		expect(demoSaid()).toHaveLength(2);
		await advance(2000);
		await until(() => demoSaid().length >= 3, 2000, 'demo resumed');
		gui.close();
	});
});
