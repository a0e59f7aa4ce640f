/**
 * Skill authors' own pages (docs/pages.md) in Chromium, on an app whose OVOS_SCREEN_PAGES is a copy
 * of examples/pages/ and a few broken files: a page file shows with its live data in place of the
 * built-in page, sends its events to the skill, reloads when saved without the screen losing its
 * socket, and a broken one falls back to the generic card with the reason in /inspect — against the
 * simulator, and on a screen fed a recording of a real ovos-gui. Markup in a skill's data stays text
 * in the examples and the new-page starter; /inspect's page workbench draws any page from edited data.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WebSocketServer, type WebSocket } from 'ws';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import { collect, live, privateSim, setValues, show, startApp, type App } from './support/screen';

const ALERTS = 'ovos-skill-alerts.openvoiceos';
const DATE_TIME = 'ovos-skill-date-time.openvoiceos';
const TIMER_FILE = 'examples/pages/ovos-skill-alerts.openvoiceos/Timer.js';
const pasta = { alertId: 'pasta-1', timerName: 'pasta', timeDelta: '4:03', percentRemaining: 0.6, expired: false, backgroundColor: '' };
const rice = { alertId: 'rice-1', timerName: 'rice', timeDelta: '11:40', percentRemaining: 0.9, expired: false, backgroundColor: '' };

/** Pages that cannot be shown, each its own way. */
const BROKEN: Record<string, { source: string; kind: string; says: RegExp }> = {
	'broken.syntax': { source: 'export default class extends HTMLElement {\n\tconstructor() { super( }\n}\n', kind: 'load', says: /did not load \(SyntaxError/ },
	'broken.throws': {
		source: "export default class extends HTMLElement {\n\tconstructor() {\n\t\tsuper();\n\t\tthrow new Error('no thanks');\n\t}\n}\n",
		kind: 'threw',
		says: /it threw \(Error: no thanks\)/
	},
	'broken.plain': { source: "export default { not: 'an element' };\n", kind: 'not-element', says: /default export is not a custom element class \(it is object\)/ }
};

let dir: string;
let sim: Simulator;
let app: App;

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'ovos-pages-e2e-'));
	cpSync('examples/pages', dir, { recursive: true });
	for (const [skill, b] of Object.entries(BROKEN)) {
		mkdirSync(join(dir, skill));
		writeFileSync(join(dir, skill, 'p.js'), b.source);
	}
	sim = await privateSim();
	app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort), OVOS_SCREEN_PAGES: dir });
});
test.afterAll(async () => {
	await app?.stop();
	await sim?.stop();
	rmSync(dir, { recursive: true, force: true });
});

async function kiosk(browser: Browser, path = '/kiosk'): Promise<Page> {
	const page = await (await browser.newContext({ viewport: { width: 800, height: 480 }, colorScheme: 'dark' })).newPage();
	await page.goto(`${app.url}${path}`);
	await live(page);
	return page;
}

const timerPage = (page: Page) => page.locator(`.tpl-root[data-page="Timer"][data-namespace="${ALERTS}"]`);

test('a page file shows its skill page with the live data, in place of the built-in page', async ({ browser }) => {
	const page = await kiosk(browser);
	show(sim, ALERTS, ['Timer'], { activeTimers: { timers: [pasta] } });
	const timer = timerPage(page);
	await expect(timer.getByText('pasta')).toBeVisible();
	// The file's element, not our Timer (its cards name the data key they show).
	const element = timer.locator('[data-page-file] > *');
	expect(await element.evaluate((e) => e.tagName.toLowerCase())).toMatch(/^ovos-page-[a-z0-9]+-[0-9a-f]{16}$/);
	await expect(timer.locator('[data-key="timerName"]')).toHaveCount(0);
	await expect(element).toHaveAttribute('lang', 'en-US');
	await expect(element).toHaveAttribute('theme', 'dark');

	setValues(sim, ALERTS, { activeTimers: { timers: [rice, pasta] } });
	await expect(timer.getByText('rice')).toBeVisible();
	await expect(timer.getByRole('button', { name: 'Cancel' })).toHaveCount(2);

	// The Svelte-built example: a custom element compiled by Svelte, given the same inputs.
	show(sim, DATE_TIME, ['time'], { time_string: '12:58', date_string: '28/09/2026' });
	const time = page.locator(`.tpl-root[data-page="time"][data-namespace="${DATE_TIME}"]`);
	await expect(time.locator('.minutes')).toHaveText('58');
	await expect(time.getByText('28/09/2026')).toBeVisible();
	setValues(sim, DATE_TIME, { time_string: '12:59' });
	await expect(time.locator('.minutes')).toHaveText('59');
	await page.screenshot({ path: 'e2e/screenshots/page-files/time.png' });
	await page.context().close();
});

