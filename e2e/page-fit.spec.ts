/**
 * Every skill and OVOS-GUI-1 page fits every screen it meets: at 800×480, 1280×800 and 720×1280, in `/`
 * (above the 44 px strip) and `/kiosk`, no word is cut off or pushed out of the page, no control is
 * smaller than a 44 px touch target and no text is smaller than 14 px (read from across a kitchen).
 * Values are a real day's (one-decimal temperatures, long names): e2e/support/every-page.ts.
 * German (the longest words: "STÜNDLICH", "Niederschlag", "Mittwoch") and Portuguese
 * ("quarta-feira, 30 de setembro") at the two tightest sizes, with what a skill sends in that
 * language; and the screen's own words (the strip on /, the kiosk's shade, the offline marks,
 * /settings) in both. /inspect at 800×480 in all three: nothing of its chrome cut (a drop-down's
 * "qualquer namespace" too), and its preview of a page with no text or control over another.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../simulator';
import { EVERY_PAGE, inLanguage, showCase } from './support/every-page';
import { clockPng } from './support/png';
import { type App, APP_URL, type Assets, assets, privateSim, pullShade, SCREEN_SIZES, screenUrl, show, startApp } from './support/screen';
import { settled } from './support/settle';

// The longest file: its tests stand alone, so both workers may take them.
test.describe.configure({ mode: 'parallel' });

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

/** What does not fit on the shown page (or in `rootCss`, leaving out `skipCss`), one line each. */
function audit(page: Page, rootCss = '.tpl-root', skipCss = '', touch = true): Promise<string[]> {
	return page.evaluate(([rootCss, skipCss, touch]) => {
		const root = document.querySelector(rootCss) as HTMLElement;
		const out: string[] = [];
		const name = (el: Element) => {
			const key = el.getAttribute('data-key') ?? el.getAttribute('aria-label') ?? el.className.toString().split(' ')[0];
			return `<${el.tagName.toLowerCase()} ${key}> "${(el.textContent ?? '').trim().slice(0, 30)}"`;
		};
		const shown = (el: Element) => {
			const st = getComputedStyle(el);
			const r = el.getBoundingClientRect();
			// checkVisibility: not inside a closed <details> (laid out, never drawn).
			return st.display !== 'none' && st.visibility !== 'hidden' && r.width > 1 && r.height > 1 && el.checkVisibility();
		};
		for (const el of root.querySelectorAll('*')) {
			if (!shown(el) || el.closest('.sr-only, svg, iframe') || (skipCss && el.closest(skipCss))) continue;
			const r = el.getBoundingClientRect();
			const st = getComputedStyle(el);
			if (touch && el.matches('button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="slider"]') && !el.closest('[aria-hidden="true"]')) {
				if (r.width < 43.5 || r.height < 43.5) out.push(`small target ${Math.round(r.width)}×${Math.round(r.height)}: ${name(el)}`);
			}
			const text = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');
			if (!text) continue;
			const px = parseFloat(st.fontSize);
			if (touch && px < 13.5) out.push(`small text ${st.fontSize}: ${name(el)}`);
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
				if (s.display === 'contents') continue; // no box of its own
				if (a === document.body) break; // the document scrolls
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
	}, [rootCss, skipCss, touch] as const);
}

/**
 * Words split across two lines though they would fit on one ("(see .en" / "v.example)"): a word
 * wider than its box may break; any other breaks only at a space or a hyphen.
 */
function brokenWords(page: Page, rootCss: string): Promise<string[]> {
	return page.evaluate((rootCss) => {
		const out: string[] = [];
		const root = document.querySelector(rootCss);
		if (!root) return out;
		const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const text = n.textContent ?? '';
			const box = n.parentElement?.getBoundingClientRect();
			if (!box || box.width === 0) continue;
			for (const m of text.matchAll(/[^\s-]+/g)) {
				const range = document.createRange();
				range.setStart(n, m.index);
				range.setEnd(n, m.index + m[0].length);
				const rects = [...range.getClientRects()].filter((r) => r.width > 0);
				const width = rects.reduce((w, r) => w + r.width, 0);
				if (new Set(rects.map((r) => Math.round(r.top))).size > 1 && width <= box.width) out.push(`word broken across lines: "${m[0]}"`);
			}
		}
		return out;
	}, rootCss);
}


