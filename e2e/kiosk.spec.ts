/**
 * `/kiosk` at the two device presets (800×480 landscape, 720×1280 portrait): no chrome, no context
 * menu or selection, the cursor hides, rotation, the escape hatch, the offline clock, and local
 * images through the media route when the app runs on the device.
 */
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { clockPng } from './support/png';
import { controlsOffPage, live, privateSim, screenUrl, show, startApp } from './support/screen';
import { settled } from './support/settle';

let sim: Simulator;
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

const PRESETS = [
	{ width: 800, height: 480 },
	{ width: 720, height: 1280 }
];

// One page a theme, resized to each preset (a page load costs more than what is checked here); the
// skills' namespaces are cleared between presets, so each starts on the idle screen as a fresh load.
for (const theme of ['dark', 'light'] as const) {
	test.describe(`${theme}`, () => {
		test.use({ viewport: PRESETS[0], colorScheme: theme });
		test(`a page fills the screen with no chrome at ${PRESETS.map((s) => `${s.width}x${s.height}`).join(' and ')}`, async ({ page }) => {
			await page.goto(screenUrl(sim, '/kiosk'));
			await live(page);
			for (const size of PRESETS) {
				await page.setViewportSize(size);
				for (const ns of ['skill-weather.test', 'skill-radar.test']) sim.emit(busMessage('gui.clear.namespace', { __from: ns }));
				await expect(page.locator('.tpl-root')).toHaveCount(0);
				show(sim, 'skill-weather.test', ['SYSTEM_TextFrame'], { text: 'Sunny, 22 degrees', title: 'Weather' });
				await expect(page.getByText('Sunny, 22 degrees')).toBeVisible();
				await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
				const box = await page.locator('.tpl-root').boundingBox();
				expect(box).toEqual({ x: 0, y: 0, ...size });
				// Not a control of ours anywhere on it (the Chat button is in the pulled-down shade).
				await page.mouse.move(size.width / 2, size.height / 2);
				expect(await controlsOffPage(page)).toEqual([]);
				await settled(page);
				await page.screenshot({ path: `e2e/screenshots/kiosk-text-${theme}-${size.width}x${size.height}.png` });
				// A page without a template or readable data: a quiet card, not the developer fallback.
				show(sim, 'skill-radar.test', ['forecast'], {});
				await expect(page.getByText('This page can’t be shown on this screen.')).toBeVisible();
				await expect(page.getByText('No template for this page')).toHaveCount(0);
				await page.screenshot({ path: `e2e/screenshots/kiosk-unknown-${theme}-${size.width}x${size.height}.png` });
			}
		});
		test(`idle clock at ${PRESETS.map((s) => `${s.width}x${s.height}`).join(' and ')}`, async ({ page }) => {
			await page.goto(screenUrl(sim, '/kiosk'));
			await live(page);
			for (const size of PRESETS) {
				await page.setViewportSize(size);
				await expect(page.locator('time')).toHaveText(/\d{1,2}:\d{2}/);
				await page.screenshot({ path: `e2e/screenshots/kiosk-idle-${theme}-${size.width}x${size.height}.png` });
			}
		});
	});
}

test('no context menu, no selection, the cursor hides when idle', async ({ page }) => {
	await page.goto(screenUrl(sim, '/kiosk', '&cursor=1'));
	await live(page);
	show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'Hello' });
	await expect(page.getByText('Hello')).toBeVisible();
	const prevented = await page.evaluate(() => {
		const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
		document.querySelector('.tpl-root')?.dispatchEvent(e);
		return e.defaultPrevented;
	});
	expect(prevented).toBe(true);
	expect(await page.locator('.kiosk').evaluate((el) => getComputedStyle(el).userSelect)).toBe('none');
	await page.mouse.move(100, 100);
	await expect.poll(() => page.locator('.tpl-root').evaluate((el) => getComputedStyle(el).cursor)).not.toBe('none');
	await expect.poll(() => page.locator('.tpl-root').evaluate((el) => getComputedStyle(el).cursor), { timeout: 3000 }).toBe('none');
});

test('rotate=90 turns a landscape panel into a portrait screen', async ({ page }) => {
	await page.goto(screenUrl(sim, '/kiosk', '&rotate=90'));
	await live(page);
	show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'Rotated', title: 'Portrait' });
	await expect(page.getByText('Rotated')).toBeVisible();
	// The page is laid out 480 wide and 800 tall, then turned onto the 800×480 panel.
	const size = await page.locator('.tpl-root').evaluate((el) => [el.clientWidth, el.clientHeight]);
	expect(size).toEqual([480, 800]);
	const box = await page.locator('.tpl-root').boundingBox();
	expect(box).toEqual({ x: 0, y: 0, width: 800, height: 480 });
	await page.screenshot({ path: 'e2e/screenshots/kiosk-rotate90-800x480.png' });
});

test('escape hatch: Shift+Escape or holding the corner leads back to /, keeping the address', async ({ page }) => {
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	await page.keyboard.press('Shift+Escape');
	await expect(page).toHaveURL(new RegExp(`/\\?host=127\\.0\\.0\\.1&guiPort=${sim.guiPort}&busPort=${sim.busPort}$`));
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	await page.mouse.move(10, 10);
	await page.mouse.down();
	await page.waitForTimeout(2300);
	await page.mouse.up();
	await expect(page).toHaveURL(/\/\?host=/);
});

