/**
 * What a security and reliability probe broke (issue 14), each kept fixed by a test against the
 * real app and a private simulator.
 */
import { expect, test } from '@playwright/test';
import type { Simulator } from '../src/lib/server/simulator';
import { privateSim, screenUrl, show } from './support/screen';

let sim: Simulator;
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

test('10 MB of text shows its start at once, stays responsive, and reaches the rest a chunk at a time (14.4)', async ({ page }) => {
	await page.goto(screenUrl(sim, '/kiosk'));
	const words = 'The quick brown fox jumps over the lazy dog. ';
	const text = 'FIRST LINE. ' + words.repeat(Math.ceil(10_000_000 / words.length));
	show(sim, 'skill-huge.test', ['SYSTEM_TextFrame'], { text, title: 'Huge' });
	const body = page.locator('[data-key="text"]');
	await expect(body).toContainText('FIRST LINE.');
	const more = page.getByRole('button', { name: /More \([\d,]+ characters left\)/ });
	await expect(more).toBeVisible();
	const shown = (await body.textContent())?.length ?? 0;
	expect(shown).toBeLessThan(10_000);
	// The main thread is free: a task queued now runs within a frame or two, not after the layout.
	const lag = await page.evaluate(() => new Promise<number>((r) => { const t = performance.now(); setTimeout(() => r(performance.now() - t), 0); }));
	expect(lag).toBeLessThan(1000);
	await more.click();
	await expect.poll(async () => (await body.textContent())?.length ?? 0).toBeGreaterThan(shown + 7000);
});

test('skill HTML cannot open the device bus or GUI socket, and says so to nobody but its own console (14.7)', async ({ page }) => {
	const probes: string[] = [];
	sim.on('probe.bus', () => probes.push('bus'));
	sim.on('skill-probe.test.gui', () => probes.push('gui'));
	await page.goto(screenUrl(sim, '/kiosk'));
	const html = `<p id="p">probing</p><script>
		const bus = new WebSocket('ws://127.0.0.1:${sim.busPort}/core');
		bus.onopen = () => bus.send(JSON.stringify({ type: 'probe.bus', data: {}, context: {} }));
		const gui = new WebSocket('ws://127.0.0.1:${sim.guiPort}/gui');
		gui.onopen = () => gui.send(JSON.stringify({ type: 'mycroft.events.triggered', namespace: 'skill-probe.test', event_name: 'gui', parameters: {} }));
		document.getElementById('p').textContent = 'probed';
	</script>`;
	show(sim, 'skill-probe.test', ['SYSTEM_HtmlFrame'], { html });
	await expect(page.frameLocator('iframe').locator('#p')).toHaveText('probed');
	// Give a socket that did open time to speak, then check neither did.
	await page.waitForTimeout(1500);
	expect(probes).toEqual([]);
	expect(sim.guiClients()).toBe(1);
});
