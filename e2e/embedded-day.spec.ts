/**
 * A day on the embedded default (`npm start` with nothing set; here on free ports)
 * walks homescreen → weather (current, hourly, daily) → a timer → the player → back home, with
 * values on screen at every step, on a remote screen (`/`, 800×480) and on the device's own
 * (`/kiosk`, 720×1280) at once, and never a fallback card. Utterances go to the simulator's
 * messagebus as the device's microphone would send them (the `default` session); touching the
 * screen first holds the demo off, as it does for a person.
 */
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { freePort, startApp, type App } from '../tests/support/app';

const NO_OVOS = ['OVOS_HOST', 'OVOS_HANDSHAKE', 'OVOS_SIMULATOR'];

let app: App;
let bus: WebSocket;
/** Every message seen on the device's bus, in order. */
const heard: { type: string; context: Record<string, unknown> }[] = [];
test.beforeAll(async () => {
	app = await startApp({ OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(await freePort()) }, { unset: NO_OVOS });
	const port = /messagebus ws:\/\/127\.0\.0\.1:(\d+)\/core/.exec(app.output())?.[1];
	bus = new WebSocket(`ws://127.0.0.1:${port}/core`);
	bus.on('message', (raw) => heard.push(JSON.parse(String(raw))));
	await new Promise((r) => bus.once('open', r));
});
test.afterAll(async () => {
	bus?.close();
	await app?.stop();
});

/** Said to the device: the listener's utterance in the default session. */
function say(text: string): void {
	bus.send(JSON.stringify({ type: 'recognizer_loop:utterance', data: { utterances: [text], lang: 'en-US' }, context: { session: { session_id: 'default' } } }));
}

/** Every fallback card or failed page that ever appears on `page`, however briefly. */
async function watchFallbacks(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const seen: string[] = [];
		(window as unknown as { fallbacks: string[] }).fallbacks = seen;
		const SEL = 'section[aria-label="Page not available on this screen"], section[aria-label="Page without a template"], .tpl-root [role="alert"]';
		new MutationObserver(() => {
			for (const el of document.querySelectorAll(SEL)) {
				const root = el.closest('.tpl-root') as HTMLElement | null;
				const what = `${root?.dataset.namespace}/${root?.dataset.page}: ${el.textContent?.trim().slice(0, 80)}`;
				if (!seen.includes(what)) seen.push(what);
			}
		}).observe(document, { childList: true, subtree: true });
	});
}
const fallbacks = (page: Page) => page.evaluate(() => (window as unknown as { fallbacks: string[] }).fallbacks);

const at = (page: Page, name: string) => page.locator(`.tpl-root[data-page="${name}"]`);

