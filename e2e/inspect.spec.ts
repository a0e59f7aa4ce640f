/**
 * The dashboard against a private simulator: live state and preview, filter, pause, export →
 * import → scrub back to an earlier state, edit & resend, and screenshots with real traffic.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { busMessage, type JsonObject } from '../src/lib/protocol';
import { replayLines } from '../src/lib/screen';
import { toCanonical } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';

let sim: Simulator;

test.beforeEach(async () => {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
});
test.afterEach(async () => {
	await sim.stop();
});

function url(extra = ''): string {
	return `${process.env.APP_URL}/inspect?host=127.0.0.1&guiPort=${sim.guiPort}&busPort=${sim.busPort}${extra}`;
}

/** What a skill's GUIInterface emits for `show_text`. */
function showText(skill: string, text: string, title: string): void {
	sim.emit(busMessage('gui.value.set', { __from: skill, text, title }));
	sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: skill, __idle: true }));
}
function setValue(skill: string, data: JsonObject): void {
	sim.emit(busMessage('gui.value.set', { __from: skill, ...data }));
}

async function live(page: Page): Promise<void> {
	await expect(page.getByTestId('status')).toHaveText(/live/, { timeout: 10_000 });
}

const ns = (page: Page, id: string) => page.locator(`[data-testid="namespace"][data-namespace="${id}"]`);

test('filter, pause, export → import → scrub shows the earlier state', async ({ page }) => {
	await page.goto(url('&handshake=full'));
	await live(page);
	showText('skill-weather.test', 'Sunny, 22 degrees', 'Weather');
	await expect(ns(page, 'skill-weather.test').getByTestId('data-tree')).toContainText('Sunny, 22 degrees');
	await expect(page.getByTestId('preview')).toContainText('Sunny, 22 degrees');
	// The header's frame counts follow the wire (published apart from the connection's state).
	const framesIn = async () => Number(/^(\d+)↓/.exec(await page.getByTestId('frame-counts').innerText())?.[1] ?? NaN);
	const inBefore = await framesIn();
	expect(inBefore).toBeGreaterThan(0);
	setValue('skill-weather.test', { text: 'Rain later' });
	await expect(ns(page, 'skill-weather.test').getByTestId('data-tree')).toContainText('Rain later');
	await expect.poll(framesIn).toBeGreaterThan(inBefore);

	// both sockets, both directions reach the log
	const rows = page.getByTestId('log-row');
	await expect(rows.filter({ hasText: '↓bus' }).first()).toBeVisible();
	await expect(rows.filter({ hasText: '↑' }).first()).toBeVisible();

	// filter: free text, then socket
	const search = page.getByLabel('filter text');
	await search.fill('Rain later');
	await expect(rows).not.toHaveCount(0);
	for (const text of await rows.allInnerTexts()) expect(text).toContain('Rain later');
	await page.getByLabel('bus', { exact: true }).uncheck();
	await expect(rows).toHaveCount(1);
	await expect(rows.first()).toContainText('mycroft.session.set');
	await page.getByRole('button', { name: 'reset' }).click();
	await expect(search).toHaveValue('');

	// pause: frames keep arriving and are counted, not shown
	const before = await rows.count();
	await page.getByRole('button', { name: 'Pause' }).click();
	setValue('skill-weather.test', { text: 'Snow at night' });
	await expect(page.getByRole('button', { name: /Resume \([1-9]\d* new\)/ })).toBeVisible();
	await expect(page.getByTestId('log')).not.toContainText('Snow at night');
	await page.getByRole('button', { name: /Resume/ }).click();
	await expect(page.getByTestId('log')).toContainText('Snow at night');
	expect(await rows.count()).toBeGreaterThan(before);
	await expect(ns(page, 'skill-weather.test').getByTestId('data-tree')).toContainText('Snow at night');

	// export: a replay trace that rebuilds what the server holds
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export', exact: true }).click();
	const file = await (await download).path();
	const text = readFileSync(file, 'utf8');
	const lines = text.split(/\r?\n/);
	expect(toCanonical(replayLines(lines).state)).toBe(sim.canonical({ replayed: false }));

	// import and scrub back to just after the first text arrived
	await page.getByTestId('import').setInputFiles(file);
	await expect(page.getByTestId('scrubber')).toBeVisible();
	const n = lines.findIndex((l) => l.includes('Sunny, 22 degrees')) + 1;
	expect(n).toBeGreaterThan(0);
	await page.getByLabel('line', { exact: true }).fill(String(n));
	await page.getByLabel('line', { exact: true }).press('Enter');
	const tree = ns(page, 'skill-weather.test').getByTestId('data-tree');
	await expect(tree).toContainText('Sunny, 22 degrees');
	await expect(tree).not.toContainText('Snow at night');
	await expect(page.getByTestId('diff')).toContainText('skill-weather.test › data › text');
	expect(replayLines(lines, n).state.namespaces['skill-weather.test']?.data.text).toBe('Sunny, 22 degrees');
	// the log shows the trace, the row of line N marked
	await expect(page.getByTestId('log').locator(`[data-seq="${n}"]`)).toBeVisible();
	// the end of the trace is the latest state again
	await page.getByRole('button', { name: 'last' }).click();
	await expect(tree).toContainText('Snow at night');
	await page.screenshot({ path: 'test-results/inspect/time-travel.png' });
	await page.getByRole('button', { name: 'Back to live' }).click();
	await expect(page.getByTestId('scrubber')).toHaveCount(0);
});

