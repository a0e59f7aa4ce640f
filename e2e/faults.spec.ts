/**
 * Faults against the simulator in Chromium: ovos-gui killed and restarted mid-stream; the
 * core bus down while the GUI socket stays up, and the reverse; a half-open GUI socket (the server
 * stops answering without closing); a slow server; the app server restarted under an open kiosk; a
 * sleeping laptop (the page frozen, then resumed). After each, the screen's model equals the
 * simulator's canonical state. Faults are played by a TCP proxy in front of the simulator's ports
 * (support/fault-proxy.ts); the page's model is read through `__ovosScreen`.
 */
import { expect, test, type Page } from '@playwright/test';
import { toCanonical, busMessage, type CanonicalSource } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';
import { FaultProxy } from './support/fault-proxy';
import { APP_URL, offlineReady, privateSim, setValues, show, startApp } from './support/screen';

interface Rig {
	sim: Simulator;
	gui: FaultProxy;
	bus: FaultProxy;
	url(path?: string, extra?: string): string;
	stop(): Promise<void>;
}

async function rig(): Promise<Rig> {
	// The full handshake's `mycroft.gui.port` must name the proxy, not the simulator's own port.
	const gui = await FaultProxy.start(0);
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, announcedGuiPort: gui.port, skills: false, log: false });
	gui.target = sim.guiPort;
	const bus = await FaultProxy.start(sim.busPort);
	const r: Rig = {
		sim,
		gui,
		bus,
		url: (path = '/kiosk', extra = '') => `${APP_URL()}${path}?host=127.0.0.1&guiPort=${gui.port}&busPort=${bus.port}${extra}`,
		async stop() {
			await gui.stop();
			await bus.stop();
			await r.sim.stop();
		}
	};
	return r;
}

/** The page's model in canonical JSON. */
const screenState = (page: Page) =>
	page.evaluate(() => JSON.stringify((globalThis as unknown as { __ovosScreen: { state: unknown } }).__ovosScreen.state)).then((s) => toCanonical(JSON.parse(s) as CanonicalSource));
const connStatus = (page: Page) => page.evaluate(() => (globalThis as unknown as { __ovosScreen: { conn: { status: string; busLive: boolean } } }).__ovosScreen.conn);

/** The screen holds what a freshly connected client of this simulator holds. */
async function converged(page: Page, sim: Simulator, timeout = 15_000): Promise<void> {
	await expect.poll(() => screenState(page), { timeout }).toBe(sim.canonical({ replayed: true }));
}

/** Starts a skill's data stream: a counter every 50 ms (ovos-gui's traffic while a timer runs). */
function stream(sim: () => Simulator): () => void {
	let n = 0;
	const t = setInterval(() => setValues(sim(), 'skill-stream.test', { tick: ++n, label: `tick ${n}` }), 50);
	return () => clearInterval(t);
}

test.describe.configure({ timeout: 90_000 });

