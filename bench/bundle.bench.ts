/**
 * All JavaScript the `/kiosk` route loads, gzip-compressed, as Chromium fetches it from the built
 * app (entry, route chunks, preloads, anything imported at start). Needs a fresh `build/`.
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
	console.log(JSON.stringify({ kiosk_js_gzip_kib: Math.round(total * 10) / 10, files: sizes.length }));
} finally {
	await browser.close();
	await app.stop();
}
