/**
 * The bus window in Chromium, against an app of its own pointed at a simulator with its core (so the
 * companion, the volume plugin and the timer skill answer): notification popups and the list behind
 * the bell, acting on one, the volume OSD, the cue from the core bus, back on a first page in
 * GUI-socket-only mode, and the token.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BusMessage } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';
import { collect, pullShade, show, startApp, type App } from './support/screen';

let sim: Simulator;
let app: App;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
	app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort) });
});
test.afterAll(async () => {
	await app?.stop();
	await sim?.stop();
});

async function open(page: Page, path = '/', query = ''): Promise<void> {
	await page.goto(`${app.url}${path}${query}`);
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	await expect(page.locator('.scr-root[data-bus="live"]')).toBeAttached();
}

const say = (text: string) => sim.run({ say: text });

test('a timer’s notification pops up, sits in the list behind the bell, and opening it sends its action', async ({ page }) => {
	const actions = collect(sim, 'ovos.alerts.dismiss_notification');
	const closes: BusMessage[] = collect(sim, 'ovos.notification.api.pop.clear.delete');
	await open(page);
	await say('set a timer for 3 seconds');
	// ovos-skill-alerts gives it no time on screen (duration 0): the screen shows it for 2 s, then it is stored.
	const toast = page.locator('[data-toast]').filter({ hasText: 'Timer: three seconds timer' });
	await expect(toast).toBeVisible({ timeout: 10_000 });
	await page.screenshot({ path: 'e2e/screenshots/bus-window-toast-800x480.png' });

	const bell = page.getByRole('button', { name: /^Notifications: 1$/ });
	await expect(bell).toBeVisible();
	await bell.click();
	const list = page.getByRole('dialog', { name: 'Notifications' });
	const item = list.getByRole('listitem').filter({ hasText: 'Timer: three seconds timer' });
	await expect(item).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/bus-window-list-800x480.png' });
	await item.getByRole('button', { name: 'Open' }).click();
	await expect.poll(() => actions.length).toBe(1);
	expect(actions[0]!.data).toMatchObject({ alert: { ident: expect.any(String) } });
	expect(actions[0]!.context).toEqual({ session: { session_id: 'default' } });
	await expect(list.getByText('No notifications')).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(list).toHaveCount(0);
	expect(closes).toEqual([]);
});

test('a popup that times out is stored by the companion and listed; dismissing it clears it on the device', async ({ page }) => {
	const clears = collect(sim, 'ovos.notification.api.pop.clear');
	const items = collect(sim, 'ovos.notification.api.storage.clear.item');
	await open(page, '/kiosk');
	sim.emit({
		type: 'ovos.notification.api.set',
		data: { sender: 'skill-news.openvoiceos', text: 'Three new headlines', action: null, type: 'transient', style: 'success', callback_data: {}, duration: 2 },
		context: {}
	});
	const toast = page.locator('[data-toast]').filter({ hasText: 'Three new headlines' });
	await expect(toast).toBeVisible({ timeout: 6000 });
	await expect(toast).toHaveCount(0, { timeout: 6000 });
	await expect.poll(() => clears.length).toBe(1);
	expect((clears[0]!.data.notification as { text: string }).text).toBe('Three new headlines');
	// The kiosk's bell is in its shade, pulled down from the top edge.
	await pullShade(page);
	await page.getByRole('button', { name: /^Notifications: \d+$/ }).click();
	const list = page.getByRole('dialog', { name: 'Notifications' });
	const item = list.getByRole('listitem').filter({ hasText: 'Three new headlines' });
	await expect(item).toBeVisible();
	await expect(item.getByRole('button', { name: 'Open' })).toHaveCount(0); // no action: nothing to open
	await page.screenshot({ path: 'e2e/screenshots/bus-window-list-kiosk-800x480.png' });
	await item.getByRole('button', { name: 'Dismiss notification' }).click();
	await expect.poll(() => items.length).toBe(1);
	await expect(item).toHaveCount(0);
});

test('closing a popup drops the notification (pop.clear.delete)', async ({ page }) => {
	const closes = collect(sim, 'ovos.notification.api.pop.clear.delete');
	await open(page);
	sim.emit({
		type: 'ovos.notification.api.set',
		data: { sender: 'skill-x', text: 'Close me', action: null, type: 'sticky', style: 'warning', callback_data: {}, duration: 10 },
		context: {}
	});
	const toast = page.locator('[data-toast]').filter({ hasText: 'Close me' });
	await expect(toast).toBeVisible({ timeout: 6000 });
	await expect(toast.locator('.timer')).toHaveCount(0); // sticky: no countdown
	await toast.getByRole('button', { name: 'Close notification' }).click();
	await expect(toast).toHaveCount(0);
	await expect.poll(() => closes.length).toBe(1);
});

test('"turn it up" shows the volume OSD with the new level', async ({ page }) => {
	await open(page);
	await say('turn it up');
	const osd = page.getByRole('status', { name: /^Volume \d+%$/ });
	await expect(osd).toBeVisible({ timeout: 6000 });
	const level = Number(await osd.getAttribute('data-volume'));
	expect(level).toBeGreaterThan(0);
	await page.screenshot({ path: 'e2e/screenshots/bus-window-volume-800x480.png' });
	await expect(osd).toHaveCount(0, { timeout: 6000 });
	await say('turn it down');
	await expect(page.getByRole('status', { name: `Volume ${level - 10}%` })).toBeVisible({ timeout: 6000 });
});

test('the cue follows the core bus too: mycroft.mic.listen, which ovos-gui does not forward', async ({ page }) => {
	await open(page);
	sim.emit({ type: 'mycroft.mic.listen', data: {}, context: {} });
	await expect(page.locator('[data-cue="listening"]')).toBeVisible();
	sim.emit({ type: 'recognizer_loop:record_end', data: {}, context: {} });
	await expect(page.locator('[data-cue="listening"]')).toHaveCount(0);
	await expect(page.locator('[data-cue="thinking"]')).toBeVisible();
	// A chat's private session is not the device's.
	sim.emit({ type: 'mycroft.mic.listen', data: {}, context: { session: { session_id: 'chat-1' } } });
	await page.waitForTimeout(300);
	await expect(page.locator('[data-cue="listening"]')).toHaveCount(0);
});

test('skill-page buttons go through the window: the homescreen’s timer widget, an app, the player’s home and close', async ({ page }) => {
	const asked = collect(sim, 'ovos.gui.show.active.timers');
	const launched = collect(sim, 'ovos-skill-local-music.openvoiceos.local_music.homescreen.app');
	const ocpHome = collect(sim, 'ovos.common_play.home');
	const toHome = collect(sim, 'system.display.homescreen');
	sim.emit({ type: 'homescreen.manager.show_active', data: {}, context: {} });
	await open(page);
	const idle = page.locator('.tpl-root[data-page="idle"]');
	await expect(idle).toBeVisible();
	await say('set a timer for 10 minutes');
	await expect(page.locator('.tpl-root[data-page="Timer"]')).toBeVisible({ timeout: 8000 });
	await page.keyboard.press('Escape'); // the device decides: back to the homescreen
	await expect(idle).toBeVisible({ timeout: 8000 });
	// alerts counts its GUI timers before adding a new one (as the skill does), so the first timer
	// reads 0 on the widget; refresh the count as its next widget update would.
	sim.emit({ type: 'ovos.widgets.update', data: { type: 'timer', data: { count: 1, action: 'ovos.gui.show.pending.timers' } }, context: {} });
	const widget = idle.getByRole('button', { name: /Show running timers/ });
	await expect(widget).toBeEnabled({ timeout: 8000 });
	await widget.click();
	await expect.poll(() => asked.length).toBe(1);
	// alerts re-shows nothing here: its GUI still has `Timer` as its page (`if self.gui.page == "Timer": return`).
	await say('cancel the timer');
	// alerts releases its GUI on its next refresh (≤ 1 s), which is also a global back: let it pass.
	await expect.poll(() => JSON.parse(sim.canonical()).stack as string[], { timeout: 8000 }).not.toContain('ovos-skill-alerts.openvoiceos');
	await expect(idle).toBeVisible({ timeout: 8000 });

	await idle.getByRole('button', { name: 'Show apps' }).click();
	const app = idle.getByRole('dialog', { name: 'Apps' }).getByRole('button', { name: 'Local Music' });
	await expect(app).toBeEnabled();
	await app.click();
	await expect.poll(() => launched.length).toBe(1);
	const player = page.locator('.tpl-root[data-namespace="ovos.common_play"]');
	await expect(player).toBeVisible({ timeout: 8000 });
	// Tapped as a person would (the screen's bell once sat over these corners: e2e/chrome.spec.ts).
	await player.getByRole('button', { name: 'Media home' }).click();
	await expect.poll(() => ocpHome.length).toBe(1);
	await player.getByRole('button', { name: 'Close the player' }).first().click();
	await expect.poll(() => toHome.length).toBe(1);
	expect([...asked, ...launched, ...ocpHome, ...toHome].every((m) => JSON.stringify(m.context) === '{"session":{"session_id":"default"}}')).toBe(true);
});

for (const handshake of ['gui', 'full'] as const) {
	test(`back on a first page goes through the window (handshake=${handshake})`, async ({ page }) => {
		const closes = collect(sim, 'mycroft.gui.screen.close');
		await open(page, '/', `?handshake=${handshake}`);
		show(sim, 'skill-pages.test', ['SYSTEM_TextFrame'], { text: 'First and only page' });
		await expect(page.getByText('First and only page')).toBeVisible();
		await page.keyboard.press('Escape');
		await expect.poll(() => closes.length).toBe(1);
		expect(closes[0]).toMatchObject({ data: {}, context: { session: { session_id: 'default' } } });
		await expect(page.getByRole('status').filter({ hasText: 'needs the core bus' })).toHaveCount(0);
	});
}

test('with OVOS_SCREEN_TOKEN set, the device’s own screen needs none: the window is live and back goes through it; the start line says how others get in', async ({ page }) => {
	const guarded = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort), OVOS_SCREEN_TOKEN: 'e2e-secret' });
	try {
		// The start line says who gets in besides this machine, never the token.
		expect(guarded.output()).toMatch(/; only this machine reaches it \(HOST=127\.0\.0\.1\)/);
		expect(guarded.output()).not.toContain('e2e-secret');
		const closes = collect(sim, 'mycroft.gui.screen.close');
		await page.goto(`${guarded.url}/`);
		await expect(page.locator('.scr-root[data-bus="live"]')).toBeAttached();
		show(sim, 'skill-pages.test', ['SYSTEM_TextFrame'], { text: 'Guarded page' });
		await expect(page.getByText('Guarded page')).toBeVisible();
		await expect(page.getByTestId('unpaired')).toHaveCount(0);
		await page.keyboard.press('Escape');
		await expect.poll(() => closes.length).toBe(1);
	} finally {
		await guarded.stop();
	}
});

test('open event streams do not hold the app up: it exits within 2 s of SIGTERM', async ({ page }) => {
	const one = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort) });
	await page.goto(`${one.url}/`);
	await expect(page.locator('.scr-root[data-bus="live"]')).toBeAttached();
	const t0 = Date.now();
	process.kill(one.pid, 'SIGTERM');
	await one.exited;
	expect(Date.now() - t0).toBeLessThan(2_000);
});
