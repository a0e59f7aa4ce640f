/**
 * The embedded default (issue 3): the built app started with NO OVOS address runs the simulator
 * inside itself and opens on the live demo. Ports come from OVOS_BUS_PORT / OVOS_GUI_PORT so this
 * does not collide with 8181/18181 or the shared test simulator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = createServer();
		srv.once('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const port = (srv.address() as { port: number }).port;
			srv.close(() => resolve(port));
		});
	});
}

async function waitForHttp(url: string, ms: number): Promise<void> {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		try {
			if ((await fetch(url)).status < 500) return;
		} catch {
			/* not up yet */
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`app did not answer at ${url}`);
}

let app: ChildProcess | null = null;
let output = '';
let appUrl = '';

test.beforeAll(async () => {
	const [port, busPort, guiPort] = [await freePort(), await freePort(), await freePort()];
	const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', OVOS_BUS_PORT: String(busPort), OVOS_GUI_PORT: String(guiPort) };
	for (const key of ['OVOS_HOST', 'OVOS_HANDSHAKE', 'OVOS_SIMULATOR', 'ORIGIN']) delete env[key];
	app = spawn(process.execPath, ['build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	app.stdout?.on('data', (d) => (output += String(d)));
	app.stderr?.on('data', (d) => (output += String(d)));
	appUrl = `http://127.0.0.1:${port}`;
	await waitForHttp(appUrl, 15_000);
});

test.afterAll(() => {
	app?.kill('SIGTERM');
});

test('with no configuration the app runs its own OVOS and opens on the live demo', async ({ page }) => {
	const started = Date.now();
	await page.goto(`${appUrl}/`);
	// The first demo step is the weather skill's text frame.
	await expect(page.getByText(/Sunny, 2[23] °C/)).toBeVisible({ timeout: 8_000 });
	const seconds = (Date.now() - started) / 1000;
	test.info().annotations.push({ type: 'demo visible after', description: `${seconds.toFixed(1)} s` });
	await page.screenshot({ path: 'e2e/screenshots/embedded-demo-800x480.png' });
	expect(output).toContain('embedded OVOS simulator');
	expect(output).toMatch(/open http:\/\/localhost:\d+\//);
	// The demo moves on to the next skill (a timer with the image frame and a custom page).
	await expect(page.getByText(/Lawrence, Kansas/)).toBeHidden({ timeout: 15_000 });
	await page.screenshot({ path: 'e2e/screenshots/embedded-demo-next-800x480.png' });
});

test('the embedded simulator is a real OVOS peer: an utterance on its bus gets an answer', async () => {
	const busPort = Number(/messagebus ws:\/\/127\.0\.0\.1:(\d+)\/core/.exec(output)?.[1]);
	expect(busPort).toBeGreaterThan(0);
	const ws = new WebSocket(`ws://127.0.0.1:${busPort}/core`);
	const seen: string[] = [];
	ws.on('message', (d) => {
		const m = JSON.parse(String(d)) as { type: string; context?: { session?: { session_id?: string } } };
		if (m.context?.session?.session_id === 'e2e-chat') seen.push(m.type);
	});
	await new Promise((r) => ws.once('open', r));
	ws.send(JSON.stringify({ type: 'recognizer_loop:utterance', data: { utterances: ['hello'] }, context: { session: { session_id: 'e2e-chat' } } }));
	await expect.poll(() => seen.includes('ovos.utterance.handled'), { timeout: 5000 }).toBe(true);
	expect(seen).toContain('speak');
	ws.close();
});

/** Starts the built app and waits for it to exit on its own. */
function runToExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, ['build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout?.on('data', (d) => (out += String(d)));
		child.stderr?.on('data', (d) => (out += String(d)));
		const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
		child.on('exit', (code) => {
			clearTimeout(timer);
			resolve({ code, output: out });
		});
	});
}

test('a taken port or a bad setting stops the start with one clear line and status 1', async () => {
	const blocker = createServer().listen(0, '127.0.0.1');
	await new Promise((r) => blocker.once('listening', r));
	const taken = (blocker.address() as { port: number }).port;
	try {
		const base: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1' };
		for (const key of ['OVOS_HOST', 'OVOS_HANDSHAKE', 'OVOS_SIMULATOR', 'ORIGIN']) delete base[key];
		const clash = await runToExit({ ...base, OVOS_BUS_PORT: String(taken), OVOS_GUI_PORT: String(await freePort()) });
		expect(clash.code).toBe(1);
		expect(clash.output).toContain(`127.0.0.1:${taken} is already in use`);
		expect(clash.output).not.toMatch(/^\s+at /m);
		const bad = await runToExit({ ...base, OVOS_GUI_PORT: 'eighteen' });
		expect(bad.code).toBe(1);
		expect(bad.output).toContain('OVOS_GUI_PORT=eighteen is not a port number');
		expect(bad.output).not.toMatch(/^\s+at /m);
	} finally {
		blocker.close();
	}
});
