/**
 * First paint of an active page in Chromium over loopback: `/kiosk` opened while ovos-gui shows a
 * SYSTEM_TextFrame, from navigation start to the first frame painted with the page's text, in a
 * fresh browser context each time (nothing cached, as after a device boot). Also counts the loads
 * where the idle clock was in the page before the text (it should never flash). Then the same in one
 * browser context kept between loads (`warm_*`): a kiosk reloading, or its browser restarted on a
 * profile it keeps — its HTTP cache, compiled code and service worker already there. Needs a fresh `build/`.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import { startSimulator } from '../src/lib/server/simulator';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const WARMUP = 2;

const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
sim.emit(busMessage('gui.value.set', { __from: 'skill-weather.test', title: 'Weather', text: 'Sunny, 22 degrees' }));
sim.emit(busMessage('gui.page.show', { __from: 'skill-weather.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { stderr: false });
const browser = await chromium.launch(CHROMIUM_LAUNCH);

interface Load {
	readonly paint: number;
	readonly clockFirst: boolean;
}

const newContext = () => browser.newContext({ viewport: { width: 800, height: 480 } });

/** One load of /kiosk in `context` (a fresh one, closed after, when none is given). */
async function load(shared?: BrowserContext): Promise<Load> {
	const context = shared ?? (await newContext());
	const page = await context.newPage();
	try {
		await page.addInitScript(() => {
			const w = window as unknown as { __paint?: number; __clockFirst?: boolean };
			// No named functions in here: tsx would wrap them in a helper the page does not have.
			new MutationObserver(() => {
				if (w.__paint !== undefined) return;
				if (document.querySelector('section[aria-label="Clock"]')) w.__clockFirst = true;
				if (document.querySelector('[data-key="text"]')?.textContent === 'Sunny, 22 degrees') {
					w.__paint = 0;
					// The next animation frame runs after the frame holding the text was painted.
					requestAnimationFrame(() => requestAnimationFrame(() => (w.__paint = performance.now())));
				}
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		await page.goto(`${app.url}/kiosk`);
		await page.waitForFunction(() => (window as unknown as { __paint?: number }).__paint);
		// performance.now() counts from the navigation's start (time origin).
		return page.evaluate(() => {
			const w = window as unknown as { __paint: number; __clockFirst?: boolean };
			return { paint: w.__paint, clockFirst: w.__clockFirst === true };
		});
	} finally {
		await (shared ? page.close() : context.close());
	}
}

/** The paints of RUNS loads after WARMUP ones, sorted. */
async function series(shared?: BrowserContext): Promise<Load[]> {
	const loads: Load[] = [];
	for (let i = 0; i < RUNS + WARMUP; i++) {
		const l = await load(shared);
		if (i >= WARMUP) loads.push(l);
	}
	return loads.sort((a, b) => a.paint - b.paint);
}

const median = (loads: readonly Load[]) => Math.round(loads[Math.floor(loads.length / 2)]!.paint);

try {
	const cold = await series();
	const warmContext = await newContext();
	const warm = await series(warmContext);
	await warmContext.close();
	const flashes = [...cold, ...warm].filter((l) => l.clockFirst).length;
	const line = (what: string, l: readonly Load[]) =>
		`${what}: min ${l[0]!.paint.toFixed(0)} ms, median ${median(l)} ms, max ${l.at(-1)!.paint.toFixed(0)} ms`;
	console.log(`${RUNS} loads each. First paint of the page, ${line('fresh context', cold)}; ${line('kept context', warm)}; idle clock before the page in ${flashes}`);
	console.log(
		JSON.stringify({
			median_ms: median(cold),
			max_ms: Math.round(cold.at(-1)!.paint),
			warm_median_ms: median(warm),
			warm_max_ms: Math.round(warm.at(-1)!.paint),
			clock_flashes: flashes,
			runs: RUNS
		})
	);
} finally {
	await browser.close();
	await app.stop();
	await sim.stop();
}