test('edit and resend a row through the validated send form', async ({ page }) => {
	await page.goto(url());
	await live(page);
	showText('skill-a.test', 'Hello', 'A');
	await expect(ns(page, 'skill-a.test')).toBeVisible();
	const seen: JsonObject[] = [];
	sim.on('skill-a.test.refresh', (m) => seen.push(m.data));

	// hostile data is shown as text and breaks nothing
	setValue('skill-a.test', JSON.parse('{"__proto__": {"polluted": true}, "html": "<b>bold</b><img src=x onerror=\\"window.__pwned=1\\">"}'));
	const tree = ns(page, 'skill-a.test').getByTestId('data-tree');
	await expect(tree).toContainText('<b>bold</b><img src=x');
	await expect(tree).toContainText('__proto__');
	await expect(tree.locator('img, b')).toHaveCount(0);
	expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

	await page.getByRole('button', { name: 'Send' }).first().click();
	const box = page.getByLabel('message JSON');
	await box.fill('{"type":"mycroft.events.triggered","namespace":"skill-a.test","event_name":"refresh"}');
	await expect(page.getByRole('alert')).toContainText('parameters');
	await expect(page.locator('form button[type="submit"]')).toBeDisabled();
	await box.fill('{"type":"mycroft.events.triggered","namespace":"skill-a.test","event_name":"refresh","parameters":{"k":1}}');
	await page.locator('form button[type="submit"]').click();
	await expect(page.getByTestId('send-outcome')).toContainText('sent on the GUI socket');
	await expect.poll(() => seen.length).toBe(1);

	// the sent frame is in the log; expand it and resend it edited
	const out = page.getByTestId('log-row').filter({ hasText: '↑gui' }).filter({ hasText: 'refresh' }).first();
	await out.locator('button').first().click();
	await out.getByRole('button', { name: 'edit & resend' }).click();
	await expect(box).toHaveValue(/"k": 1/);
	await box.fill((await box.inputValue()).replace('"k": 1', '"k": 2'));
	await page.locator('form button[type="submit"]').click();
	await expect.poll(() => seen.map((d) => d.k)).toEqual([1, 2]);

	// the bus is not connected in GUI-socket-only mode: said so, nothing sent
	await page.getByLabel('preset').selectOption('utterance');
	await page.locator('form button[type="submit"]').click();
	await expect(page.getByTestId('send-outcome')).toContainText('no core-bus connection');
});

