/**
 * Every page issue 9 renders fits every screen it meets: at 800×480, 1280×800 and 720×1280, in `/`
 * (above the 44 px strip) and `/kiosk`, no word is cut off or pushed out of the page, no control is
 * smaller than a 44 px touch target and no text is smaller than 14 px (read from across a kitchen).
 * Values are a real day's (one-decimal temperatures, long names): e2e/support/every-page.ts.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Simulator } from '../src/lib/server/simulator';
import { EVERY_PAGE, showCase } from './support/every-page';
import { assets, privateSim, screenUrl, type Assets } from './support/screen';

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

/** What does not fit on the shown page, one line each. */
function audit(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const root = document.querySelector('.tpl-root') as HTMLElement;
		const out: string[] = [];
		const name = (el: Element) => {
			const key = el.getAttribute('data-key') ?? el.getAttribute('aria-label') ?? el.className.toString().split(' ')[0];
			return `<${el.tagName.toLowerCase()} ${key}> "${(el.textContent ?? '').trim().slice(0, 30)}"`;
		};
		const shown = (el: Element) => {
			const st = getComputedStyle(el);
			const r = el.getBoundingClientRect();
			return st.display !== 'none' && st.visibility !== 'hidden' && r.width > 1 && r.height > 1;
		};
		for (const el of root.querySelectorAll('*')) {
			if (!shown(el) || el.closest('.sr-only, svg, iframe')) continue;
			const r = el.getBoundingClientRect();
			const st = getComputedStyle(el);
			if (el.matches('button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="slider"]') && !el.closest('[aria-hidden="true"]')) {
				if (r.width < 43.5 || r.height < 43.5) out.push(`small target ${Math.round(r.width)}×${Math.round(r.height)}: ${name(el)}`);
			}
			const text = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
			if (!text) continue;
			const px = parseFloat(st.fontSize);
			if (px < 13.5) out.push(`small text ${st.fontSize}: ${name(el)}`);
			// Free text (a title, a track, a long name) may end in an ellipsis; a reading, a time, a
			// day or a label (20 characters or fewer) never may. Nothing spills out of its box.
			const free = (el.textContent ?? '').trim().length > 20;
			const cutX = st.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1;
			const cutY = st.overflowY !== 'visible' && st.overflowY !== 'auto' && el.scrollHeight > el.clientHeight + 0.3 * px;
			if (!free && (cutX || cutY)) out.push(`cut: ${name(el)}`);
			// Pushed out of its boxes, up to the page (a scrolling box scrolls: fine; a badge placed
			// over a corner is placed there).
			if (st.position === 'absolute' || st.position === 'fixed') continue;
			for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement) {
				const s = getComputedStyle(a);
				if (s.overflowX === 'auto' || s.overflowY === 'auto' || s.overflowX === 'scroll' || s.overflowY === 'scroll') break;
				const b = a.getBoundingClientRect();
				// A box that lets it show outside (overflow visible): the words spill over its edge.
				const visible = s.overflowX === 'visible' && s.overflowY === 'visible';
				if (free && !visible) break; // clamped free text: its ellipsis
				// Big digits with a tight line height overhang their line a little: not a spill.
				const slack = visible ? Math.max(2, 0.3 * px) : 1;
				if (r.left < b.left - slack || r.right > b.right + slack || r.top < b.top - slack || r.bottom > b.bottom + slack) {
					out.push(`${visible ? 'spills out of' : 'outside'} its box: ${name(el)} in ${name(a)}`);
					break;
				}
			}
		}
		return out;
	});
}

const SIZES = [
	{ width: 800, height: 480 },
	{ width: 1280, height: 800 },
	{ width: 720, height: 1280 }
];

// The widest clock a day shows, pinned so the test does not depend on the hour it runs at: a
// two-digit hour with the period in 12-hour locales ("10:58 PM"), and in 24-hour ones ("22:58");
// the longest weekday and month beside it.
const WIDEST_TIME = new Date('2026-09-30T22:58:00Z');
const CLOCK_PAGES = new Set(['SYSTEM_clock', 'SYSTEM_idle']);

async function misfits(browser: Browser, size: { width: number; height: number }, path: string, locale: string, cases: typeof EVERY_PAGE): Promise<string[]> {
	const context = await browser.newContext({ viewport: size, colorScheme: 'dark', locale, timezoneId: 'UTC' });
	await context.clock.setFixedTime(WIDEST_TIME);
	const page = await context.newPage();
	await page.goto(screenUrl(sim, path));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	const found: string[] = [];
	for (const c of cases) {
		showCase(sim, c, files.url);
		await expect(page.locator(`.tpl-root[data-page="${c.page}"][data-namespace="${c.ns}"]`)).toBeVisible();
		await expect(page.locator('.tpl-root > *').first()).toBeVisible();
		if (CLOCK_PAGES.has(c.page)) await expect(page.locator('.tpl-root time').first()).toHaveAttribute('aria-label', locale === 'en-US' ? '10:58 PM' : '22:58');
		await page.waitForTimeout(250);
		for (const line of await audit(page)) found.push(`${c.name} (${locale}): ${line}`);
	}
	await context.close();
	return found;
}

for (const size of SIZES) {
	for (const path of ['/', '/kiosk']) {
		test(`every page fits ${size.width}×${size.height} on ${path}`, async ({ browser }) => {
			test.setTimeout(90_000);
			const found = await misfits(browser, size, path, 'en-US', EVERY_PAGE);
			found.push(...(await misfits(browser, size, path, 'en-GB', EVERY_PAGE.filter((c) => CLOCK_PAGES.has(c.page)))));
			expect(found).toEqual([]);
		});
	}
}