test('what a page file sends reaches the skill as <skill_id>.<name>, as the built-in pages send theirs', async ({ browser }) => {
	const page = await kiosk(browser);
	show(sim, ALERTS, ['Timer'], { activeTimers: { timers: [pasta] } });
	const heard = collect(sim, `${ALERTS}.ovos.alerts.cancel_timer`);
	// The skill sends its timers again every second: a tap that one of those lands in still counts.
	const cancel = timerPage(page).getByRole('button', { name: 'Cancel' });
	await expect(cancel).toBeVisible();
	const at = await cancel.boundingBox();
	if (!at) throw new Error('no Cancel button');
	await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
	await page.mouse.down();
	const later = { ...pasta, timeDelta: '4:02' };
	setValues(sim, ALERTS, { activeTimers: { timers: [later] } });
	await expect(timerPage(page).getByText('4:02')).toBeVisible();
	await page.mouse.up();
	await expect.poll(() => heard.length).toBe(1);
	expect(heard[0]?.data).toEqual({ timer: later });
	await page.screenshot({ path: 'e2e/screenshots/page-files/timer.png' });
	await page.context().close();
});

test('a saved page file reaches the open screen within a second, on the same socket; removed, the built-in page is back', async ({ browser }) => {
	const page = await kiosk(browser);
	show(sim, ALERTS, ['Timer'], { activeTimers: { timers: [pasta] } });
	const timer = timerPage(page);
	await expect(timer.getByRole('button', { name: 'Cancel' })).toBeVisible();
	await page.evaluate(() => ((window as { kept?: boolean }).kept = true));
	const since = await page.evaluate(() => (window as unknown as { __ovosScreen: { conn: { since: number } } }).__ovosScreen.conn.since);
	// Each GUI connection a screen opens announces itself on it (ovos-gui puts that on the bus).
	const connections = collect(sim, 'mycroft.gui.connected');

	const original = readFileSync(TIMER_FILE, 'utf8');
	writeFileSync(join(dir, ALERTS, 'Timer.js'), original.replace("cancel: 'Cancel'", "cancel: 'Stop now'"));
	const saved = Date.now();
	await expect(timer.getByRole('button', { name: 'Stop now' })).toBeVisible({ timeout: 1000 });
	console.log(`a saved page file was on screen ${Date.now() - saved} ms after it was written`);

	rmSync(join(dir, ALERTS, 'Timer.js'));
	await expect(timer.locator('[data-key="timerName"]')).toHaveText('pasta', { timeout: 1000 });
	writeFileSync(join(dir, ALERTS, 'Timer.js'), original);
	await expect(timer.getByRole('button', { name: 'Cancel' })).toBeVisible({ timeout: 1000 });

	expect(await page.evaluate(() => (window as { kept?: boolean }).kept)).toBe(true);
	expect(await page.evaluate(() => (window as unknown as { __ovosScreen: { conn: { since: number; status: string } } }).__ovosScreen.conn)).toMatchObject({ since, status: 'live' });
	expect(connections).toEqual([]);
	await page.context().close();
});

