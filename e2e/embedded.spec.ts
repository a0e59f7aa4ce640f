/**
 * The embedded default: the built app started with NO OVOS address runs the simulator
 * inside itself and opens on the live demo. Ports come from OVOS_BUS_PORT / OVOS_GUI_PORT so this
 * does not collide with 8181/18181 or the shared test simulator.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { freePort, startApp, type App } from '../tests/support/app';

/** The embedded default: no OVOS address at all in the environment. */
const NO_OVOS = ['OVOS_HOST', 'OVOS_HANDSHAKE', 'OVOS_SIMULATOR'];

let app: App;
let appUrl = '';
const output = () => app.output();

test.beforeAll(async () => {
	app = await startApp({ OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(await freePort()) }, { unset: NO_OVOS });
	appUrl = app.url;
});

test.afterAll(() => app?.stop());

test('with no configuration the app runs its own OVOS and opens on the live demo', async ({ page }) => {
	const started = Date.now();
	await page.goto(`${appUrl}/`);
	// The device rests on the homescreen; the first demo step asks for the weather: CurrentWeather.
	const location = page.locator('.tpl-root [data-key="location"]');
	await expect(location.first()).toHaveText('Lawrence, United States', { timeout: 15_000 });
	const seconds = (Date.now() - started) / 1000;
	test.info().annotations.push({ type: 'weather visible after', description: `${seconds.toFixed(1)} s` });
	await page.screenshot({ path: 'e2e/screenshots/embedded-demo-800x480.png' });
	// One start line: the URL to open and which OVOS it talks to.
	expect(output()).toMatch(new RegExp(`open ${appUrl}/, talking to the embedded OVOS simulator \\(messagebus ws://127\\.0\\.0\\.1:\\d+/core`));
	// Hourly and daily forecasts follow; 20 s after it came the weather is gone and the demo moves on.
	await expect(location).toHaveCount(0, { timeout: 30_000 });
	await page.screenshot({ path: 'e2e/screenshots/embedded-demo-next-800x480.png' });
});

test('the embedded simulator is a real OVOS peer: an utterance on its bus gets an answer', async () => {
	const busPort = Number(/messagebus ws:\/\/127\.0\.0\.1:(\d+)\/core/.exec(output())?.[1]);
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
		for (const key of NO_OVOS) delete base[key];
		const clash = await runToExit({ ...base, OVOS_BUS_PORT: String(taken), OVOS_GUI_PORT: String(await freePort()) });
		expect(clash.code).toBe(1);
		expect(clash.output).toContain(`127.0.0.1:${taken} is already in use`);
		expect(clash.output).not.toMatch(/^\s+at /m);
		// Each mistake: exit status 1 and exactly one line, naming the setting.
		for (const [env, line] of [
			[{ OVOS_GUI_PORT: 'eighteen' }, /^ovos-screen: OVOS_GUI_PORT=eighteen: not a port number/],
			[{ PORT: 'abc' }, /^ovos-screen: PORT=abc: not a port number/],
			[{ PORT: String(taken) }, new RegExp(`^ovos-screen: PORT=${taken}: 127\\.0\\.0\\.1:${taken} is already in use`)],
			[{ HOST: '10.255.255.1' }, /^ovos-screen: HOST=10\.255\.255\.1: not an address of this machine/],
			[{ OVOS_HOST: 'http://192.168.1.20:8181' }, /^ovos-screen: OVOS_HOST=http:\/\/192\.168\.1\.20:8181: must be a host name or address only/],
			[{ OVOS_SIMULATOR: 'maybe' }, /^ovos-screen: OVOS_SIMULATOR=maybe: must be on or off/]
		] as const) {
			const ports = { OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(await freePort()) };
			const bad = await runToExit({ ...base, ...ports, ...(env as Record<string, string>) });
			expect(bad.code, JSON.stringify(env)).toBe(1);
			expect(bad.output.trim().split('\n'), JSON.stringify(env)).toEqual([expect.stringMatching(line)]);
		}
	} finally {
		blocker.close();
	}
});

test('the app exits within 2 s of SIGINT or SIGTERM, also with a chat question waiting for its answer', async () => {
	for (const [env, unset] of [
		[{ OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(await freePort()) }, NO_OVOS],
		[{ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '9', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '9' }, []]
	] as const) {
		for (const [signal, text] of [
			['SIGTERM', 'hello'],
			['SIGINT', 'set a timer']
		] as const) {
			const one = await startApp(env, { unset });
			// A chat turn opens the server's shared core-bus connection; "set a timer" leaves the skill
			// waiting for the answer (and its timers running). Neither may keep the process alive.
			const res = await fetch(`${one.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', origin: one.url }, body: JSON.stringify({ text }) });
			expect(res.status).toBe(200);
			const t0 = Date.now();
			process.kill(one.pid, signal);
			await one.exited;
			expect(Date.now() - t0, `${signal} after "${text}"`).toBeLessThan(2_000);
			expect(one.output()).not.toContain('still busy');
		}
	}
});
