/**
 * The README's way, as a new user runs it: `npm start` in the repository with nothing set
 * (no ORIGIN, no PORT: ports 3000, 8181 and 18181, so only under the e2e lock). When the sources changed
 * since the last build it builds, under the shared app that global-setup started from that build, which
 * must go on serving. Then the chat panel answers from every address the browser may use, a second start
 * is refused in one line, Ctrl-C ends it at once, and a start with nothing changed does not build
 * and stops whichever of its processes is signalled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { freePort, waitForHttp } from '../tests/support/app';

const README_URL = 'http://localhost:3000';
const SHARED = () => process.env.APP_URL ?? '';

/** The app's settings removed, so nothing is "added" whatever the shell running the tests has set. */
function userEnv(): NodeJS.ProcessEnv {
	const env = { ...process.env };
	for (const key of Object.keys(env)) {
		if (/^(OVOS_|PORT$|HOST$|ORIGIN$|PROTOCOL_HEADER$|HOST_HEADER$|PORT_HEADER$)/.test(key)) delete env[key];
	}
	return env;
}

interface Run {
	readonly child: ChildProcess;
	output(): string;
	readonly exited: Promise<number | null>;
}

function npmStart(): Run {
	// Its own process group, as a terminal would make: Ctrl-C goes to npm and the app alike.
	const child = spawn('npm', ['start'], { cwd: process.cwd(), env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	child.stdout?.on('data', (d) => (out += String(d)));
	child.stderr?.on('data', (d) => (out += String(d)));
	const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
	return { child, output: () => out, exited };
}

function portFree(port: number, host = '0.0.0.0'): Promise<boolean> {
	return new Promise((resolve) => {
		const s = createServer();
		s.once('error', () => resolve(false));
		s.listen(port, host, () => s.close(() => resolve(true)));
	});
}

async function chatHello(page: Page, url: string, slideOver: boolean): Promise<void> {
	await page.goto(url);
	const input = page.getByRole('textbox', { name: 'Message' });
	// A click that lands before the page is hydrated does nothing: as a person would, click again.
	if (slideOver)
		await expect(async () => {
			await page.getByRole('button', { name: 'Chat', exact: true }).click();
			await expect(input).toBeVisible({ timeout: 2_000 });
		}).toPass({ timeout: 15_000 });
	await input.fill('hello');
	await input.press('Enter');
	const reply = page.locator('li[data-role="assistant"]').last();
	await expect(reply).toHaveAttribute('data-state', 'answered', { timeout: 10_000 });
	await expect(reply).toContainText('Hello there!');
}

function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

let app: Run;
let sharedAsset = '';

// Not serial: each finding stands on its own (a failed test restarts the worker, and so npm start).

test.beforeAll(async () => {
	test.setTimeout(300_000);
	for (const port of [3000, 8181, 18181]) {
		if (!(await portFree(port))) throw new Error(`port ${port} is taken: this test runs the README's npm start, which needs it (run it under /tmp/e2e.lock with nothing else on 3000/8181/18181)`);
	}
	// An asset of the shared app, fetched before the build that npm start makes.
	const html = await (await fetch(`${SHARED()}/`)).text();
	sharedAsset = /\/_app\/immutable\/[^"']+\.js/.exec(html)?.[0] ?? '';
	expect(sharedAsset).not.toBe('');
	app = npmStart();
	// Until it says where to go, or stops.
	const started = () => /ovos-screen: open http:\/\/localhost:3000\//.test(app.output());
	await expect.poll(() => started() || app.child.exitCode !== null, { timeout: 280_000, intervals: [500] }).toBe(true);
	expect(app.output()).toMatch(/open http:\/\/localhost:3000\//);
});

test.afterAll(async () => {
	if (app?.child.pid && groupAlive(app.child.pid)) {
		process.kill(-app.child.pid, 'SIGKILL');
		await app.exited;
	}
});

test('npm start says in a few lines which OVOS it talks to and what to open, without the build output', async () => {
	const out = app.output();
	test.info().annotations.push({ type: 'npm start printed', description: out });
	expect(out).toMatch(/open http:\/\/localhost:3000\/.*talking to the embedded OVOS simulator \(messagebus ws:\/\/127\.0\.0\.1:8181\/core, ovos-gui ws:\/\/127\.0\.0\.1:18181\/gui/);
	expect(out).not.toMatch(/empty chunk|npm run preview|callbacks are listed|\bbuilt in\b|Listening on/i);
	expect(out.trim().split('\n').length).toBeLessThan(10);
});

test('the chat panel answers on / (slide-over) and on /chat, at localhost and 127.0.0.1', async ({ browser }) => {
	for (const [url, slideOver] of [
		[`${README_URL}/`, true],
		['http://127.0.0.1:3000/', true],
		['http://127.0.0.1:3000/chat', false]
	] as const) {
		const context = await browser.newContext();
		await chatHello(await context.newPage(), url, slideOver);
		await context.close();
	}
});

test('the chat answers at the machine\'s LAN address too; another origin is refused', async ({ browser }) => {
	const lan = Object.values(networkInterfaces())
		.flat()
		.find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
	if (lan) {
		const context = await browser.newContext();
		await chatHello(await context.newPage(), `http://${lan}:3000/chat`, false);
		await context.close();
	}
	const forged = await fetch(`${README_URL}/api/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
		body: JSON.stringify({ text: 'hello' })
	});
	expect(forged.status).toBe(403);
	// The documented 415 for a wrong body type, not SvelteKit's form-post refusal.
	const plain = await fetch(`${README_URL}/api/chat`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: README_URL }, body: 'hello' });
	expect(plain.status).toBe(415);
	const curl = await fetch(`${README_URL}/api/chat`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
	expect(curl.status).toBe(415);
});

test('the app started before that build still serves its pages, its assets and the chat', async ({ page }) => {
	expect((await fetch(`${SHARED()}/`)).status).toBe(200);
	expect((await fetch(`${SHARED()}${sharedAsset}`)).status).toBe(200);
	await chatHello(page, `${SHARED()}/chat`, false);
});

test('a second npm start says in one line that PORT 3000 is taken, before building; the first goes on', async () => {
	const second = npmStart();
	const code = await Promise.race([second.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
	if (code === 'hung' && second.child.pid) process.kill(-second.child.pid, 'SIGKILL');
	expect(code).toBe(1);
	const lines = second.output().trim().split('\n').filter((l) => l.startsWith('ovos-screen:'));
	expect(lines).toEqual([expect.stringMatching(/^ovos-screen: PORT=3000: 0\.0\.0\.0:3000 is already in use/)]);
	expect(second.output()).not.toMatch(/building|^\s+at /m);
	expect((await fetch(`${README_URL}/`)).status).toBe(200);
});

test('Ctrl-C ends it within 2 s, also while a chat question waits for its answer', async ({ page }) => {
	await page.goto(`${README_URL}/chat`);
	const input = page.getByRole('textbox', { name: 'Message' });
	await input.fill('set a timer');
	await input.press('Enter');
	await expect(page.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-state', 'awaiting');
	const group = app.child.pid ?? 0;
	const t0 = Date.now();
	process.kill(-group, 'SIGINT');
	// npm may go first: what counts is the whole process group, the app included, being gone.
	while (groupAlive(group) && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 20));
	const ms = Date.now() - t0;
	test.info().annotations.push({ type: 'exit after SIGINT', description: `${ms} ms` });
	expect(groupAlive(group)).toBe(false);
	expect(ms).toBeLessThan(2_000);
	await app.exited;
	// Nothing was left holding the process (the server would have named it).
	expect(app.output()).not.toContain('still busy');
});

/** The processes npm start made (npm, then the app it runs), while they run. */
function tree(root: number): number[] {
	const out = [root];
	for (let i = 0; i < out.length; i++) {
		try {
			out.push(...readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
		} catch {
			/* gone */
		}
	}
	return out;
}

test('with nothing changed npm start does not build, says so, and stops when any of its processes is signalled', async () => {
	test.setTimeout(60_000);
	for (const [who, signal] of [
		['npm', 'SIGINT'],
		['npm', 'SIGKILL'],
		['app', 'SIGTERM']
	] as const) {
		const run = npmStart();
		await expect.poll(() => /open http:\/\/localhost:3000\//.test(run.output()) || run.child.exitCode !== null, { timeout: 20_000 }).toBe(true);
		expect(run.output()).toMatch(/^ovos-screen: sources, lock file and build settings unchanged since the last build: not building$/m);
		expect(run.output()).not.toMatch(/building the app/);
		const pids = tree(run.child.pid ?? 0);
		// npm runs the app itself (`exec`): no shell between them that would keep a signal from it.
		const app = pids[1] ?? 0;
		expect(readFileSync(`/proc/${app}/cmdline`, 'utf8').split('\0')).toEqual([expect.stringMatching(/node$/), 'scripts/start.mjs', '']);
		process.kill(who === 'npm' ? pids[0]! : app, signal);
		const t0 = Date.now();
		const alive = () => pids.filter((pid) => readStat(pid) !== 'gone');
		while (alive().length > 0 && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 50));
		expect(alive(), `${signal} to ${who}: still running`).toEqual([]);
		expect(Date.now() - t0, `${signal} to ${who}`).toBeLessThan(2_000);
		expect(await portFree(3000)).toBe(true);
	}
});

/** 'gone' once a process has ended (a zombie not yet reaped by its new parent has ended too). */
function readStat(pid: number): string {
	try {
		return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) ? 'gone' : 'running';
	} catch {
		return 'gone';
	}
}

test('a file that fails while it is sent costs that response, never the process', async () => {
	// A copy of the build whose asset is then deleted under the running server (its file list is read at start).
	const copy = 'e2e/.artifacts/build-copy';
	rmSync(copy, { recursive: true, force: true });
	cpSync(realpathSync('build'), copy, { recursive: true });
	const port = await freePort();
	const env = { ...userEnv(), PORT: String(port), HOST: '127.0.0.1', OVOS_SIMULATOR: 'off' };
	const child = spawn(process.execPath, [`${copy}/index.js`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	child.stdout.on('data', (d) => (out += String(d)));
	child.stderr.on('data', (d) => (out += String(d)));
	try {
		const url = `http://127.0.0.1:${port}`;
		await waitForHttp(`${url}/`);
		const asset = /\/_app\/immutable\/[^"']+\.js/.exec(await (await fetch(`${url}/`)).text())?.[0] ?? '';
		for (const suffix of ['', '.gz', '.br']) rmSync(`${copy}/client${asset}${suffix}`, { force: true });
		const failed = await fetch(`${url}${asset}`)
			.then(async (r) => (r.ok ? (await r.text(), 'served') : `status ${r.status}`))
			.catch(() => 'connection closed');
		expect(failed).not.toBe('served');
		await new Promise((r) => setTimeout(r, 200));
		expect(child.exitCode).toBeNull();
		expect((await fetch(`${url}/`)).status).toBe(200);
		expect(out).toContain('failed while sending: ENOENT');
	} finally {
		child.kill('SIGKILL');
	}
});
