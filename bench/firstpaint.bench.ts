/**
 * First paint of an active page in Chromium over loopback: `/kiosk` opened while ovos-gui shows the
 * weather skill's CurrentWeather page, from navigation start to the first frame painted with the
 * page's text, in a fresh browser context each time (nothing cached, as after a device boot); then
 * the same with the CPU slowed 4× (Chromium's own throttle, through the DevTools protocol: a Pi 4
 * is roughly that much slower than this machine). Also counts the loads where the idle clock was
 * in the page before the text (it should never flash). Then the same in one browser context kept
 * between loads (`warm_*`): a kiosk reloading, or its browser restarted on a profile it keeps — its
 * HTTP cache, compiled code and service worker already there. Beside them, Chromium's own floor
 * on this machine: the same measure of a page that is nothing but the location's line (no style, no
 * script) from a bare HTTP server, fresh and throttled (`floor_*`): what no page can go below here.
 * Between the two, the page without the app (`static_*`): the very HTML the app served for that
 * page, its stylesheets inline, with every script taken out, from the bare server: the page's own
 * content, style and layout, and none of the app's machinery (the socket, XState, Svelte's client).
 * The three alternate (`rounds`: page, static, floor, …), so all see the same moments of a shared
 * machine, and `*_floor_ratio` is a median over the floor's, fresh and throttled.
 * Needs a fresh `build/`. Chromium runs with the kiosk's flags (KIOSK_LAUNCH of scripts/chromium.mjs),
 * as on a device.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import { startSimulator } from '../simulator';
import { KIOSK_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';
import { CURRENT_WEATHER, WEATHER_SKILL } from '../tests/fixtures/weather';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const WARMUP = 2;

/** How much slower the CPU runs in the throttled series. */
const THROTTLE = 4;
const WEATHER = WEATHER_SKILL;
const LOCATION = CURRENT_WEATHER.weatherLocation;

const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
// What the weather skill sets for its current conditions (as e2e/skill-pages-weather.spec.ts).
sim.emit(
	busMessage('gui.value.set', { __from: WEATHER, ...CURRENT_WEATHER })
);
sim.emit(busMessage('gui.page.show', { __from: WEATHER, page_names: ['CurrentWeather'], index: 0, __idle: true }));
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { stderr: false });
const browser = await chromium.launch(KIOSK_LAUNCH);
// The page without the app: what the app serves for it, scripts and module preloads taken out; its
// images and the app's other files still come from the app (<base>).
const served = await (await fetch(`${app.url}/kiosk`)).text();
const noScript = served
	.replace(/<script\b[\s\S]*?<\/script>/g, '')
	.replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
	.replace('<head>', `<head><base href="${app.url}/">`);
