/**
 * A swipe works over every page. A mouse drag over an image used to start the
 * browser's own image drag (dragstart, then pointercancel) and the page stayed; over HTML and URL
 * pages (frames) the page gets no pointer events at all, so those pages are swiped from edge zones.
 * The page dots stay readable over a caption. By touch, a horizontal swipe over a page's scroll box
 * (a text page's text) used to be taken by the browser as a pan (pointercancel) and the page stayed;
 * the box still scrolls vertically by touch.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import { assets, privateSim, screenUrl, show, type Assets } from './support/screen';

const SKILL = 'skill-swipe.test';
let sim: Simulator;
let files: Assets;
test.beforeEach(async () => {
	sim = await privateSim();
	files = await assets();
});
test.afterEach(async () => {
	await sim.stop();
	await files.close();
});

async function drag(page: Page, from: number, to: number, y = 240): Promise<void> {
	await page.mouse.move(from, y);
	await page.mouse.down();
	for (let i = 1; i <= 10; i++) await page.mouse.move(from + ((to - from) * i) / 10, y);
	await page.mouse.up();
}

/** A finger drag, as a touch screen sends it (Playwright's touchscreen only taps). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
	const cdp = await page.context().newCDPSession(page);
	const at = (i: number) => [{ x: from.x + ((to.x - from.x) * i) / 10, y: from.y + ((to.y - from.y) * i) / 10 }];
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
	for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
	await cdp.detach();
}

const shown = (page: Page) => page.locator('.stack').getAttribute('data-shown');

test('a mouse drag over an image turns the page, and the dots stay readable over its caption', async ({ page }) => {
	await page.goto(screenUrl(sim, '/kiosk'));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	show(sim, SKILL, ['SYSTEM_ImageFrame', 'SYSTEM_ImageFrame'], { image: `${files.url}/clock.png`, caption: 'A long caption under the picture', fill: 'PreserveAspectCrop' });
	await expect(page.locator('img').first()).toBeVisible();
	let dragstarts = 0;
	await page.exposeFunction('__dragstart', () => dragstarts++);
	await page.evaluate(() => document.addEventListener('dragstart', () => (window as unknown as { __dragstart(): void }).__dragstart(), true));
	await drag(page, 600, 150);
	await expect.poll(() => shown(page)).toBe('1');
	expect(dragstarts).toBeLessThanOrEqual(1); // the browser may start one; it is refused
	// The dots sit on their own dark pill, on top of the caption bar.
	const dots = page.getByRole('navigation', { name: 'Pages' });
	const bg = await dots.evaluate((e) => getComputedStyle(e).backgroundColor);
	expect(Number(/rgba?\([^)]*,\s*([\d.]+)\)$/.exec(bg)?.[1] ?? 1)).toBeGreaterThanOrEqual(0.5);
	const dot = dots.getByRole('button', { name: 'Page 2 of 2' });
	const box = (await dot.boundingBox())!;
	const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('aria-label'), [box.x + box.width / 2, box.y + box.height / 2]);
	expect(hit).toBe('Page 2 of 2');
	// And the caption's words stay clear of them.
	const overlap = await page.evaluate(() => {
		const p = [...document.querySelectorAll('p')].find((e) => e.textContent?.includes('A long caption'))!;
		const range = document.createRange();
		range.selectNodeContents(p);
		const text = range.getBoundingClientRect();
		const dots = document.querySelector('nav[aria-label="Pages"]')!.getBoundingClientRect();
		return text.bottom > dots.top && text.left < dots.right && text.right > dots.left;
	});
	expect(overlap).toBe(false);
	await page.screenshot({ path: 'e2e/screenshots/kiosk-image-dots-800x480.png' });
});

test('HTML and URL pages (frames) are swiped from the edge zones', async ({ page }) => {
	await page.goto(screenUrl(sim, '/kiosk'));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	show(sim, SKILL, ['SYSTEM_HtmlFrame', 'SYSTEM_UrlFrame'], { html: '<h1 style="font-size:60px">Framed card</h1>', url: `${files.url}/page.html` });
	await expect(page.frameLocator('iframe').first().frameLocator('iframe').getByText('Framed card')).toBeVisible();
	// Over the frame itself the drag belongs to the frame's page, as it should.
	await drag(page, 500, 100);
	await page.waitForTimeout(300);
	expect(await shown(page)).toBe('0');
	await drag(page, 790, 300);
	await expect.poll(() => shown(page)).toBe('1');
	await expect(page.frameLocator('iframe').first().getByText('A page from a skill')).toBeVisible();
	await drag(page, 5, 500);
	await expect.poll(() => shown(page)).toBe('0');
});

test.describe('by touch', () => {
	test.use({ hasTouch: true });
	const TEXT = 'SYSTEM_TextFrame';

	for (const [path, size] of [['/', { width: 390, height: 844 }], ['/kiosk', { width: 800, height: 480 }]] as const) {
		test(`a text page turns with a swipe from the middle of its text (${path} at ${size.width}x${size.height})`, async ({ page }) => {
			await page.setViewportSize(size);
			await page.goto(screenUrl(sim, path));
			await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
			show(sim, SKILL, [TEXT, TEXT, TEXT], { title: 'A tour', text: 'Swipe left for more' });
			const text = page.locator('[data-key="text"]');
			await expect(text).toBeVisible();
			const box = (await text.boundingBox())!;
			const y = box.y + box.height / 2;
			await touchDrag(page, { x: size.width * 0.85, y }, { x: size.width * 0.1, y });
			await expect.poll(() => shown(page)).toBe('1');
			await touchDrag(page, { x: size.width * 0.1, y }, { x: size.width * 0.85, y });
			await expect.poll(() => shown(page)).toBe('0');
		});
	}

	test('a long text still scrolls vertically by touch, and the page stays', async ({ page }) => {
		await page.goto(screenUrl(sim, '/kiosk'));
		await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
		const long = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of a long text`).join('\n');
		show(sim, SKILL, [TEXT, TEXT], { text: long });
		const text = page.locator('[data-key="text"]');
		await expect(text).toBeVisible();
		const scroller = page.locator('.fit-box').filter({ has: text });
		expect(await scroller.evaluate((e) => e.scrollHeight > e.clientHeight * 2)).toBe(true);
		const box = (await scroller.boundingBox())!;
		const x = box.x + box.width / 2;
		await touchDrag(page, { x, y: box.y + box.height * 0.8 }, { x, y: box.y + box.height * 0.2 });
		await expect.poll(() => scroller.evaluate((e) => e.scrollTop)).toBeGreaterThan(box.height * 0.3);
		expect(await shown(page)).toBe('0');
	});
});