test('the embedded default walks homescreen → weather → timer → player → home, on / and /kiosk, with no fallback card', async ({ browser }) => {
	test.setTimeout(150_000);
	const remote = await (await browser.newContext({ viewport: { width: 800, height: 480 } })).newPage();
	const kiosk = await (await browser.newContext({ viewport: { width: 720, height: 1280 } })).newPage();
	const screens = [remote, kiosk];
	for (const p of screens) await watchFallbacks(p);
	await remote.goto(`${app.url}/`);
	await kiosk.goto(`${app.url}/kiosk`);
	const shot = (name: string) => Promise.all([remote.screenshot({ path: `e2e/screenshots/day-${name}-remote-800x480.png` }), kiosk.screenshot({ path: `e2e/screenshots/day-${name}-kiosk-720x1280.png` })]);
	const each = (fn: (p: Page) => Promise<void>) => Promise.all(screens.map(fn));

	// The resting screen (the demo's first weather may pass first), then a touch: someone is here.
	await each((p) => expect(at(p, 'idle')).toBeVisible({ timeout: 30_000 }));
	// The server's first paint shows the page before it is hydrated; a touch counts once the screen is live.
	await each((p) => expect(p.locator('.scr-root[data-conn="live"]')).toBeAttached());
	const before = heard.length;
	await at(remote, 'idle').locator('[data-key="date"]').click();
	// The demo's first step may have been said just before the touch reached the device (it is held
	// off from the touch on): then its weather comes and goes first.
	await expect.poll(() => heard.slice(before).some((m) => m.type === 'gui.page_interaction')).toBe(true);
	if (heard.some((m) => m.type === 'recognizer_loop:utterance' && m.context.client_name === 'ovos_dinkum_listener')) {
		// Said before the screens were first looked at, its weather has come and gone already: then there is nothing to wait for.
		await each((p) => at(p, 'CurrentWeather').waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined));
		await each((p) => expect(at(p, 'idle').locator('[data-key="date"]')).toBeVisible({ timeout: 60_000 }));
	}
	const hhmm = () => {
		const d = new Date();
		return [d, new Date(d.getTime() - 60_000)].map((t) => `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}`);
	};
	await each(async (p) => {
		const home = at(p, 'idle');
		expect(hhmm()).toContain((await home.locator('[data-key="time_string"]').innerText()).replace(/\s/g, ''));
		await expect(home.locator('[data-key="date"]')).toHaveText(new RegExp(`${new Date().getFullYear()}`));
		await expect(home.locator('[data-key="weather_temp"]')).toHaveText(/^-?\d+°$/);
		await expect(home.locator('[data-key="example"]')).toHaveText(/^Ask Me /);
		await expect.poll(() => home.locator('img[data-key="wallpaper"]').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
		// A connected device: no "offline" mark, whatever the skill's re-shows say.
		await expect(home.locator('[data-connectivity]')).toHaveCount(0);
	});
	// The app drawer's icon is a file in the simulated device's GUI cache, served by /media.
	await at(remote, 'idle').getByRole('button', { name: 'Show apps' }).click();
	const icon = at(remote, 'idle').getByRole('dialog', { name: 'Apps' }).locator('img');
	await expect(icon).toHaveAttribute('src', /^\/media\/.*\/ovos_gui\/.*local-music\.svg$/);
	await expect.poll(() => icon.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
	await shot('home-apps');
	await remote.keyboard.press('Escape');
	await shot('home');

	say("what's the weather like");
	await each(async (p) => {
		const now = at(p, 'CurrentWeather');
		await expect(now.locator('[data-key="location"]')).toHaveText('Lawrence, United States', { timeout: 8000 });
		await expect(now.locator('[data-key="temperature"]')).toHaveText(/^-?\d+(\.\d)?°$/);
		await expect(now.locator('[data-key="high"]')).toHaveText(/^-?\d+(\.\d)?°$/);
		await expect(now.locator('[data-key="low"]')).toHaveText(/^-?\d+(\.\d)?°$/);
		await expect(now.locator('[data-key="precipitation"]')).toHaveText(/^\d+%$/);
		await expect(now.locator('[data-key="humidity"]')).toHaveText(/^\d+%$/);
	});
	await shot('weather-current');
	await each(async (p) => {
		const hourly = at(p, 'HourlyForecast');
		await expect(hourly.locator('[data-key="heading"]')).toHaveText([/^\d\d:00$/, /^\d\d:00$/, /^\d\d:00$/, /^\d\d:00$/], { timeout: 12_000 });
		await expect(hourly.locator('[data-key="main"]')).toHaveText(Array(4).fill(/^-?\d+(\.\d)?°$/));
	});
	await shot('weather-hourly');
	await each(async (p) => {
		const daily = at(p, 'DailyForecast');
		await expect(daily.locator('[data-key="heading"]')).toHaveText(Array(4).fill(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/), { timeout: 12_000 });
		await expect(daily.locator('[data-key="main"]')).toHaveText(Array(4).fill(/^-?\d+(\.\d)?°$/));
	});
	await shot('weather-daily');

	say('set a timer for 2 minutes');
	await each(async (p) => {
		const card = at(p, 'Timer').locator('article');
		await expect(card).toHaveCount(1, { timeout: 8000 });
		await expect(card.locator('[data-key="timerName"]')).toHaveText(/two minutes/);
		const left = card.locator('[data-key="timeDelta"]');
		await expect(left).toHaveText(/^(2:00|1:5\d)$/);
		const first = await left.innerText();
		await expect(left).not.toHaveText(first, { timeout: 3000 });
		await expect.poll(async () => Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(90);
	});
	await shot('timer');

	say('play some jazz');
	await each(async (p) => {
		const player = at(p, 'PlayerLoader');
		await expect(player.locator('[data-key="title"]')).toHaveText('Blue Lantern', { timeout: 8000 });
		await expect(player.locator('[data-key="artist"]')).toHaveText('The Night Owl Trio');
		await expect(player.locator('[data-key="total"]')).toHaveText('3:12');
		const elapsed = player.locator('[data-key="elapsed"]');
		await expect(elapsed).toHaveText(/^0:0\d$/);
		const was = await elapsed.innerText();
		await expect(elapsed).not.toHaveText(was, { timeout: 3000 });
	});
	await shot('player');

	// Home again: the music stops (OCP keeps its page, stopped) and back on the remote screen brings
	// the homescreen, which the device shows again with its keys, "offline" included.
	say('stop the music');
	await each((p) => expect(at(p, 'PlayerLoader').locator('[data-key="state"]')).toHaveText('Stopped', { timeout: 8000 }));
	await remote.getByRole('button', { name: 'Back' }).click();
	await each(async (p) => {
		const home = at(p, 'idle');
		await expect(home).toBeVisible({ timeout: 8000 });
		await expect(home.locator('[data-key="weather_temp"]')).toHaveText(/^-?\d+°$/);
		await expect(home.locator('[data-key="example"]')).toHaveText(/^Ask Me /);
		await p.waitForTimeout(2000);
		await expect(home.locator('[data-connectivity]')).toHaveCount(0);
	});
	await shot('home-again');

	for (const p of screens) expect(await fallbacks(p), p.url()).toEqual([]);
});
