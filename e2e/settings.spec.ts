/**
 * /settings: the server's settings shown (the token never), this browser's theme,
 * address and kiosk choices applied to `/`, `/kiosk` and `/inspect`, and "Test connection" step by
 * step — every step ok against a private simulator, "port reached: failed" at once on a closed port.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Simulator } from '../simulator';
import { APP_URL, privateSim, show, startApp, type App } from './support/screen';

const TOKEN = 'tok-7f3a9c21e5d84b60';

/** A settings file in a fresh folder, as the installer writes one. */
function settingsFile(text: string): string {
	const file = join(mkdtempSync(join(tmpdir(), 'ovos-settings-e2e-')), 'ovos-screen.env');
	writeFileSync(file, text);
	return file;
}

function closedPort(): Promise<number> {
	return new Promise((r) => {
		const s = createServer().listen(0, '127.0.0.1', () => {
			const p = (s.address() as { port: number }).port;
			s.close(() => r(p));
		});
	});
}

/** /settings, once its code runs (before that its buttons are disabled: a click would be lost). */
async function openSettings(page: Page, base: string) {
	await page.goto(`${base}/settings`);
	await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
}

const row = (page: Page, key: string) => page.locator(`tr[data-key="${key}"]`);
const step = (page: Page, id: string) => page.locator(`[data-step="${id}"]`);

async function setAddress(page: Page, a: { host?: string; guiPort?: number | string; busPort?: number | string; handshake?: 'gui' | 'full' }) {
	await page.getByLabel('Host').fill(a.host ?? '');
	await page.getByLabel('GUI port').fill(String(a.guiPort ?? ''));
	await page.getByLabel('Bus port').fill(String(a.busPort ?? ''));
	if (a.handshake) await page.getByLabel(a.handshake === 'full' ? 'Full (core bus first)' : 'GUI socket only').check();
}

