/**
 * First paint from the server (docs/screen.md#first-paint-from-the-server): the app server keeps a
 * copy of its OVOS's screen and renders the page that is up into the HTML of `/kiosk` and `/`,
 * styled, so the first frame needs no socket; the browser then takes over that very DOM — no blank frame, no element re-created, no
 * layout shift — and the page follows the device from there. Data from the device stays text in
 * the server's HTML too. Against an app pointed at a private simulator (the test plays the skill).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import { CURRENT_WEATHER, WEATHER_SKILL } from '../tests/fixtures/weather';
import { privateSim, setValues, show, startApp, type App } from './support/screen';

const WEATHER = WEATHER_SKILL;
const CURRENT = CURRENT_WEATHER;

let sim: Simulator;
let app: App;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
	sim = await privateSim();
	app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { stderr: false });
});
test.afterAll(async () => {
	await app?.stop();
	await sim?.stop();
});

/** The HTML the server sends for `path`, once its copy of the screen has `text` in it. */
async function html(path: string, text: string): Promise<string> {
	let body = '';
	await expect.poll(async () => (body = await (await fetch(`${app.url}${path}`)).text()).includes(text), { timeout: 5000 }).toBe(true);
	return body;
}

/** Where the page's parts are on screen. */
function boxes(page: Page): Promise<Record<string, number[]>> {
	return page.evaluate(() => {
		const out: Record<string, number[]> = {};
		for (const el of document.querySelectorAll<HTMLElement>('.tpl-root, .tpl-root [data-key]')) {
			const r = el.getBoundingClientRect();
			out[el.dataset.key ?? 'page'] = [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 10) / 10);
		}
		return out;
	});
}

