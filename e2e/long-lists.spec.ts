/**
 * Long lists in Chromium: the longest list the screen keeps lays out a screenful,
 * scrolls to its end by wheel and keyboard, keeps its place while the skill updates the list, and
 * a choice far down still sends its own value. The figures for 100,000 entries on every page are
 * bench:hostile's (bench/long-lists.ts).
 */
import { expect, test } from '@playwright/test';
import { busMessage, MAX_LIST_ROWS } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { LONG_CASES } from '../tests/support/long-lists';
import { collect, live, privateSim, screenUrl, setValues, show } from './support/screen';

let sim: Simulator;
test.beforeAll(async () => {
	sim = await privateSim();
});
test.afterAll(async () => {
	await sim?.stop();
});

const byName = (name: string) => LONG_CASES.find((c) => c.name === name)!;

test('a list of the longest kept length scrolls to its end and keeps its place through an update', async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const c = byName('gui1_list');
	show(sim, c.ns, c.pages(1), c.data(MAX_LIST_ROWS));
	const list = page.locator('ul.item-list');
	// A 280 kB frame on a loaded machine: decoded off the main thread, then the page's chunk is fetched.
	await expect(list.getByText('entry 0', { exact: true })).toBeVisible({ timeout: 30_000 });
	expect(await list.locator('li').count()).toBeLessThan(60);

	// Keyboard: End on the focused list reaches the last entry.
	await list.focus();
	await page.keyboard.press('End');
	await expect(list.getByText(`entry ${MAX_LIST_ROWS - 1}`, { exact: true })).toBeInViewport();
	expect(await list.locator('li').count()).toBeLessThan(60);

	// Halfway, then the wheel: the entry at the middle of the view is the one as far down the list
	// as the view is down the scroller (rows at a steady pitch), shown with its place in the whole
	// list. Which entry that is follows from the rows' height, so it is read from the scroller.
	const top = await list.evaluate((el) => {
		el.scrollTo(0, el.scrollHeight / 2);
		return el.scrollTop;
	});
	await page.mouse.move(400, 300);
	await page.mouse.wheel(0, 300);
	await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(top + 250);
	const at = await list.evaluate((el, n) => Math.round((n * (el.scrollTop + el.clientHeight / 2)) / el.scrollHeight), MAX_LIST_ROWS);
	expect(at).toBeGreaterThan(MAX_LIST_ROWS / 2);
	const mid = list.locator(`li[data-index="${at}"]`);
	await expect(mid).toBeInViewport();
	await expect(mid).toHaveAttribute('aria-posinset', String(at + 1));
	await expect(mid).toHaveText(new RegExp(`entry ${at}(?!\\d)`));
	expect(await list.locator('li').count()).toBeLessThan(60);

	// The skill updates the list: the same place stays in view.
	const before = await list.evaluate((el) => el.scrollTop);
	setValues(sim, c.ns, { items: Array.from({ length: MAX_LIST_ROWS }, (_, i) => ({ title: `entry ${i}`, subtitle: `updated ${i}` })) });
	await expect(mid).toHaveText(new RegExp(`updated ${at}(?!\\d)`));
	await expect(mid).toBeInViewport();
	expect(Math.abs((await list.evaluate((el) => el.scrollTop)) - before)).toBeLessThan(2);
});

test('a choice far down a long select sends its own value', async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const c = byName('gui1_select');
	const sent = collect(sim, `${c.ns}.select.response`);
	show(sim, c.ns, c.pages(1), c.data(MAX_LIST_ROWS));
	const list = page.locator('.select ul');
	await expect(list.getByRole('button', { name: 'choice 0', exact: true })).toBeVisible({ timeout: 30_000 });
	await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
	const last = list.getByRole('button', { name: `choice ${MAX_LIST_ROWS - 1}`, exact: true });
	await expect(last).toBeInViewport();
	await last.click();
	await expect.poll(() => sent.map((m) => m.data.value)).toEqual([MAX_LIST_ROWS - 1]);
	await expect(last).toHaveAttribute('aria-pressed', 'true');
	expect(await list.locator('li').count()).toBeLessThan(80);
});

test('a long grid lays out whole tiles, a screenful of them, down to its end', async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const c = byName('gui1_grid');
	show(sim, c.ns, c.pages(1), c.data(MAX_LIST_ROWS));
	const grid = page.locator('li[data-index]').first().locator('..');
	await expect(page.getByText('tile 0', { exact: true })).toBeVisible({ timeout: 30_000 });
	// A tile is its picture (4:3, the tile's width) and its title, whatever the list's length.
	const tile = async (i: number) => {
		const t = grid.locator(`li[data-index="${i}"]`);
		// Measured once drawn: a tile the list has just (re)placed has no box for a moment.
		await expect(t.locator('.tile-img')).toBeVisible();
		const box = (await t.boundingBox())!;
		const img = (await t.locator('.tile-img').boundingBox())!;
		return { box, img };
	};
	const first = await tile(0);
	expect(first.img.height).toBeGreaterThan(first.box.width * 0.7);
	expect(first.box.height).toBeGreaterThan(first.img.height);
	expect(await grid.locator('li').count()).toBeLessThan(60);
	await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
	const last = grid.locator(`li[data-index="${MAX_LIST_ROWS - 1}"]`);
	await expect(last).toBeInViewport();
	expect((await tile(MAX_LIST_ROWS - 1)).box.height).toBeCloseTo(first.box.height, 0);
	expect(await grid.locator('li').count()).toBeLessThan(60);
});


