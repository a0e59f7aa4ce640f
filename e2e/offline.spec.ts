/**
 * Offline first paint, in Chromium with the service worker as a device runs it: a
 * kiosk whose app server stops comes up again from the kept shell — the device's pages while
 * OVOS is up, the offline clock while it is not — and is back by itself when both return; never
 * the browser's error page. The app server and the simulator are private, stopped and started
 * again on the same ports.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import { assets, freePort, offlineReady, privateSim, show, startApp, type App } from './support/screen';

const CLOCK = 'section[aria-label="Clock"]';

function appEnv(sim: Simulator): Record<string, string> {
	return { OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) };
}

/** Every URL the worker keeps, as paths. */
function cachedPaths(page: Page): Promise<string[]> {
	return page.evaluate(async () => {
		const out: string[] = [];
		for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname + new URL(req.url).search);
		return out;
	});
}

test('a kiosk whose app server stops comes up from the kept shell: the live page while OVOS is up, the offline clock while not, and back by itself', async ({ page }) => {
	test.setTimeout(90_000);
	let sim = await privateSim();
	const { busPort, guiPort } = sim;
	const port = await freePort();
	let app: App = await startApp(appEnv(sim), { port });
	try {
		await page.goto(`${app.url}/kiosk`);
		show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'Before the restart' });
		await expect(page.getByText('Before the restart')).toBeVisible();
		await offlineReady(page);

		// Only the shell is kept: the build's files, the static files and the screens' HTML — no API,
		// stream, media or chat answer, though the kiosk's bus window has been talking to /api meanwhile.
		const kept = await cachedPaths(page);
		expect(kept).toContain('/kiosk');
		expect(kept.some((p) => p.startsWith('/_app/immutable/'))).toBe(true);
		// skill-frame.html: the holder of skill HTML, a static file.
		expect(kept.filter((p) => !/^\/(_app\/immutable\/|icons\/|manifest\.webmanifest$|skill-frame\.html$|kiosk$|$)/.test(p))).toEqual([]);

		// The app server restarts (an update, a crash): the kiosk reloads from the kept shell and the
		// early GUI socket baked into it reaches ovos-gui, which still shows the page.
		await app.stop();
		const shell = await page.reload();
		expect(shell?.fromServiceWorker()).toBe(true);
		// The kept copy has no page of its own: the page comes from ovos-gui, live.
		expect(await shell!.text()).not.toContain('Before the restart');
		await expect(page.getByText('Before the restart')).toBeVisible();

		// OVOS goes too (the device reboots), and so does the kiosk: the offline clock, not an error page.
		await sim.stop();
		await page.reload();
		await expect(page.locator(CLOCK)).toBeVisible();
		await expect(page.locator('[data-conn="offline"]')).toBeVisible({ timeout: 5_000 });
		await page.screenshot({ path: 'e2e/screenshots/offline-kiosk-800x480.png' });
		await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

		// Both come back where they were: the screen follows by itself, without a reload.
		sim = await privateSim({ busPort, guiPort });
		app = await startApp(appEnv(sim), { port });
		show(sim, 'skill-b.test', ['SYSTEM_TextFrame'], { text: 'After the restart' });
		await expect(page.getByText('After the restart')).toBeVisible({ timeout: 15_000 });
		expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
		await expect(page.locator('[data-conn="live"]')).toBeVisible();
	} finally {
		await app.stop();
		await sim.stop();
	}
});

test('a screen URL never opened online comes up from its screen\'s kept shell and connects where its own URL says', async ({ page }) => {
	test.setTimeout(60_000);
	const configured = await privateSim();
	const other = await privateSim();
	const app = await startApp(appEnv(configured));
	try {
		await page.goto(`${app.url}/kiosk`);
		await offlineReady(page);
		await app.stop();
		await configured.stop();
		show(other, 'skill-c.test', ['SYSTEM_TextFrame'], { text: 'From the other OVOS' });
		// The kept /kiosk was filled in for the configured OVOS (its early socket goes there, and fails):
		// the screen's own address rules read ?guiPort= and connect to the other one.
		const res = await page.goto(`${app.url}/kiosk?guiPort=${other.guiPort}&busPort=${other.busPort}`);
		expect(res?.fromServiceWorker()).toBe(true);
		await expect(page.getByText('From the other OVOS')).toBeVisible();
	} finally {
		await app.stop();
		await configured.stop();
		await other.stop();
	}
});