test.describe('an app set up from a settings file, with a token', () => {
	let sim: Simulator;
	let app: App;
	test.beforeAll(async () => {
		sim = await privateSim();
		const file = settingsFile(`# as the installer writes it\nOVOS_SCREEN_TOKEN=${TOKEN}\nOVOS_SCREEN_THEME=dark\nOVOS_KIOSK_ROTATE=90\nOVOS_HANDSHAKE=full\n`);
		app = await startApp({ OVOS_SCREEN_SETTINGS: file, OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { unset: ['OVOS_SCREEN_THEME', 'OVOS_SCREEN_TOKEN'] });
		expect(app.output()).toContain(`settings from ${file}`);
	});
	test.afterAll(async () => {
		await app?.stop();
		await sim?.stop();
	});

	test('shows what the server runs with and where each value came from; the token never', async ({ page, request }) => {
		const html = await (await request.get(`${app.url}/settings`)).text();
		expect(html).not.toContain(TOKEN);
		await page.goto(`${app.url}/settings`);
		await expect(page.getByTestId('settings-file')).toContainText('ovos-screen.env');
		await expect(row(page, 'OVOS_HOST').locator('[data-value]')).toHaveText('127.0.0.1');
		await expect(row(page, 'OVOS_HOST')).toContainText('environment');
		await expect(row(page, 'OVOS_GUI_PORT').locator('[data-value]')).toHaveText(String(sim.guiPort));
		await expect(row(page, 'OVOS_SCREEN_THEME').locator('[data-value]')).toHaveText('dark');
		await expect(row(page, 'OVOS_SCREEN_THEME')).toContainText('file, line 3');
		await expect(row(page, 'OVOS_HANDSHAKE')).toContainText('file, line 5');
		await expect(row(page, 'PORT')).toContainText('environment');
		await expect(row(page, 'OVOS_CHAT_IDLE_MS').locator('[data-value]')).toHaveText('20000');
		await expect(row(page, 'OVOS_CHAT_IDLE_MS')).toContainText('default');
		await expect(row(page, 'OVOS_SCREEN_TOKEN').locator('[data-value]')).toHaveText('set (hidden)');
		await expect(row(page, 'OVOS_CHAT_SECRET').locator('[data-value]')).toContainText('not set');
		expect(await page.content()).not.toContain(TOKEN);
		// The server's theme is the page's until this browser chooses.
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
		// The server's kiosk rotation is /kiosk's default.
		await page.goto(`${app.url}/kiosk`);
		await expect(page.locator('.kiosk')).toHaveAttribute('data-rotate', '90');
		await page.goto(`${app.url}/kiosk?rotate=180`);
		await expect(page.locator('.kiosk')).toHaveAttribute('data-rotate', '180');
	});

	test('Test connection against the private simulator: every step ok, each with its time', async ({ page }) => {
		show(sim, 'skill-test.test', ['SYSTEM_TextFrame'], { title: 'T', text: 'hello' });
		// This machine itself: the token is for everyone else, it needs none.
		await openSettings(page, app.url);
		await page.getByRole('button', { name: 'Test connection' }).click();
		for (const id of ['port', 'announce', 'gui', 'window']) {
			await expect(step(page, id)).toHaveAttribute('data-status', 'ok', { timeout: 10_000 });
			await expect(step(page, id).getByTestId('ms')).toHaveText(/^\d+ ms$/);
		}
		// Through the app the browser asks the relay, which answers for the port behind it: the app server's own check would say the same.
		await expect(step(page, 'port')).toContainText(`Something answers at 127.0.0.1:${sim.busPort}.`);
		await expect(step(page, 'announce')).toContainText(`GUI socket on port ${sim.guiPort}`);
		await expect(step(page, 'gui')).toContainText(/Live: ovos-gui replayed \d+ messages \(1 shown\)/);
		await expect(step(page, 'window')).toContainText('window onto the bus is open');
		// Which device-side parts answer: this simulator runs the shell companion and no volume plugin.
		await expect(step(page, 'window')).toContainText('Notifications (ovos-gui’s shell-companion extension): answers. Volume display (a PHAL volume plugin): does not answer');
		await page.screenshot({ path: 'e2e/screenshots/settings-test-ok-dark.png', fullPage: true });
	});
});

test('a theme chosen here applies to / in this browser only, before first paint', async ({ page, browser }) => {
	await page.emulateMedia({ colorScheme: 'light' });
	await openSettings(page, APP_URL());
	await page.getByText('Dark', { exact: true }).click();
	await page.getByRole('button', { name: 'Save' }).click();
	await expect(page.getByTestId('save-status')).toContainText('Saved');
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	await page.screenshot({ path: 'e2e/screenshots/settings-dark.png', fullPage: true });

	// On `/`, loaded fresh: the server renders it dark, though the system says light.
	await page.goto(`${APP_URL()}/`);
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	await expect(page.locator('.scr-root')).toHaveCSS('background-color', 'rgb(15, 17, 20)');
	// Reached through the gear on the screen's chrome.
	await page.getByRole('link', { name: 'Settings' }).click();
	await expect(page).toHaveURL(/\/settings$/);
	await page.getByText('Light', { exact: true }).click();
	await page.getByRole('button', { name: 'Save' }).click();
	await page.emulateMedia({ colorScheme: 'dark' });
	await page.getByRole('link', { name: 'Open the screen' }).click();
	await expect(page.locator('.scr-root')).toHaveCSS('background-color', 'rgb(243, 244, 246)');
	await page.screenshot({ path: 'e2e/screenshots/settings-screen-light-over-dark-system.png' });

	// Another browser keeps following its system.
	const other = await browser.newContext({ colorScheme: 'dark' });
	const p2 = await other.newPage();
	await p2.goto(`${APP_URL()}/`);
	await expect(p2.locator('.scr-root')).toHaveCSS('background-color', 'rgb(15, 17, 20)');
	await other.close();

	// Back to the server's: the system's again.
	await openSettings(page, APP_URL());
	await page.getByRole('button', { name: 'Use the server’s' }).click();
	await page.goto(`${APP_URL()}/`);
	await expect(page.locator('.scr-root')).toHaveCSS('background-color', 'rgb(15, 17, 20)');
});

test('an address chosen here applies to /, /kiosk and /inspect in this browser; a host the server does not allow is refused', async ({ page }) => {
	const other = await privateSim();
	try {
		show(other, 'skill-elsewhere.test', ['SYSTEM_TextFrame'], { title: 'Elsewhere', text: 'From the second simulator' });
		await openSettings(page, APP_URL());
		await setAddress(page, { host: '10.9.9.9' });
		await expect(page.getByTestId('not-allowed')).toContainText('OVOS_SCREEN_ALLOWED_HOSTS');
		await page.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('save-status')).toContainText('10.9.9.9 is not allowed');

		await setAddress(page, { host: '127.0.0.1', guiPort: other.guiPort, busPort: other.busPort });
		await page.getByLabel('Rotation').selectOption('180');
		await page.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('save-status')).toContainText('Saved');

		await page.goto(`${APP_URL()}/`);
		await expect(page.getByText('From the second simulator')).toBeVisible();
		await page.goto(`${APP_URL()}/kiosk`);
		await expect(page.getByText('From the second simulator')).toBeVisible();
		await expect(page.locator('.kiosk')).toHaveAttribute('data-rotate', '180');
		await page.goto(`${APP_URL()}/inspect`);
		await expect(page.getByTestId('status')).toHaveText('live');
		// Through the app, the socket's address names the OVOS port it is relayed to.
		await expect(page.locator('header').first()).toContainText(`port=${other.guiPort}`);
		await expect(page.getByText('skill-elsewhere.test').first()).toBeVisible();
		// The URL's own options still win for that page.
		await page.goto(`${APP_URL()}/kiosk?guiPort=${process.env.SIM_GUI_PORT}&busPort=${process.env.SIM_BUS_PORT}`);
		await expect(page.getByText('From the second simulator')).toHaveCount(0);
	} finally {
		await openSettings(page, APP_URL());
		await page.getByRole('button', { name: 'Use the server’s' }).click();
		await other.stop();
	}
});

