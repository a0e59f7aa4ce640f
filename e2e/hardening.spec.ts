/**
 * What a security and reliability probe once broke, each kept fixed by a test against the
 * real app and a private simulator.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import type { BusMessage, JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { APP_URL, live, privateSim, screenUrl, show, startApp } from './support/screen';

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
	// 10 MB cross the socket and are parsed first (how fast is bench:hostile's to say; here, that it shows).
	await expect(body).toContainText('FIRST LINE.', { timeout: 15_000 });
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
	await expect(page.frameLocator('iframe').frameLocator('iframe').locator('#p')).toHaveText('probed');
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
		// Straight sockets: only the browser maps attacker.test to this machine, so the app's relay could
		// not look it up; the relay's own host allow-list is held by tests/server/relay.test.ts.
		const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '8181', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '18181', OVOS_SCREEN_ALLOWED_HOSTS: 'devbox.lan, attacker.test', OVOS_SCREEN_DIRECT_SOCKETS: 'on' });
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

test('a link or saved options naming another port of the OVOS host open nothing there (24.8)', async ({ page, context }) => {
	// A program of the device's own (here a simulator) listening on a port of its own would draw
	// on this app's origin: only the configured ports, as the app runs by default.
	const phish = await privateSim();
	show(phish, 'skill-phish.test', ['SYSTEM_TextFrame'], { title: 'PHISH', text: 'Type your password' });
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '8181', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '18181' }, { unset: ['OVOS_SCREEN_ALLOWED_PORTS'] });
	try {
		await page.goto(`${app.url}/kiosk?guiPort=${phish.guiPort}`);
		const card = page.locator(`[data-host-refused="127.0.0.1:${phish.guiPort}"]`);
		await expect(card).toContainText('OVOS_SCREEN_ALLOWED_PORTS');
		await context.addCookies([{ name: 'ovos-screen.screen', value: `guiPort=${phish.guiPort}`, url: app.url }]);
		await page.goto(`${app.url}/`);
		await expect(card).toContainText('OVOS_SCREEN_ALLOWED_PORTS');
		await expect(page.getByRole('link', { name: /Change this browser’s settings/ })).toBeVisible();
		await context.clearCookies();
		await page.goto(`${app.url}/inspect?busPort=${phish.busPort}&handshake=full`);
		await expect(page.locator(`[data-host-refused="127.0.0.1:${phish.busPort}"]`)).toBeVisible();
		await page.waitForTimeout(500);
		expect(phish.guiClients()).toBe(0);
		await expect(page.getByText('PHISH')).toHaveCount(0);
	} finally {
		await app.stop();
		await phish.stop();
	}
});

test('every page carries a strict policy and runs under it, and no other site may frame it (24.9)', async ({ page }) => {
	const violations: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
	});
	// A picture on screen: the server renders its <img onerror>, which Svelte writes as an inline handler.
	show(sim, 'skill-csp.test', ['SYSTEM_ImageFrame'], { image: `${APP_URL()}/no-such-picture.png`, title: 'csp' });
	for (const path of ['/', '/kiosk', '/inspect', '/chat', '/settings']) {
		const res = await page.goto(screenUrl(sim, path));
		const h = res!.headers();
		const csp = h['content-security-policy'] ?? '';
		const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
		expect(script, path).toMatch(/'self' 'unsafe-hashes' 'sha256-[\w+/=]+' 'nonce-[\w+/=]+'/);
		// The one hash is Svelte's replay handler for server-rendered <img> errors, nothing broader.
		expect(script.replace(/'sha256-7dQwUgLau1NFCCGjfn9FsYptB6ZtWxJin6VohGIu20I='/, ''), path).not.toMatch(/unsafe-inline|unsafe-eval|sha256/);
		expect(csp, path).toContain("frame-ancestors 'self'");
		expect(csp, path).toContain("object-src 'none'");
		expect(h['x-frame-options'], path).toBe('SAMEORIGIN');
		expect(h['x-content-type-options'], path).toBe('nosniff');
		expect(h['referrer-policy'], path).toBe('same-origin');
		// app.html's own script (the early socket) carries this answer's nonce; a blocked one would be a violation below.
		const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
		expect(await res!.text(), path).toContain(`<script nonce="${nonce}">\n\t\t\t// Screens: open the GUI socket now`);
		if (path === '/' || path === '/kiosk') await live(page);
		if (path === '/inspect') await expect(page.getByTestId('status')).toHaveText(/live/, { timeout: 10_000 });
	}
	// Skill HTML still scripts itself in its holder, under the screen's strict policy.
	await page.goto(screenUrl(sim, '/kiosk'));
	// Shown before the screen's socket has reached the simulator, the page would come only in the
	// replay, which carries no focus: the screen, pointed at a simulator the app server has no copy of,
	// would rightly stay on the namespace's first page. This test is about the policy.
	await live(page);
	show(sim, 'skill-csp.test', ['SYSTEM_HtmlFrame'], { html: '<p id="p">static</p><script>document.getElementById("p").textContent = "scripted"</script>' });
	await expect(page.frameLocator('iframe').frameLocator('iframe').locator('#p')).toHaveText('scripted');
	expect(violations).toEqual([]);
	// Another site framing /chat gets nothing: the browser refuses to show it there.
	const other = createServer((_req, res) => res.end(`<iframe id="f" src="${APP_URL()}/chat"></iframe>`));
	await new Promise<void>((r) => other.listen(0, '127.0.0.2', r));
	try {
		await page.goto(`http://127.0.0.2:${(other.address() as AddressInfo).port}/`);
		await page.waitForTimeout(500);
		const chat = page.frames().find((f) => f.url().startsWith(`${APP_URL()}/chat`));
		expect(chat === undefined || (await chat.locator('textarea, input').count()) === 0).toBe(true);
	} finally {
		await new Promise<void>((r) => other.close(() => r()));
	}
});

test('static files carry the page headers too, and no other site may frame them', async ({ page, request }) => {
	// adapter-node serves these before the app's hooks run; the app's scripts are named in a page.
	const script = /\/_app\/immutable\/[\w./-]+\.js/.exec(await (await request.get(`${APP_URL()}/kiosk`)).text())?.[0];
	expect(script).toBeDefined();
	const files = ['/skill-frame.html', '/manifest.webmanifest', '/service-worker.js', '/icons/icon-192.png', script!];
	for (const path of files) {
		const h = (await request.get(`${APP_URL()}${path}`)).headers();
		expect(h['x-frame-options'], path).toBe('SAMEORIGIN');
		expect(h['x-content-type-options'], path).toBe('nosniff');
		expect(h['referrer-policy'], path).toBe('same-origin');
		expect(h['content-security-policy'], path).toContain("frame-ancestors 'self'");
	}
	const other = createServer((_req, res) => res.end(files.map((f) => `<iframe src="${APP_URL()}${f}"></iframe>`).join('')));
	await new Promise<void>((r) => other.listen(0, '127.0.0.2', r));
	try {
		await page.goto(`http://127.0.0.2:${(other.address() as AddressInfo).port}/`);
		await page.waitForTimeout(800);
		// A frame the browser refused shows its own error page instead of the file.
		const shown = page.frames().filter((f) => f.url().startsWith(APP_URL()));
		expect(shown.map((f) => f.url())).toEqual([]);
	} finally {
		await new Promise<void>((r) => other.close(() => r()));
	}
});

test('200 undecodable paths and 100 form posts: a few quiet lines in the log, no stack (24.10)', async () => {
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '8181', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '18181' }, { stderr: false });
	try {
		const before = app.output().split('\n').length;
		const statuses = new Set<number>();
		// Each answer read to its end, so its connection serves the next request: 300 unread answers held
		// 300 connections, over the app's 128 per address (failed as ECONNRESET on a busy machine).
		const status = async (res: Promise<Response>) => {
			const r = await res;
			await r.arrayBuffer();
			statuses.add(r.status);
		};
		for (let i = 0; i < 200; i++) await status(fetch(`${app.url}/%ff%fe%fd${i}`));
		for (let i = 0; i < 100; i++) await status(fetch(`${app.url}/`, { method: 'POST', body: new URLSearchParams({ a: String(i) }) }));
		expect([...statuses].sort()).toEqual([400, 405]);
		const added = app.output().split('\n').slice(before - 1).filter((l) => l.trim());
		expect(added.length, added.join('\n')).toBeLessThanOrEqual(3);
		expect(added.join('\n')).not.toMatch(/^\s+at /m);
	} finally {
		await app.stop();
	}
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

test.describe('skill HTML and web pages cannot reach the bus through another document (24.2)', () => {
	// A page on another server of this machine or the LAN (here on loopback, where no browser's
	// private-network checks apply): if its script runs, it opens the device's bus and speaks.
	let other: ReturnType<typeof createServer>;
	let origin = '';
	const hits: string[] = [];
	test.beforeAll(async () => {
		other = createServer((req, res) => {
			hits.push(req.url ?? '');
			const bus = new URL(req.url ?? '/', 'http://x').searchParams.get('bus');
			res.setHeader('content-type', 'text/html');
			res.end(`<!doctype html><p>other</p><script>
				const s = new WebSocket('ws://127.0.0.1:${bus}/core');
				s.onopen = () => s.send(JSON.stringify({ type: 'probe.bus', data: { from: location.href }, context: {} }));
			</script>`);
		});
		await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
		origin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
	});
	test.afterAll(() => new Promise<void>((r) => other.close(() => r())));

	const vectors: [string, (page: string) => [string, JsonObject]][] = [
		['an iframe in skill HTML', (p) => ['SYSTEM_HtmlFrame', { html: `<iframe src="${p}"></iframe><p id="p">framed</p>` }]],
		['skill HTML navigating its own frame', (p) => ['SYSTEM_HtmlFrame', { html: `<p id="p">framed</p><script>setTimeout(() => location.href = '${p}', 50)</script>` }]],
		['skill HTML refreshing into it', (p) => ['SYSTEM_HtmlFrame', { html: `<meta http-equiv="refresh" content="0;url=${p}"><p id="p">framed</p>` }]],
		['a web page on this machine', (p) => ['SYSTEM_UrlFrame', { url: p }]]
	];
	for (const [name, vector] of vectors) {
		test(`${name}: no script of it reaches the bus`, async ({ page }) => {
			const probes: string[] = [];
			sim.on('probe.bus', (m: BusMessage) => probes.push(String(m.data.from)));
			await page.goto(screenUrl(sim, '/kiosk'));
			await live(page);
			const before = hits.length;
			const [tpl, data] = vector(`${origin}/page?bus=${sim.busPort}`);
			show(sim, 'skill-nested.test', [tpl], data);
			await expect(page.locator('iframe')).toBeAttached();
			// Time for the other page to load and its socket to speak, were either allowed.
			await page.waitForTimeout(1200);
			expect(probes).toEqual([]);
			// Skill HTML never becomes the other document; a web page is shown, without its script.
			expect(hits.length - before).toBe(tpl === 'SYSTEM_UrlFrame' ? 1 : 0);
		});
	}
});

test.describe('the OCP web player plays a web page without handing it the device', () => {
	// A page a media search could turn up, served from another address of this machine (no browser's
	// private-network checks apply there): its script, if it ran, would speak through the device's bus
	// and send a GUI event through ovos-gui.
	let attacker: ReturnType<typeof createServer>;
	let origin = '';
	const loads: string[] = [];
	test.beforeAll(async () => {
		attacker = createServer((req, res) => {
			loads.push(req.url ?? '');
			const url = new URL(req.url ?? '/', 'http://x');
			if (url.pathname.endsWith('.wav')) return res.writeHead(200, { 'content-type': 'audio/wav' }).end(silentWav(3));
			const q = url.searchParams;
			res.setHeader('content-type', 'text/html');
			res.end(`<!doctype html><title>Lofi radio</title><p id="p">a web player page</p><video src="/stream.webm"></video><script>
				const bus = new WebSocket('ws://127.0.0.1:${q.get('bus')}/core');
				bus.onopen = () => bus.send(JSON.stringify({ type: 'speak', data: { utterance: 'pwned from ' + location.host }, context: {} }));
				const gui = new WebSocket('ws://127.0.0.1:${q.get('gui')}/gui');
				gui.onopen = () => gui.send(JSON.stringify({ type: 'mycroft.events.triggered', namespace: 'ovos.common_play', event_name: 'pwned', parameters: {} }));
			</script>`);
		});
		await new Promise<void>((r) => attacker.listen(0, '127.0.0.5', r));
		origin = `http://127.0.0.5:${(attacker.address() as AddressInfo).port}`;
	});
	test.afterAll(() => new Promise<void>((r) => attacker.close(() => r())));

	test('on the device’s own screen: the page is shown, no script of it reaches the bus or ovos-gui', async ({ page }) => {
		const reached: string[] = [];
		sim.on('speak', (m: BusMessage) => reached.push(`bus: ${String(m.data.utterance)}`));
		sim.on('ovos.common_play.pwned', () => reached.push('gui: ovos.common_play.pwned'));
		await page.goto(screenUrl(sim, '/kiosk'));
		await live(page);
		const before = loads.length;
		const uri = `${origin}/attack.html?bus=${sim.busPort}&gui=${sim.guiPort}`;
		show(sim, 'ovos.common_play', ['PlayerLoader'], { __from: 'ovos.common_play', playerBackend: 'OVOSWebPlayer', uri, title: 'Lofi radio' });
		const frame = page.locator('[data-backend="web"] iframe');
		await expect(frame).toBeAttached();
		await expect(page.frameLocator('[data-backend="web"] iframe').locator('#p')).toHaveText('a web player page');
		// Time for its sockets to speak, were its script allowed to run.
		await page.waitForTimeout(1500);
		expect(reached).toEqual([]);
		expect(loads.length - before).toBeGreaterThanOrEqual(1);
		expect(sim.guiClients()).toBe(1);
		await page.screenshot({ path: 'e2e/screenshots/ocp-web-player-page-kiosk-800x480.png' });
	});

	test('an audio or video address plays in the player’s own element, with its controls', async ({ page }) => {
		await page.goto(screenUrl(sim, '/kiosk'));
		await live(page);
		show(sim, 'ovos.common_play', ['PlayerLoader'], { playerBackend: 'OVOSWebPlayer', uri: `${origin}/radio/live.wav`, title: 'Lofi radio', image: `${APP_URL()}/icons/icon-512.png` });
		const player = page.locator('[data-backend="web"] video');
		await expect(player).toHaveAttribute('src', `${origin}/radio/live.wav`);
		await expect(page.locator('[data-backend="web"] iframe')).toHaveCount(0);
		// It loads (metadata at least): a 3 s file.
		await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(3, 0);
		await page.screenshot({ path: 'e2e/screenshots/ocp-web-player-audio-kiosk-800x480.png' });
	});
});

/** A WAV file of `seconds` of silence (8 kHz, 8-bit mono). */
function silentWav(seconds: number): Buffer {
	const n = 8000 * seconds;
	const b = Buffer.alloc(44 + n, 0x80);
	b.write('RIFF', 0);
	b.writeUInt32LE(36 + n, 4);
	b.write('WAVEfmt ', 8);
	b.writeUInt32LE(16, 16);
	b.writeUInt16LE(1, 20);
	b.writeUInt16LE(1, 22);
	b.writeUInt32LE(8000, 24);
	b.writeUInt32LE(8000, 28);
	b.writeUInt16LE(1, 32);
	b.writeUInt16LE(8, 34);
	b.write('data', 36);
	b.writeUInt32LE(n, 40);
	return b;
}