test('offline: within 2 s the page is marked not live, the clock after 10 s, the pages again when back', async ({ page }) => {
	test.setTimeout(45_000);
	const ports = { busPort: sim.busPort, guiPort: sim.guiPort };
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'Before' });
	await expect(page.getByText('Before')).toBeVisible();
	await expect(page.locator('[data-live="yes"]')).toBeAttached();
	await sim.stop();
	const dropped = Date.now();
	// Never a stale page that looks live: greyed, inert, and said so.
	const frame = page.locator('.page-frame[data-live="no"]');
	await expect(frame).toBeAttached({ timeout: 2000 });
	await expect(page.getByRole('status').filter({ hasText: /^Offline · waiting for OVOS at 127\.0\.0\.1:\d+$/ })).toBeVisible();
	expect(Date.now() - dropped).toBeLessThan(2000);
	expect(await frame.evaluate((e) => getComputedStyle(e).filter)).toContain('grayscale');
	expect(await frame.evaluate((e) => (e as HTMLElement).inert)).toBe(true);
	// No banner in kiosk mode.
	await expect(page.getByText(/Offline since/)).toHaveCount(0);
	await page.waitForTimeout(400);
	await page.screenshot({ path: 'e2e/screenshots/kiosk-offline-page-800x480.png' });
	await expect(page.getByRole('region', { name: 'Clock' })).toBeVisible({ timeout: 12_000 });
	await expect(page.getByText('Before')).toHaveCount(0);
	await expect(page.getByText(/^Offline · waiting for OVOS at 127\.0\.0\.1:\d+$/)).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/kiosk-offline-800x480.png' });
	sim = await privateSim(ports);
	show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'After' });
	await expect(page.getByText('After')).toBeVisible({ timeout: 15_000 });
	await expect(page.locator('[data-live="yes"]')).toBeAttached();
});

test('local images come through the media route; traversal, escapes and other types are refused', async ({ page, request }) => {
	const base = mkdtempSync(join(tmpdir(), 'ovos-media-'));
	const root = join(base, 'root');
	mkdirSync(join(root, 'skill-timer'), { recursive: true });
	writeFileSync(join(root, 'skill-timer', 'timer.png'), clockPng());
	writeFileSync(join(root, 'notes.txt'), 'not media');
	writeFileSync(join(base, 'secret.png'), clockPng(8));
	symlinkSync(join(base, 'secret.png'), join(root, 'escape.png'));
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort), OVOS_MEDIA_ROOTS: root });
	try {
		await page.goto(`${app.url}/kiosk`);
		await live(page);
		show(sim, 'skill-timer.test', ['SYSTEM_ImageFrame'], { image: join(root, 'skill-timer', 'timer.png'), title: 'Kitchen timer', caption: '5 minutes left' });
		const img = page.locator('img');
		await expect(img).toHaveAttribute('src', `/media${root}/skill-timer/timer.png`);
		await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(360);
		await page.screenshot({ path: 'e2e/screenshots/kiosk-local-image-800x480.png' });

		const get = (path: string) => request.get(`${app.url}/media${path}`, { maxRedirects: 0 }).then((r) => r.status());
		expect(await get(`${root}/skill-timer/timer.png`)).toBe(200);
		// Outside the roots answers as missing does: nothing tells which files exist. (The
		// URL parser resolves `%2e%2e` before sending: this asks for ${base}/secret.png.)
		expect(await get(`${root}/skill-timer/%2e%2e/%2e%2e/secret.png`)).toBe(404);
		expect(await get(`${root}/escape.png`)).toBe(404);
		expect(await get(`${base}/secret.png`)).toBe(404);
		expect(await get(`${root}/notes.txt`)).toBe(415);
		expect(await get('/etc/passwd')).toBe(415);
		expect(await get(`${root}/missing.png`)).toBe(404);
	} finally {
		await app.stop();
	}
});

test('the home screen keeps its text clear of the edge handles when the kiosk is zoomed or turned', async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 480 });
	show(sim, 'ovos-skill-homescreen.openvoiceos', ['idle'], {
		time_string: '21:58',
		weekday_string: 'Monday',
		day_string: '07',
		month_string: 'December',
		year_string: '2026',
		dateFormat: 'DMY',
		weather_api_enabled: true,
		weather_code: 1,
		weather_temp: 19,
		skill_examples: { examples: ['what is the forecast'] },
		skill_info_enabled: true,
		skill_info_prefix: true
	});
	for (const extra of ['&scale=2', '&rotate=270&scale=1.5', '']) {
		await page.goto(screenUrl(sim, '/kiosk', extra));
		await expect(page.locator('.tpl-root[data-page="idle"]').getByText('what is the forecast')).toBeVisible();
		await settled(page);
		// Each handle's mark against each line of text on the page.
		const hits = await page.evaluate(() => {
			const marks = [...document.querySelectorAll('.tpl-root .edge span')].map((s) => s.getBoundingClientRect());
			const out: string[] = [];
			const walk = document.createTreeWalker(document.querySelector('.tpl-root')!, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) {
				if (!n.textContent?.trim()) continue;
				const range = document.createRange();
				range.selectNodeContents(n);
				for (const r of range.getClientRects())
					for (const m of marks) if (r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom) out.push(n.textContent.trim());
			}
			return out;
		});
		expect(hits, extra || 'as is').toEqual([]);
		await page.screenshot({ path: `e2e/screenshots/kiosk-home-edges${extra.replace(/[&=]/g, '_')}.png` });
	}
});