test('Test connection on a closed port: "port reached" fails at once and says why; the rest is skipped', async ({ page }) => {
	const port = await closedPort();
	await openSettings(page, APP_URL());
	await setAddress(page, { host: '127.0.0.1', guiPort: port });
	const t0 = Date.now();
	await page.getByRole('button', { name: 'Test connection' }).click();
	await expect(step(page, 'port')).toHaveAttribute('data-status', 'failed');
	expect(Date.now() - t0).toBeLessThan(2000);
	await expect(step(page, 'port')).toContainText(`Nothing answers at 127.0.0.1:${port}`);
	expect(Number((await step(page, 'port').getByTestId('ms').textContent())?.replace(/\D/g, ''))).toBeLessThan(1000);
	await expect(step(page, 'gui')).toHaveAttribute('data-status', 'skipped');
	await expect(step(page, 'announce')).toHaveAttribute('data-status', 'skipped');
	await expect(step(page, 'window')).toHaveAttribute('data-status', 'skipped');
	await page.emulateMedia({ colorScheme: 'light' });
	await page.screenshot({ path: 'e2e/screenshots/settings-test-closed-light.png', fullPage: true });
});

test('/settings is linked from the 404 page and the dashboard', async ({ page }) => {
	await page.goto(`${APP_URL()}/no-such-page`);
	await page.getByRole('link', { name: /^Settings/ }).click();
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
	await page.goto(`${APP_URL()}/inspect`);
	await page.getByRole('link', { name: 'Settings' }).click();
	await expect(page).toHaveURL(/\/settings$/);
});