// The widest clock a day shows, pinned so the test does not depend on the hour it runs at: a
// two-digit hour with the period in 12-hour locales ("10:58 PM"), and in 24-hour ones ("22:58");
// the longest weekday and month beside it.
const WIDEST_TIME = new Date('2026-09-30T22:58:00Z');
const CLOCK_PAGES = new Set(['SYSTEM_clock', 'SYSTEM_idle']);

type Size = { width: number; height: number };
const sizes = (list: readonly Size[]) => list.map((s) => `${s.width}×${s.height}`).join(', ');

/**
 * Every case at each size in turn, on one page resized between sizes (loading a page costs more than
 * several cases): each case shown afresh at each size, so it is laid out there from the start.
 */
async function misfits(browser: Browser, list: readonly Size[], path: string, locale: string, cases: typeof EVERY_PAGE, lang = ''): Promise<string[]> {
	const context = await browser.newContext({ viewport: list[0], colorScheme: 'dark', locale, timezoneId: 'UTC' });
	await context.clock.setFixedTime(WIDEST_TIME);
	const page = await context.newPage();
	await page.goto(screenUrl(sim, path, lang && `&lang=${lang}`));
	if (lang) await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
	const found: string[] = [];
	for (const size of list) {
		await page.setViewportSize(size);
		for (const c of cases) {
			showCase(sim, c, files.url);
			await expect(page.locator(`.tpl-root[data-page="${c.page}"][data-namespace="${c.ns}"]`)).toBeVisible();
			await expect(page.locator('.tpl-root > *').first()).toBeVisible();
			if (CLOCK_PAGES.has(c.page)) await expect(page.locator('.tpl-root time').first()).toHaveAttribute('aria-label', locale === 'en-US' ? '10:58 PM' : '22:58');
			await settled(page);
			for (const line of await audit(page)) found.push(`${c.name} (${locale}, ${size.width}×${size.height}): ${line}`);
			if (lang) await page.screenshot({ path: `e2e/screenshots/fit-${lang}-${c.name}-${path === '/' ? 'remote' : 'kiosk'}-${size.width}x${size.height}.png` });
		}
	}
	await context.close();
	return found;
}

for (const path of ['/', '/kiosk']) {
	test(`every page fits ${sizes(SCREEN_SIZES)} on ${path}`, async ({ browser }) => {
		test.setTimeout(240_000);
		const found = await misfits(browser, SCREEN_SIZES, path, 'en-US', EVERY_PAGE);
		found.push(...(await misfits(browser, SCREEN_SIZES, path, 'en-GB', EVERY_PAGE.filter((c) => CLOCK_PAGES.has(c.page)))));
		expect(found).toEqual([]);
	});
}

// German and Portuguese at the two tightest sizes (the roomy 1280×800 takes what 800×480 takes);
// German, the longest, on both paths; Portuguese on / (its strip leaves the page less height).
const TIGHT = [SCREEN_SIZES[0]!, SCREEN_SIZES[2]!];
const LANGS = [
	{ lang: 'de', locale: 'de-DE', paths: ['/', '/kiosk'] },
	{ lang: 'pt', locale: 'pt-PT', paths: ['/'] }
] as const;
for (const { lang, locale, paths } of LANGS) {
	for (const path of paths) {
		test(`every page fits ${sizes(TIGHT)} on ${path} in ${lang}`, async ({ browser }) => {
			test.setTimeout(180_000);
			expect(await misfits(browser, TIGHT, path, locale, inLanguage(EVERY_PAGE, lang), lang)).toEqual([]);
		});
	}
}

