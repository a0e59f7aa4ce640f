/**
 * First paint of an active page in Chromium over loopback: `/kiosk` opened while ovos-gui shows a
 * SYSTEM_TextFrame, from navigation start to the first frame painted with the page's text, in a
 * fresh browser context each time (nothing cached, as after a device boot). Also counts the loads
 * where the idle clock was in the page before the text (it should never flash). Needs a fresh `build/`.
 */
import { chromium } from '@playwright/test';
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

async function load(): Promise<Load> {
	const context = await browser.newContext({ viewport: { width: 800, height: 480 } });
	try {
		const page = await context.newPage();
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
		await context.close();
	}
}

try {
	const loads: Load[] = [];
	for (let i = 0; i < RUNS + WARMUP; i++) {
		const l = await load();
		if (i >= WARMUP) loads.push(l);
	}
	const ms = loads.map((l) => l.paint).sort((a, b) => a - b);
	const median = ms[Math.floor(ms.length / 2)]!;
	const flashes = loads.filter((l) => l.clockFirst).length;
	console.log(`${RUNS} loads: first paint of the page min ${ms[0]!.toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${ms[ms.length - 1]!.toFixed(0)} ms; idle clock before the page in ${flashes}`);
	console.log(JSON.stringify({ median_ms: Math.round(median), max_ms: Math.round(ms[ms.length - 1]!), clock_flashes: flashes, runs: RUNS }));
} finally {
	await browser.close();
	await app.stop();
	await sim.stop();
}