test('screenshots with real traffic', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto(url('&handshake=full'));
	await live(page);
	sim.emit(busMessage('gui.value.set', { __from: 'skill-homescreen.test', time: '10:42', date: 'Monday' }));
	sim.emit(busMessage('gui.page.show', { page_names: ['idle'], index: 0, __from: 'skill-homescreen.test', __idle: true }));
	showText('skill-weather.test', 'Sunny, 22 degrees', 'Weather');
	for (let i = 0; i < 30; i++) setValue('skill-weather.test', { text: `Sunny, ${20 + (i % 5)} degrees`, forecast: [{ day: 'Tue', high: 20 + i }] });
	for (let i = 0; i < 5; i++) sim.emit(busMessage('recognizer_loop:record_begin', {}));
	await page.goto(url('&handshake=full')); // a reconnect shows in the timeline
	await live(page);
	setValue('skill-weather.test', { text: 'Clouds, 18 degrees' });
	await expect(page.getByTestId('preview')).toContainText('Clouds');
	// a frame that does not decode (fed into the client's actor as if the socket had it, as a broken server would send it)
	await page.evaluate(() => {
		const g = globalThis as unknown as { __ovosInspector: { client: { receive(raw: string): void } } };
		g.__ovosInspector.client.receive('{"type": "mycroft.session.set", "namespace": "skill-weather.test"}');
	});
	const bad = page.getByTestId('log-row').filter({ hasText: 'missing "data"' });
	await expect(bad).toHaveCount(1);
	await expect(bad.locator('button').first()).toHaveClass(/text-red-400/);
	// (the header's counters publish with the next real frame; the injection bypassed the socket)
	setValue('skill-weather.test', { text: 'Clouds, 17 degrees' });
	await expect(page.getByTestId('status').locator('..')).toContainText('1 bad');
	// The header's counts read "9↓ 1↑ · 1 bad": Svelte trims a block's leading space, which ran the dot into the arrow.
	await expect(page.getByTestId('frame-counts')).toHaveText(/^\d+↓ \d+↑ · 1 bad$/);
	await page.screenshot({ path: 'test-results/inspect/live-1280.png' });
	await page.getByTestId('log-row').filter({ hasText: 'mycroft.session.set' }).last().locator('button').first().click();
	await page.screenshot({ path: 'test-results/inspect/expanded-1280.png' });
	await page.getByRole('button', { name: 'Connection' }).click();
	await expect(page.getByTestId('connection')).toContainText(/\d+ in · \d+ out · 1 decode error/);
	await page.screenshot({ path: 'test-results/inspect/connection-1280.png' });
	await page.setViewportSize({ width: 800, height: 480 });
	await page.getByRole('button', { name: 'State' }).click();
	await page.screenshot({ path: 'test-results/inspect/live-800.png' });
	await page.getByRole('button', { name: 'Send', exact: true }).click();
	await page.getByLabel('preset').selectOption('show-text');
	await page.screenshot({ path: 'test-results/inspect/send-800.png' });
	await page.getByRole('button', { name: 'Time travel' }).click();
	await page.getByRole('button', { name: 'State after line' }).click();
	await page.getByLabel('line', { exact: true }).fill('3');
	await page.getByLabel('line', { exact: true }).press('Enter');
	await page.screenshot({ path: 'test-results/inspect/time-travel-800.png' });
});

