/**
 * Hostile data through every template: nothing runs in the app's origin. HTML runs only inside an
 * opaque-origin sandbox (it can script itself, never its parent), URL frames refuse non-http(s),
 * images refuse script URLs, colours refuse CSS, and every text is shown as text.
 */
import { expect, test, type BrowserContext, type Dialog, type Page } from '@playwright/test';
import { busMessage, TEMPLATE_NAMES, type JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { privateSim, screenUrl, setValues, show } from './support/screen';
import { settled } from './support/settle';

const MARK = 'window.top.__pwned = (window.top.__pwned || 0) + 1';
const VECTORS = [
	`<img src=x onerror="${MARK}">`,
	`<script>${MARK}</script>`,
	`"><svg onload="${MARK}"></svg>`,
	`javascript:${MARK}`,
	`data:text/html,<script>${MARK}</script>`,
	`{@html '<img src=x onerror=${MARK}>'}`,
	`red; background-image: url("javascript:${MARK}")`
];
/** Every key any template reads (docs/skill-pages.md), each given a vector. */
const KEYS = [
	'text', 'title', 'caption', 'image', 'fill', 'background_color', 'html', 'resourceLocation', 'url', 'label', 'status', 'placeholder', 'confirm_text', 'exit_text', 'skill_id_handler', 'sleeping',
	// weather and DuckDuckGo
	'weatherCode', 'currentTimezone', 'currentTemperature', 'weatherLocation', 'highTemperature', 'lowTemperature', 'chanceOfPrecipitation', 'windSpeed', 'humidity', 'weatherDate', 'sunrise', 'sunset', 'imgLink', 'summary',
	// OVOS-GUI-1 players
	'artist', 'album', 'position', 'duration', 'playing', 'uri',
	'media_title', 'media_artist', 'media_album', 'media_image', 'media_uri', 'media_position', 'media_duration', 'media_playback_state', 'media_playlist_position',
	// OVOS-GUI-1
	'success', 'detail', 'resource_url', 'current_temp', 'min_temp', 'max_temp', 'condition', 'icon', 'location', 'latitude', 'longitude', 'zoom', 'question', 'prompt'
];
/** Keys that hold lists or objects: every string inside them carries the vector. */
function nested(v: string): JsonObject {
	return {
		hourlyForecast: { hours: [{ time: v, temperature: v, precipitation: v, weatherCondition: v }] },
		forecast: { all: [{ date: v, weatherCondition: v, highTemperature: v, lowTemperature: v }] },
		items: [{ title: v, subtitle: v, image: v, label: v, value: v }],
		columns: [v],
		rows: [[v, v]]
	};
}
/** Skill pages we render, by the namespace they are matched in. */
const SKILL_PAGES: [string, string][] = [
	...['CurrentWeather', 'HourlyForecast', 'DailyForecast', 'SingleDay', 'SunriseSunset'].map((p): [string, string] => ['ovos-skill-weather.openvoiceos', p]),
	['ovos-skill-ddg.openvoiceos', 'DuckDelegate']
];

// One page for the whole file (loading one costs more than a test here): each test clears every
// namespace the file shows and waits for the pages to go, so it starts on the idle screen as on a
// fresh load. Anything a vector ran would stay counted in `__pwned` and fail every later test too;
// a failed test restarts the worker, and with it the page.
let sim: Simulator;
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
	sim = await privateSim();
	context = await browser.newContext({ viewport: { width: 800, height: 480 } });
	page = await context.newPage();
	await page.goto(screenUrl(sim));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
});
test.afterAll(async () => {
	await context?.close();
	await sim?.stop();
});
const NAMESPACES = new Set(['skill-evil.test', ...SKILL_PAGES.map(([ns]) => ns), 'ovos.common_play', 'skill-html.test', 'skill-text.test']);
/** The dialogs the page opened during the test (none may open). */
let dialogs: string[] = [];
const onDialog = (d: Dialog) => {
	dialogs.push(d.message());
	void d.dismiss();
};
test.beforeEach(async () => {
	for (const ns of NAMESPACES) sim.emit(busMessage('gui.clear.namespace', { __from: ns }));
	await expect(page.locator('.tpl-root')).toHaveCount(0);
	dialogs = [];
	page.on('dialog', onDialog);
});
test.afterEach(() => {
	page.off('dialog', onDialog);
});

/**
 * Until the screen holds the data sent (`title` = `vector`) and whatever it could start has had its
 * chance: drawn, pictures loaded or failed, frames loaded.
 */
async function ranItsCourse(page: Page, ns: string, vector: string): Promise<void> {
	await expect
		.poll(() => page.evaluate((ns) => (globalThis as unknown as { __ovosScreen: { state: { namespaces: Record<string, { data: Record<string, unknown> }> } } }).__ovosScreen.state.namespaces[ns]?.data.title, ns), { intervals: [20, 50, 100] })
		.toBe(vector);
	await settled(page);
	// A frame a vector points nowhere never loads: each gets 250 ms at most, all at once.
	const frames = page.frames().filter((f) => f !== page.mainFrame());
	await Promise.all(frames.map((f) => f.waitForLoadState('load', { timeout: 250 }).catch(() => {})));
	if (frames.length) await settled(page);
}

