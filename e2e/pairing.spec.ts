/**
 * Pairing like a TV, with real browsers: a Chromium at a second address (a private network
 * namespace, as a phone on the LAN) is refused the app, asks for a code, reads it off the kiosk of
 * a Chromium on the device itself, types it, and sees the app's pages; forgotten on the device's
 * /settings, its screen says so at once. With the screens' sockets piped through the app (the
 * relay at /ovos/gui), it also gets a live screen while ovos-gui listens on loopback only, and
 * loses it within a second of being forgotten.
 */
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import type { Simulator } from '../simulator';
import { lanClient, type LanClient } from '../tests/support/netns';
import { freePort, privateSim, show, startApp, type App } from './support/screen';

const lan = lanClient();
/** A phone held upright, and the device's own 7" display. */
const PHONE = { width: 390, height: 844 };
const SIZES = [
	['800x480', { width: 800, height: 480 }],
	['phone', PHONE]
] as const;

/** A Chromium whose every connection leaves from the namespace's address. */
async function chromiumIn(client: LanClient): Promise<Browser> {
	const wrapper = join(mkdtempSync(join(tmpdir(), 'chromium-ns-')), 'chromium');
	writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${client.name} ${CHROMIUM_PATH} "$@"\n`);
	chmodSync(wrapper, 0o755);
	return chromium.launch({ executablePath: wrapper, args: CHROMIUM_ARGS });
}

/** Whether the app pipes the screens' GUI socket (the relay): a WebSocket upgrade at /ovos/gui from the device is taken. */
function relayed(app: App): Promise<boolean> {
	return new Promise((resolve) => {
		const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ovos/gui`);
		ws.once('open', () => {
			ws.close();
			resolve(true);
		});
		ws.once('error', () => resolve(false));
	});
}

