/**
 * The remote screen `/` against a private simulator: swipe and keys report the page to the server
 * (checked on the simulated bus), server focus is never echoed, touches keep pages alive, back,
 * side-by-side pages, the voice cue, the input box, and a reconnect after the server restarts.
 */
import { expect, test, type Page } from '@playwright/test';
import { busMessage, type BusMessage } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { collect, privateSim, screenUrl, show, status } from './support/screen';

const SKILL = 'skill-pages.test';
const TWO = ['SYSTEM_TextFrame', 'SYSTEM_Loading'];
const DATA = { text: 'Page zero text', title: 'Two pages', label: 'Page one label' };

let sim: Simulator;
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

async function open(page: Page, extra = ''): Promise<void> {
	await page.goto(screenUrl(sim, '/', extra));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
}

const shown = (page: Page) => page.locator('[aria-roledescription="pages"]');

async function swipe(page: Page, fromX: number, toX: number): Promise<void> {
	await page.mouse.move(fromX, 240);
	await page.mouse.down();
	for (let i = 1; i <= 8; i++) await page.mouse.move(fromX + ((toX - fromX) * i) / 8, 240 + i);
	await page.mouse.up();
}

test('a swipe shows the next page, then reports it with page_gained_focus', async ({ page }) => {
	const focus = collect(sim, 'gui.page_gained_focus');
	await open(page);
	show(sim, SKILL, TWO, DATA);
	await expect(page.getByText('Page zero text')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Page 1 of 2' })).toHaveAttribute('aria-current', 'page');

	await swipe(page, 650, 150);
	await expect(shown(page)).toHaveAttribute('data-shown', '1');
	await expect(page.getByRole('heading', { name: 'Page one label' })).toBeVisible();
	await expect.poll(() => focus.map((m) => m.data)).toEqual([{ namespace: SKILL, page_number: 1, skill_id: SKILL }]);
	await expect.poll(() => JSON.parse(sim.canonical()).namespaces[SKILL]?.currentPage ?? JSON.parse(sim.canonical())).toBe(1);

	await swipe(page, 150, 650);
	await expect(shown(page)).toHaveAttribute('data-shown', '0');
	await expect.poll(() => focus.map((m) => m.data.page_number)).toEqual([1, 0]);
});

test('a swipe past the last page stays put and sends nothing', async ({ page }) => {
	const focus = collect(sim, 'gui.page_gained_focus');
	await open(page);
	show(sim, SKILL, TWO, DATA, 1);
	await expect(shown(page)).toHaveAttribute('data-shown', '1');
	await swipe(page, 650, 150);
	await page.waitForTimeout(400);
	await expect(shown(page)).toHaveAttribute('data-shown', '1');
	expect(focus).toEqual([]);
});

test('arrow keys move between pages and report each move', async ({ page }) => {
	const focus = collect(sim, 'gui.page_gained_focus');
	await open(page);
	show(sim, SKILL, TWO, DATA);
	await expect(page.getByText('Page zero text')).toBeVisible();
	await page.keyboard.press('ArrowRight');
	await expect(shown(page)).toHaveAttribute('data-shown', '1');
	await page.keyboard.press('ArrowLeft');
	await expect(shown(page)).toHaveAttribute('data-shown', '0');
	await expect.poll(() => focus.map((m) => m.data.page_number)).toEqual([1, 0]);
});

test('a server focus moves the view and is never answered', async ({ page }) => {
	const focus = collect(sim, 'gui.page_gained_focus');
	await open(page);
	show(sim, SKILL, TWO, DATA);
	await expect(shown(page)).toHaveAttribute('data-shown', '0');
	// The skill re-shows its second page: the server sends page_gained_focus 1.
	sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_Loading'], index: 0, __from: SKILL, __idle: true }));
	await expect(shown(page)).toHaveAttribute('data-shown', '1');
	await page.waitForTimeout(500);
	expect(focus).toEqual([]);
});

test('a page without a template keeps its index (later pages are not shifted)', async ({ page }) => {
	await open(page);
	show(sim, SKILL, ['SYSTEM_TextFrame', 'skill_own_page', 'SYSTEM_Loading'], DATA, 2);
	await expect(page.getByRole('heading', { name: 'Page one label' })).toBeVisible();
	await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button')).toHaveCount(3);
	await page.keyboard.press('ArrowLeft');
	// Shown from the namespace's data (its title and strings), as any page we have no renderer for.
	await expect(page.locator('.tpl-root[data-page="skill_own_page"] [data-generic="fields"]')).toBeVisible();
});

test('touches send system.gui.user.interaction, throttled', async ({ page }) => {
	const touches = collect(sim, 'gui.page_interaction');
	await open(page);
	show(sim, SKILL, TWO, DATA);
	await expect(page.getByText('Page zero text')).toBeVisible();
	await page.mouse.click(400, 300);
	await page.mouse.click(420, 300);
	await page.mouse.click(440, 300);
	await expect.poll(() => touches.length).toBe(1);
	expect(touches[0]?.data).toMatchObject({ skill_id: SKILL });
	await page.waitForTimeout(2100);
	await page.keyboard.press('Shift');
	await expect.poll(() => touches.length).toBe(2);
});

test('back: previous page, then on page 0 a global back only over the core bus', async ({ page }) => {
	const closes = collect(sim, 'mycroft.gui.screen.close');
	await open(page);
	show(sim, SKILL, TWO, DATA, 1);
	await expect(shown(page)).toHaveAttribute('data-shown', '1');
	await page.keyboard.press('Escape');
	await expect(shown(page)).toHaveAttribute('data-shown', '0');
	// GUI socket only: there is no bus to ask, and the screen says so.
	await page.keyboard.press('Escape');
	await expect(page.getByRole('status').filter({ hasText: 'needs the core bus' })).toBeVisible();
	expect(closes).toEqual([]);
});

test('back from page 0 with the full handshake sends mycroft.gui.screen.close', async ({ page }) => {
	const closes: BusMessage[] = collect(sim, 'mycroft.gui.screen.close');
	await open(page, '&handshake=full');
	show(sim, SKILL, TWO, DATA);
	await expect(page.getByText('Page zero text')).toBeVisible();
	await page.mouse.move(300, 200);
	await page.getByRole('button', { name: 'Back' }).click();
	await expect.poll(() => closes.length).toBe(1);
});

test('wide screens show skill pages side by side; templates still fill the width', async ({ page }) => {
	await page.setViewportSize({ width: 1700, height: 700 });
	await open(page);
	show(sim, SKILL, ['list_page', 'detail_page'], { city: 'Porto' });
	await expect(page.locator('.side')).toHaveCount(2);
	await expect(page.locator('.side.current')).toHaveCount(1);
	await page.screenshot({ path: 'e2e/screenshots/side-by-side-light-1700x700.png' });
	show(sim, 'skill-text.test', ['SYSTEM_TextFrame'], { text: 'Full width' });
	await expect(page.getByText('Full width')).toBeVisible();
	await expect(page.locator('.side')).toHaveCount(0);
});

test('the voice cue follows the forwarded system events', async ({ page }) => {
	await open(page);
	status(sim, 'recognizer_loop:wakeword');
	await expect(page.locator('[data-cue="listening"]')).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/listening-light-800x480.png' });
	status(sim, 'recognizer_loop:record_end');
	await expect(page.locator('[data-cue="listening"]')).toHaveCount(0);
	await expect(page.locator('[data-cue="thinking"]')).toBeVisible();
	status(sim, 'recognizer_loop:audio_output_start');
	await expect(page.locator('[data-cue="speaking"]')).toBeVisible();
	status(sim, 'speak', { utterance: 'hi' });
	status(sim, 'recognizer_loop:audio_output_end');
	await expect(page.locator('[data-cue="speaking"]')).toHaveCount(0);
	await expect(page.locator('[data-cue="ok"]')).toBeVisible();
});

test('the input box sends the typed text to the handler skill', async ({ page }) => {
	const replies = collect(sim, 'skill-timer.test.input.box.response');
	const closes = collect(sim, 'skill-timer.test.input.box.close');
	await open(page);
	show(sim, SKILL, ['SYSTEM_InputBox'], { title: 'Name it', placeholder: 'name', skill_id_handler: 'skill-timer.test' });
	await page.getByPlaceholder('name').fill('pasta');
	await page.keyboard.press('Enter');
	await expect.poll(() => replies.map((m) => m.data)).toEqual([{ text: 'pasta' }]);
	await page.getByRole('button', { name: 'Exit' }).click();
	await expect.poll(() => closes.length).toBe(1);
});

test('after the server restarts the screen shows the replayed state, without duplicates', async ({ page }) => {
	const ports = { busPort: sim.busPort, guiPort: sim.guiPort };
	await open(page);
	show(sim, 'skill-old.test', ['SYSTEM_TextFrame'], { text: 'Before the restart' });
	await expect(page.getByText('Before the restart')).toBeVisible();

	await sim.stop();
	// Offline: the last page stays, with a banner over it.
	await expect(page.locator('[data-conn="offline"]').first()).toBeAttached();
	await expect(page.getByText('Before the restart')).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: 'Offline since' })).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/offline-banner-light-800x480.png' });
	// On a phone the whole line is there, in two if need be.
	await page.setViewportSize({ width: 390, height: 844 });
	const banner = page.getByRole('status').filter({ hasText: 'Offline since' });
	expect(await banner.evaluate((el) => [el.scrollWidth <= el.clientWidth + 1, el.getBoundingClientRect().right <= innerWidth])).toEqual([true, true]);
	await page.screenshot({ path: 'e2e/screenshots/offline-banner-light-390x844.png' });
	await page.setViewportSize({ width: 800, height: 480 });

	// The new server has state before the screen is back: it arrives by the replay.
	sim = await privateSim(ports);
	show(sim, SKILL, TWO, DATA);
	await expect(page.getByText('Page zero text')).toBeVisible({ timeout: 15_000 });
	await expect(page.getByText('Before the restart')).toHaveCount(0);
	await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button')).toHaveCount(2);
	await expect(page.locator('.tpl-root')).toHaveCount(1);
	await expect(page.locator('[data-conn="live"]').first()).toBeAttached();
});