async function pwned(page: Page): Promise<unknown> {
	return page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0);
}

const PAGES: [string, string][] = [...[...TEMPLATE_NAMES, 'skill_custom_page'].map((n): [string, string] => ['skill-evil.test', n]), ...SKILL_PAGES];
for (const [ns, name] of PAGES) {
	test(`${name}: no vector runs in the app`, async () => {
		for (const [i, vector] of VECTORS.entries()) {
			const data = { ...Object.fromEntries(KEYS.map((k) => [k, vector])), ...nested(vector) };
			if (i === 0) show(sim, ns, [name], data);
			else setValues(sim, ns, data);
			await expect(page.locator(`[data-page="${name}"]`)).toBeVisible();
			await ranItsCourse(page, ns, vector);
			expect(await pwned(page), `vector ${i}`).toBe(0);
			expect(dialogs).toEqual([]);
			// No element from the data made it into the app's DOM.
			expect(await page.locator('.tpl-root script, .tpl-root [onerror], .tpl-root [onload]').count()).toBe(0);
			for (const frame of await page.locator('iframe').all()) {
				const sandbox = await frame.getAttribute('sandbox');
				expect(sandbox).not.toBeNull();
				expect(sandbox).not.toContain('allow-same-origin');
				const src = await frame.getAttribute('src');
				// A web page, or the holder of skill HTML (static/skill-frame.html).
				if (src !== null) expect(src).toMatch(/^(https?:|\/skill-frame\.html$)/);
			}
		}
	});
}

/** OCP's media pages (docs/skill-pages.md#media-player-ocp): every key, lists and cards included, carries the vector. */
function ocpData(v: string, backend: string): JsonObject {
	const card = { duration: v, track: v, image: v, album: v, source: v, uri: v };
	return {
		playerBackend: backend,
		...Object.fromEntries(['title', 'artist', 'image', 'bg_image', 'status', 'duration', 'position', 'length', 'loopStatus', 'shuffleStatus', 'canPrev', 'canNext', 'canResume', 'uri', 'javascript', 'footer_text', 'homepage_index', 'displayBottomBar'].map((k) => [k, v])),
		playlistModel: { data: [card, v] },
		searchModel: { data: [card] },
		skillCards: [{ skill_id: v, title: v, image: v, media_type: v }],
		media_playlist: [{ title: v, artist: v, image: v, uri: v, duration: v }]
	};
}

for (const name of ['PlayerLoader', 'SuggestionsView', 'Home', 'busy']) {
	test(`ovos.common_play ${name}: no vector runs in the app`, async () => {
		let first = true;
		for (const backend of ['OVOSSyncPlayer', 'OVOSVideoPlayerQtAv', 'OVOSWebPlayer']) {
			for (const [i, vector] of VECTORS.entries()) {
				if (first) show(sim, 'ovos.common_play', [name], ocpData(vector, backend));
				else setValues(sim, 'ovos.common_play', ocpData(vector, backend));
				first = false;
				await expect(page.locator(`[data-page="${name}"]`)).toBeVisible();
				await ranItsCourse(page, 'ovos.common_play', vector);
				expect(await pwned(page), `${backend} vector ${i}`).toBe(0);
				expect(dialogs).toEqual([]);
				expect(await page.locator('.tpl-root script, .tpl-root [onerror], .tpl-root [onload], .tpl-root iframe').count()).toBe(0);
				// Links only ever to http(s).
				for (const href of await page.locator('.tpl-root a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) expect(href).toMatch(/^https?:/);
			}
		}
		// Text stayed text: the vector shows literally in the title.
		if (name === 'PlayerLoader') await expect(page.locator('[data-key="title"]')).toContainText('window.top.__pwned');
	});
}

test('skill HTML may script itself but not reach the app', async () => {
	const html = `<p id="p">static</p><script>
		const out = [];
		try { window.top.document.body.dataset.pwned = '1'; out.push('parent:reached'); } catch { out.push('parent:blocked'); }
		try { localStorage.setItem('x', '1'); out.push('storage:ours'); } catch { out.push('storage:blocked'); }
		try { document.cookie = 'a=1'; out.push(document.cookie ? 'cookie:set' : 'cookie:none'); } catch { out.push('cookie:blocked'); }
		document.getElementById('p').textContent = out.join(' ');
	</script>`;
	show(sim, 'skill-html.test', ['SYSTEM_HtmlFrame'], { html });
	const inner = page.frameLocator('iframe').frameLocator('iframe').locator('#p');
	await expect(inner).toHaveText('parent:blocked storage:blocked cookie:blocked');
	expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
});

test('text is text: markup in data is shown literally', async () => {
	show(sim, 'skill-text.test', ['SYSTEM_TextFrame'], { text: '<b>bold?</b> <img src=x>', title: '<i>t</i>' });
	await expect(page.locator('[data-key="text"]')).toHaveText('<b>bold?</b> <img src=x>');
	await expect(page.locator('.tpl-root b, .tpl-root img, .tpl-root i')).toHaveCount(0);
});
