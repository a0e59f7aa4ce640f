/**
 * Every SYSTEM template rendered from its data keys (docs/skill-pages.md#the-system-templates), as a
 * skill would show it through the simulator, in the dark and the light theme at 800×480.
 * Screenshots land in e2e/screenshots/.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { busMessage, type JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { assets, privateSim, screenUrl, setValues, show, type Assets } from './support/screen';
import { settled } from './support/settle';

interface Case {
	readonly name: string;
	/** Run OVOS on another "machine" (127.0.0.2), so device files are out of reach. */
	readonly remoteDevice?: boolean;
	readonly pages: string[];
	readonly data: (a: Assets) => JsonObject;
	readonly check: (page: Page, a: Assets) => Promise<void>;
}

const root = (page: Page) => page.locator('.tpl-root');

const CASES: Case[] = [
	{
		name: 'text',
		pages: ['SYSTEM_TextFrame'],
		data: () => ({ text: 'Sunny, 22 degrees', title: 'Weather' }),
		check: async (page) => {
			await expect(page.getByRole('heading', { name: 'Weather' })).toBeVisible();
			await expect(page.getByText('Sunny, 22 degrees')).toBeVisible();
		}
	},
	{
		name: 'text-null-title',
		pages: ['SYSTEM_TextFrame'],
		data: () => ({ text: 'No title was given, so none is drawn', title: null }),
		check: async (page) => {
			await expect(page.getByText('No title was given')).toBeVisible();
			await expect(root(page).locator('h1')).toHaveCount(0);
		}
	},
	{
		name: 'image',
		pages: ['SYSTEM_ImageFrame'],
		data: (a) => ({ image: `${a.url}/clock.png`, caption: '5 minutes left', title: 'Kitchen timer' }),
		check: async (page) => {
			await expect(page.getByRole('heading', { name: 'Kitchen timer' })).toBeVisible();
			await expect(page.getByText('5 minutes left')).toBeVisible();
			const img = page.locator('img');
			await expect(img).toHaveAttribute('data-fit', 'contain');
			// Not distorted: the square picture keeps its shape on screen.
			await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
			expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
		}
	},
	{
		name: 'image-crop-background',
		pages: ['SYSTEM_ImageFrame'],
		data: (a) => ({ image: `${a.url}/clock.png`, title: 'Cropped on a colour', fill: 'PreserveAspectCrop', background_color: '#FF2D4F6C' }),
		check: async (page) => {
			expect(await page.locator('img').evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');
			// Qt's #AARRGGBB becomes CSS rgb.
			expect(await page.locator('figure').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(45, 79, 108)');
		}
	},
	{
		name: 'image-unreachable',
		remoteDevice: true,
		pages: ['SYSTEM_ImageFrame'],
		data: () => ({ image: '/home/ovos/.cache/ovos_gui/skill-timer/timer.png', caption: '5 minutes left', title: 'Kitchen timer' }),
		check: async (page) => {
			await expect(page.getByText('Image not reachable from this screen')).toBeVisible();
			await expect(page.getByText('timer.png')).toBeVisible();
			await expect(page.locator('img')).toHaveCount(0);
		}
	},
	{
		name: 'animated-image',
		pages: ['SYSTEM_AnimatedImageFrame'],
		data: (a) => ({ image: `${a.url}/boiling.svg`, caption: 'Boiling', title: 'Pasta timer', fill: 'PreserveAspectFit' }),
		check: async (page) => {
			await expect(page.getByRole('heading', { name: 'Pasta timer' })).toBeVisible();
			await expect(page.getByText('Boiling')).toBeVisible();
			await expect(page.locator('img')).toHaveAttribute('data-animated', 'true');
		}
	},
	{
		name: 'html',
		pages: ['SYSTEM_HtmlFrame'],
		data: () => ({ html: '<h1>Hello</h1><p>from a skill</p>', resourceLocation: null }),
		check: async (page) => {
			const frame = page.locator('iframe');
			await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
			// The skill's document sits in a holder that keeps it from becoming another (24.2).
			await expect(page.frameLocator('iframe').frameLocator('iframe').getByRole('heading', { name: 'Hello' })).toBeVisible();
		}
	},
	{
		name: 'url',
		pages: ['SYSTEM_UrlFrame'],
		data: (a) => ({ url: `${a.url}/page.html` }),
		check: async (page, a) => {
			await expect(page.locator('iframe')).toHaveAttribute('src', `${a.url}/page.html`);
			await expect(page.locator('iframe')).toHaveAttribute('sandbox', 'allow-forms');
			await expect(page.frameLocator('iframe').getByRole('heading', { name: 'A page from a skill' })).toBeVisible();
			await expect(page.getByRole('link', { name: /Open in a tab/ })).toHaveAttribute('rel', 'noopener noreferrer');
		}
	},
	{
		name: 'url-refused',
		pages: ['SYSTEM_UrlFrame'],
		data: () => ({ url: 'file:///etc/passwd' }),
		check: async (page) => {
			await expect(page.getByRole('alert')).toContainText('This web page is not shown');
			await expect(page.getByRole('alert')).toContainText('only http and https');
			await expect(page.locator('iframe')).toHaveCount(0);
		}
	},
	{
		name: 'loading',
		pages: ['SYSTEM_Loading'],
		data: () => ({ label: 'Loading…' }),
		check: async (page) => {
			await expect(page.getByRole('heading', { name: 'Loading…' })).toBeVisible();
			// The spinner turns as an animated image the compositor draws, not script (7ee30c3).
			await expect(page.locator('.spinner .turning')).toBeVisible();
			await expect(page.locator('.spinner .still')).toBeHidden();
		}
	},
	{
		name: 'status-success',
		pages: ['SYSTEM_Status'],
		data: () => ({ status: 'Enabled', label: 'Done' }),
		check: async (page) => {
			await expect(page.locator('[data-outcome="success"]')).toBeVisible();
			await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
		}
	},
	{
		name: 'status-failure',
		pages: ['SYSTEM_Status'],
		data: () => ({ status: 'Disabled', label: 'Failed' }),
		check: async (page) => {
			await expect(page.locator('[data-outcome="failure"]')).toBeVisible();
			await expect(page.getByRole('heading', { name: 'Failed' })).toBeVisible();
		}
	},
	{
		name: 'face',
		pages: ['SYSTEM_Face'],
		data: () => ({ sleeping: false }),
		check: async (page) => {
			await expect(page.getByRole('img', { name: 'Face, awake' })).toBeVisible();
		}
	},
	{
		name: 'face-sleeping',
		pages: ['SYSTEM_Face'],
		data: () => ({ sleeping: true }),
		check: async (page) => {
			await expect(page.getByRole('img', { name: 'Face, asleep' })).toBeVisible();
		}
	},
	{
		name: 'input-box',
		pages: ['SYSTEM_InputBox'],
		data: () => ({ title: 'Name your timer', placeholder: 'e.g. pasta', confirm_text: 'Start', exit_text: 'Cancel', skill_id_handler: 'skill-timer.test' }),
		check: async (page) => {
			await expect(page.getByRole('heading', { name: 'Name your timer' })).toBeVisible();
			await expect(page.getByPlaceholder('e.g. pasta')).toBeVisible();
			await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
			await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
		}
	},
	{
		// A page we have no renderer for (a test skill's `time` page once showed neither value).
		name: 'unknown-page',
		pages: ['time'],
		data: () => ({ time_string: '12:58', date_string: 'Wednesday, 30 September 2026', ampm_string: '' }),
		check: async (page) => {
			const card = page.locator('[data-generic="fields"]');
			await expect(card.locator('[data-key="skill"]')).toHaveText('E2e');
			await expect(card.locator('[data-data-key="time_string"]')).toContainText('12:58');
			await expect(card.locator('[data-data-key="date_string"]')).toContainText('Wednesday, 30 September 2026');
			await expect(page.getByText(/No template for this page|can’t be shown/)).toHaveCount(0);
		}
	},
	{
		name: 'gui1-names',
		pages: ['SYSTEM_text'],
		data: () => ({ text: 'OVOS-GUI-1 name, same template', title: 'Aliases' }),
		check: async (page) => {
			await expect(page.locator('[data-page="SYSTEM_text"] [data-key="text"]')).toHaveText('OVOS-GUI-1 name, same template');
		}
	}
];

const VIEWPORT = { width: 800, height: 480 };
const SKILL = 'skill-e2e.test';

let a: Assets;
test.beforeAll(async () => {
	a = await assets();
});
test.afterAll(async () => {
	await a.close();
});

/** A case shown as a skill shows it, its values checked, then (fonts, images and the entry pop settled) taken. */
async function showAndTake(page: Page, sim: Simulator, c: Case, theme: string): Promise<void> {
	show(sim, SKILL, c.pages, c.data(a));
	await expect(page.locator(`[data-page="${c.pages[0]}"]`)).toBeVisible();
	await c.check(page, a);
	await settled(page);
	await page.screenshot({ path: `e2e/screenshots/${c.name}-${theme}-800x480.png` });
}

for (const theme of ['dark', 'light'] as const) {
	test.describe(`${theme} theme`, () => {
		test.use({ colorScheme: theme, viewport: VIEWPORT });
		// The cases on this machine's simulator share one page (loading one costs more than a case):
		// each clears the skill's namespace first and waits for its page to go, so it is shown on the
		// idle screen as on a fresh load. A failed case restarts the worker, and with it this page.
		let shared: { sim: Simulator; context: BrowserContext; page: Page } | undefined;
		test.beforeAll(async ({ browser }) => {
			const sim = await privateSim();
			const context = await browser.newContext({ colorScheme: theme, viewport: VIEWPORT });
			const page = await context.newPage();
			await page.goto(screenUrl(sim));
			await expect(page.locator('[data-conn="live"]').first()).toBeAttached();
			shared = { sim, context, page };
		});
		test.afterAll(async () => {
			await shared?.context.close();
			await shared?.sim.stop();
		});
		for (const c of CASES) {
			if (c.remoteDevice) {
				// OVOS on another "machine" (127.0.0.2): a simulator and a page of its own.
				test(`${c.name}`, async ({ page }) => {
					const sim = await privateSim({ host: '127.0.0.2' });
					try {
						await page.goto(screenUrl(sim));
						await expect(page.locator('[data-conn="live"]').first()).toBeAttached();
						await showAndTake(page, sim, c, theme);
					} finally {
						await sim.stop();
					}
				});
			} else {
				test(`${c.name}`, async () => {
					const { sim, page } = shared!;
					sim.emit(busMessage('gui.clear.namespace', { __from: SKILL }));
					await expect(page.locator(`[data-namespace="${SKILL}"]`)).toHaveCount(0);
					await showAndTake(page, sim, c, theme);
				});
			}
		}
		test('idle clock', async ({ page }) => {
			const sim = await privateSim();
			try {
				await page.goto(screenUrl(sim));
				await expect(page.getByRole('region', { name: 'Clock' }).or(page.locator('section[aria-label="Clock"]'))).toBeVisible();
				await expect(page.locator('time')).toHaveText(/\d{1,2}:\d{2}/);
				await page.screenshot({ path: `e2e/screenshots/idle-${theme}-800x480.png` });
			} finally {
				await sim.stop();
			}
		});
	});
}

test('the text is fitted again as it changes, both ways: smaller for more, larger for less, broken only while it must be', async ({ browser }) => {
	const sim = await privateSim();
	const context = await browser.newContext({ viewport: VIEWPORT });
	try {
		const page = await context.newPage();
		await page.goto(screenUrl(sim));
		show(sim, SKILL, ['SYSTEM_TextFrame'], { text: 'Hi', title: 'Fit' });
		const text = page.locator('[data-key="text"]');
		await expect(text).toHaveText('Hi');
		const fit = () => text.evaluate((el) => ({ px: parseFloat(el.style.fontSize), wrap: el.style.overflowWrap }));
		await expect.poll(fit).toEqual({ px: 150, wrap: '' });
		setValues(sim, SKILL, { text: 'A sentence long enough that it cannot be shown at the largest size on one screen, nor at twice the smallest' });
		await expect.poll(async () => (await fit()).px).toBeLessThan(100);
		// One word wider than the box even at the smallest size: broken anywhere rather than cut.
		setValues(sim, SKILL, { text: `https://example.invalid/${'x'.repeat(120)}` });
		await expect.poll(fit).toEqual({ px: 18, wrap: 'anywhere' });
		setValues(sim, SKILL, { text: 'Hi' });
		await expect.poll(fit).toEqual({ px: 150, wrap: '' });
	} finally {
		await context.close();
		await sim.stop();
	}
});