test('a Loading page left on screen costs next to no main-thread time', async ({ page }) => {
	await open(page);
	show(sim, SKILL, ['SYSTEM_Loading'], { label: 'Loading…' });
	await expect(page.getByRole('heading', { name: 'Loading…' })).toBeVisible();
	await page.waitForTimeout(500);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Performance.enable');
	const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
	const before = await busy();
	await page.waitForTimeout(3000);
	const share = ((await busy()) - before) / 3;
	console.log(`main thread busy while Loading is shown: ${(share * 100).toFixed(2)} %`);
	// Qt: ~1.5 cores. Here the spinner is an animated image the compositor draws; the main thread stays idle.
	expect(share).toBeLessThan(0.05);
	await expect(page.locator('.spinner .turning')).toBeVisible();
	await expect(page.locator('.spinner .still')).toBeHidden();
});

test('reduced motion: no spinner, glow or slide animations', async ({ page }) => {
	await page.emulateMedia({ reducedMotion: 'reduce' });
	await open(page);
	show(sim, SKILL, ['SYSTEM_Loading'], { label: 'Loading…' });
	// The turning arc is an animated image, which reduced motion does not stop: a still arc instead.
	await expect(page.locator('.spinner .still')).toBeVisible();
	await expect(page.locator('.spinner .turning')).toBeHidden();
	status(sim, 'recognizer_loop:wakeword');
	await expect(page.locator('[data-cue="listening"]')).toBeVisible();
	expect(await page.locator('[data-cue="listening"]').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('two quick moves end on the second page; the echoes do not pull the view back', async ({ page }) => {
	const focus = collect(sim, 'gui.page_gained_focus');
	await open(page);
	show(sim, SKILL, ['SYSTEM_TextFrame', 'SYSTEM_Loading', 'SYSTEM_Status'], { ...DATA, status: 'Enabled' });
	await expect(shown(page)).toHaveAttribute('data-shown', '0');
	// Record every index the view shows from here on.
	await page.evaluate(() => {
		const w = window as unknown as { __seen: string[] };
		w.__seen = [];
		const el = document.querySelector('[aria-roledescription="pages"]')!;
		new MutationObserver(() => w.__seen.push(el.getAttribute('data-shown') ?? '')).observe(el, { attributes: true, attributeFilter: ['data-shown'] });
	});
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowRight');
	await expect.poll(() => focus.map((m) => m.data.page_number)).toEqual([1, 2]);
	await page.waitForTimeout(300);
	await expect(shown(page)).toHaveAttribute('data-shown', '2');
	expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual(['1', '2']);
});
