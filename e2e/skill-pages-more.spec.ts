/**
 * The remaining default-install and popular skill pages as their skills show them
 * through a simulator, on / and /kiosk: wolfie `wolf`, color-picker `single-color`, parrot `parrot`,
 * local-media `Browser`, xkcd `comic` (prev/next back to the skill), the legacy timer skill's `Timer`
 * (its own cancel event), apod's `idle` (not the homescreen), and a page of a skill we do not know,
 * read from its data. One browser page per path; screenshots land in e2e/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import type { JsonObject } from '../src/lib/protocol';
import { assets, collect, live, privateSim, screenUrl, setValues, show, type Assets } from './support/screen';

const XKCD = 'ovos-skill-xkcd.openvoiceos';
const TIMER = 'skill-ovos-timer.openvoiceos';

let sim: Simulator;
let a: Assets;
test.beforeAll(async () => {
	sim = await privateSim();
	a = await assets();
});
test.afterAll(async () => {
	await sim?.stop();
	await a?.close();
});

const shown = (page: Page, name: string, ns: string) => page.locator(`.tpl-root[data-page="${name}"][data-namespace="${ns}"]`);

for (const path of ['/', '/kiosk']) {
	test(`the remaining skill pages show their values and answer on ${path}`, async ({ page }) => {
		test.setTimeout(60_000);
		const tag = path === '/' ? 'remote' : 'kiosk';
		const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/more-${name}-${tag}-800x480.png` });
		await page.goto(screenUrl(sim, path));
		await live(page);

		show(sim, 'ovos-skill-wolfie.openvoiceos', ['wolf'], { wolfram_image: `${a.url}/clock.png` });
		await expect.poll(() => shown(page, 'wolf', 'ovos-skill-wolfie.openvoiceos').locator('img[data-key="wolfram_image"]').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
		await shot('wolf');

		show(sim, 'ovos-skill-color-picker.krisgesling', ['single-color'], { colorName: 'Dark Orange', colorHex: '#FF8C00', colorRGB: 'RGB: 255, 140, 0', textColor: '#000000' });
		const color = shown(page, 'single-color', 'ovos-skill-color-picker.krisgesling');
		await expect(color.getByText('Dark Orange')).toBeVisible();
		expect(await color.locator('[data-generic="color"]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 140, 0)');
		await shot('single-color');

		show(sim, 'ovos-skill-parrot.openvoiceos', ['parrot'], { running: true });
		await expect(shown(page, 'parrot', 'ovos-skill-parrot.openvoiceos').getByText('I repeat everything you say.')).toBeVisible();
		await shot('parrot');

		show(sim, 'ovos-skill-local-media.openvoiceos', ['Browser'], {});
		await expect(shown(page, 'Browser', 'ovos-skill-local-media.openvoiceos').getByRole('heading', { name: 'File Browser' })).toBeVisible();
		await shot('browser');

		const prev = collect(sim, `${XKCD}.skill-xkcd.jarbasskills.prev`);
		const next = collect(sim, `${XKCD}.skill-xkcd.jarbasskills.next`);
		show(sim, XKCD, ['comic.qml'], { imgLink: `${a.url}/clock.png`, title: 'Standards', caption: 'Fortunately, the charging one has been solved now.' });
		const comic = shown(page, 'comic.qml', XKCD);
		await expect(comic.getByRole('heading', { name: 'Standards' })).toBeVisible();
		await shot('comic');
		await comic.getByRole('button', { name: 'Next comic' }).click();
		await comic.getByRole('button', { name: 'Previous comic' }).click();
		await expect.poll(() => [next.length, prev.length]).toEqual([1, 1]);

		const cancels = collect(sim, `${TIMER}.timerskill.gui.stop.timer`);
		const timer = { timerName: 'pasta', timeDelta: '04:13', percentRemaining: 0.4, timerID: 1 };
		show(sim, TIMER, ['Timer.qml'], { activeTimers: { timers: [timer] }, activeTimerCount: 1 });
		await shown(page, 'Timer.qml', TIMER).getByRole('button', { name: 'Cancel pasta' }).click();
		await expect.poll(() => cancels.map((m) => m.data)).toEqual([{ timer }]);

		show(sim, 'ovos-skill-apod.openvoiceos', ['idle.qml'], { imgLink: `${a.url}/clock.png`, title: 'The Andromeda Galaxy', summary: 'M31…' });
		const apod = shown(page, 'idle.qml', 'ovos-skill-apod.openvoiceos');
		await expect(apod.getByRole('heading', { name: 'Astronomy Picture of the Day' })).toBeVisible();
		await expect(apod.getByText('The Andromeda Galaxy')).toBeVisible();
		await shot('apod');

		// A skill we do not know: its data, readably (a list of objects here).
		show(sim, 'skill-ovos-notes.openvoiceos', ['AllNotes'], { allNotesModel: { allNotes: [{ note_text: 'buy milk', note_number: 1 }, { note_text: 'call mum', note_number: 2 }] } });
		const notes = shown(page, 'AllNotes', 'skill-ovos-notes.openvoiceos');
		await expect(notes.locator('[data-generic="list"]').getByText('call mum')).toBeVisible();
		await expect(notes.getByRole('heading', { name: 'All notes' })).toBeVisible();
		await shot('generic-list');
	});
}

/** The finer points of these pages, as the real skills send them, beside ovos-shell's pictures (800×480 kiosk). */
test('polish: the timer figure, DuckDelegate, short lists and the offline mark fill the screen', async ({ page }) => {
	const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/polish-${name}-kiosk-800x480.png` });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const ALERTS = 'ovos-skill-alerts.openvoiceos';

	// The time left as alerts words it: the ring's big figure (ovos-shell 5-minutes-timer.png).
	show(sim, ALERTS, ['Timer'], { activeTimers: { timers: [{ alertId: 'a', timerName: 'five minutes timer', timeDelta: '4 minutes 13 seconds', percentRemaining: 0.84, expired: false }] } });
	const figure = shown(page, 'Timer', ALERTS).locator('[data-key="timeDelta"]');
	await expect(figure).toHaveText('4:13');
	expect(await figure.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(48);
	await shot('timer');

	// A short answer, large; a sent picture out of reach keeps its place.
	show(sim, 'ovos-skill-ddg.openvoiceos', ['DuckDelegate'], { summary: 'Paris is the capital and largest city of France.', imgLink: '/nowhere/paris.png' });
	const ddg = shown(page, 'DuckDelegate', 'ovos-skill-ddg.openvoiceos');
	await expect(ddg.getByText('DuckDuckGo', { exact: true })).toBeVisible();
	expect(await ddg.locator('[data-key="text"]').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(40);
	await shot('ddg');

	// Two to-dos share the page's height instead of two thin rows.
	show(sim, ALERTS, ['ListView'], { header: 'Shopping', items: [{ main: 'milk', secondary: '' }, { main: 'call the plumber', secondary: 'Tomorrow 9:00 AM' }] });
	const list = shown(page, 'ListView', ALERTS);
	await expect(list.locator('li')).toHaveCount(2);
	const rows = await list.locator('li').evaluateAll((els) => els.reduce((sum, el) => sum + el.getBoundingClientRect().height, 0));
	expect(rows).toBeGreaterThan(480 * 0.45);
	await shot('list');

	// The homescreen's first data says offline and no weather came: drawn.
	show(sim, 'ovos-skill-homescreen.openvoiceos', ['idle'], { time_string: '10:16', weekday_string: 'Wednesday', day_string: '28', month_string: 'December', year_string: '2022', dateFormat: 'MDY', system_connectivity: 'offline' });
	await expect(shown(page, 'idle', 'ovos-skill-homescreen.openvoiceos').getByRole('img', { name: 'Offline' })).toBeVisible();
	await shot('home-offline');
});

/** Kitchen use: timers set after one that rings must not push it off screen (800×480 kiosk). */
test('a ringing timer is scrolled into view when it rings, and stays there as more timers are set', async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const ALERTS = 'ovos-skill-alerts.openvoiceos';
	const timer = (i: number, expired = false): JsonObject => ({ alertId: `t${i}`, timerName: `timer ${i}`, timeDelta: expired ? '-5 seconds' : `${i} minutes`, percentRemaining: expired ? 0 : 0.5, expired });
	// Shown once; then the skill refreshes the data, as alerts does every second.
	const timers = (list: JsonObject[]) => setValues(sim, ALERTS, { activeTimers: { timers: list } });
	const strip = shown(page, 'Timer', ALERTS).locator('ul');
	/** Whether the card at `index` is wholly inside the strip's box. */
	const inView = (index: number) =>
		strip.evaluate((ul, i) => {
			const li = ul.querySelector(`li[data-index="${i}"]`);
			if (!li) return false;
			const a = ul.getBoundingClientRect();
			const b = li.getBoundingClientRect();
			return b.left >= a.left - 1 && b.right <= a.right + 1;
		}, index);
	show(sim, ALERTS, ['Timer'], { activeTimers: { timers: [timer(1)] } });
	await expect(strip.locator('li[data-index="0"]')).toBeVisible();
	// Set one by one, each new timer scrolls into view: the first is off screen.
	for (const n of [2, 3, 4]) {
		timers([1, 2, 3, 4].slice(0, n).map((i) => timer(i)));
		await expect(strip.locator(`li[aria-setsize="${n}"]`).first()).toBeAttached();
	}
	await expect.poll(() => inView(3)).toBe(true);
	expect(await inView(0)).toBe(false);
	// The first rings: it comes into view.
	timers([timer(1, true), timer(2), timer(3), timer(4)]);
	await expect.poll(() => inView(0)).toBe(true);
	// Another timer is set while it rings: it stays.
	timers([timer(1, true), timer(2), timer(3), timer(4), timer(5)]);
	await expect(strip.locator('li[aria-setsize="5"]').first()).toBeAttached();
	// A scroll, had one started, moves the strip in the next frames.
	await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
	expect(await inView(0)).toBe(true);
	await page.screenshot({ path: 'e2e/screenshots/timer-ringing-kept-kiosk-800x480.png' });
});

/** The page of a skill we do not know, with little in it, laid out to the screen as ovos-shell's pages are (800×480 kiosk). */
test('a small unknown page (a title and two values) fills the screen instead of its top-left corner', async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 480 });
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	const skill = 'skill-garden.example';
	show(sim, skill, ['status'], { title: 'Garden', moisture: '41 %', next_watering: 'tomorrow 07:00' });
	const card = shown(page, 'status', skill).locator('[data-generic="fields"]');
	await expect(card.getByText('tomorrow 07:00')).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/generic-small-kiosk-800x480.png' });
	// What it says spans most of the screen both ways (before: the top-left third), and the values are large.
	const box = await card.evaluate((el) => {
		const r = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
		for (const e of el.querySelectorAll('h1, .value, dt, dd')) {
			const b = e.getBoundingClientRect();
			const range = document.createRange();
			range.selectNodeContents(e);
			const t = range.getBoundingClientRect();
			r.left = Math.min(r.left, t.left || b.left);
			r.top = Math.min(r.top, b.top);
			r.right = Math.max(r.right, t.right || b.right);
			r.bottom = Math.max(r.bottom, b.bottom);
		}
		return r;
	});
	expect(box.right - box.left).toBeGreaterThan(800 * 0.6);
	expect(box.bottom - box.top).toBeGreaterThan(480 * 0.6);
	expect(await card.locator('[data-data-key="next_watering"] dd').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(40);

	// Portrait: the tiles one under the other, each the screen's width.
	await page.setViewportSize({ width: 720, height: 1280 });
	const tiles = () => card.locator('.tile').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
	await expect.poll(async () => (await tiles()).every((w) => w > 720 * 0.8)).toBe(true);
	await page.screenshot({ path: 'e2e/screenshots/generic-small-kiosk-720x1280.png' });
});