test('ovos-gui killed and restarted mid-stream: the screen holds the new server state', async ({ page }) => {
	let sim = await privateSim();
	const { busPort, guiPort } = sim;
	try {
		show(sim, 'skill-stream.test', ['SYSTEM_TextFrame'], { title: 'Streaming', text: 'before' });
		await page.goto(`${APP_URL()}/kiosk?host=127.0.0.1&guiPort=${guiPort}&busPort=${busPort}`);
		await expect(page.getByText('before')).toBeVisible();
		const stop = stream(() => sim);
		await page.waitForTimeout(500);
		await sim.stop(); // killed: every socket goes, the state with it
		await page.waitForTimeout(1000);
		sim = await privateSim({ busPort, guiPort });
		show(sim, 'skill-after.test', ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame'], { title: 'Restarted', text: 'after the restart' });
		show(sim, 'skill-stream.test', ['SYSTEM_TextFrame'], { title: 'Streaming', text: 'again' });
		await page.waitForTimeout(1000);
		stop();
		await converged(page, sim);
		await expect(page.getByText('again')).toBeVisible();
	} finally {
		await sim.stop();
	}
});

test('the core bus down while the GUI socket stays up, and the reverse (full handshake)', async ({ page }) => {
	const r = await rig();
	try {
		show(r.sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'one' });
		await page.goto(r.url('/kiosk', '&handshake=full'));
		await expect(page.getByText('one')).toBeVisible();
		await expect.poll(async () => (await connStatus(page)).busLive).toBe(true);

		// The bus goes: the GUI socket stays, and the screen follows it.
		await r.bus.kill();
		await expect.poll(async () => (await connStatus(page)).busLive).toBe(false);
		show(r.sim, 'skill-b.test', ['SYSTEM_TextFrame'], { text: 'two, without the bus' });
		await expect(page.getByText('two, without the bus')).toBeVisible();
		expect((await connStatus(page)).status).toBe('live');
		await expect.poll(() => screenState(page)).toBe(r.sim.canonical());
		await r.bus.listen();
		await expect.poll(async () => (await connStatus(page)).busLive, { timeout: 15_000 }).toBe(true);

		// The GUI socket goes, the bus stays: offline, then back with what changed meanwhile.
		await r.gui.kill();
		await expect.poll(async () => (await connStatus(page)).status).toBe('offline');
		show(r.sim, 'skill-c.test', ['SYSTEM_TextFrame'], { text: 'three, while the GUI socket was down' });
		setValues(r.sim, 'skill-a.test', { text: 'one, changed' });
		await r.gui.listen();
		await converged(page, r.sim);
		await expect(page.getByText('three, while the GUI socket was down')).toBeVisible();
		expect((await connStatus(page)).busLive).toBe(true);
	} finally {
		await r.stop();
	}
});

test('a half-open GUI socket (the server stops answering, nothing closes) is detected, then reconnected', async ({ page }) => {
	const r = await rig();
	try {
		show(r.sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'before the freeze' });
		await page.goto(r.url());
		await expect(page.getByText('before the freeze')).toBeVisible();
		const t0 = Date.now();
		r.gui.blackhole();
		show(r.sim, 'skill-b.test', ['SYSTEM_TextFrame'], { text: 'said while frozen' });
		// SILENT_MS of silence, then two unanswered probes of 4 s each: well within 30 s.
		await expect.poll(async () => (await connStatus(page)).status, { timeout: 35_000 }).toBe('offline');
		const detectedMs = Date.now() - t0;
		expect(detectedMs).toBeLessThan(30_000);
		r.gui.restore();
		await converged(page, r.sim);
		await expect(page.getByText('said while frozen')).toBeVisible();
	} finally {
		await r.stop();
	}
});

test('a slow server: every chunk held back 400 ms, the screen still converges and stays connected through a quiet spell', async ({ page }) => {
	const r = await rig();
	try {
		r.gui.slow(400);
		show(r.sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'slowly' });
		await page.goto(r.url());
		await expect(page.getByText('slowly')).toBeVisible({ timeout: 15_000 });
		for (let i = 0; i < 20; i++) setValues(r.sim, 'skill-a.test', { text: `slowly ${i}` });
		show(r.sim, 'skill-b.test', ['SYSTEM_TextFrame', 'SYSTEM_TextFrame'], { text: 'second' });
		await converged(page, r.sim);
		// A quiet spell longer than the liveness check: the slow port still answers its probe.
		await page.waitForTimeout(16_000);
		const opens = await page.evaluate(() =>
			(globalThis as unknown as { __ovosScreen: { conn: { timeline: { what: string }[] } } }).__ovosScreen.conn.timeline.filter((e) => e.what === 'gui socket open').length
		);
		expect(opens).toBe(1);
		expect((await connStatus(page)).status).toBe('live');
		setValues(r.sim, 'skill-b.test', { text: 'after the quiet' });
		await converged(page, r.sim);
	} finally {
		await r.stop();
	}
});