if (noScript.includes('<script') || !noScript.includes(`>${LOCATION}<`)) throw new Error('the served page did not come apart as expected: no static copy to measure');
// The floor: one line of text, as small a page as there is, from a server that does nothing else.
const bare = createServer((req, res) => {
	res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
	res.end(req.url === '/static' ? noScript : `<!doctype html><html><body><p data-key="location">${LOCATION}</p></body></html>`);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

interface Load {
	readonly paint: number;
	readonly clockFirst: boolean;
}

const newContext = () => browser.newContext({ viewport: { width: 800, height: 480 } });

/** One load of /kiosk in `context` (a fresh one, closed after, when none is given), the CPU `throttle`× slower. */
async function load(shared?: BrowserContext, throttle = 1, url = `${app.url}/kiosk`): Promise<Load> {
	const context = shared ?? (await newContext());
	const page = await context.newPage();
	try {
		if (throttle !== 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
		await page.addInitScript((location: string) => {
			const w = window as unknown as { __paint?: number; __clockFirst?: boolean };
			// No named functions in here: tsx would wrap them in a helper the page does not have.
			new MutationObserver(() => {
				if (w.__paint !== undefined) return;
				if (document.querySelector('section[aria-label="Clock"]')) w.__clockFirst = true;
				if (document.querySelector('[data-key="location"]')?.textContent === location) {
					w.__paint = 0;
					// The next animation frame runs after the frame holding the text was painted.
					requestAnimationFrame(() => requestAnimationFrame(() => (w.__paint = performance.now())));
				}
			}).observe(document, { subtree: true, childList: true, characterData: true });
		}, LOCATION);
		await page.goto(url);
		await page.waitForFunction(() => (window as unknown as { __paint?: number }).__paint);
		// performance.now() counts from the navigation's start (time origin). Awaited here, before
		// the finally closes the context: a page still busy hydrating answered after it was closed.
		return await page.evaluate(() => {
			const w = window as unknown as { __paint: number; __clockFirst?: boolean };
			return { paint: w.__paint, clockFirst: w.__clockFirst === true };
		});
	} finally {
		await (shared ? page.close() : context.close());
	}
}

/** The paints of RUNS loads after WARMUP ones in `shared`, sorted. */
async function series(shared: BrowserContext): Promise<Load[]> {
	const loads: Load[] = [];
	for (let i = 0; i < RUNS + WARMUP; i++) {
		const l = await load(shared);
		if (i >= WARMUP) loads.push(l);
	}
	return loads.sort((a, b) => a.paint - b.paint);
}

const median = (loads: readonly Load[]) => Math.round(loads[Math.floor(loads.length / 2)]!.paint);
/** a / b to two decimals. */
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/**
 * The page's loads, its static copy's and the floor's, in turn (page, static, floor, page, …), each
 * series sorted: the machine's load moves from minute to minute, and a floor measured minutes after
 * the page made their ratio move with it.
 */
async function rounds(throttle: number): Promise<[Load[], Load[], Load[]]> {
	const urls = [`${app.url}/kiosk`, `${bareUrl}static`, bareUrl];
	const out: [Load[], Load[], Load[]] = [[], [], []];
	for (let i = 0; i < RUNS + WARMUP; i++) {
		for (const [k, url] of urls.entries()) {
			const l = await load(undefined, throttle, url);
			if (i >= WARMUP) out[k]!.push(l);
		}
	}
	for (const s of out) s.sort((a, b) => a.paint - b.paint);
	return out;
}

try {
	const [cold, still, floor] = await rounds(1);
	const [slow, stillSlow, floorSlow] = await rounds(THROTTLE);
	const warmContext = await newContext();
	const warm = await series(warmContext);
	await warmContext.close();
	const flashes = [...cold, ...slow, ...warm].filter((l) => l.clockFirst).length;
	const line = (what: string, l: readonly Load[]) =>
		`${what}: min ${l[0]!.paint.toFixed(0)} ms, median ${median(l)} ms, max ${l.at(-1)!.paint.toFixed(0)} ms`;
	console.log(
		`${RUNS} loads each. First paint of the page, ${line('fresh context', cold)}; ${line(`CPU ${THROTTLE}× slower`, slow)}; ${line('kept context', warm)}; idle clock before the page in ${flashes}; ` +
			`the page without the app (no script): ${line('fresh', still)}, ${line(`${THROTTLE}× slower`, stillSlow)}; ` +
			`Chromium's floor here (a one-line page): ${line('fresh', floor)}, ${line(`${THROTTLE}× slower`, floorSlow)}`
	);
	console.log(
		JSON.stringify({
			first_paint_ms_p50: median(cold),
			first_paint_throttled_ms_p50: median(slow),
			max_ms: Math.round(cold.at(-1)!.paint),
			throttled_max_ms: Math.round(slow.at(-1)!.paint),
			warm_median_ms: median(warm),
			warm_max_ms: Math.round(warm.at(-1)!.paint),
			clock_flashes: flashes,
			floor_ms_p50: median(floor),
			floor_throttled_ms_p50: median(floorSlow),
			// Within this run: how far the page is from what no page can go below here.
			first_paint_floor_ratio: ratio(median(cold), median(floor)),
			first_paint_throttled_floor_ratio: ratio(median(slow), median(floorSlow)),
			// The same page with none of the app's script: what its content, style and layout cost alone.
			static_ms_p50: median(still),
			static_throttled_ms_p50: median(stillSlow),
			static_floor_ratio: ratio(median(still), median(floor)),
			static_throttled_floor_ratio: ratio(median(stillSlow), median(floorSlow)),
			runs: RUNS
		})
	);
} finally {
	await browser.close();
	bare.close();
	await app.stop();
	await sim.stop();
}
