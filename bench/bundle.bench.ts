/**
 * The JavaScript of `/kiosk`, gzip-compressed, as Chromium fetches it from the built app, with the
 * weather skill's CurrentWeather page up on the device:
 *   - `kiosk_first_page_js_gzip_kib`: what the kiosk loads until that page is on screen and the
 *     screen has taken it over (live on its GUI socket and the bus window): entry, route, the
 *     connection actor (XState), the page's renderer;
 *   - `kiosk_js_gzip_kib`: the whole route, once everything it has has been used — a notification
 *     popping up, the voice cue, the shade pulled down, the notification list, the chat.
 * Other skill pages' renderers are not the route's: each loads with its own page.
 * Beside it, apart: the service worker's own script, and what it keeps for offline use (fetched
 * once per build, in the background, and never run unless a page needs it). Needs a fresh `build/`.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import { startSimulator } from '../simulator';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';
import { CURRENT_WEATHER, WEATHER_SKILL } from '../tests/fixtures/weather';

const WEATHER = WEATHER_SKILL;
// A simulator with its core: the bus window, the notification companion and the chat's agent are the real thing.
const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) });
// Shown once the simulator's core is up, so its homescreen is under the page, not over it.
sim.emit(
	busMessage('gui.value.set', { __from: WEATHER, ...CURRENT_WEATHER })
);
sim.emit(busMessage('gui.page.show', { __from: WEATHER, page_names: ['CurrentWeather'], index: 0, __idle: true }));
const browser = await chromium.launch(CHROMIUM_LAUNCH);

interface Size {
	readonly file: string;
	readonly raw: number;
	readonly gz: number;
}

/** Waits until no script has been fetched for `ms`. */
async function quiet(scripts: Map<string, unknown>, ms = 1000): Promise<void> {
	let n = -1;
	while (n !== scripts.size) {
		n = scripts.size;
		await new Promise((r) => setTimeout(r, ms));
	}
}

async function sizes(scripts: Map<string, Promise<Buffer>>): Promise<Size[]> {
	const all = await Promise.all([...scripts].map(async ([u, body]) => ({ file: new URL(u).pathname, raw: (await body).length, gz: gzipSync(await body).length })));
	return all.sort((a, b) => b.gz - a.gz);
}

const total = (s: readonly Size[]) => s.reduce((n, x) => n + x.gz, 0) / 1024;

async function pullShade(page: Page): Promise<void> {
	await page.mouse.move(400, 2);
	await page.mouse.down();
	await page.mouse.move(400, 30, { steps: 4 });
	await page.mouse.move(400, 80, { steps: 4 });
	await page.mouse.up();
	await page.locator('[role="dialog"].shade').waitFor();
}

try {
	const url = `${app.url}/kiosk`;
	const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
	const scripts = new Map<string, Promise<Buffer>>();
	page.on('response', (res) => {
		const type = res.request().resourceType();
		if ((type === 'script' || res.url().endsWith('.js')) && !scripts.has(res.url())) scripts.set(res.url(), res.body());
	});
	await page.goto(url, { waitUntil: 'load' });
	await page.locator('.tpl-root[data-page="CurrentWeather"] [data-key="location"]').waitFor();
	await page.locator('.scr-root[data-conn="live"][data-bus="live"]').waitFor();
	await quiet(scripts);
	const first = await sizes(scripts);
	for (const s of first) console.log(`${(s.gz / 1024).toFixed(1).padStart(6)} KiB gz  ${(s.raw / 1024).toFixed(1).padStart(6)} KiB  ${s.file}`);
	console.log(`${first.length} files; /kiosk showing a weather page loads ${total(first).toFixed(1)} KiB of JavaScript after gzip (aim ≤ 60 KiB)`);

	// Everything else the route has, each part used once.
	const session = { session: { session_id: 'default' } };
	sim.emit({
		type: 'ovos.notification.api.set',
		data: { sender: 'skill-news.openvoiceos', text: 'Three new headlines', action: null, type: 'transient', style: 'info', callback_data: {}, duration: 1 },
		context: {}
	});
	await page.locator('[data-toast]').first().waitFor();
	sim.emit({ type: 'speak', data: { utterance: 'It is sunny.' }, context: session });
	sim.emit({ type: 'recognizer_loop:audio_output_start', data: {}, context: session });
	await page.locator('[data-cue="speaking"]').waitFor();
	sim.emit({ type: 'recognizer_loop:audio_output_end', data: {}, context: session });
	await pullShade(page);
	await page.getByRole('button', { name: /^Notifications: \d+$/ }).click();
	await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
	await page.keyboard.press('Escape');
	await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached' });
	await page.locator('[role="dialog"].shade').getByRole('button', { name: 'Chat', exact: true }).click();
	await page.getByRole('dialog', { name: 'Chat with OVOS' }).getByRole('combobox', { name: 'Chat mode' }).waitFor();
	await quiet(scripts);
	const all = await sizes(scripts);
	const later = all.filter((s) => !first.some((f) => f.file === s.file));
	for (const s of later) console.log(`${(s.gz / 1024).toFixed(1).padStart(6)} KiB gz  ${(s.raw / 1024).toFixed(1).padStart(6)} KiB  ${s.file} (later)`);
	console.log(`${all.length} files; the whole /kiosk route loads ${total(all).toFixed(1)} KiB of JavaScript after gzip (aim ≤ 80 KiB)`);

	// The offline shell: registered a moment after load; its cache holds what it precached.
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
	// Sizes of the kept bodies, gzip-compressed in the page (as they come over the wire).
	const kept = await page.evaluate(async () => {
		const sizes: number[] = [];
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			for (const req of await cache.keys()) {
				const body = (await cache.match(req))!.body!.pipeThrough(new CompressionStream('gzip'));
				sizes.push((await new Response(body).arrayBuffer()).byteLength);
			}
		}
		return sizes;
	});
	const worker = gzipSync(await (await page.request.get(`${app.url}/service-worker.js`)).body()).length / 1024;
	const cache = kept.reduce((a, b) => a + b, 0) / 1024;
	console.log(`service worker ${worker.toFixed(1)} KiB gz; it keeps ${kept.length} files, ${cache.toFixed(1)} KiB gz`);
	const kib = (n: number) => Math.round(n * 10) / 10;
	console.log(JSON.stringify({ kiosk_first_page_js_gzip_kib: kib(total(first)), kiosk_js_gzip_kib: kib(total(all)), first_page_files: first.length, files: all.length, service_worker_gzip_kib: kib(worker), offline_cache_gzip_kib: kib(cache), offline_cache_files: kept.length }));
} finally {
	await browser.close();
	await app.stop();
	await sim.stop();
}