test('the app server restarted under an open kiosk: the screen stays live, and the server’s help is back after', async ({ page }) => {
	const r = await rig();
	const env = { OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(r.gui.port), OVOS_BUS_PORT: String(r.bus.port) };
	let app = await startApp(env);
	try {
		show(r.sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'served' });
		await page.goto(`${app.url}/kiosk`);
		await expect(page.getByText('served')).toBeVisible();
		// An open kiosk: its service worker holds the build, so templates it has not shown yet still load
		// while the app server is down (stopped within the first second, a page's template failed to load).
		await offlineReady(page);
		await app.stop();
		show(r.sim, 'skill-b.test', ['SYSTEM_TextFrame'], { text: 'while the app server was down' });
		await expect(page.getByText('while the app server was down')).toBeVisible();
		expect((await connStatus(page)).status).toBe('live');
		app = await startApp(env, { port: app.port });
		// The app server's long-poll is what brings a dropped socket back within a second: it works again.
		await r.gui.kill();
		await expect.poll(async () => (await connStatus(page)).status).toBe('offline');
		setValues(r.sim, 'skill-b.test', { text: 'changed during the drop' });
		await page.waitForTimeout(500);
		const back = Date.now();
		await r.gui.listen();
		await converged(page, r.sim);
		expect(Date.now() - back).toBeLessThan(3000);
	} finally {
		await app.stop();
		await r.stop();
	}
});

test.describe('a template that could not be fetched', () => {
	// No service worker: it would serve the template from its cache, and the fetch must fail here.
	test.use({ serviceWorkers: 'block' });

	test('is fetched again while its page is shown, and the page comes up by itself', async ({ page }) => {
		const sim = await privateSim();
		try {
			show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'first' });
			await page.goto(`${APP_URL()}/kiosk?host=127.0.0.1&guiPort=${sim.guiPort}&busPort=${sim.busPort}`);
			await expect(page.getByText('first')).toBeVisible();
			await expect.poll(async () => (await connStatus(page)).status).toBe('live');
			// The app server unreachable for the page's code, as while it restarts.
			await page.route('**/_app/immutable/**', (route) => route.abort('connectionrefused'));
			show(sim, 'skill-b.test', ['SYSTEM_ImageFrame'], { title: 'A later page', image: '' });
			const shown = page.locator('[data-page="SYSTEM_ImageFrame"]');
			await expect(shown.getByRole('alert')).toContainText('could not be loaded');
			await page.unroute('**/_app/immutable/**');
			// No new show: the page's own retry brings it.
			await expect(shown.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
			await expect(shown.getByText('A later page')).toBeVisible();
		} finally {
			await sim.stop();
		}
	});
});

test('a sleeping laptop: timers paused while the connection dies and OVOS moves on, then resumed', async ({ page }) => {
	const r = await rig();
	try {
		await page.clock.install();
		show(r.sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'before sleep' });
		await page.goto(r.url());
		await expect(page.getByText('before sleep')).toBeVisible();
		// Asleep: the page's timers stop; the Wi-Fi goes (the socket dies without a word), OVOS carries on.
		// A second ahead of the page's clock: it runs on while the time makes the round trip, and a
		// loaded machine took more than 50 ms ("Cannot fast-forward to the past").
		await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
		r.gui.blackhole();
		show(r.sim, 'skill-b.test', ['SYSTEM_TextFrame'], { text: 'while asleep' });
		r.sim.emit(busMessage('gui.clear.namespace', { __from: 'skill-a.test' }));
		await page.waitForTimeout(2000);
		// The lid opens: the Wi-Fi is back, and the clock jumps by the time asleep.
		r.gui.restore();
		await page.clock.fastForward(SLEEP_MS);
		await page.clock.resume();
		// The old socket is dead though its port answers: the screen sees it slept and reconnects.
		await converged(page, r.sim);
		await expect(page.getByText('while asleep')).toBeVisible();
		const notes = await page.evaluate(() => (globalThis as unknown as { __ovosScreen: { conn: { timeline: { what: string }[] } } }).__ovosScreen.conn.timeline.map((e) => e.what));
		expect(notes.some((n) => /^asleep for \d+ s: reconnecting$/.test(n))).toBe(true);
	} finally {
		await r.stop();
	}
});

/** How long the laptop sleeps (the page's clock jumps by this much). */
const SLEEP_MS = 60_000;
