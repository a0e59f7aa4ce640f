/**
 * The OCP media pages (namespace `ovos.common_play`) and the OVOS-GUI-1 players, shown through a
 * private simulator with the keys OCP sends (docs/skill-pages.md#media-player-ocp): values on screen in
 * `/` and `/kiosk`, the position running on between reports, and every control's GUI event
 * asserted on the simulator's bus as `ovos.common_play.<event>` with its payload. Screenshots at
 * 800×480, 1280×800 and 720×1280, light and dark.
 */
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { busMessage, type BusMessage, type JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { collect, live, privateSim, SCREEN_SIZES, screenUrl, setValues, show } from './support/screen';
import { settled } from './support/settle';

const OCP = 'ovos.common_play';

// Pictures a skill would serve: album art, a backdrop, a source logo, a skill tile.
const SVG: Record<string, string> = {
	'/art.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a1c71"/><stop offset=".5" stop-color="#d76d77"/><stop offset="1" stop-color="#ffaf7b"/></linearGradient></defs><rect width="300" height="300" fill="url(#g)"/><circle cx="150" cy="150" r="90" fill="none" stroke="#fff" stroke-width="10" opacity=".8"/><circle cx="150" cy="150" r="20" fill="#fff"/></svg>`,
	'/bg.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240"><rect width="400" height="240" fill="#213a5c"/><circle cx="90" cy="60" r="90" fill="#d76d77"/><circle cx="330" cy="200" r="110" fill="#ffaf7b"/></svg>`,
	'/yt.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"><rect width="120" height="60" rx="8" fill="#111"/><circle cx="24" cy="30" r="14" fill="#f00"/><path d="M19 22v16l13-8z" fill="#fff"/><text x="44" y="38" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff">Music</text></svg>`,
	'/news.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#0b6e4f"/><text x="24" y="110" font-family="sans-serif" font-size="56" font-weight="800" fill="#fff">NEWS</text></svg>`,
	'/radio.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#8e2de2"/><circle cx="160" cy="90" r="50" fill="none" stroke="#fff" stroke-width="10"/></svg>`
};

/** A real, playable clip (a second of moving colour, VP8 in WebM) recorded by the browser itself. */
async function recordClip(page: Page): Promise<Buffer> {
	const b64 = await page.evaluate(async () => {
		const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 90 });
		const g = canvas.getContext('2d') as CanvasRenderingContext2D;
		const rec = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
		const chunks: Blob[] = [];
		rec.ondataavailable = (e) => chunks.push(e.data);
		const done = new Promise((r) => (rec.onstop = r));
		rec.start();
		for (let i = 0; i < 15; i++) {
			g.fillStyle = `hsl(${i * 24} 70% 50%)`;
			g.fillRect(0, 0, 160, 90);
			await new Promise((r) => setTimeout(r, 66));
		}
		rec.stop();
		await done;
		const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
		let bin = '';
		for (const b of bytes) bin += String.fromCharCode(b);
		return btoa(bin);
	});
	return Buffer.from(b64, 'base64');
}

