/**
 * Nothing of the screen's own covers a page. On `/` back, the notification bell, the voice cue and
 * Chat sit in the bottom strip, below the page; on `/kiosk` the cue runs along the bottom edge and
 * the bell and Chat are in a shade pulled down from the top edge. Checked on the pages where they
 * used to cover something: the home screen's bell widget and temperature, the OCP player's corner
 * buttons (which the screen's bell hid from every tap). Against an app pointed at a simulator with
 * its core, so the companion's notifications, the homescreen and OCP are the real thing.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { BusMessage } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';
import { collect, startApp, type App } from './support/screen';

let sim: Simulator;
let app: App;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
	app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort) });
	// A notification stored before any screen is open: popped up by the companion, then timed out as a
	// screen would time it out (pop.clear). The home screen's bell widget and the screen's own bell both
	// show it from what the device stores, whenever the screen connects.
	const popped = new Promise<BusMessage>((resolve) => {
		const off = sim.on('ovos.notification.notification_data', (m) => {
			off();
			resolve(m);
		});
	});
	sim.emit({
		type: 'ovos.notification.api.set',
		data: { sender: 'skill-news.openvoiceos', text: 'Three new headlines', action: null, type: 'transient', style: 'info', callback_data: {}, duration: 1 },
		context: {}
	});
	const { data } = await popped;
	sim.emit({ type: 'ovos.notification.api.pop.clear', data: { notification: data.notification ?? {} }, context: {} });
});
test.afterAll(async () => {
	await app?.stop();
	await sim?.stop();
});

async function open(page: Page, path: string): Promise<void> {
	await page.goto(`${app.url}${path}`);
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	await expect(page.locator('.scr-root[data-bus="live"]')).toBeAttached();
}

/** The screen's own pieces, by what they are. */
const CHROME: Record<string, string> = {
	back: 'button[aria-label="Back"]',
	bell: 'button.bell',
	cue: '[data-cue]',
	chat: 'button[aria-controls="chat-slide-over"]'
};

/**
 * Which of the screen's own pieces overlap `content` (pointer-events or not: what the eye sees), all
 * measured in one task: the cue changes as it is measured (speaking, then ok), and a piece that left
 * between a count and a measure would be waited for.
 */
async function covering(page: Page, content: Locator): Promise<string[]> {
	const box = await content.boundingBox();
	if (!box) throw new Error('content not shown');
	return page.evaluate(
		({ chrome, box }) =>
			Object.entries(chrome).flatMap(([name, css]) =>
				[...document.querySelectorAll(css)]
					.map((o) => o.getBoundingClientRect())
					.filter((b) => b.width > 0 && b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height)
					.map(() => name)
			),
		{ chrome: CHROME, box }
	);
}

/** The voice cue after an answer: speaking, then the ok mark. */
function answer(): void {
	sim.emit({ type: 'speak', data: { utterance: 'It is sunny.' }, context: { session: { session_id: 'default' } } });
	sim.emit({ type: 'recognizer_loop:audio_output_start', data: {}, context: { session: { session_id: 'default' } } });
}
function quiet(): void {
	sim.emit({ type: 'recognizer_loop:audio_output_end', data: {}, context: { session: { session_id: 'default' } } });
}