test('a broken page file shows the generic card on the screen, and /inspect says why', async ({ browser }) => {
	const page = await kiosk(browser);
	const dash = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' })).newPage();
	await dash.goto(`${app.url}/inspect`);
	for (const [skill, b] of Object.entries(BROKEN)) {
		show(sim, skill, ['p'], { title: `Still here: ${skill}`, moisture: '41 %' });
		const shown = page.locator(`.tpl-root[data-namespace="${skill}"]`);
		await expect(shown.locator(`[data-page-file-error="${b.kind}"] [data-generic="fields"]`)).toBeVisible();
		await expect(shown.getByText(`Still here: ${skill}`)).toBeVisible();
		await expect(shown.getByText('41 %')).toBeVisible();
		// The dashboard loads the page file itself to say why: on a loaded machine, give it the time a first load takes.
		await expect(dash.getByTestId('page-file-problem')).toHaveText(new RegExp(`The page file ${skill.replace('.', '\\.')}/p failed, so the generic card is shown: .*`), { timeout: 15_000 });
		await expect(dash.getByTestId('page-file-problem')).toHaveText(b.says);
	}
	await page.screenshot({ path: 'e2e/screenshots/page-files/broken.png' });
	await dash.screenshot({ path: 'e2e/screenshots/page-files/broken-inspect.png' });
	await page.context().close();
	await dash.context().close();
});

test('on a screen fed a recording of a real ovos-gui, a page file gets the recorded data and sends its event as ovos-gui takes it', async ({ browser }) => {
	// The recording's front namespace shows SYSTEM_ImageFrame; a page file of that skill draws it instead.
	const skill = 'ovos-skill-timer.openvoiceos';
	mkdirSync(join(dir, skill), { recursive: true });
	writeFileSync(
		join(dir, skill, 'SYSTEM_ImageFrame.js'),
		`export default class extends HTMLElement {
	set data(d) {
		this.style.cssText = 'display: grid; place-items: center';
		this.textContent = '';
		const b = document.createElement('button');
		b.textContent = d.caption;
		b.onclick = () => this.dispatchEvent(new CustomEvent('ovos-event', { detail: { name: 'snooze', params: { minutes: 5 } }, bubbles: true, composed: true }));
		this.append(b);
	}
}
`
	);
	const frames = readFileSync('tests/fixtures/sync-replay.jsonl', 'utf8').split('\n');
	const received: unknown[] = [];
	const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/gui' });
	wss.on('connection', (ws: WebSocket) => {
		ws.on('message', (raw) => received.push(JSON.parse(String(raw))));
		for (const line of frames) if (line) ws.send(line);
	});
	await new Promise((r) => wss.once('listening', r));
	const port = (wss.address() as { port: number }).port;
	try {
		const page = await kiosk(browser, `/kiosk?host=127.0.0.1&guiPort=${port}`);
		const shown = page.locator(`.tpl-root[data-namespace="${skill}"][data-page="SYSTEM_ImageFrame"]`);
		await shown.getByRole('button', { name: '5 minutes left' }).click();
		await expect.poll(() => received).toContainEqual({ type: 'mycroft.events.triggered', namespace: skill, event_name: 'snooze', parameters: { minutes: 5 } });
		await page.context().close();
	} finally {
		wss.close();
	}
});

test('what a skill sends is data to a page file: markup in it is shown as text and never runs', async ({ browser }) => {
	// The starting file npm run new-page writes, beside the two examples.
	const run = promisify(execFile);
	await run(process.execPath, ['--import', 'tsx', 'src/cli/new-page.ts', 'starter.example', 'status', '--dir', dir]);
	const page = await kiosk(browser);
	const trap = (where: string) => `<img src=x onerror="window.__ran='${where}'"><script>window.__ran='${where}'</script>`;
	const ran = () => page.evaluate(() => (window as { __ran?: string }).__ran ?? null);

	show(sim, ALERTS, ['Timer'], { activeTimers: { timers: [{ ...pasta, timerName: trap('timer') }] } });
	await expect(timerPage(page).getByText(trap('timer'), { exact: true })).toBeVisible();

	show(sim, DATE_TIME, ['time'], { time_string: '12:58', date_string: trap('time') });
	await expect(page.locator(`.tpl-root[data-page="time"][data-namespace="${DATE_TIME}"]`).getByText(trap('time'), { exact: true })).toBeVisible();

	const tapped = collect(sim, 'starter.example.tapped');
	show(sim, 'starter.example', ['status'], { moisture: trap('starter') });
	const starter = page.locator('.tpl-root[data-page="status"][data-namespace="starter.example"]');
	await expect(starter.getByText(trap('starter'), { exact: true })).toBeVisible();
	await starter.getByRole('button', { name: 'Tap' }).click();
	await expect.poll(() => tapped.length).toBe(1);

	expect(await ran()).toBeNull();
	expect(await page.locator('.tpl-root img[src="x"]').count()).toBe(0);
	await page.context().close();
});