let server: Server;
let base = '';
let sim: Simulator;
test.beforeAll(async ({ browser }) => {
	const recorder = await browser.newPage();
	const clip = await recordClip(recorder);
	await recorder.close();
	server = createServer((req, res) => {
		const body = SVG[req.url ?? ''];
		if (body) res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(body);
		else if (req.url === '/clip.webm') res.writeHead(200, { 'content-type': 'video/webm', 'content-length': clip.length }).end(clip);
		else res.writeHead(404).end();
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const a = server.address();
	base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

function track(over: JsonObject = {}): JsonObject {
	return {
		playerBackend: 'OVOSSyncPlayer',
		title: 'The Sound Of Silence',
		artist: 'Disturbed',
		image: `${base}/art.svg`,
		bg_image: `${base}/bg.svg`,
		status: 'Playing',
		duration: 248_000,
		position: 26_000,
		loopStatus: 'None',
		shuffleStatus: false,
		canPrev: false,
		canNext: true,
		canResume: true,
		canPause: true,
		uri: 'https://music.example/sos',
		...over
	};
}
const card = (track: string, duration: number, uri: string): JsonObject => ({ duration, track, image: `${base}/art.svg`, album: 'skill-youtube-music.jarbasai', source: `${base}/yt.svg`, uri });
// Built once the picture server runs (its port is not known before).
const playlist = () => [card('The Sound Of Silence', 248_000, 'https://music.example/sos'), card('Master of Puppets', 516_000, 'https://music.example/mop'), card('Nothing Else Matters', 389_000, 'https://music.example/nem')];
const results = () => [card('Enter Sandman', 331_000, 'https://music.example/es'), card('One', 446_000, 'https://music.example/one')];
const skills = () => [
	{ skill_id: 'skill-news.openvoiceos', title: 'News', image: `${base}/news.svg`, media_type: [1] },
	{ skill_id: 'skill-somafm.neongeckocom', title: 'SomaFM radio', image: `${base}/radio.svg`, media_type: [2] },
	{ skill_id: 'skill-youtube-music.jarbasai', title: 'YouTube Music', image: `${base}/yt.svg`, media_type: [2] }
];

/** OCP's `show_player()`: the data, then PlayerLoader with SuggestionsView as its second page. */
function showPlayer(s: Simulator, over: JsonObject = {}, index = 0): void {
	show(s, OCP, ['PlayerLoader', 'SuggestionsView'], { ...track(over), playlistModel: { data: playlist() }, searchModel: { data: results() } }, index);
}
function guiEvent(s: Simulator, name: string, params: JsonObject = {}): void {
	s.emit(busMessage('gui.event.send', { __from: OCP, event_name: name, params }));
}async function sent(seen: BusMessage[], data: JsonObject): Promise<void> {
	await expect.poll(() => seen.length).toBe(1);
	expect(seen[0]?.data).toEqual(data);
}
const shownPage = (page: Page, name: string) => page.locator(`.tpl-root[data-page="${name}"]`);

test('player: values, the position running on between reports, every control on the bus', async ({ page }) => {
	await page.goto(screenUrl(sim));
	await live(page);
	showPlayer(sim);
	const p = shownPage(page, 'PlayerLoader');
	await expect(p.locator('[data-key="title"]')).toHaveText('The Sound Of Silence');
	await expect(p.locator('[data-key="artist"]')).toHaveText('Disturbed');
	await expect(p.locator('[data-key="total"]')).toHaveText('4:08');
	await expect(p.locator('[data-key="elapsed"]')).toHaveText(/^0:2[6-7]$/);
	await expect(p.locator('img[src$="/art.svg"]')).toBeVisible();
	// No report for 2.5 s: the position ran on by itself, and the bar with it.
	await expect(p.locator('[data-key="elapsed"]')).toHaveText(/^0:2[89]$/, { timeout: 4000 });
	const slider = p.getByRole('slider', { name: 'Position' });
	await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(28);
	// The backend's report (OCP copies it into `position` / `length`) re-bases it.
	setValues(sim, OCP, { position: 120_000, length: 248_000 });
	await expect(p.locator('[data-key="elapsed"]')).toHaveText(/^2:0[01]$/);

	const ev = (name: string) => collect(sim, `${OCP}.${name}`);
	// canPrev false: disabled; OCP allows it: sends.
	await expect(p.getByRole('button', { name: 'Previous' })).toBeDisabled();
	setValues(sim, OCP, { canPrev: true });
	const prev = ev('previous');
	await p.getByRole('button', { name: 'Previous' }).click();
	await sent(prev, {});
	const next = ev('next');
	await p.getByRole('button', { name: 'Next' }).click();
	await sent(next, {});
	// Pause shows at once, then OCP confirms with `status`.
	const pause = ev('pause');
	await p.getByRole('button', { name: 'Pause' }).click();
	await sent(pause, {});
	await expect(p.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
	setValues(sim, OCP, { status: 'Paused' });
	await expect(p.locator('[data-key="state"]')).toHaveText('Paused');
	const stillAt = await p.locator('[data-key="elapsed"]').textContent();
	await page.waitForTimeout(1300);
	await expect(p.locator('[data-key="elapsed"]')).toHaveText(stillAt ?? '');
	const resume = ev('resume');
	await p.getByRole('button', { name: 'Play', exact: true }).click();
	await sent(resume, {});
	setValues(sim, OCP, { status: 'Playing' });
	const stop = ev('stop');
	await p.getByRole('button', { name: 'Stop' }).click();
	await sent(stop, {});
	setValues(sim, OCP, { status: 'Playing' });
	// Repeat and shuffle go to OCP's own handlers; their state comes back in loopStatus / shuffleStatus.
	const repeat = ev('repeat.set');
	await p.getByRole('button', { name: 'Repeat is off' }).click();
	await sent(repeat, {});
	setValues(sim, OCP, { loopStatus: 'Repeat' });
	await expect(p.getByRole('button', { name: 'Repeat is on' })).toHaveAttribute('aria-pressed', 'true');
	const shuffle = ev('shuffle.set');
	await p.getByRole('button', { name: 'Shuffle is off' }).click();
	await sent(shuffle, {});
	setValues(sim, OCP, { shuffleStatus: true });
	await expect(p.getByRole('button', { name: 'Shuffle is on' })).toHaveAttribute('aria-pressed', 'true');
	// A tap at the middle of the bar seeks there (OCP's `seek {seekValue: ms}`).
	const seek = ev('seek');
	const box = await slider.boundingBox();
	if (!box) throw new Error('no seek bar');
	await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
	await expect.poll(() => seek.length).toBe(1);
	expect(Math.abs(Number((seek[0]?.data as JsonObject).seekValue) - 124_000)).toBeLessThan(4000);
	// Keyboard: ten seconds on from where it is.
	await slider.focus();
	await page.keyboard.press('ArrowRight');
	await expect.poll(() => seek.length).toBe(2);
	// The arrows stayed with the slider: still the player page.
	await expect(p).toBeVisible();

	// Core-bus controls without a bus window: disabled, with the reason.
	const close = p.getByRole('button', { name: 'Close the player' });
	await expect(close).toHaveAttribute('aria-disabled', 'true');
	await expect(close).toHaveAttribute('title', /message bus/);

	// A new track: every value follows.
	setValues(sim, OCP, { title: 'Master of Puppets', artist: 'Metallica', duration: 516_000, position: 0, uri: 'https://music.example/mop' });
	await expect(p.locator('[data-key="title"]')).toHaveText('Master of Puppets');
	await expect(p.locator('[data-key="artist"]')).toHaveText('Metallica');
	await expect(p.locator('[data-key="total"]')).toHaveText('8:36');
	await expect(p.locator('[data-key="elapsed"]')).toHaveText(/^0:0[0-2]$/);
});

test('loader clear and the video / web players', async ({ page }) => {
	await page.goto(screenUrl(sim));
	await live(page);
	showPlayer(sim);
	const p = shownPage(page, 'PlayerLoader');
	await expect(p.locator('[data-key="title"]')).toHaveText('The Sound Of Silence');
	// show_player() with another backend: clear, then the new `playerBackend`.
	guiEvent(sim, 'ocp.gui.player.loader.clear');
	await expect(p.getByRole('status', { name: 'Opening the player…' })).toBeVisible();
	setValues(sim, OCP, { playerBackend: 'OVOSVideoPlayerQtAv', title: 'Big Buck Bunny', artist: 'Blender Foundation' });
	await expect(p.locator('[data-backend="video"]')).toBeVisible();
	await expect(p.getByText('Play this on the device')).toBeVisible();
	await expect(p.locator('[data-key="title"]')).toHaveText('Big Buck Bunny');
	await expect(p.locator('[data-key="artist"]')).toHaveText('Blender Foundation');
	const stop = collect(sim, `${OCP}.stop`);
	await p.getByRole('button', { name: 'Stop' }).click();
	await sent(stop, {});
	setValues(sim, OCP, { playerBackend: 'OVOSWebPlayer', title: 'Lofi radio', artist: '', uri: 'https://radio.example/lofi' });
	await expect(p.locator('[data-backend="web"]')).toBeVisible();
	await expect(p.getByRole('link', { name: 'Open the page here' })).toHaveAttribute('href', 'https://radio.example/lofi');
	// The device's own screen (/kiosk) is where ovos-shell's web view would be: the page itself,
	// sandboxed without script (a web page must not reach the device's sockets, docs/security.md), with
	// Stop over it, and no link that would open a tab on the device.
	const kiosk = await page.context().newPage();
	await kiosk.goto(screenUrl(sim, '/kiosk'));
	const frame = shownPage(kiosk, 'PlayerLoader').locator('iframe[data-key="uri"]');
	await expect(frame).toHaveAttribute('src', 'https://radio.example/lofi');
	await expect(frame).toHaveAttribute('sandbox', 'allow-forms');
	await expect(kiosk.getByRole('link', { name: 'Open the page here' })).toHaveCount(0);
	await kiosk.getByRole('button', { name: 'Stop' }).click();
	await expect.poll(() => stop.length).toBe(2);
	await kiosk.close();
});

test('suggestions: playlist and search results, picks and tab events', async ({ page }) => {
	await page.goto(screenUrl(sim));
	await live(page);
	showPlayer(sim, {}, 1);
	const s = shownPage(page, 'SuggestionsView');
	await expect(s.getByRole('tab', { name: /Playlist/ })).toHaveAttribute('aria-selected', 'true');
	const rows = s.getByRole('tabpanel').getByRole('button');
	await expect(rows).toHaveCount(3);
	await expect(rows.nth(1).locator('[data-key="track"]')).toHaveText('Master of Puppets');
	await expect(rows.nth(1).locator('[data-key="album"]')).toHaveText('skill-youtube-music.jarbasai');
	await expect(rows.nth(1).locator('[data-key="duration"]')).toHaveText('8:36');
	await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
	const fromPlaylist = collect(sim, `${OCP}.playlist.play`);
	await rows.nth(1).click();
	await sent(fromPlaylist, { playlistData: playlist()[1] as JsonObject });
	// OCP switches to the results with its GUI event, and back.
	guiEvent(sim, 'ocp.gui.show.suggestion.view.disambiguation');
	await expect(s.getByRole('tab', { name: /Search results/ })).toHaveAttribute('aria-selected', 'true');
	await expect(rows).toHaveCount(2);
	await expect(rows.nth(0).locator('[data-key="track"]')).toHaveText('Enter Sandman');
	await expect(rows.nth(0).locator('[data-key="duration"]')).toHaveText('5:31');
	const fromSearch = collect(sim, `${OCP}.search.play`);
	await rows.nth(1).click();
	await sent(fromSearch, { playlistData: results()[1] as JsonObject });
	guiEvent(sim, 'ocp.gui.show.suggestion.view.playlist');
	await expect(s.getByRole('tab', { name: /Playlist/ })).toHaveAttribute('aria-selected', 'true');
	// A second arrival of the same event acts again.
	await s.getByRole('tab', { name: /Search results/ }).click();
	guiEvent(sim, 'ocp.gui.show.suggestion.view.playlist');
	await expect(s.getByRole('tab', { name: /Playlist/ })).toHaveAttribute('aria-selected', 'true');
	// Lists update live.
	setValues(sim, OCP, { playlistModel: { data: [playlist()[2] as JsonObject] } });
	await expect(rows).toHaveCount(1);
	await expect(rows.nth(0).locator('[data-key="track"]')).toHaveText('Nothing Else Matters');
});

test('busy and Home: search, play_search, featured skills, the now-playing strip', async ({ page }) => {
	await page.goto(screenUrl(sim));
	await live(page);
	show(sim, OCP, ['busy'], { footer_text: 'Searching YouTube Music…' });
	const busy = shownPage(page, 'busy');
	await expect(busy.getByRole('heading', { name: 'Searching media' })).toBeVisible();
	await expect(busy.locator('[data-key="footer_text"]')).toHaveText('Searching YouTube Music…');

	show(sim, OCP, ['Home'], { homepage_index: 0, displayBottomBar: true, skillCards: skills(), status: 'Playing', title: 'Take Five', artist: 'Dave Brubeck', image: `${base}/art.svg` });
	const home = shownPage(page, 'Home');
	const box = home.getByLabel('Find something to play');
	await expect(box).toBeVisible();
	const playSearch = collect(sim, `${OCP}.play_search`);
	await box.fill('some jazz');
	await box.press('Enter');
	await sent(playSearch, { utterance: 'some jazz' });
	const search = collect(sim, `${OCP}.search`);
	await home.getByRole('button', { name: 'Play!' }).click();
	await sent(search, { utterance: 'some jazz' });
	await expect(home.locator('[data-key="now-playing"]')).toHaveText('Take Five – Dave Brubeck');
	const pause = collect(sim, `${OCP}.pause`);
	await home.getByRole('group', { name: 'Now playing' }).getByRole('button', { name: 'Pause' }).click();
	await sent(pause, {});
	await home.getByRole('tab', { name: 'Skills' }).click();
	await expect(home.locator('[data-key="skill-title"]')).toHaveText(['News', 'SomaFM radio', 'YouTube Music']);
	const featured = collect(sim, `${OCP}.featured_tracks.play`);
	await home.getByRole('button', { name: 'SomaFM radio' }).click();
	await sent(featured, { title: 'SomaFM radio', skill_id: 'skill-somafm.neongeckocom' });
	// OCP's view events move the tab.
	guiEvent(sim, 'ocp.gui.show.home.view.search');
	await expect(home.getByLabel('Find something to play')).toBeVisible();
	await expect(home.getByRole('button', { name: 'Close the player' })).toHaveAttribute('aria-disabled', 'true');
});

for (const path of ['/', '/kiosk']) test(`OVOS-GUI-1 players: audio, media and video on ${path}`, async ({ page }) => {
	await page.goto(screenUrl(sim, path));
	await live(page);
	show(sim, 'skill-music.test', ['SYSTEM_audio_player'], { title: 'So What', artist: 'Miles Davis', album: 'Kind of Blue', image: `${base}/art.svg`, position: 75, duration: 562, playing: true });
	const audio = shownPage(page, 'SYSTEM_audio_player');
	await expect(audio.locator('[data-key="title"]')).toHaveText('So What');
	await expect(audio.locator('[data-key="album"]')).toHaveText('Kind of Blue');
	await expect(audio.locator('[data-key="total"]')).toHaveText('9:22');
	await expect(audio.locator('[data-key="elapsed"]')).toHaveText(/^1:1[5-7]$/);
	const pause = collect(sim, 'skill-music.test.pause');
	await audio.getByRole('button', { name: 'Pause' }).click();
	await sent(pause, {});

	show(sim, 'skill-radio.test', ['SYSTEM_media_player'], {
		media_title: 'Morning news',
		media_artist: 'Radio One',
		media_image: `${base}/news.svg`,
		media_position: 754_000,
		media_duration: -1,
		media_playback_state: 'playing',
		media_playlist: [{ title: 'Morning news', artist: 'Radio One' }, { title: 'Weather', artist: 'Radio One' }],
		media_playlist_position: 0
	});
	const media = shownPage(page, 'SYSTEM_media_player');
	await expect(media.locator('[data-key="title"]')).toHaveText('Morning news');
	await expect(media.locator('[data-key="total"]')).toHaveText('Live');
	await expect(media.locator('[data-key="elapsed"]')).toHaveText(/^12:3[4-6]$/);
	await expect(media.locator('[data-key="queue"]')).toContainText('Track 1 of 2 · Up next: Weather – Radio One');

	show(sim, 'skill-video.test', ['SYSTEM_video_player'], { uri: '/home/ovos/videos/holiday.mp4', title: 'Holiday 2024', playing: true });
	const video = shownPage(page, 'SYSTEM_video_player');
	await expect(video.locator('[data-key="title"]')).toHaveText('Holiday 2024');
	await expect(video.getByText('plays on the device itself')).toBeVisible();
	// A web video plays here: it loads (no failure card) and follows `playing`.
	setValues(sim, 'skill-video.test', { uri: `${base}/clip.webm` });
	const player = video.locator('video');
	await expect(player).toHaveAttribute('src', `${base}/clip.webm`);
	await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
	await expect(video.getByText('could not be loaded')).toHaveCount(0);
	await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.paused || v.currentTime === 0)).toBe(false);
	setValues(sim, 'skill-video.test', { playing: false });
	await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
	// One the browser cannot load gets a clear card with its title, never a blank frame.
	setValues(sim, 'skill-video.test', { uri: `${base}/missing.mp4`, playing: true });
	await expect(video.getByText('The video could not be loaded on this screen.')).toBeVisible();
	await expect(video.locator('[data-key="title"]')).toHaveText('Holiday 2024');
});

// Every page at the three sizes, light and dark, on the device's own screen (`/kiosk`), with its values.
// One context a theme, resized for each size (a page load costs more than all of its pictures); at
// each size the skills' pages start over (their namespaces cleared), as on a fresh simulator.
for (const theme of ['dark', 'light'] as const) {
	test(`kiosk pages ${SCREEN_SIZES.map((s) => `${s.width}x${s.height}`).join(', ')} ${theme}`, async ({ browser }) => {
		test.setTimeout(90_000);
		const context = await browser.newContext({ viewport: SCREEN_SIZES[0]!, colorScheme: theme });
		const page = await context.newPage();
		await page.goto(screenUrl(sim, '/kiosk'));
		await live(page);
		for (const size of SCREEN_SIZES) {
			await page.setViewportSize(size);
			for (const ns of [OCP, 'skill-radio.test']) sim.emit(busMessage('gui.clear.namespace', { __from: ns }));
			const shot = async (name: string) => {
				await settled(page);
				await page.screenshot({ path: `e2e/screenshots/ocp-${name}-${theme}-${size.width}x${size.height}.png` });
			};
			showPlayer(sim, { loopStatus: 'Repeat', canPrev: true });
			const p = shownPage(page, 'PlayerLoader');
			await expect(p.locator('[data-key="title"]')).toHaveText('The Sound Of Silence');
			await expect(p.locator('[data-key="total"]')).toHaveText('4:08');
			await expect(p.locator('img[src$="/art.svg"]')).toBeVisible();
			await shot('player');
			show(sim, OCP, ['SuggestionsView'], {}, 1);
			const s = shownPage(page, 'SuggestionsView');
			await expect(s.locator('[data-key="track"]').first()).toHaveText('The Sound Of Silence');
			await expect(s.locator('[data-key="duration"]').nth(1)).toHaveText('8:36');
			await shot('suggestions');
			show(sim, OCP, ['busy'], { footer_text: 'Searching YouTube Music…' });
			await expect(shownPage(page, 'busy').getByRole('heading', { name: 'Searching media' })).toBeVisible();
			await shot('busy');
			show(sim, OCP, ['Home'], { homepage_index: 1, displayBottomBar: true, skillCards: skills(), status: 'Playing' });
			const home = shownPage(page, 'Home');
			await expect(home.locator('[data-key="skill-title"]').first()).toHaveText('News');
			await expect(home.locator('[data-key="now-playing"]')).toHaveText('The Sound Of Silence – Disturbed');
			await shot('home-skills');
			await home.getByRole('tab', { name: 'Search' }).click();
			await expect(home.getByLabel('Find something to play')).toBeVisible();
			await shot('home-search');
			setValues(sim, OCP, { playerBackend: 'OVOSVideoPlayerQtAv', title: 'Big Buck Bunny', artist: 'Blender Foundation' });
			show(sim, OCP, ['PlayerLoader'], {}, 0);
			await expect(p.locator('[data-backend="video"] [data-key="title"]')).toHaveText('Big Buck Bunny');
			await shot('video');
			show(sim, 'skill-radio.test', ['SYSTEM_media_player'], { media_title: 'Morning news', media_artist: 'Radio One', media_image: `${base}/news.svg`, media_position: 754_000, media_duration: -1, media_playback_state: 'playing' });
			await expect(shownPage(page, 'SYSTEM_media_player').locator('[data-key="total"]')).toHaveText('Live');
			await shot('gui1-media');
		}
		await context.close();
	});
}