test('fields side by side line up: the kiosk’s rotation and scale are one height, as the buttons, and the scale field stays narrow', async ({ page }) => {
	await openSettings(page, APP_URL());
	const rotation = (await page.getByLabel('Rotation').boundingBox())!;
	const scale = (await page.getByLabel('Scale').boundingBox())!;
	const save = (await page.getByRole('button', { name: 'Save' }).boundingBox())!;
	// A select's own padding made it 3 px shorter than the input beside it.
	expect(Math.abs(rotation.height - scale.height)).toBeLessThan(1);
	expect(Math.abs(rotation.y - scale.y)).toBeLessThan(1);
	expect(Math.abs(scale.height - save.height)).toBeLessThan(1);
	// Room for "1.25", not half the card (a width utility the field's own width rule overrode).
	expect(scale.width).toBeLessThanOrEqual(100);
});

/** A non-loopback address of this machine: a simulator on loopback refuses it, as a device refuses another machine. */
const LAN = Object.values(networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

test.describe('an app pointed at a device whose messagebus lets only the device itself on', () => {
	test.skip(!LAN, 'needs a non-loopback address of this machine');
	// As on a device: ovos-gui listens on every interface, the messagebus on loopback only.
	let screen: Simulator;
	let sim: Simulator;
	let app: App;
	test.beforeAll(async () => {
		screen = await privateSim({ host: LAN! });
		sim = await privateSim();
		app = await startApp({ OVOS_HOST: LAN!, OVOS_GUI_PORT: String(screen.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { stderr: false });
	});
	test.afterAll(async () => {
		await app?.stop();
		await sim?.stop();
		await screen?.stop();
	});

	test('the log says it once with the fix; Test connection and the chat say it too, in the reader’s language', async ({ page, browser }) => {
		await openSettings(page, app.url);
		await page.getByRole('button', { name: 'Test connection' }).click();
		await expect(step(page, 'window')).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
		await expect(step(page, 'window')).toContainText('Bus window and chat');
		await expect(step(page, 'window')).toContainText(`OVOS at ${LAN}:${sim.busPort} refuses the app server on its messagebus, which the chat and the bus window need`);
		await expect(step(page, 'window')).toContainText('"websocket": {"host": "0.0.0.0"}');
		await page.screenshot({ path: 'e2e/screenshots/settings-test-bus-local-only.png', fullPage: true });

		// The bus is dialled on first use (here, the test): the log then says it once, with the fix.
		await expect.poll(() => app.output()).toContain('refuses this app on its messagebus');
		const lines = app.output().split('\n').filter((l) => l.includes('ECONNREFUSED'));
		expect(lines).toHaveLength(1);
		expect(lines[0]!.match(/ECONNREFUSED/g)).toHaveLength(1);
		expect(lines[0]).toContain('run this app on the device (scripts/install.sh does)');

		const de = await browser.newContext({ locale: 'de-DE', viewport: { width: 800, height: 480 } });
		const chat = await de.newPage();
		await chat.goto(`${app.url}/chat`);
		const input = chat.getByRole('textbox', { name: 'Nachricht' });
		await input.fill('wie spät ist es');
		await input.press('Enter');
		await expect(chat.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-state', 'unreachable');
		await expect(chat.getByText('OVOS ist nicht erreichbar.')).toBeVisible();
		await expect(chat.getByText(/Starte diese App auf dem Gerät oder öffne den Bus in der mycroft\.conf des Geräts/)).toBeVisible();
		await chat.screenshot({ path: 'e2e/screenshots/chat-bus-local-only-de.png' });
		await de.close();
	});
});

test("on a phone the server's settings read whole: each value has the card's width, no word broken into pieces", async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto(`${APP_URL()}/settings`);
	const values = page.locator('[data-key] [data-value]');
	await expect(values.first()).toBeVisible();
	const narrow = await page.evaluate(() => {
		const table = document.querySelector('[data-key]')!.closest('table')!.getBoundingClientRect().width;
		return [...document.querySelectorAll<HTMLElement>('[data-key] [data-value]')].filter((td) => td.getBoundingClientRect().width < table * 0.5).map((td) => td.closest('tr')!.dataset.key);
	});
	expect(narrow).toEqual([]);
	await page.locator('[data-key="OVOS_HOST"]').scrollIntoViewIfNeeded();
	await page.screenshot({ path: 'e2e/screenshots/settings-server-390x844.png' });
});
