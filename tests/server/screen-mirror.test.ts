/**
 * The app server's copy of the device's screen against the simulator: after every skill
 * action — shows, value sets, page deletes, clears, a client's focus, idle timeouts — and across
 * reconnects (the device going away and coming back, a half-open socket), it equals what ovos-gui
 * would replay to a client connecting now (`canonical({replayed: true})`). It has nothing to give
 * while it is not connected, and it never sends a frame: ovos-gui forwards nothing from it.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { busMessage, focusPage, toCanonical, type Json, type JsonObject } from '../../src/lib/protocol';
import { ScreenMirror } from '../../src/lib/server/screen-mirror';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { FaultProxy } from '../../e2e/support/fault-proxy';
import { GuiClient, until } from '../simulator/helpers';

const CTX = { session: { session_id: 'default' } };
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(opts: { pingAfterMs?: number; pongMs?: number; holdMs?: number } = {}) {
	const clock = new ManualClock();
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false, clock });
	cleanup.push(() => sim.stop());
	const proxy = await FaultProxy.start(sim.guiPort);
	cleanup.push(() => proxy.kill());
	const mirror = new ScreenMirror(`ws://127.0.0.1:${proxy.port}/gui`, opts);
	mirror.start();
	cleanup.push(() => mirror.stop());
	return { sim, clock, proxy, mirror };
}

function emit(sim: Simulator, type: string, data: JsonObject): void {
	sim.emit(busMessage(type, data, CTX));
}

const mirrored = (m: ScreenMirror) => {
	const s = m.replayed();
	return s === null ? null : toCanonical(s);
};

/** Waits until the mirror holds what a client connecting now would (and says which differs if not). */
async function equalsReplay(sim: Simulator, m: ScreenMirror): Promise<void> {
	try {
		await until(() => mirrored(m) === sim.canonical({ replayed: true }), 3000, 'mirror = replay');
	} catch {
		expect(mirrored(m)).toBe(sim.canonical({ replayed: true }));
	}
}

