import type { Page } from '@playwright/test';

/**
 * Until the page shows what it will keep showing: its fonts loaded, its pictures loaded (or failed),
 * every animation that ends brought to its end (an entry slide, a pop: nothing in the app waits for
 * one) and the frame after drawn. In place of a fixed wait before a measure or a picture; animations
 * that loop run on.
 */
export async function settled(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await document.fonts.ready;
		// A lazy picture off the screen never loads: not waited for.
		const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
		const loaded = Promise.all(pending.map((img) => new Promise((r) => ['load', 'error'].forEach((e) => img.addEventListener(e, r, { once: true })))));
		await Promise.race([loaded, new Promise((r) => setTimeout(r, 3000))]);
		for (const a of document.getAnimations()) if (Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)) a.finish();
		await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
	});
}