test('the page workbench in /inspect draws any page from edited data at a device size and language, lists its events without sending them, and saves a scenario', async ({ browser }) => {
	const dash = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark', acceptDownloads: true })).newPage();
	await dash.goto(`${app.url}/inspect`);
	await expect(dash.getByTestId('status')).toHaveText(/live/, { timeout: 10_000 });
	await dash.getByTestId('workbench-toggle').click();
	const frame = dash.frameLocator('[data-testid="wb-frame"]');

	// A page file, from its sample data, then from data edited here.
	await dash.getByTestId('wb-page').selectOption(`file:${ALERTS}/Timer`);
	await expect(frame.getByRole('button', { name: 'Cancel' })).toHaveCount(2);
	await dash.getByTestId('wb-data').fill(JSON.stringify({ activeTimers: { timers: [pasta] } }));
	await expect(frame.getByText('pasta')).toBeVisible();
	await expect(frame.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
	await dash.getByTestId('wb-data').fill('{"activeTimers": ');
	await expect(dash.getByTestId('wb-data-error')).toContainText('Not drawn');
	await dash.getByTestId('wb-data').fill(JSON.stringify({ activeTimers: { timers: [pasta] } }));

	// Its event is listed here and never reaches the device.
	const heard = collect(sim, `${ALERTS}.ovos.alerts.cancel_timer`);
	await frame.getByRole('button', { name: 'Cancel' }).click();
	await expect(dash.getByTestId('wb-events')).toContainText(`${ALERTS}.ovos.alerts.cancel_timer {"timer":${JSON.stringify(pasta)}}`);
	expect(heard).toEqual([]);

	// Another size and language: the frame is that size, the page in that language.
	await dash.getByTestId('wb-size').selectOption('720x1280');
	await dash.getByTestId('wb-lang').selectOption('de-DE');
	await expect(frame.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
	expect(await dash.getByTestId('wb-frame').evaluate((f: HTMLIFrameElement) => [f.contentWindow?.innerWidth, f.contentWindow?.innerHeight])).toEqual([720, 1280]);
	await dash.screenshot({ path: 'e2e/screenshots/page-files/workbench-file.png' });

	// Saved: the scenario that sets this data and shows this page.
	const download = dash.waitForEvent('download');
	await dash.getByTestId('wb-save').click();
	const saved = await download;
	expect(saved.suggestedFilename()).toBe(`${ALERTS}-Timer.json`);
	expect(JSON.parse(readFileSync(await saved.path(), 'utf8')).steps).toEqual([
		{ set: { skill: ALERTS, data: { activeTimers: { timers: [pasta] } } } },
		{ show: { skill: ALERTS, pages: ['Timer'], idle: true } }
	]);

	// A SYSTEM template and the generic card, in the light theme at 800×480.
	await dash.getByTestId('wb-size').selectOption('800x480');
	await dash.getByTestId('wb-lang').selectOption('en-US');
	await dash.getByTestId('wb-theme').selectOption('light');
	await dash.getByTestId('wb-page').selectOption('system:my-skill.example/SYSTEM_TextFrame');
	await expect(frame.getByText('Sunny, 22 degrees')).toBeVisible();
	await dash.getByTestId('wb-page').selectOption('generic:my-skill.example/status');
	await expect(frame.locator('[data-generic="fields"]').getByText('41 %')).toBeVisible();
	expect(await frame.locator('html').getAttribute('data-theme')).toBe('light');
	await dash.screenshot({ path: 'e2e/screenshots/page-files/workbench-generic.png' });

	// The page on screen now, with its live data.
	show(sim, DATE_TIME, ['time'], { time_string: '09:41', date_string: '07/12/2026' });
	// The choice takes the page's data as it is when picked: once the dashboard has the page.
	await expect(dash.getByTestId('wb-page').locator('option[value="live"]')).toContainText(DATE_TIME);
	await dash.getByTestId('wb-page').selectOption('live');
	await expect(dash.getByTestId('wb-data')).toHaveValue(/"time_string": "09:41"/);
	await expect(frame.locator('.minutes')).toHaveText('41');
	await dash.context().close();
});