/*
 * The screen's own words, in every language: the strip on / (back, the bell, Chat), the kiosk's
 * shade, the offline marks, /settings. The bell needs the app server's bus window, so an app of its
 * own pointed at a simulator with a stored notification.
 */
test.describe('the screen’s own words', () => {
	let core: Simulator;
	let app: App;
	test.beforeAll(async () => {
		core = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
		app = await startApp({ OVOS_HOST: core.host, OVOS_BUS_PORT: String(core.busPort), OVOS_GUI_PORT: String(core.guiPort) });
	});
	/** A notification arrives (the bell shows, with its count). */
	const notify = () =>
		core.emit({ type: 'ovos.notification.api.set', data: { sender: 'skill-news.openvoiceos', text: 'Three new headlines', action: null, type: 'transient', style: 'info', callback_data: {}, duration: 1 }, context: {} });
	test.afterAll(async () => {
		await app?.stop();
		await core?.stop();
	});

	for (const lang of ['en', 'de', 'pt']) {
		test(`fit at 800×480 and 720×1280 in ${lang}`, async ({ browser }) => {
			test.setTimeout(90_000);
			const found: string[] = [];
			const note = (where: string, lines: string[]) => found.push(...lines.map((l) => `${where} (${lang}): ${l}`));
			for (const size of TIGHT) {
				const at = `${size.width}×${size.height}`;
				const context = await browser.newContext({ viewport: size, colorScheme: 'dark', locale: lang, timezoneId: 'UTC' });
				await context.clock.setFixedTime(WIDEST_TIME);
				const page = await context.newPage();
				const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/fit-${lang}-${name}-${size.width}x${size.height}.png` });
				// The strip on /, with the bell and the back button (a page is shown).
				await page.goto(`${app.url}/?lang=${lang}`);
				await expect(page.locator('.scr-root[data-bus="live"]')).toBeAttached();
				notify();
				await expect(page.locator('button.bell')).toBeVisible({ timeout: 8000 });
				show(core, 'skill-fit.test', ['SYSTEM_text'], { text: 'Hello' });
				await expect(page.locator('button.back')).toBeVisible();
				note(`strip ${at}`, await audit(page, 'body', '.tpl-root'));
				await shot('strip');
				// The kiosk's shade.
				await page.goto(`${app.url}/kiosk?lang=${lang}`);
				await expect(page.locator('.scr-root[data-bus="live"]')).toBeAttached();
				await pullShade(page);
				await expect(page.locator('.shade[role="dialog"]')).toBeVisible();
				await settled(page);
				note(`shade ${at}`, await audit(page, 'body', '.tpl-root'));
				await shot('shade');
				// /settings: its words fit (it is a form and a reference table read up close: its controls
				// and small print are not held to the screen's 44 px and 14 px).
				await page.goto(`${app.url}/settings?lang=${lang}`);
				await expect(page.locator('main')).toBeVisible();
				note(`settings ${at}`, await audit(page, 'body', '', false));
				note(`settings ${at}`, await brokenWords(page, 'main'));
				await shot('settings');
				// Offline: the mark over a stale kiosk page, then the clock with its note.
				const gone = await privateSim();
				show(gone, 'skill-fit.test', ['SYSTEM_text'], { text: 'Hello' });
				await page.goto(screenUrl(gone, '/kiosk', `&lang=${lang}`, app.url));
				await expect(page.locator('.tpl-root[data-page="SYSTEM_text"]')).toBeVisible();
				await gone.stop();
				await expect(page.locator('.offline-tag')).toBeVisible();
				note(`offline mark ${at}`, await audit(page, 'body', '.tpl-root'));
				await shot('offline-mark');
				await page.reload();
				await expect(page.locator('.scr-root[data-conn="offline"]')).toBeAttached({ timeout: 8000 });
				await settled(page);
				note(`offline clock ${at}`, await audit(page, 'body'));
				await shot('offline-clock');
				await context.close();
			}
			expect(found).toEqual([]);
		});
	}
});

/**
 * Text and controls that lie over one another under `rootCss`: each text node's lines and each
 * control's box against every other one not nested in it ("Play" drawn over the track's title).
 */
function overlaps(page: Page, rootCss: string): Promise<string[]> {
	return page.evaluate((rootCss) => {
		const root = document.querySelector(rootCss);
		if (!root) return [`no ${rootCss}`];
		const shown = (el: Element) => {
			const st = getComputedStyle(el);
			const r = el.getBoundingClientRect();
			return el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width > 1 && r.height > 1 && !el.closest('.sr-only, [aria-hidden="true"], svg, iframe') && st.display !== 'none';
		};
		// What of a box is drawn: its part inside every box above it that clips (a title clamped to two
		// lines has a third one laid out under the artist, never drawn).
		const drawn = (el: Element, r: DOMRect): DOMRect | null => {
			let { left, top, right, bottom } = r;
			for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
				const s = getComputedStyle(a);
				if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
				const b = a.getBoundingClientRect();
				left = Math.max(left, b.left);
				top = Math.max(top, b.top);
				right = Math.min(right, b.right);
				bottom = Math.min(bottom, b.bottom);
			}
			return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
		};
		const items: { el: Element; rects: DOMRect[]; what: string }[] = [];
		for (const el of root.querySelectorAll('button, a[href], input:not([type="checkbox"]), select, [role="button"], [role="slider"]')) {
			if (!shown(el)) continue;
			// A bare touch area (no text, background or border: a drag handle's strip) is drawn only by
			// what it holds; text under its clear margin is not covered.
			const st = getComputedStyle(el);
			const bare = (el.textContent ?? '').trim() === '' && el.children.length > 0 && st.backgroundColor === 'rgba(0, 0, 0, 0)' && st.backgroundImage === 'none' && parseFloat(st.borderTopWidth) + parseFloat(st.borderBottomWidth) === 0;
			const rects = (bare ? [...el.children].map((c) => c.getBoundingClientRect()) : [el.getBoundingClientRect()]).map((r) => drawn(el, r)).filter((r) => r !== null);
			if (rects.length) items.push({ el, rects, what: `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 24)}"` });
		}
		const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const el = n.parentElement;
			if (!el || (n.textContent ?? '').trim() === '' || !shown(el) || el.closest('button, a[href], select, option, [role="button"]')) continue;
			const range = document.createRange();
			range.selectNodeContents(n);
			const rects = [...range.getClientRects()].map((r) => drawn(el, r)).filter((r) => r !== null);
			if (rects.length) items.push({ el, rects, what: `"${(n.textContent ?? '').trim().slice(0, 24)}"` });
		}
		// Boxes touch at their edges and a line's box overhangs its glyphs a little: 3 px of slack.
		const hit = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 3 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3;
		const out: string[] = [];
		for (let i = 0; i < items.length; i++) {
			for (let j = i + 1; j < items.length; j++) {
				const a = items[i]!;
				const b = items[j]!;
				if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
				if (a.rects.some((ra) => b.rects.some((rb) => hit(ra, rb)))) out.push(`overlap: ${a.what} and ${b.what}`);
			}
		}
		return out;
	}, rootCss);
}