describe('the server’s screen mirror', () => {
	it('follows shows, sets, deletes, focus and clears as a fresh client would see them', async () => {
		const { sim, mirror } = await setup();
		await equalsReplay(sim, mirror);
		expect(mirror.replayed()?.stack).toEqual([]);

		emit(sim, 'gui.value.set', { __from: 'skill-weather.test', title: 'Weather', text: 'Sunny' });
		emit(sim, 'gui.page.show', { __from: 'skill-weather.test', page_names: ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame'], index: 0, __idle: true });
		await equalsReplay(sim, mirror);
		expect(mirror.replayed()?.namespaces['skill-weather.test']?.data).toEqual({ title: 'Weather', text: 'Sunny' });

		// A screen moves to page 1: the device's page number changes, but a replay shows page 0 (ovos-gui replays no focus).
		const screen = await GuiClient.connect(sim.guiUrl);
		let focused = false;
		const off = sim.on('gui.page_gained_focus', () => (focused = true));
		screen.send(focusPage('skill-weather.test', 1));
		await until(() => focused, 3000, 'focus');
		off();
		screen.close();
		expect(JSON.parse(sim.canonical()).namespaces['skill-weather.test'].currentPage).toBe(1);
		await equalsReplay(sim, mirror);
		expect(mirror.replayed()?.namespaces['skill-weather.test']?.currentPage).toBe(0);

		emit(sim, 'gui.value.set', { __from: 'skill-weather.test', text: 'Rain later' });
		emit(sim, 'gui.page.show', { __from: 'skill-timer.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true });
		await equalsReplay(sim, mirror);
		emit(sim, 'gui.page.delete', { __from: 'skill-weather.test', page_names: ['SYSTEM_ImageFrame'] });
		await equalsReplay(sim, mirror);
		emit(sim, 'gui.clear.namespace', { __from: 'skill-timer.test' });
		await equalsReplay(sim, mirror);
		expect(mirror.replayed()?.stack).toEqual(['skill-weather.test']);
	});

	it('tells the page each namespace was focused on, which its replayed copy (page 0) cannot', async () => {
		const { sim, mirror } = await setup();
		await equalsReplay(sim, mirror);
		expect(mirror.focus()).toEqual({});
		emit(sim, 'gui.page.show', { __from: 'skill-csp.test', page_names: ['SYSTEM_ImageFrame'], index: 0, __idle: true });
		emit(sim, 'gui.page.show', { __from: 'skill-csp.test', page_names: ['SYSTEM_HtmlFrame'], index: 0, __idle: true });
		await until(() => mirror.focus()?.['skill-csp.test']?.number === 1, 3000, 'focus heard');
		// As ovos-gui holds it (a fresh client's replay would say page 0).
		const server = JSON.parse(sim.canonical()).namespaces['skill-csp.test'];
		expect(server.currentPage).toBe(1);
		expect(mirror.focus()).toEqual({ 'skill-csp.test': { number: 1, page: 'SYSTEM_HtmlFrame' } });
		expect(mirror.replayed()?.namespaces['skill-csp.test']?.currentPage).toBe(0);
		// A reconnect hears no focus (none is replayed): nothing to tell until the next one.
		mirror.stop();
		expect(mirror.focus()).toBeNull();
		mirror.start();
		await equalsReplay(sim, mirror);
		expect(mirror.focus()).toEqual({});
	});

	it('holds a big frame while the screens draw it: applied a while later in order, or at once when a page asks', async () => {
		const { sim, mirror } = await setup({ holdMs: 500 });
		await equalsReplay(sim, mirror);
		// Over 200,000 characters, under the list cap (the simulator keeps all, the screen the first 5,000).
		const big = Array.from({ length: 4000 }, (_, i) => ({ title: `row ${i} ${'x'.repeat(60)}` }));
		emit(sim, 'gui.value.set', { __from: 'skill-big.test', items: big, text: 'first' });
		emit(sim, 'gui.page.show', { __from: 'skill-big.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true });
		// The list (a frame of its own, > 200,000 characters) is held, and what follows it behind it.
		await until(() => mirror.stats.held >= 3, 3000, 'frames held');
		emit(sim, 'gui.value.set', { __from: 'skill-big.test', text: 'second' });
		await until(() => mirror.stats.held === 0, 3000, 'held frames applied');
		expect(mirror.stats.bad).toBe(0);
		await equalsReplay(sim, mirror);
		expect(mirror.replayed()?.namespaces['skill-big.test']?.data.text).toBe('second');

		// A page asking for the model gets every frame heard, held or not.
		const seen = mirror.stats.framesIn;
		emit(sim, 'gui.value.set', { __from: 'skill-big.test', items: big.slice(1), text: 'third' });
		await until(() => mirror.stats.framesIn >= seen + 2 && mirror.stats.held > 0, 3000, 'held again');
		expect(mirror.replayed()?.namespaces['skill-big.test']?.data.text).toBe('third');
		expect(mirror.stats.held).toBe(0);
		await equalsReplay(sim, mirror);
	});

	it('has nothing while the device is away, and the device’s screen again once it is back', async () => {
		const { sim, proxy, mirror } = await setup();
		emit(sim, 'gui.page.show', { __from: 'skill-a.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true });
		await equalsReplay(sim, mirror);
		await proxy.kill();
		await until(() => !mirror.ready, 3000, 'mirror down');
		expect(mirror.replayed()).toBeNull();
		// What changed meanwhile arrives with the replay of the next connection.
		emit(sim, 'gui.clear.namespace', { __from: 'skill-a.test' });
		emit(sim, 'gui.value.set', { __from: 'skill-b.test', text: 'while away' });
		emit(sim, 'gui.page.show', { __from: 'skill-b.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true });
		await proxy.listen();
		await equalsReplay(sim, mirror);
		expect(mirror.replayed()?.stack).toEqual(['skill-b.test']);
		expect(mirror.stats.connects).toBe(2);
	});

	it('drops a half-open socket (nothing comes back, nothing closes) by its unanswered ping and connects again', async () => {
		const { sim, proxy, mirror } = await setup({ pingAfterMs: 200, pongMs: 200 });
		await equalsReplay(sim, mirror);
		proxy.blackhole();
		await until(() => !mirror.ready, 3000, 'half-open socket dropped');
		proxy.restore();
		emit(sim, 'gui.page.show', { __from: 'skill-a.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true });
		await equalsReplay(sim, mirror);
		expect(mirror.stats.connects).toBeGreaterThanOrEqual(2);
	});

	it('a quiet socket stays: its pings are answered', async () => {
		const { sim, mirror } = await setup({ pingAfterMs: 100, pongMs: 150 });
		await equalsReplay(sim, mirror);
		await new Promise((r) => setTimeout(r, 800));
		expect(mirror.ready).toBe(true);
		expect(mirror.stats.connects).toBe(1);
	});

	it('sends nothing: ovos-gui forwards no frame of it to the bus, and announces nothing', async () => {
		const { sim, proxy, mirror } = await setup();
		const seen: string[] = [];
		sim.on('*', (m) => seen.push(m.type));
		emit(sim, 'gui.page.show', { __from: 'skill-a.test', page_names: ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame'], index: 1, __idle: 30 });
		await equalsReplay(sim, mirror);
		await proxy.kill();
		await proxy.listen();
		await until(() => mirror.stats.connects === 2 && mirror.ready, 3000, 'reconnected');
		await new Promise((r) => setTimeout(r, 200));
		// Only what the test itself put on the bus, and ovos-gui's own answers to it.
		expect(seen.filter((t) => !['gui.page.show', 'gui.namespace.displayed'].includes(t))).toEqual([]);
	});

	it('equals the replay through random actions and reconnects (property)', async () => {
		const NS = ['skill-a', 'skill-b', 'skill-c'];
		const PAGES = ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame', 'custom_one'];
		const value = fc.oneof(fc.constant<Json>(null), fc.integer({ min: 0, max: 3 }), fc.constantFrom<Json>('a', 'Ünïcode ✓', ''), fc.array(fc.record({ id: fc.nat(3) }), { maxLength: 2 }));
		const ns = fc.constantFrom(...NS);
		type Action =
			| { kind: 'show'; ns: string; pages: string[]; index: number; idle: Json }
			| { kind: 'set'; ns: string; data: Record<string, Json> }
			| { kind: 'delete'; ns: string; pages: string[] }
			| { kind: 'clear'; ns: string }
			| { kind: 'advance'; ms: number }
			| { kind: 'reconnect' };
		const action: fc.Arbitrary<Action> = fc.oneof(
			{ weight: 5, arbitrary: fc.record({ kind: fc.constant('show' as const), ns, pages: fc.subarray(PAGES, { minLength: 1 }), index: fc.integer({ min: 0, max: 2 }), idle: fc.constantFrom<Json>(true, 30, false) }) },
			{ weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), ns, data: fc.dictionary(fc.constantFrom('text', 'title', 'items'), value, { maxKeys: 2 }) }) },
			{ weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), ns, pages: fc.subarray(PAGES, { minLength: 1 }) }) },
			{ weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), ns }) },
			{ weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(1000, 31_000) }) },
			{ weight: 1, arbitrary: fc.constant({ kind: 'reconnect' as const }) }
		);
		await fc.assert(
			fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
				const { sim, clock, proxy, mirror } = await setup();
				try {
					await equalsReplay(sim, mirror);
					let desyncs = 0;
					for (const a of actions) {
						if (a.kind === 'show') emit(sim, 'gui.page.show', { __from: a.ns, page_names: a.pages, index: a.index, __idle: a.idle });
						else if (a.kind === 'set') emit(sim, 'gui.value.set', { __from: a.ns, ...a.data });
						else if (a.kind === 'delete') emit(sim, 'gui.page.delete', { __from: a.ns, page_names: a.pages });
						else if (a.kind === 'clear') emit(sim, 'gui.clear.namespace', { __from: a.ns });
						else if (a.kind === 'advance') await clock.advance(a.ms);
						const reconnect = a.kind === 'reconnect' || sim.quirks().filter((q) => q === 'stack-desync').length > desyncs;
						if (reconnect) {
							// ovos-gui's one known desync (a page-less namespace re-shown) reaches every live
							// client; a new connection mends it.
							desyncs = sim.quirks().filter((q) => q === 'stack-desync').length;
							const before = mirror.stats.connects;
							await proxy.kill();
							await proxy.listen();
							await until(() => mirror.stats.connects > before, 3000, 'reconnect');
						}
						await equalsReplay(sim, mirror);
					}
				} finally {
					mirror.stop();
					await proxy.kill();
					await sim.stop();
					cleanup.length = 0;
				}
			}),
			{ numRuns: Number(process.env.MIRROR_PROPERTY_RUNS ?? 25) }
		);
	}, 120_000);
});