test('the page that is up is in the HTML of /kiosk and /, and drawn styled without any script', async ({ browser }) => {
	show(sim, WEATHER, ['CurrentWeather'], CURRENT);
	for (const path of ['/kiosk', '/']) {
		const body = await html(path, 'Emmen, Drenthe');
		expect(body).toMatch(/data-key="location"[^>]*>Emmen, Drenthe</);
		// The template's own stylesheet is in the head (SvelteKit brings only what the route imports
		// statically), inline: no request stands between the HTML and its first paint.
		expect(body).toMatch(/<style data-part="\/_app\/immutable\/assets\/WeatherScene\.[^"]+\.css">[^<]*\.svelte-/);
		expect(body).not.toMatch(/<link rel="stylesheet"/);
		// The code is not fetched with the HTML: its ~20 responses held the parser and the first paint back on a
		// slow CPU. It is named for app.html, which preloads it once the first frame is painted.
		const res = await fetch(`${app.url}${path}`);
		expect(res.headers.get('link') ?? '').not.toContain('modulepreload');
		expect(await res.text()).not.toContain('rel="modulepreload"');
		expect(body).toMatch(/<meta name="ovos-modules" content="[^"]*\/_app\/immutable\/entry\/start\.[^"]*">/);
	}
	// No script runs, so no socket can open: what shows is the server's HTML alone.
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto(`${app.url}/kiosk`);
	await expect(page.locator('.tpl-root[data-page="CurrentWeather"] [data-key="location"]')).toHaveText('Emmen, Drenthe');
	await expect(page.locator('[data-key="temperature"]')).toHaveText('8°');
	await expect(page.getByRole('img', { name: 'Few clouds' })).toBeVisible();
	const server = await boxes(page);
	await context.close();

	// With scripts: the same DOM is taken over, nothing blanks, nothing moves.
	const live = await browser.newContext();
	const p = await live.newPage();
	await p.addInitScript(() => {
		const w = window as unknown as { __seen?: Element; __gone: number; __shift: number; __shifted: string[] };
		w.__gone = 0;
		w.__shift = 0;
		w.__shifted = [];
		new PerformanceObserver((list) => {
			for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
				w.__shift += e.value;
				// What moved, for the failure's message.
				for (const s of e.sources) w.__shifted.push(s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}` : String(s.node?.nodeName));
			}
		}).observe({ type: 'layout-shift', buffered: true });
		new MutationObserver(() => {
			const el = document.querySelector('[data-key="location"]');
			if (el && !w.__seen) w.__seen = el;
			else if (w.__seen && el !== w.__seen) w.__gone++;
		}).observe(document, { subtree: true, childList: true });
	});
	await p.goto(`${app.url}/kiosk`);
	await expect(p.locator('.scr-root[data-conn="live"]')).toBeAttached();
	// Taken over: the store shows the actor's own model (the held server page let go).
	await expect.poll(() => p.evaluate(() => {
		const s = (window as unknown as { __ovosScreen: { state: unknown; actor: { getSnapshot(): { context: { model: unknown } } } } }).__ovosScreen;
		return s.state === s.actor.getSnapshot().context.model;
	})).toBe(true);
	expect(await boxes(p)).toEqual(server);
	expect(await p.evaluate(() => (window as unknown as { __gone: number }).__gone), 'the page element was re-created or removed').toBe(0);
	const shift = await p.evaluate(() => {
		const w = window as unknown as { __shift: number; __shifted: string[] };
		return { value: w.__shift, what: w.__shifted };
	});
	expect(shift.value, `layout shift of ${shift.what.join(', ')}`).toBe(0);
	// And it follows the device from there.
	setValues(sim, WEATHER, { weatherLocation: 'Assen, Drenthe' });
	await expect(p.locator('[data-key="location"]')).toHaveText('Assen, Drenthe');
	expect(await p.evaluate(() => (window as unknown as { __gone: number }).__gone)).toBe(0);
	await live.close();
});

test('the page preloads its code only once its first contentful frame is painted, even on a slow CPU', async ({ browser }) => {
	show(sim, WEATHER, ['CurrentWeather'], CURRENT);
	await html('/kiosk', 'Emmen, Drenthe');
	const context = await browser.newContext();
	const page = await context.newPage();
	// A Pi-class CPU: Chromium then runs animation frames that paint nothing while the parser works.
	await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
	await page.addInitScript(() => {
		const w = window as unknown as { __preloadAt?: number };
		new MutationObserver(() => {
			if (w.__preloadAt === undefined && document.querySelector('link[rel="modulepreload"]')) w.__preloadAt = performance.now();
		}).observe(document, { subtree: true, childList: true });
	});
	await page.goto(`${app.url}/kiosk`);
	// The order is what is held here, not the speed: at 4× on a loaded machine being live takes seconds.
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached({ timeout: 15_000 });
	const t = await page.evaluate(() => ({
		preload: (window as unknown as { __preloadAt?: number }).__preloadAt,
		fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime
	}));
	expect(t.fcp).toBeGreaterThan(0);
	expect(t.preload, 'preloaded before the first contentful paint').toBeGreaterThanOrEqual(t.fcp!);
	await context.close();
});

test('data from the device stays text in the server-rendered HTML and in the page data it carries', async ({ page }) => {
	const vector = `</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><!--\u2028`;
	show(sim, 'skill-hostile.test', ['SYSTEM_TextFrame'], { title: vector, text: `${vector} text` });
	const body = await html('/kiosk', 'skill-hostile.test');
	expect(body).not.toContain('<script>window.__pwned');
	expect(body).not.toContain('<img src=x');
	await page.goto(`${app.url}/kiosk`);
	await expect(page.locator('[data-key="text"]')).toContainText('<img src=x onerror="window.__pwned=2"><!--');
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('a screen told to watch another OVOS gets no page of this one in its HTML', async () => {
	show(sim, WEATHER, ['CurrentWeather'], CURRENT);
	await html('/kiosk', 'Emmen, Drenthe');
	const other = await (await fetch(`${app.url}/kiosk?host=127.0.0.1&guiPort=${sim.guiPort + 1}`)).text();
	expect(other).not.toContain('Emmen, Drenthe');
});

test('a picture that fails before the page is taken over shows its fallback, under the page policy', async ({ page }) => {
	const violations: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
	});
	// A 404 from the app itself: the error comes while the server's HTML is all there is, and Svelte's
	// server-rendered <img onerror> keeps it for the component to replay once it takes over.
	show(sim, 'skill-picture.test', ['SYSTEM_ImageFrame'], { image: `${app.url}/no-such-picture.png`, title: 'Picture' });
	expect(await html('/kiosk', 'no-such-picture.png')).toContain('onerror="this.__e=event"');
	await page.goto(`${app.url}/kiosk`);
	await expect(page.getByRole('img', { name: 'Image not shown' })).toBeVisible();
	expect(violations).toEqual([]);
});

test('a page shown while the screen’s socket is still opening is the page it shows', async ({ page }) => {
	const NS = 'skill-late.test';
	show(sim, NS, ['SYSTEM_ImageFrame'], { image: `${app.url}/no-such-picture.png`, title: 'before' });
	expect(await html('/kiosk', 'no-such-picture.png')).toContain('data-page="SYSTEM_ImageFrame"');
	// The screen's GUI socket (app.html's early one) reaches ovos-gui only once the skill has shown its
	// next page: it learns that page from the replay alone, which carries no focus
	// (docs/protocol.md#the-replay-carries-no-page-focus).
	let release = () => {};
	const gate = new Promise<void>((r) => (release = r));
	await page.routeWebSocket(/\/ovos\/gui\?/, async (ws) => {
		await gate;
		ws.connectToServer();
	});
	await page.goto(`${app.url}/kiosk`);
	show(sim, NS, ['SYSTEM_HtmlFrame'], { html: '<p id="p">shown</p>' });
	// The server's copy of the screen has heard the focus before the screen's socket goes through.
	await expect.poll(async () => ((await (await fetch(`${app.url}/api/ovos/focus`)).json()) as { focus: Record<string, unknown> | null }).focus?.[NS]).toEqual({ number: 1, page: 'SYSTEM_HtmlFrame' });
	release();
	await expect(page.frameLocator('iframe').frameLocator('iframe').locator('#p')).toHaveText('shown');
	await expect(page.locator('.tpl-root[data-page="SYSTEM_ImageFrame"]')).toHaveCount(0);
});