test('big data stays light: a 100,000-row key shows its count and the cap, pages its rows, and the dashboard keeps answering', async ({ page }) => {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(url());
	await live(page);
	const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `row ${i}` }));
	setValue('skill-big.test', { rows, title: 'Big' });
	sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: 'skill-big.test', __idle: true }));
	// Namespaces named like Object.prototype members are plain names.
	showText('constructor', 'named constructor', 'c');
	const tree = ns(page, 'skill-big.test').getByTestId('data-tree');
	// The key shows the length the server sent, and that the screen kept only the first 5,000.
	await expect(tree).toContainText('[100000]');
	await expect(tree.getByTestId('cut')).toContainText('keeps the first 5,000');
	await expect(ns(page, 'constructor').getByTestId('data-tree')).toContainText('named constructor');
	// The dashboard still answers at once: the filter takes text while the data is there.
	await page.getByLabel('filter text').fill('row 99999');
	await expect(page.getByLabel('filter text')).toHaveValue('row 99999');
	await tree.getByRole('button', { name: /rows/ }).click();
	await expect(tree.locator('li[data-key="99"]')).toHaveCount(1);
	await expect(tree.locator('li[data-key="100"]')).toHaveCount(0);
	await expect(tree.getByTestId('show-more')).toContainText('4,900 not shown');
	await expect(tree.getByTestId('cut-rest')).toContainText("95,000 more sent, past the screen's list cap");
	await tree.getByTestId('show-more').click();
	await expect(tree.locator('li[data-key="199"]')).toHaveCount(1);
	setValue('constructor', { text: 'still fine' });
	await expect(ns(page, 'constructor').getByTestId('data-tree')).toContainText('still fine');
	expect(errors).toEqual([]);
});

test('a namespace of 100,000 pages: the screen keeps the first 1,000, says so, and later removes keep the server indices', async ({ page }) => {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(url());
	await live(page);
	const skill = 'skill-pages.test';
	const names = Array.from({ length: 100_000 }, (_, i) => `page_${i}`);
	sim.emit(busMessage('gui.page.show', { page_names: names, index: 0, __from: skill, __idle: true }));
	const card = ns(page, skill);
	const pages = card.getByRole('list', { name: 'pages' });
	await expect(card.getByTestId('pages-cut')).toHaveText('the screen keeps the first 1,000 of the 100,000 pages sent (its page cap); the rest are not kept', { timeout: 30_000 });
	await expect(card.getByTestId('more-pages')).toContainText('900 not shown');
	await expect(pages.locator('li').first()).toContainText('page_0');
	// The server removes its last page (position 99,999, past the kept ones), then its first.
	sim.emit(busMessage('gui.page.delete', { page_names: ['page_99999'], __from: skill }));
	await expect(card.getByTestId('pages-cut')).toContainText('of the 99,999 pages sent');
	sim.emit(busMessage('gui.page.delete', { page_names: ['page_0'], __from: skill }));
	await expect(card.getByTestId('pages-cut')).toContainText('the first 999 of the 99,998 pages sent');
	await expect(pages.locator('li').first()).toContainText(/0\s*page_1\b/);
	// A focus on a page the screen keeps still lands where the server means.
	sim.emit(busMessage('gui.page.show', { page_names: ['page_6'], index: 0, __from: skill, __idle: true }));
	await expect(pages.locator('li', { hasText: '▶' })).toContainText(/5\s*page_6\b/);
	expect(errors).toEqual([]);
});

test('a stack of 1,001 namespaces: the screen keeps the first 1,000, says so, and removes on either side of the cut keep the server indices', async ({ page }) => {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(url());
	await live(page);
	// Each show puts its namespace on top: the server's stack is s1000 … s0, and s0 is past the cut.
	for (let i = 0; i <= 1000; i++) sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: `s${i}`, __idle: true }));
	const cut = page.getByTestId('stack-cut');
	await expect(cut).toHaveText("the screen keeps the first 1,000 of the 1,001 namespaces in the server's stack (its stack cap); the rest are not kept", { timeout: 30_000 });
	await expect(page.locator('[data-testid="namespace"]').first()).toHaveAttribute('data-namespace', 's1000');
	await expect(page.locator('[data-testid="namespace"]')).toHaveCount(100);
	await expect(page.getByTestId('more-namespaces')).toContainText('900 not shown');
	// The top leaves (position 0), then the one past the cut (position 999 by then): each lands where the server means.
	sim.emit(busMessage('gui.clear.namespace', { __from: 's1000' }));
	await expect(cut).toContainText('the first 999 of the 1,000 namespaces');
	await expect(page.locator('[data-testid="namespace"]').first()).toHaveAttribute('data-namespace', 's999');
	sim.emit(busMessage('gui.clear.namespace', { __from: 's0' }));
	await expect(cut).toHaveCount(0);
	await expect(page.getByRole('heading', { name: 'Stack (999)' })).toBeVisible();
	await expect(ns(page, 's1')).toHaveCount(0); // past the first 100 listed
	await page.getByTestId('more-namespaces').click();
	await expect(page.locator('[data-testid="namespace"]')).toHaveCount(200);
	expect(errors).toEqual([]);
});

