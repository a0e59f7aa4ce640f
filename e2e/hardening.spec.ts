/**
 * What a security and reliability probe broke (issue 14), each kept fixed by a test against the
 * real app and a private simulator.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import type { Simulator } from '../src/lib/server/simulator';
import { APP_URL, privateSim, screenUrl, show, startApp } from './support/screen';

// `attacker.test` is another machine to the browser (the app is opened at 127.0.0.1); it resolves to
// a simulator of the test's own on loopback (14.6).
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP attacker.test 127.0.0.1'] } });

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

test.describe('a link pointing the screen at another host (14.6)', () => {
	const lure = (attacker: Simulator, path: string, handshake: string) =>
		`${APP_URL()}${path}?host=attacker.test&guiPort=${attacker.guiPort}&busPort=${attacker.busPort}&handshake=${handshake}`;

	for (const path of ['/', '/kiosk', '/inspect']) {
		test(`${path} refuses it: nothing is opened to that host, the page says which host and how to allow it`, async ({ page }) => {
			const attacker = await privateSim();
			const announced: string[] = [];
			attacker.on('mycroft.gui.connected', () => announced.push('bus'));
			show(attacker, 'skill-wifi.test', ['SYSTEM_TextFrame'], { title: 'Wi-Fi password', text: 'Type your Wi-Fi password' });
			try {
				for (const handshake of ['gui', 'full']) {
					await page.goto(lure(attacker, path, handshake));
					const card = page.locator('[data-host-refused="attacker.test"]');
					await expect(card).toBeVisible();
					await expect(card).toContainText('attacker.test');
					await expect(card).toContainText('OVOS_SCREEN_ALLOWED_HOSTS');
					await expect(page.getByText('Wi-Fi password')).toHaveCount(0);
					await page.waitForTimeout(800);
					expect(attacker.guiClients()).toBe(0);
					expect(announced).toEqual([]);
				}
				if (path === '/kiosk') await page.screenshot({ path: 'e2e/screenshots/host-refused-kiosk-800x480.png' });
				// "Open the screen of this server's OVOS" drops the foreign options and keeps the rest.
				await page.getByRole('link', { name: /this server’s OVOS/ }).click();
				await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}\\?handshake=full$`));
				await expect(page.locator('[data-host-refused]')).toHaveCount(0);
			} finally {
				await attacker.stop();
			}
		});
	}

	test('allowed by OVOS_SCREEN_ALLOWED_HOSTS, the same link connects there', async ({ page }) => {
		const other = await privateSim();
		const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '8181', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '18181', OVOS_SCREEN_ALLOWED_HOSTS: 'devbox.lan, attacker.test' });
		try {
			show(other, 'skill-other.test', ['SYSTEM_TextFrame'], { title: 'Second device', text: 'hello from the other device' });
			await page.goto(`${app.url}/?host=attacker.test&guiPort=${other.guiPort}&busPort=${other.busPort}`);
			await expect(page.getByText('hello from the other device')).toBeVisible();
			expect(other.guiClients()).toBe(1);
		} finally {
			await app.stop();
			await other.stop();
		}
	});
});

test('1,000 idle sockets from one address: the app keeps 128 of them and still answers another client (14.8)', async () => {
	const { connect } = await import('node:net');
	const url = new URL(APP_URL());
	const sockets: import('node:net').Socket[] = [];
	let closed = 0;
	await Promise.all(
		Array.from({ length: 1000 }, () => new Promise<void>((resolve) => {
			const s = connect({ port: Number(url.port), host: url.hostname }, () => resolve());
			s.on('error', () => resolve());
			s.on('close', () => closed++);
			sockets.push(s);
		}))
	);
	try {
		await expect.poll(() => closed, { timeout: 10_000 }).toBe(1000 - 128);
		const other = await new Promise<number>((resolve, reject) => {
			const s = connect({ port: Number(url.port), host: url.hostname, localAddress: '127.0.0.2' }, () => s.write(`GET /api/ovos/port?port=1 HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`));
			let head = '';
			s.on('data', (d) => (head += String(d)));
			s.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1])));
			s.on('error', reject);
		});
		expect(other).toBe(404); // answered (that port is not an OVOS port of the app)
	} finally {
		for (const s of sockets) s.destroy();
	}
});

test('/api/ovos/port answers only for the configured GUI and bus ports: it cannot be used to scan', async ({ request }) => {
	for (const port of ['22', '3000', '1', 'x', '']) {
		const res = await request.get(`${APP_URL()}/api/ovos/port?port=${port}`);
		expect(res.status(), port).toBe(404);
	}
	const gui = await request.get(`${APP_URL()}/api/ovos/port?port=${process.env.SIM_GUI_PORT}`);
	expect(gui.status()).toBe(200);
	expect(await gui.json()).toEqual({ open: true });
});
