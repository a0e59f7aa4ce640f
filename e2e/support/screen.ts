/** Helpers for the screen's browser tests: a private simulator, skills acting on its bus, assets. */
import { createServer as createHttp, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { busMessage, type BusMessage, type JsonObject } from '../../src/lib/protocol';
import { startSimulator, type Simulator } from '../../simulator';
import { clockPng } from './png';

export const APP_URL = () => {
	const u = process.env.APP_URL;
	if (!u) throw new Error('APP_URL is not set (global setup did not run)');
	return u;
};

/**
 * A simulator of our own (no core services: the test plays the skills). `host` 127.0.0.2 makes
 * the OVOS device a different machine from the app server (Linux routes all of 127/8 to loopback).
 */
export function privateSim(opts: { busPort?: number; guiPort?: number; host?: string } = {}): Promise<Simulator> {
	return startSimulator({ host: opts.host ?? '127.0.0.1', busPort: opts.busPort ?? 0, guiPort: opts.guiPort ?? 0, skills: false, log: false });
}

/** Waits until the screen's GUI socket is live (the screen marks its root with the state). */
export async function live(page: Page): Promise<void> {
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
}

/** Waits until the service worker has installed (precached the build) and controls the page. */
export async function offlineReady(page: Page): Promise<void> {
	await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 15_000 }).toBe('activated');
}

/** The screens the pictures and fit checks are taken at: a 7" display, a 10" one, a portrait one. */
export const SCREEN_SIZES = [
	{ width: 800, height: 480 },
	{ width: 1280, height: 800 },
	{ width: 720, height: 1280 }
] as const;

type ScreenSize = (typeof SCREEN_SIZES)[number];

/**
 * One picture test a theme: the page opened once and resized to each of SCREEN_SIZES (a page load
 * costs more than all of its pictures), `each` run at every size.
 */
export function picturesAtEachSize(open: (page: Page) => Promise<void>, each: (page: Page, size: ScreenSize, theme: 'dark' | 'light') => Promise<void>): void {
	for (const theme of ['dark', 'light'] as const) {
		test.describe(theme, () => {
			test.use({ colorScheme: theme });
			test(`screenshots at ${SCREEN_SIZES.map((s) => `${s.width}x${s.height}`).join(', ')}`, async ({ page }) => {
				test.setTimeout(90_000);
				await open(page);
				for (const size of SCREEN_SIZES) {
					await page.setViewportSize(size);
					await each(page, size, theme);
				}
			});
		});
	}
}

/** The screen at `path` (`/` or `/kiosk`) pointed at a private simulator. */
export function screenUrl(sim: Simulator, path = '/', extra = '', app = APP_URL()): string {
	return `${app}${path}?host=${sim.host}&guiPort=${sim.guiPort}&busPort=${sim.busPort}${extra}`;
}

/** What GUIInterface does for `show_*`: the data, then the page show. */
export function show(sim: Simulator, skill: string, pages: string[], data: JsonObject = {}, index = 0, idle: boolean | number | null = true): void {
	sim.emit(busMessage('gui.value.set', { __from: skill, ...data }));
	sim.emit(busMessage('gui.page.show', { page_names: pages, index, __from: skill, __idle: idle }));
}

export function setValues(sim: Simulator, skill: string, data: JsonObject): void {
	sim.emit(busMessage('gui.value.set', { __from: skill, ...data }));
}

/** A `system` status event as ovos-gui forwards it (the core emits it on the bus). */
export function status(sim: Simulator, type: string, data: JsonObject = {}): void {
	sim.emit(busMessage(type, data));
}

/** Collects bus frames of `type` seen by the simulator. */
export function collect(sim: Simulator, type: string): BusMessage[] {
	const seen: BusMessage[] = [];
	sim.on(type, (m: BusMessage) => seen.push(m));
	return seen;
}

export interface Assets {
	readonly url: string;
	close(): Promise<void>;
}

const PAGE = `<!doctype html><html><head><style>body{font:18px sans-serif;background:#f5f0dc;color:#333;margin:24px}
h1{color:#b5452b}</style></head><body><h1>A page from a skill</h1><p>Loaded by show_url().</p></body></html>`;

/** Serves the test pictures and a web page over http, as a skill's server would. */
export async function assets(): Promise<Assets> {
	const clock = clockPng();
	const anim = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">
<rect width="400" height="300" fill="#1f3556"/><circle cx="200" cy="150" r="40" fill="#e63946">
<animate attributeName="r" values="30;60;30" dur="1.2s" repeatCount="indefinite"/></circle>
<rect x="80" y="60" width="140" height="24" rx="12" fill="#f1faee" transform="rotate(25 150 72)"/></svg>`;
	const server: Server = createHttp((req, res) => {
		if (req.url === '/clock.png') res.writeHead(200, { 'content-type': 'image/png' }).end(clock);
		else if (req.url === '/boiling.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(anim);
		else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
		else res.writeHead(404).end();
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const addr = server.address();
	const port = typeof addr === 'object' && addr ? addr.port : 0;
	return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Opens the kiosk's shade (the bell, Chat): a drag down from the top edge, as a finger would. */
export async function pullShade(page: Page): Promise<void> {
	const w = page.viewportSize()?.width ?? 800;
	// A drag made before the page has hydrated meets no listener (a person never drags that soon,
	// a test right after goto does): drag again until the shade is there.
	await expect(async () => {
		await page.mouse.move(w / 2, 2);
		await page.mouse.down();
		await page.mouse.move(w / 2, 30, { steps: 4 });
		await page.mouse.move(w / 2, 80, { steps: 4 });
		await page.mouse.up();
		await expect(page.locator('[role="dialog"].shade')).toBeVisible({ timeout: 1000 });
	}).toPass({ timeout: 15_000 });
}

/** Controls on screen that are not part of the shown page (the kiosk must have none). */
export function controlsOffPage(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]')]
			.filter((e) => !e.closest('.tpl-root') && !e.closest('[inert]'))
			.filter((e) => {
				const r = e.getBoundingClientRect();
				const st = getComputedStyle(e);
				return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.opacity !== '0';
			})
			.map((e) => e.outerHTML.slice(0, 120))
	);
}

// The built app on a free port: shared with the global setup and the benchmarks.
export { freePort, startApp, type App } from '../../tests/support/app';
