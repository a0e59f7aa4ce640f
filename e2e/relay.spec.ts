/**
 * Screens reach OVOS through the app (src/lib/server/relay/): in Chromium, `/kiosk` and `/` get a
 * live screen with events both ways while their ovos-gui listens on 127.0.0.1 only and on a port
 * this browser refuses to open itself (Chromium's restricted ports: 6566, 10080, …), so a socket
 * that went anywhere but the app's origin could not work at all. And over https with a certificate
 * of the test's own: the page, its sockets (wss) and its same-origin requests.
 */
import { createServer } from 'node:net';
import { chromium, expect, test, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../simulator';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { insecureRequest, startApp, type App } from '../tests/support/app';
import { selfSignedCert } from '../tests/support/tls';
import { APP_URL, collect, screenUrl, show } from './support/screen';

/** Ports Chromium never connects to (net/base/port_util.cc), above 1024. */
const RESTRICTED = [6566, 10080, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 4190, 5060, 5061, 6000, 1719, 1720, 1723, 2049, 3659, 4045];

function free(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const s = createServer();
		s.once('error', () => resolve(false));
		s.listen({ port, host: '127.0.0.1', exclusive: true }, () => s.close(() => resolve(true)));
	});
}

/** A simulator on two restricted ports, on loopback only. */
async function unreachableSim(): Promise<Simulator> {
	const ports: number[] = [];
	for (const p of RESTRICTED) if (ports.length < 2 && (await free(p))) ports.push(p);
	if (ports.length < 2) throw new Error('no two restricted ports free');
	return startSimulator({ host: '127.0.0.1', guiPort: ports[0], busPort: ports[1], skills: false, log: false });
}

/** Every WebSocket the page opens (its socket worker's too), by URL. */
function sockets(page: Page): string[] {
	const urls: string[] = [];
	page.on('websocket', (ws) => urls.push(ws.url()));
	return urls;
}

const SKILL = 'skill-relay.test';
const TWO = ['SYSTEM_TextFrame', 'SYSTEM_Loading'];

let sim: Simulator;
test.beforeEach(async () => {
	sim = await unreachableSim();
});
test.afterEach(async () => {
	await sim.stop();
});

test('/kiosk: a live screen through the app, events both ways, on the early socket alone, with ovos-gui out of this browser’s reach', async ({ page }) => {
	const urls = sockets(page);
	const focus = collect(sim, 'gui.page_gained_focus');
	await page.goto(screenUrl(sim, '/kiosk'));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	show(sim, SKILL, TWO, { text: 'Through the app', title: 'Relay' });
	await expect(page.getByText('Through the app')).toBeVisible();
	await page.keyboard.press('ArrowRight');
	await expect.poll(() => focus.map((m) => m.data.page_number)).toEqual([1]);
	// One socket, app.html's early one (adopted, not replaced), on the app's own origin.
	expect(urls).toEqual([`${APP_URL().replace('http', 'ws')}/ovos/gui?host=127.0.0.1&port=${sim.guiPort}`]);
	expect(sim.guiClients()).toBe(1);
	// The page itself could not have reached it.
	const direct = await page.evaluate(
		(port) =>
			new Promise<string>((resolve) => {
				const s = new WebSocket(`ws://127.0.0.1:${port}/gui`);
				s.onopen = () => resolve('open');
				s.onerror = () => resolve('refused');
			}),
		sim.guiPort
	);
	expect(direct).toBe('refused');
	expect(sim.guiClients()).toBe(1);
});

test('/ with the full handshake: the bus socket goes through the app too, and the GUI socket on the port it was given', async ({ page }) => {
	const urls = sockets(page);
	const focus = collect(sim, 'gui.page_gained_focus');
	await page.goto(screenUrl(sim, '/', '&handshake=full'));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	show(sim, SKILL, TWO, { text: 'Handshake through the app', title: 'Relay' });
	await expect(page.getByText('Handshake through the app')).toBeVisible();
	await page.keyboard.press('ArrowRight');
	await expect.poll(() => focus.map((m) => m.data.page_number)).toEqual([1]);
	const origin = APP_URL().replace('http', 'ws');
	expect(urls.sort()).toEqual([`${origin}/ovos/core?host=127.0.0.1&port=${sim.busPort}`, `${origin}/ovos/gui?host=127.0.0.1&port=${sim.guiPort}`]);
});

test('skill HTML in its sandbox cannot open the relay: its origin is not the app’s', async ({ page }) => {
	const probes: string[] = [];
	sim.on('skill-probe.test.relay', () => probes.push('relay'));
	await page.goto(screenUrl(sim, '/kiosk'));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	const html = `<p id="p">probing</p><script>
		const s = new WebSocket('${APP_URL().replace('http', 'ws')}/ovos/gui?host=127.0.0.1&port=${sim.guiPort}');
		s.onopen = () => s.send(JSON.stringify({ type: 'mycroft.events.triggered', namespace: 'skill-probe.test', event_name: 'relay', parameters: {} }));
		document.getElementById('p').textContent = 'probed';
	</script>`;
	show(sim, 'skill-probe.test', ['SYSTEM_HtmlFrame'], { html });
	await expect(page.frameLocator('iframe').frameLocator('iframe').locator('#p')).toHaveText('probed');
	await page.waitForTimeout(1500);
	expect(probes).toEqual([]);
	expect(sim.guiClients()).toBe(1);
});

test.describe('over https with the app’s own certificate', () => {
	let app: App;
	test.beforeAll(async () => {
		const cert = selfSignedCert();
		// Its own OVOS is the shared simulator; each test points the screen at its own.
		const ovos = { OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '' };
		app = await startApp({ ...ovos, OVOS_SCREEN_TLS_CERT: cert.cert, OVOS_SCREEN_TLS_KEY: cert.key }, { scheme: 'https' });
	});
	test.afterAll(async () => {
		await app?.stop();
	});

	test('the page, its wss sockets and its requests: nothing mixed, cookies and the origin rules as over http', async () => {
		expect(app.url).toMatch(/^https:/);
		expect(app.output()).toMatch(new RegExp(`open ${app.url}/, talking to`));
		const browser = await chromium.launch(CHROMIUM_LAUNCH);
		try {
			const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 800, height: 480 } });
			const page = await context.newPage();
			const urls = sockets(page);
			const problems: string[] = [];
			page.on('console', (m) => {
				if (/mixed content|insecure|Refused to/i.test(m.text())) problems.push(m.text());
			});
			await page.goto(screenUrl(sim, '/kiosk', '', app.url));
			await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
			show(sim, SKILL, TWO, { text: 'Over https', title: 'Relay' });
			await expect(page.getByText('Over https')).toBeVisible();
			expect(urls).toEqual([`${app.url.replace('https', 'wss')}/ovos/gui?host=127.0.0.1&port=${sim.guiPort}`]);
			// A choice kept in a cookie is read back over https (the page's language here).
			await context.addCookies([{ name: 'ovos-screen.lang', value: 'de', url: app.url }]);
			await page.reload();
			await expect(page.locator('html')).toHaveAttribute('lang', 'de');
			// A same-origin post passes the origin rule; another site's does not.
			const own = await page.evaluate(async () => (await fetch('/api/chat/end', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
			expect(own).not.toBe(403);
			const other = await insecureRequest(`${app.url}/api/chat/end`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' });
			expect(other.status).toBe(403);
			expect(problems).toEqual([]);
		} finally {
			await browser.close();
		}
	});
});