test.describe('a browser elsewhere on the network', () => {
	test.skip(typeof lan === 'string', `needs a network namespace: ${String(lan)}`);
	const client = lan as LanClient;
	let sim: Simulator;
	let app: App;
	let remote: Browser;

	test.beforeAll(async () => {
		// ovos-gui and the bus on loopback only, as the app's own simulator and a locked-down device have them.
		sim = await privateSim();
		app = await startApp(
			{ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort), OVOS_SCREEN_DATA_DIR: mkdtempSync(join(tmpdir(), 'pairing-e2e-')) },
			{ host: client.hostAddress, port: await freePort(), unset: ['OVOS_SCREEN_TOKEN'] }
		);
		remote = await chromiumIn(client);
	});
	test.afterAll(async () => {
		await remote?.close();
		await app?.stop();
		await sim?.stop();
		client.close();
	});

	/** The device's own kiosk: a Chromium on this machine, at its own address. */
	async function kiosk(browser: Browser): Promise<Page> {
		const page = await (await browser.newContext()).newPage();
		await page.goto(`${app.url}/kiosk`);
		await expect(page.locator('.kiosk')).toBeAttached();
		return page;
	}

	async function pair(phone: Page, device: Page, name: string): Promise<void> {
		await phone.getByLabel('Name of this browser (shown on the device)').fill(name);
		await phone.getByRole('button', { name: 'Show a code on the device' }).click();
		const card = device.getByTestId('pairing-code').filter({ hasText: name });
		await expect(card).toBeVisible();
		const code = (await card.locator('[data-code]').getAttribute('data-code'))!;
		await phone.getByLabel('Code').fill(code);
		await phone.getByRole('button', { name: 'Pair', exact: true }).click();
	}

	test('is refused, pairs with the code on the kiosk, sees the app; forgotten, it says so at once', async ({ browser }) => {
		const device = await kiosk(browser);
		const phone = await (await remote.newContext({ locale: 'en-US', viewport: PHONE })).newPage();
		const refused = await phone.goto(`${app.url}/kiosk`);
		expect(refused?.status()).toBe(401);
		await expect(phone.getByRole('heading', { name: 'Pair this browser' })).toBeVisible();
		await expect(phone.locator('.kiosk')).toHaveCount(0);
		await phone.screenshot({ path: 'e2e/screenshots/pairing-page.png' });

		await phone.getByLabel('Name of this browser (shown on the device)').fill('Kitchen phone');
		await phone.getByRole('button', { name: 'Show a code on the device' }).click();
		await expect(phone.getByLabel('Code')).toBeVisible();
		const card = device.getByTestId('pairing-code');
		await expect(card).toContainText(`Kitchen phone at ${client.clientAddress} asks to be paired`);
		await device.screenshot({ path: 'e2e/screenshots/pairing-code-on-kiosk.png' });
		const code = (await card.locator('[data-code]').getAttribute('data-code'))!;
		expect(code).toMatch(/^\d{6}$/);
		await phone.getByLabel('Code').fill(wrongFor(code));
		await phone.getByRole('button', { name: 'Pair', exact: true }).click();
		await expect(phone.getByRole('alert')).toHaveText('That is not the code: 2 tries left.');
		await phone.getByLabel('Code').fill(code);
		await phone.getByRole('button', { name: 'Pair', exact: true }).click();

		// Paired: the page it asked for, then the others; the code is gone from the kiosk.
		await expect(phone).toHaveURL(`${app.url}/kiosk`);
		await expect(phone.locator('.kiosk')).toBeAttached();
		await expect(card).toHaveCount(0);
		await phone.goto(`${app.url}/settings`);
		await expect(phone.getByTestId('access-you')).toHaveText('You are: a paired browser.');
		await expect(phone.getByTestId('paired-browsers')).toContainText('this browser');
		await phone.screenshot({ path: 'e2e/screenshots/pairing-settings-paired.png', fullPage: true });
		await phone.goto(`${app.url}/`);
		await expect(phone.locator('.scr-root[data-bus="live"]')).toBeAttached();

		// The device's /settings lists it and forgets it: the phone's screen says so at once.
		const settings = await (await browser.newContext()).newPage();
		await settings.goto(`${app.url}/settings`);
		const row = settings.getByTestId('paired-browsers').locator('tr', { hasText: 'Kitchen phone' });
		await expect(row).toContainText(client.clientAddress);
		await settings.screenshot({ path: 'e2e/screenshots/pairing-settings-device.png', fullPage: true });
		await row.getByRole('button', { name: 'Forget' }).click();
		await expect(row).toHaveCount(0);
		await expect(phone.getByTestId('unpaired')).toBeVisible({ timeout: 3000 });
		await phone.getByTestId('unpaired').getByRole('button').click();
		await expect(phone.getByRole('heading', { name: 'Pair this browser' })).toBeVisible();
	});

	test('the pairing page comes in the browser’s language', async () => {
		for (const [locale, heading] of [
			['de-DE', 'Diesen Browser koppeln'],
			['pt-PT', 'Emparelhar este navegador']
		] as const) {
			const context = await remote.newContext({ locale });
			const page = await context.newPage();
			await page.goto(`${app.url}/`);
			await expect(page.getByRole('heading', { name: heading })).toBeVisible();
			await context.close();
		}
	});

	test('pictures: the pairing page, the code on the kiosk and /settings’ paired browsers and tokens, at 800×480 and phone size', async ({ browser }) => {
		test.setTimeout(60_000);
		const device = await kiosk(browser);
		const phone = await (await remote.newContext({ locale: 'en-US', viewport: PHONE })).newPage();
		await phone.goto(`${app.url}/settings`);
		for (const [label, size] of SIZES) {
			await phone.setViewportSize(size);
			await expect(phone.getByRole('heading', { name: 'Pair this browser' })).toBeInViewport();
			await phone.screenshot({ path: `e2e/screenshots/pairing-page-${label}.png` });
		}
		await pair(phone, device, 'Living room tablet');
		await expect(phone.getByTestId('access-you')).toHaveText('You are: a paired browser.');
		// Until its script runs a tap on Forget would do nothing: the buttons come disabled, never dead.
		const unscripted = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
		await unscripted.goto(`${app.url}/settings`);
		await expect(unscripted.getByTestId('paired-browsers').getByRole('button', { name: 'Forget' })).toBeDisabled();
		const settings = await (await browser.newContext()).newPage();
		await settings.goto(`${app.url}/settings`);
		await settings.getByLabel('Name of the new token').fill('Open WebUI on the laptop');
		await settings.getByRole('button', { name: 'Make a token' }).click();
		await expect(settings.getByTestId('token-value')).toBeVisible();
		for (const [label, size] of SIZES) {
			for (const [who, page] of [
				['device', settings],
				['paired', phone]
			] as const) {
				await page.setViewportSize(size);
				const section = page.getByTestId('access');
				await section.scrollIntoViewIfNeeded();
				// Nothing runs past the screen's edge and no name is broken letter by letter: a phone reads it without scrolling sideways.
				expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
				const row = section.getByTestId('paired-browsers').locator('tr', { hasText: 'Living room tablet' });
				// Pictured as a person uses it: hydrated, its buttons live.
				await expect(row.getByRole('button', { name: 'Forget' })).toBeEnabled();
				const forget = (await row.getByRole('button', { name: 'Forget' }).boundingBox())!;
				expect(forget.x + forget.width).toBeLessThanOrEqual(size.width);
				expect((await row.locator('td').first().boundingBox())!.width).toBeGreaterThan(100);
				await section.screenshot({ path: `e2e/screenshots/pairing-settings-${who}-${label}.png` });
			}
		}
		await settings.getByTestId('paired-browsers').locator('tr', { hasText: 'Living room tablet' }).getByRole('button', { name: 'Forget' }).click();
		await phone.reload();
		await expect(phone.getByRole('heading', { name: 'Pair this browser' })).toBeVisible();
	});

	test('with the screens’ sockets piped through the app: a live screen while ovos-gui listens on loopback only, lost within a second of being forgotten', async ({ browser }) => {
		test.skip(!(await relayed(app)), 'the app does not pipe the GUI socket (/ovos/gui) in this build');
		const device = await kiosk(browser);
		const phone = await (await remote.newContext({ locale: 'en-US' })).newPage();
		await phone.goto(`${app.url}/`);
		await pair(phone, device, 'Hall tablet');
		show(sim, 'skill-pages.test', ['SYSTEM_TextFrame'], { text: 'Through the app' });
		await expect(phone.getByText('Through the app')).toBeVisible();
		await expect(phone.locator('.scr-root[data-conn="live"]')).toBeAttached();
		const settings = await (await browser.newContext()).newPage();
		await settings.goto(`${app.url}/settings`);
		const row = settings.getByTestId('paired-browsers').locator('tr', { hasText: 'Hall tablet' });
		// Timed on the machine's clock from the request that forgets it to the phone's screen leaving
		// "live", both seen where they happen: the test's own polling and clicks are no part of it.
		await phone.evaluate(() => {
			const root = document.querySelector('.scr-root')!;
			new MutationObserver(() => {
				const w = window as unknown as { __lostAt?: number };
				if (root.getAttribute('data-conn') !== 'live') w.__lostAt ??= Date.now();
			}).observe(root, { attributes: true, attributeFilter: ['data-conn'] });
		});
		const sent = settings.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/api/access/browsers/')).then(() => Date.now());
		await row.getByRole('button', { name: 'Forget' }).click();
		const forgotAt = await sent;
		await expect(phone.locator('.scr-root[data-conn="live"]')).toHaveCount(0, { timeout: 5000 });
		const lostAt = await phone.evaluate(() => (window as unknown as { __lostAt?: number }).__lostAt);
		expect(lostAt! - forgotAt).toBeLessThan(1000);
	});
});

function wrongFor(code: string): string {
	return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
