/**
 * The screen after a long outage, in Chromium as on a device: the app configured for the simulator,
 * a fresh browser (Chromium's WebSocket throttle remembers failures per renderer for minutes), 30 s
 * with OVOS down, then the page must show the new server's state within 1.5 s of the port accepting,
 * having logged about one failed attempt per 5 s meanwhile. Both handshake modes side by side.
 */
import { chromium, expect, test } from '@playwright/test';
import type { Handshake } from '../src/lib/protocol';
import type { Simulator } from '../src/lib/server/simulator';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { privateSim, show, startApp } from './support/screen';

const OUTAGE_MS = 30_000;

async function outage(handshake: Handshake): Promise<{ backMs: number; failedPer5s: number }> {
	let sim: Simulator = await privateSim();
	const { busPort, guiPort } = sim;
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(guiPort), OVOS_BUS_PORT: String(busPort), OVOS_HANDSHAKE: handshake });
	const browser = await chromium.launch(CHROMIUM_LAUNCH);
	try {
		const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
		await page.addInitScript(() => {
			const w = window as unknown as { __shown?: number };
			new MutationObserver(() => {
				if (w.__shown === undefined && document.querySelector('[data-key="text"]')?.textContent === 'After the outage') w.__shown = Date.now();
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		let failed = 0;
		page.on('console', (m) => {
			if (m.type() === 'error' && /failed|ERR_/i.test(m.text())) failed++;
		});
		await page.goto(`${app.url}/kiosk`);
		show(sim, 'skill-a.test', ['SYSTEM_TextFrame'], { text: 'Before the outage' });
		await expect(page.getByText('Before the outage')).toBeVisible();

		await sim.stop();
		failed = 0;
		await page.waitForTimeout(OUTAGE_MS);
		const failedPer5s = (failed / OUTAGE_MS) * 5000;
		sim = await privateSim({ busPort, guiPort });
		const back = Date.now();
		show(sim, 'skill-b.test', ['SYSTEM_TextFrame'], { text: 'After the outage' });
		await expect(page.getByText('After the outage')).toBeVisible({ timeout: 15_000 });
		const shown = await page.evaluate(() => (window as unknown as { __shown: number }).__shown);
		return { backMs: shown - back, failedPer5s };
	} finally {
		await browser.close();
		await app.stop();
		await sim.stop();
	}
}

test('after a 30 s outage the kiosk is live again within 1.5 s of OVOS accepting, in both handshake modes', async () => {
	test.setTimeout(OUTAGE_MS + 40_000);
	const [gui, full] = await Promise.all([outage('gui'), outage('full')]);
	expect(gui.backMs).toBeLessThan(1500);
	expect(full.backMs).toBeLessThan(1500);
	// Not 2.5 a second: a plain HTTP probe every 5 s and a WebSocket now and then.
	expect(gui.failedPer5s).toBeLessThanOrEqual(1.5);
	expect(full.failedPer5s).toBeLessThanOrEqual(1.5);
});
