/**
 * A swipe works over every page. A mouse drag over an image used to start the
 * browser's own image drag (dragstart, then pointercancel) and the page stayed; over HTML and URL
 * pages (frames) the page gets no pointer events at all, so those pages are swiped from edge zones.
 * The page dots stay readable over a caption.
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