for (const path of ['/', '/kiosk']) {
	test(`${path}: the home screen's bell widget and temperature stay uncovered while the cue shows and the pointer moves`, async ({ page }) => {
		await open(page, path);
		const home = page.locator('.tpl-root[data-page="idle"]');
		const widget = home.getByRole('button', { name: /Show notifications/ });
		const temp = home.locator('[data-key="weather_temp"]');
		await expect(widget).toBeVisible({ timeout: 8000 });
		await expect(temp).toBeVisible();
		answer();
		await expect(page.locator('[data-cue="speaking"]')).toBeVisible();
		await expect(page.locator('[data-cue="ok"]')).toBeVisible();
		// The pointer moving used to fade a back button in over the widget.
		for (const [x, y] of [[30, 30], [400, 200], [60, 40]]) await page.mouse.move(x!, y!);
		expect(await covering(page, widget)).toEqual([]);
		expect(await covering(page, temp)).toEqual([]);
		await page.screenshot({ path: `e2e/screenshots/chrome-home-cue-${path === '/' ? 'remote' : 'kiosk'}-800x480.png` });
		quiet();
		// A tap on the widget reaches it: its panel opens.
		await widget.click();
		await expect(home.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
		await page.keyboard.press('Escape');
	});
}

test('/: back, the bell, the cue and Chat are in the strip below the page', async ({ page }) => {
	await open(page, '/');
	await expect(page.locator('.tpl-root[data-page="idle"]')).toBeVisible({ timeout: 8000 });
	answer();
	await expect(page.locator('[data-cue="ok"]')).toBeVisible();
	const frame = (await page.locator('.page-frame').boundingBox())!;
	for (const [name, css] of Object.entries(CHROME)) {
		const b = (await page.locator(css).first().boundingBox())!;
		expect(b, name).not.toBeNull();
		expect(b.y, `${name} is below the page`).toBeGreaterThanOrEqual(frame.y + frame.height - 0.5);
		if (name !== 'cue') expect(Math.min(b.width, b.height), `${name} is a touch target`).toBeGreaterThanOrEqual(44);
	}
	quiet();
	// The strip's bell opens the list above the strip.
	await page.locator(CHROME.bell!).click();
	const list = page.getByRole('dialog', { name: 'Notifications' });
	await expect(list.getByText('Three new headlines')).toBeVisible();
	const l = (await list.boundingBox())!;
	expect(l.y + l.height).toBeLessThanOrEqual(frame.y + frame.height);
	await page.screenshot({ path: 'e2e/screenshots/chrome-remote-list-800x480.png' });
	await page.keyboard.press('Escape');
});

test('/kiosk: no chrome on the page; the shade pulled from the top edge has the bell and Chat', async ({ page }) => {
	await open(page, '/kiosk');
	await expect(page.locator('.tpl-root[data-page="idle"]')).toBeVisible({ timeout: 8000 });
	for (const css of [CHROME.back, CHROME.bell, CHROME.chat]) await expect(page.locator(css!)).toHaveCount(0);
	answer();
	// The cue is a line along the bottom edge, inside every page's margin.
	const line = (await page.locator('[data-cue="ok"]').boundingBox())!;
	expect(line.height).toBeLessThanOrEqual(6);
	expect(line.y + line.height).toBe(480);
	// The whole edge, as the speaking line: the strip's round mark once made it a 30 px blob in the corner.
	expect(line.x).toBe(0);
	expect(line.width).toBe(800);
	quiet();
	// A tap near the top edge is still the page's; a drag down from it opens the shade.
	await page.mouse.move(400, 3);
	await page.mouse.down();
	await page.mouse.move(400, 30, { steps: 4 });
	await page.mouse.move(400, 80, { steps: 4 });
	await page.mouse.up();
	const shade = page.getByRole('dialog', { name: 'Kiosk menu' });
	await expect(shade).toBeVisible();
	await expect(shade.getByRole('button', { name: /^Notifications: 1$/ })).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/chrome-kiosk-shade-800x480.png' });
	await shade.getByRole('button', { name: /^Notifications: 1$/ }).click();
	await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('Three new headlines')).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
	await shade.getByRole('button', { name: 'Chat', exact: true }).click();
	await expect(shade).toHaveCount(0);
	const panel = page.getByRole('dialog', { name: 'Chat with OVOS' });
	await expect(panel.getByRole('combobox', { name: 'Chat mode' })).toHaveValue('device');
	await panel.getByRole('button', { name: /Close/ }).first().click();
	// Put away by a tap outside.
	await page.mouse.move(300, 2);
	await page.mouse.down();
	await page.mouse.move(300, 70, { steps: 6 });
	await page.mouse.up();
	await expect(shade).toBeVisible();
	await page.mouse.click(400, 400);
	await expect(shade).toHaveCount(0);
});

test('the OCP player: its corner buttons take taps with the screen’s bell up, and stay the same elements while the track plays', async ({ page }) => {
	await open(page, '/');
	await expect(page.locator(CHROME.bell!)).toBeVisible({ timeout: 8000 });
	await sim.run({ say: 'play some jazz' });
	const player = page.locator('.tpl-root[data-page="PlayerLoader"]');
	const close = player.getByRole('button', { name: 'Close the player' });
	await expect(close).toBeVisible({ timeout: 8000 });
	expect(await covering(page, close)).toEqual([]);
	expect(await covering(page, player.getByRole('button', { name: 'Media home' }))).toEqual([]);
	// A position report later (OCP's audio service sends one every 2 s), the very same buttons and words, the time moved on.
	const elapsed = player.locator('[data-key="elapsed"]');
	const before = await elapsed.textContent();
	await page.evaluate(() => {
		const w = window as unknown as { held: Element[] };
		w.held = [...document.querySelectorAll('.tpl-root[data-page="PlayerLoader"] :is(.ocp-corner, [data-key="title"], [data-key="elapsed"])')];
	});
	await expect(elapsed).not.toHaveText(before ?? '', { timeout: 4000 });
	await page.waitForTimeout(2500);
	const same = await page.evaluate(() => {
		const w = window as unknown as { held: Element[] };
		const now = [...document.querySelectorAll('.tpl-root[data-page="PlayerLoader"] :is(.ocp-corner, [data-key="title"], [data-key="elapsed"])')];
		return now.length === w.held.length && now.every((e, i) => e === w.held[i] && e.isConnected);
	});
	expect(same).toBe(true);
	const home = collect(sim, 'system.display.homescreen');
	await close.click({ timeout: 5000 });
	await expect.poll(() => home.length).toBe(1);
	await sim.run({ say: 'stop the music' });
});
