/**
 * The smaller first-run findings, each as a person meets it: an unknown address, an
 * invalid /regex/ in the inspector's filter and its placeholder at 800 px, the chat after a resize,
 * and the Chat button and speaking cue over a page's own controls.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import { APP_URL, assets, privateSim, screenUrl, show, status, type Assets } from './support/screen';

test('an unknown address gets a 404 page in the app\'s style with links to its pages', async ({ page }) => {
	const res = await page.goto(`${APP_URL()}/no/such/page`);
	expect(res?.status()).toBe(404);
	await expect(page.getByRole('heading', { name: 'No such page' })).toBeVisible();
	await expect(page.getByText('/no/such/page')).toBeVisible();
	const nav = page.getByRole('navigation', { name: 'ovos-screen pages' });
	for (const [name, href] of [
		['Screen', '/'],
		['Kiosk', '/kiosk'],
		['Chat', '/chat'],
		['Inspector', '/inspect']
	] as const) {
		await expect(nav.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toHaveAttribute('href', href);
	}
	await page.screenshot({ path: 'e2e/screenshots/not-found-800x480.png' });
	await nav.getByRole('link', { name: /^Chat\b/ }).click();
	await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('the inspector says when the filter\'s /regex/ is not valid, and its placeholder fits at 800 px', async ({ page }) => {
	await page.goto(`${APP_URL()}/inspect`);
	const filter = page.getByRole('searchbox', { name: 'filter text' });
	await expect(filter).toBeVisible();
	// The whole placeholder shows: the text's width fits in the box's content width.
	const fit = await filter.evaluate((el: HTMLInputElement) => {
		const cs = getComputedStyle(el);
		const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
		ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
		const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
		return { text: ctx.measureText(el.placeholder).width, room };
	});
	expect(fit.text).toBeLessThanOrEqual(fit.room);
	await filter.fill('/gui\\.(value/');
	await expect(page.getByRole('alert')).toContainText('not a valid regular expression');
	await expect(filter).toHaveAttribute('aria-invalid', 'true');
	await page.screenshot({ path: 'e2e/screenshots/inspect-bad-regex-800x480.png' });
	await filter.fill('/gui\\.value/');
	await expect(page.getByRole('alert')).toHaveCount(0);
	await expect(filter).toHaveAttribute('aria-invalid', 'false');
});

test('the chat keeps the newest message in view when the window gets smaller', async ({ page }) => {
	await page.goto(`${APP_URL()}/chat`);
	await page.evaluate(() => localStorage.clear());
	await page.reload();
	const input = page.getByRole('textbox', { name: 'Message' });
	const replies = page.locator('li[data-role="assistant"]');
	for (let i = 1; i <= 3; i++) {
		await input.fill('hello');
		await input.press('Enter');
		await expect(replies).toHaveCount(i);
		await expect(replies.last()).toHaveAttribute('data-state', 'answered');
	}
	await expect(replies.last()).toBeInViewport();
	// An on-screen keyboard takes the lower half.
	await page.setViewportSize({ width: 800, height: 240 });
	await expect(replies.last()).toBeInViewport({ ratio: 0.9 });
	await page.setViewportSize({ width: 480, height: 800 });
	await expect(replies.last()).toBeInViewport({ ratio: 0.9 });
});

test.describe('the Chat button and the speaking cue cover no content', () => {
	let sim: Simulator;
	let files: Assets;
	test.beforeAll(async () => {
		sim = await privateSim();
		files = await assets();
	});
	test.afterAll(async () => {
		await sim?.stop();
		await files?.close();
	});

	async function overlaps(page: Page, content: Locator): Promise<string[]> {
		const box = await content.boundingBox();
		expect(box).not.toBeNull();
		const hits: string[] = [];
		for (const [name, overlay] of [
			['Chat button', page.getByRole('button', { name: 'Chat', exact: true })],
			['speaking cue', page.locator('[data-cue="speaking"]')]
		] as const) {
			const o = await overlay.boundingBox();
			if (!o || !box) continue;
			if (o.x < box.x + box.width && box.x < o.x + o.width && o.y < box.y + box.height && box.y < o.y + o.height) hits.push(name);
		}
		return hits;
	}

	test('on / the cue sits beside the Chat button, however long its label ("Conversa" once covered the ✓)', async ({ page }) => {
		for (const lang of ['en', 'de', 'pt']) {
			await page.goto(screenUrl(sim, '/', `&lang=${lang}`));
			await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
			status(sim, 'recognizer_loop:audio_output_start');
			const cue = page.locator('[data-docked="true"]');
			await expect(cue.locator('[data-cue="speaking"]')).toBeVisible();
			const button = page.locator('button[aria-controls="chat-slide-over"]');
			await expect(button).toBeVisible();
			const [c, b] = [await cue.boundingBox(), await button.boundingBox()];
			expect(c && b && c.x + c.width <= b.x, `${lang}: the cue ends at ${c && c.x + c.width}, the button starts at ${b?.x}`).toBe(true);
			status(sim, 'recognizer_loop:audio_output_end');
		}
	});

	test('on / : an image\'s caption bar and the URL page\'s "Open in a tab"', async ({ page }) => {
		await page.goto(screenUrl(sim, '/'));
		show(sim, 'skill-timer.test', ['SYSTEM_ImageFrame'], { image: `${files.url}/clock.png`, title: 'Kitchen timer', caption: '5 minutes left with a long caption' });
		const caption = page.getByText('5 minutes left with a long caption');
		await expect(caption).toBeVisible();
		status(sim, 'recognizer_loop:audio_output_start');
		await expect(page.locator('[data-cue="speaking"]')).toBeVisible();
		await page.screenshot({ path: 'e2e/screenshots/dock-image-caption-800x480.png' });
		expect(await overlaps(page, caption)).toEqual([]);
		show(sim, 'skill-web.test', ['SYSTEM_UrlFrame'], { url: `${files.url}/page.html` });
		const open = page.getByRole('link', { name: /Open in a tab/ });
		await expect(open).toBeVisible();
		await page.screenshot({ path: 'e2e/screenshots/dock-url-800x480.png' });
		expect(await overlaps(page, open)).toEqual([]);
		status(sim, 'recognizer_loop:audio_output_end');
	});
});
