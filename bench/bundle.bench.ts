/**
 * All JavaScript the `/kiosk` route loads, gzip-compressed, as Chromium fetches it from the built
 * app (entry, route chunks, preloads, anything imported at start). Beside it, apart: the service
 * worker's own script, and what it keeps for offline use (fetched once per build, in the
 * background, and never run unless a page needs it). Needs a fresh `build/`.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';

// Nothing listens on the OVOS ports: the kiosk loads and keeps retrying, which is all we need.
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: '9', OVOS_BUS_PORT: '9' });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
	const url = `${app.url}/kiosk`;
	const page = await browser.newPage();
	const scripts = new Map<string, Promise<Buffer>>();
	page.on('response', (res) => {
		const type = res.request().resourceType();
		if ((type === 'script' || res.url().endsWith('.js')) && !scripts.has(res.url())) scripts.set(res.url(), res.body());
	});
	// Not 'networkidle': a screen that is offline keeps a long-poll open at the app server.
	await page.goto(url, { waitUntil: 'load' });
	await page.waitForTimeout(2000);
	const sizes = await Promise.all([...scripts].map(async ([u, body]) => ({ file: new URL(u).pathname, raw: (await body).length, gz: gzipSync(await body).length })));
	sizes.sort((a, b) => b.gz - a.gz);
	for (const s of sizes) console.log(`${(s.gz / 1024).toFixed(1).padStart(6)} KiB gz  ${(s.raw / 1024).toFixed(1).padStart(6)} KiB  ${s.file}`);
	const total = sizes.reduce((n, s) => n + s.gz, 0) / 1024;
	console.log(`${sizes.length} files; /kiosk loads ${total.toFixed(1)} KiB of JavaScript after gzip (aim ≤ 60 KiB)`);

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
	console.log(JSON.stringify({ kiosk_js_gzip_kib: kib(total), files: sizes.length, service_worker_gzip_kib: kib(worker), offline_cache_gzip_kib: kib(cache), offline_cache_files: kept.length }));
} finally {
	await browser.close();
	await app.stop();
}