test('the Connection panel shows the machines: the connection\'s state, its tags, each socket\'s lifecycle, and the steps that moved them', async ({ page }) => {
	await page.goto(url());
	await live(page);
	await page.getByRole('button', { name: 'Connection' }).click();
	await expect(page.getByTestId('machine-state')).toContainText('gui.socket.live');
	await expect(page.getByTestId('machine-tags')).toContainText('live');
	await expect(page.getByTestId('socket-gui-state')).toContainText('connected.live');
	// Why it is offline, not only that it is: the socket closed and its lifecycle went to wait for the port.
	const { busPort, guiPort } = sim;
	await sim.stop();
	await expect(page.getByTestId('machine-state')).toContainText('gui.socket.down', { timeout: 10_000 });
	await expect(page.getByTestId('machine-tags')).toContainText('offline');
	await expect(page.getByTestId('socket-gui-state')).toContainText('down.watch');
	await expect(page.getByTestId('machine-steps')).toContainText('gui.closed → gui.socket.down');
	await expect(page.getByTestId('machine-steps')).toContainText('closed → gui socket: down');
	sim = await startSimulator({ host: '127.0.0.1', busPort, guiPort, skills: false, log: false });
	await expect(page.getByTestId('machine-state')).toContainText('gui.socket.live', { timeout: 15_000 });
	await expect(page.getByTestId('machine-steps')).toContainText('gui socket: connected.opening');
});

test("a frame of 500,000 characters, decoded in the socket's worker, exports as a line that replays to the live state", async ({ page }) => {
	await page.goto(url());
	await live(page);
	showText('skill-big.test', 'small', 'Big');
	const many = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
	setValue('skill-big.test', { huge: 'x'.repeat(500_000), many });
	const tree = ns(page, 'skill-big.test').getByTestId('data-tree');
	await expect(tree).toContainText('{20000}');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export', exact: true }).click();
	const lines = readFileSync(await (await download).path(), 'utf8').split(/\r?\n/);
	const r = replayLines(lines);
	expect(r.errors).toEqual([]);
	expect(Object.keys(r.state.namespaces['skill-big.test']?.data ?? {})).toHaveLength(4);
	expect(toCanonical(r.state)).toBe(sim.canonical({ replayed: false }));
});

test('the data tree: the key after an open object starts right under its last child, and a long string still wraps', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto(url());
	await live(page);
	const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join('  ');
	showText('skill-tree.test', 'hello', 'Tree');
	setValue('skill-tree.test', { obj: { k0: { a: 1, b: 2 }, k1: 'next' }, long: words.slice(0, 230), zz: 'after' });
	const tree = ns(page, 'skill-tree.test').getByTestId('data-tree');
	await expect(tree).toContainText('next');
	await page.waitForTimeout(1500); // the changed rows' flash is over
	await page.screenshot({ path: 'e2e/screenshots/inspect-tree-1280.png' });
	const box = async (sel: string) => (await tree.locator(sel).first().boundingBox())!;
	const b = await box('li[data-key="b"]');
	const k1 = await box('li[data-key="k1"]');
	// one row of text: the next sibling's top is the last child's bottom
	expect(Math.abs(k1.y - (b.y + b.height))).toBeLessThan(2);
	expect(b.height).toBeLessThan(24);
	const obj = await box('li[data-key="obj"]');
	const long = await box('li[data-key="long"]');
	expect(Math.abs(long.y - (obj.y + obj.height))).toBeLessThan(2);
	// the long value wraps inside the panel, and keeps its double spaces
	expect(long.height).toBeGreaterThan(b.height * 1.5);
	expect(await tree.locator('li[data-key="long"]').innerText()).toContain('word1  word2');
});