test('once the worker is in, the browser answers the build\'s files from its cache and other origins from the network, without starting the worker', async ({ page }) => {
	test.setTimeout(60_000);
	const sim = await privateSim();
	const app = await startApp(appEnv(sim));
	const files = await assets();
	/** How this page's requests since `since` (ms) were routed: Resource Timing's worker source types. */
	const routed = (since: number) =>
		page.evaluate((t) => {
			type Routed = PerformanceResourceTiming & { workerMatchedSourceType: string; workerFinalSourceType: string };
			return (performance.getEntriesByType('resource') as Routed[])
				.filter((e) => e.startTime >= t)
				.map((e) => ({ url: e.name, matched: e.workerMatchedSourceType, final: e.workerFinalSourceType }));
		}, since);
	try {
		await page.goto(`${app.url}/kiosk`);
		await offlineReady(page);
		let since = await page.evaluate(() => performance.now());
		// A page whose renderer was not loaded yet (its script and stylesheet are fetched now), with a
		// picture from a skill's server (another origin).
		show(sim, 'skill-a.test', ['SYSTEM_ImageFrame'], { image: `${files.url}/clock.png`, caption: 'A clock' });
		await expect(page.locator('img[src$="/clock.png"]')).toBeVisible();
		await expect.poll(async () => (await routed(since)).some((r) => r.url.endsWith('/clock.png'))).toBe(true);
		let seen = await routed(since);
		const build = seen.filter((r) => new URL(r.url).pathname.startsWith('/_app/immutable/'));
		expect(build.length).toBeGreaterThan(0);
		for (const r of build) expect(r, r.url).toMatchObject({ matched: 'cache', final: 'cache' });
		expect(seen.find((r) => r.url.endsWith('/clock.png'))).toMatchObject({ matched: 'network', final: 'network' });

		// A file missing from the cache comes from the network: the page shows all the same.
		await page.evaluate(async () => {
			for (const name of await caches.keys()) {
				const cache = await caches.open(name);
				for (const req of await cache.keys()) if (new URL(req.url).pathname.startsWith('/_app/immutable/')) await cache.delete(req);
			}
		});
		since = await page.evaluate(() => performance.now());
		show(sim, 'skill-b.test', ['SYSTEM_Status'], { status: 'Enabled', label: 'Saved' });
		await expect(page.getByText('Saved')).toBeVisible();
		seen = (await routed(since)).filter((r) => new URL(r.url).pathname.startsWith('/_app/immutable/'));
		expect(seen.length).toBeGreaterThan(0);
		for (const r of seen) expect(r, r.url).toMatchObject({ matched: 'cache', final: 'network' });
	} finally {
		await files.close();
		await app.stop();
		await sim.stop();
	}
});

test('the web app manifest installs /kiosk full screen, with our icons', async ({ page }) => {
	const sim = await privateSim();
	const app = await startApp(appEnv(sim));
	try {
		await page.goto(`${app.url}/kiosk`);
		const cdp = await page.context().newCDPSession(page);
		const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
		expect(url).toBe(`${app.url}/manifest.webmanifest`);
		expect(errors).toEqual([]);
		const manifest = JSON.parse(data ?? '{}') as { start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] };
		expect(manifest).toMatchObject({ start_url: '/kiosk', display: 'fullscreen', theme_color: '#0f1114' });
		for (const icon of manifest.icons) {
			const res = await page.request.get(`${app.url}${icon.src}`);
			expect(res.status(), icon.src).toBe(200);
			expect(res.headers()['content-type']).toContain(icon.type);
			if (icon.type === 'image/png') {
				// A PNG's IHDR: width and height at bytes 16 and 20.
				const body = await res.body();
				expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
			}
		}
	} finally {
		await app.stop();
		await sim.stop();
	}
});