/** Drop-downs whose chosen option is wider than the box that shows it ("qualquer names"). */
function cutSelects(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const out: string[] = [];
		for (const sel of document.querySelectorAll('select')) {
			const st = getComputedStyle(sel);
			if (sel.getBoundingClientRect().width < 1) continue;
			const probe = document.createElement('span');
			probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${st.font};letter-spacing:${st.letterSpacing}`;
			probe.textContent = sel.selectedOptions[0]?.textContent ?? '';
			document.body.append(probe);
			const need = probe.getBoundingClientRect().width;
			probe.remove();
			// The room for the text: the box less its padding and the drop-down arrow (~20 px in Chromium).
			const room = sel.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
			if (need > room + 0.5) out.push(`cut select: "${probe.textContent}" needs ${Math.round(need)} px, has ${Math.round(room)}`);
		}
		return out;
	});
}

/*
 * /inspect at 800×480 in every language: its header, tabs and log filters are not cut, and the
 * preview of a media page (buttons over a title when laid out at the preview's size) keeps the
 * screen's own layout, nothing drawn over anything else.
 */
const PREVIEWED = ['ocp-player', 'gui1-audio', 'gui1-media', 'home-idle-media', 'weather-current'];
for (const lang of ['en', 'de', 'pt']) {
	test(`/inspect fits 800×480 in ${lang}`, async ({ browser }) => {
		test.setTimeout(60_000);
		const context = await browser.newContext({ viewport: { width: 800, height: 480 }, colorScheme: 'dark', locale: lang, timezoneId: 'UTC' });
		await context.clock.setFixedTime(WIDEST_TIME);
		const page = await context.newPage();
		await page.goto(screenUrl(sim, '/inspect', `&lang=${lang}`));
		await expect(page.locator('html')).toHaveAttribute('lang', lang);
		const found: string[] = [];
		// Every page's namespace on the stack, as after this file's other tests, so the data tree holds
		// long values too (a space ending a wrapped line hung past its box, found only in that order).
		for (const c of inLanguage(EVERY_PAGE, lang)) showCase(sim, c, files.url);
		for (const c of inLanguage(EVERY_PAGE, lang).filter((c) => PREVIEWED.includes(c.name))) {
			showCase(sim, c, files.url);
			await expect(page.locator(`[data-testid="preview"] .tpl-root[data-page="${c.page}"][data-namespace="${c.ns}"]`)).toBeVisible({ timeout: 10_000 });
			await settled(page);
			const note = (lines: string[]) => found.push(...lines.map((l) => `${c.name} (${lang}): ${l}`));
			// A dashboard read up close: its controls and small print are not held to 44 px and 14 px.
			// The log's columns are a table's: cut with an ellipsis, named in full in their title.
			note(await audit(page, 'body', '[data-testid="log-row"]', false));
			note(await overlaps(page, '[data-testid="preview"]'));
			note(await overlaps(page, 'header'));
			note(await cutSelects(page));
			await page.screenshot({ path: `e2e/screenshots/fit-${lang}-inspect-${c.name}-800x480.png` });
		}
		await context.close();
		expect(found).toEqual([]);
	});
}

/*
 * /chat in every language at every size: empty (the hint), a conversation in the chat's own
 * language (the device answers in it, the longer German and Portuguese sentences), and a question
 * waiting for its answer (the banner, the Stop button). Nothing cut, drawn over anything else or
 * broken mid-word. A page read up close, as /settings: not held to 44 px and 14 px.
 */
const CHAT_IN = {
	en: { tag: 'en-US', asks: ['what time is it', "what's the weather like"], dialogue: 'set a timer' },
	de: { tag: 'de-DE', asks: ['wie spät ist es', 'wie ist das Wetter'], dialogue: 'stelle einen Timer' },
	pt: { tag: 'pt-PT', asks: ['que horas são', 'como está o tempo'], dialogue: 'põe um temporizador' }
} as const;
for (const lang of ['en', 'de', 'pt'] as const) {
	test(`/chat fits ${sizes(SCREEN_SIZES)} in ${lang}`, async ({ browser }) => {
		test.setTimeout(90_000);
		const context = await browser.newContext({ viewport: SCREEN_SIZES[0], colorScheme: 'dark', locale: lang, timezoneId: 'UTC' });
		const page = await context.newPage();
		await page.goto(`${APP_URL()}/chat?lang=${lang}`);
		await expect(page.locator('html')).toHaveAttribute('lang', lang);
		const found: string[] = [];
		const check = async (state: string) => {
			for (const size of SCREEN_SIZES) {
				await page.setViewportSize(size);
				await settled(page);
				const note = (lines: string[]) => found.push(...lines.map((l) => `${state} (${lang}, ${size.width}×${size.height}): ${l}`));
				note(await audit(page, 'body', '', false));
				note(await overlaps(page, 'body'));
				note(await cutSelects(page));
				note(await brokenWords(page, 'main'));
				await page.screenshot({ path: `e2e/screenshots/fit-${lang}-chat-${state}-${size.width}x${size.height}.png` });
			}
		};
		await check('empty');
		const { tag, asks, dialogue } = CHAT_IN[lang];
		await page.locator('header select').nth(2).selectOption(tag);
		const input = page.locator('form input[type="text"]');
		const answers = page.locator('li[data-role="assistant"]');
		for (const [i, text] of asks.entries()) {
			await input.fill(text);
			await input.press('Enter');
			await expect(answers.nth(i)).toHaveAttribute('data-state', 'answered', { timeout: 10_000 });
		}
		await check('answered');
		await input.fill(dialogue);
		await input.press('Enter');
		await expect(answers.last()).toHaveAttribute('data-state', 'awaiting', { timeout: 10_000 });
		await check('awaiting');
		await context.close();
		expect(found).toEqual([]);
	});
}

/*
 * /media in every language at every size: what a browser shows for an address it cannot serve
 * (missing, not a media file): one short page in the reader's language,
 * nothing cut (a file it serves is the browser's own viewer).
 */
test.describe('/media', () => {
	let app: App;
	let dir: string;
	test.beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'fit-media-'));
		await writeFile(join(dir, 'clock.png'), clockPng());
		await writeFile(join(dir, 'notes.txt'), 'not media');
		app = await startApp({ OVOS_HOST: sim.host, OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort), OVOS_MEDIA_ROOTS: dir });
	});
	test.afterAll(async () => {
		await app?.stop();
		if (dir) await rm(dir, { recursive: true, force: true });
	});

	const SAYS = {
		en: ['No such media file', 'Not a media file'],
		de: ['Keine solche Mediendatei', 'Keine Mediendatei'],
		pt: ['Não existe esse ficheiro multimédia', 'Não é um ficheiro multimédia']
	} as const;
	for (const lang of ['en', 'de', 'pt'] as const) {
		test(`fits ${sizes(SCREEN_SIZES)} in ${lang}`, async ({ browser }) => {
			const context = await browser.newContext({ viewport: SCREEN_SIZES[0], colorScheme: 'dark', locale: lang, timezoneId: 'UTC' });
			const page = await context.newPage();
			const found: string[] = [];
			const cases = [
				{ name: 'missing', path: `${dir}/gone-with-a-long-name-that-will-not-fit-on-one-line-of-a-small-screen.png`, says: SAYS[lang][0] },
				{ name: 'not-media', path: `${dir}/notes.txt`, says: SAYS[lang][1] }
			];
			for (const c of cases) {
				// The picture the kiosk loads from there is there (the folder is shared).
				expect((await page.request.get(`${app.url}/media${dir}/clock.png`)).status()).toBe(200);
				const res = await page.goto(`${app.url}/media${c.path}`);
				expect(res?.status()).toBeGreaterThanOrEqual(400);
				await expect(page.locator('html')).toHaveAttribute('lang', lang);
				await expect(page.locator('h1')).toHaveText(c.says);
				for (const size of SCREEN_SIZES) {
					await page.setViewportSize(size);
					await settled(page);
					const note = (lines: string[]) => found.push(...lines.map((l) => `${c.name} (${lang}, ${size.width}×${size.height}): ${l}`));
					note(await audit(page, 'body', '', false));
					note(await overlaps(page, 'body'));
					note(await brokenWords(page, 'body'));
					await page.screenshot({ path: `e2e/screenshots/fit-${lang}-media-${c.name}-${size.width}x${size.height}.png` });
				}
			}
			await context.close();
			expect(found).toEqual([]);
		});
	}
});