test("a page's first show is laid out before its renderer's stylesheets are asked for", async ({ page }) => {
	// Vite's preload inserts a chunk's stylesheet links as its import starts: begun while the page's
	// DOM was being built, that took 6-7 ms of a 14 ms first show in Chromium. Each
	// insertion records whether the page's frame was in the document by then (the task after the render).
	await page.addInitScript(() => {
		const w = window as unknown as { __sheets: { href: string; framed: boolean }[] };
		w.__sheets = [];
		const append = Node.prototype.appendChild;
		Node.prototype.appendChild = function <T extends Node>(this: Node, n: T): T {
			if (n instanceof HTMLLinkElement && n.rel === 'stylesheet') w.__sheets.push({ href: n.href, framed: document.querySelector('.tpl-root[data-page="page_0"]') !== null });
			return append.call(this, n) as T;
		};
	});
	// Nothing up from the tests before: this show is the screen's first page.
	for (const n of new Set(LONG_CASES.map((x) => x.ns))) sim.emit(busMessage('gui.clear.namespace', { __from: n }));
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const c = byName('namespace_pages');
	show(sim, c.ns, c.pages(3), c.data(3));
	await expect(page.getByText(c.marker)).toBeVisible({ timeout: 30_000 });
	const sheets = await page.evaluate(() => (window as unknown as { __sheets: { href: string; framed: boolean }[] }).__sheets);
	// The renderer of an unknown page (generic/) brings stylesheets of its own.
	expect(sheets.filter((s) => /GenericPage/.test(s.href))).toHaveLength(1);
	expect(sheets.filter((s) => !s.framed)).toEqual([]);
});

test('the home screen with the longest lists forces no layout while it is built, and still knows a portrait screen', async ({ page }) => {
	// Reads of the home box's size outside a ResizeObserver's report (which comes once the frame has
	// laid the page out) force a layout into the task that builds it.
	await page.addInitScript(() => {
		const w = window as unknown as { __forced: string[] };
		w.__forced = [];
		let reporting = 0;
		const RO = window.ResizeObserver;
		window.ResizeObserver = class extends RO {
			constructor(cb: ResizeObserverCallback) {
				super((entries, o) => {
					reporting++;
					try {
						cb(entries, o);
					} finally {
						reporting--;
					}
				});
			}
		};
		for (const prop of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const) {
			const owner = prop.startsWith('client') ? Element.prototype : HTMLElement.prototype;
			const get = Object.getOwnPropertyDescriptor(owner, prop)!.get!;
			Object.defineProperty(owner, prop, {
				configurable: true,
				get(this: Element) {
					if (!reporting && this.classList.contains('home')) w.__forced.push(prop);
					return get.call(this);
				}
			});
		}
	});
	await page.setViewportSize({ width: 480, height: 800 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const c = byName('home_idle');
	show(sim, c.ns, c.pages(1), c.data(MAX_LIST_ROWS));
	await expect(page.locator('.home.portrait')).toBeVisible({ timeout: 30_000 });
	await expect(page.locator('[data-key="notification_count"]')).toHaveText(String(MAX_LIST_ROWS));
	expect(await page.evaluate(() => (window as unknown as { __forced: string[] }).__forced)).toEqual([]);
});

test("a long list's entries do not inherit the padding that stands in for the entries not laid out", async ({ page }) => {
	// Inherited, each change of it (the first measure, then each move of the window) restyled every
	// element of every entry: 300 elements, 5-6 ms of the OCP list's first frame.
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	for (const [name, text] of [
		['ocp_suggestions', 'song 0'],
		['gui1_grid', 'tile 0'],
		['alerts_timer', 'timer 0']
	] as const) {
		const c = byName(name);
		show(sim, c.ns, c.pages(1), c.data(MAX_LIST_ROWS));
		const entry = page.locator('[data-index="1"]');
		await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
		// Measured: the padding after the entries laid out stands for thousands of entries.
		await expect.poll(() => entry.evaluate((e) => parseFloat(getComputedStyle(e.parentElement!).getPropertyValue('--win-after')) || 0)).toBeGreaterThan(1000);
		const inherited = await entry.evaluate((e) => [e, ...e.querySelectorAll('*')].map((x) => getComputedStyle(x).getPropertyValue('--win-after')).filter((v) => v !== ''));
		expect(inherited, name).toEqual([]);
		sim.emit(busMessage('gui.clear.namespace', { __from: c.ns }));
	}
});
