/**
 * The skill pages a device shows all day — homescreen `idle`, date-time `time`/`date`, alerts
 * `Timer`/`AlarmsOverviewCard`/`AlarmCard`/`ListView` — and the OVOS-GUI-1 `SYSTEM_clock`,
 * `SYSTEM_timer`, `SYSTEM_idle`, shown through a private simulator with the keys their skills send
 * (docs/skill-pages.md): values asserted on screen in `/` and `/kiosk`, GUI events asserted on the
 * simulator's bus, core-bus controls disabled with their reason (no bus window), and screenshots of
 * each page at 800×480, 1280×800 and 720×1280 in both themes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { busMessage, type JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { png } from './support/png';
import { type App, collect, picturesAtEachSize, privateSim, screenUrl, setValues, show, startApp } from './support/screen';
import { settled } from './support/settle';

const HOME = 'skill-ovos-homescreen.openvoiceos';
const HOME_2026 = 'ovos-skill-homescreen.openvoiceos';
const DATE_TIME = 'ovos-skill-date-time.openvoiceos';
const ALERTS = 'ovos-skill-alerts.openvoiceos';
const NEON_ALERTS = 'skill-alerts.neongeckocom';
const NO_BUS = /message bus, which this screen is not connected to/;

/** A wallpaper of our own: dusk over hills, 1280×720. */
function wallpaperPng(): Buffer {
	const W = 1280;
	const H = 720;
	return png(W, H, (x, y) => {
		const hill = H * (0.68 + 0.07 * Math.sin(x / 170) + 0.04 * Math.sin(x / 53 + 1));
		if (y > hill) return [18, 32, 40, 255];
		const far = H * (0.6 + 0.05 * Math.sin(x / 260 + 2));
		if (y > far) return [44, 62, 84, 255];
		const sun = Math.hypot(x - W * 0.72, y - H * 0.58);
		if (sun < 70) return [255, 214, 150, 255];
		const t = y / H;
		return [Math.round(30 + 200 * t * t), Math.round(50 + 90 * t * t), Math.round(110 + 20 * t), 255];
	});
}

let app: App;
let mediaRoot: string;
let sim: Simulator;

test.beforeAll(async () => {
	mediaRoot = mkdtempSync(join(tmpdir(), 'ovos-home-'));
	mkdirSync(join(mediaRoot, 'wallpapers'));
	writeFileSync(join(mediaRoot, 'wallpapers', 'dusk.png'), wallpaperPng());
	// Our own app, so device files come through its media route (the screen and OVOS on one machine).
	app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: process.env.SIM_BUS_PORT ?? '8181', OVOS_GUI_PORT: process.env.SIM_GUI_PORT ?? '18181', OVOS_MEDIA_ROOTS: mediaRoot });
});
test.afterAll(async () => {
	await app.stop();
});
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

async function open(page: Page, path = '/'): Promise<void> {
	await page.goto(screenUrl(sim, path, '', app.url));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
}

/** What `self.gui.send_event` does: a GUI event to the skill's namespace. */
function guiEvent(skill: string, name: string, params: JsonObject): void {
	sim.emit(busMessage('gui.event.send', { __from: skill, event_name: name, params }));
}

const shown = (page: Page, name: string, ns: string) => page.locator(`.tpl-root[data-page="${name}"][data-namespace="${ns}"]`);

// ---- the pages, with the keys of the spec ---------------------------------------------------------

const idleData = (): JsonObject => ({
	wallpaper_path: join(mediaRoot, 'wallpapers') + '/',
	selected_wallpaper: 'dusk.png',
	notification: {},
	notification_model: {
		storedmodel: [
			{ sender: 'ovos-skill-alerts.openvoiceos', text: 'Timer: pasta', action: 'ovos.alerts.dismiss_notification', callback_data: { alert: { ident: 'p1' } }, type: 'transient', style: 'info' },
			{ sender: 'ovos-skill-updates', text: 'Update installed', action: '', callback_data: {} }
		],
		count: 2
	},
	system_connectivity: 'online',
	persistent_menu_hint: false,
	applications_model: [{ name: 'camera', thumbnail: join(mediaRoot, 'wallpapers', 'dusk.png'), action: 'ovos.camera.open' }],
	apps_enabled: true,
	time_string: '10:16',
	date_string: '28/12/2022',
	weekday_string: 'Wednesday',
	day_string: '28',
	month_string: 'December',
	year_string: '2022',
	weather_api_enabled: true,
	weather_code: 1,
	weather_temp: 8,
	skill_examples: { examples: ['what time is it', 'set a timer for 5 minutes', 'tell me a joke'] },
	skill_info_enabled: true,
	skill_info_prefix: true,
	rtl_mode: 0,
	dateFormat: 'DMY'
});

const TIMERS = {
	activeTimers: {
		timers: [
			{ alertId: 't-pasta', timerName: 'pasta', timeDelta: '4:13', percentRemaining: 0.84, expired: false, backgroundColor: '' },
			{ alertId: 't-rice', timerName: 'called rice cooking', timeDelta: '-0:12', percentRemaining: 0, expired: true, backgroundColor: '' }
		]
	}
};

const ALARMS = {
	activeAlarms: [
		{ alarmTime: '7:30', alarmAmPm: 'AM', alarmName: 'Wake Up', alarmExpired: true, alarmIndex: 'a-wake', alarmRepeat: true, alarmRepeatStr: 'Mon-Fri' },
		{ alarmTime: '9:00', alarmAmPm: 'PM', alarmName: 'Bins Out', alarmExpired: false, alarmIndex: 'a-bins', alarmRepeat: false, alarmRepeatStr: 'Once' }
	],
	activeAlarmCount: 2
};

interface Case {
	readonly name: string;
	readonly ns: string;
	readonly page: string;
	readonly data: () => JsonObject;
	/** The skill clears its namespace first (`gui.clear()`), as the date-time skill does. */
	readonly clear?: boolean;
	/** After the data: GUI events the skill sends. */
	readonly after?: () => void;
	readonly check: (page: Page) => Promise<void>;
}

const CASES: Case[] = [
	{
		name: 'idle',
		ns: HOME,
		page: 'idle',
		data: idleData,
		after: () => {
			guiEvent(HOME, 'ovos.timer.widget.manager.update', { count: 1, action: 'ovos.gui.show.pending.timers' });
			guiEvent(HOME, 'ovos.alarm.widget.manager.update', { count: 2, action: 'ovos.gui.show.pending.alarms' });
		},
		check: async (page) => {
			const home = shown(page, 'idle', HOME);
			await expect(home.locator('time')).toHaveText('10:16');
			// Portrait screens shorten the month, as the homescreen does.
			await expect(home.locator('[data-key="date"]')).toHaveText(/^Wed 28 Dec(ember)?, 2022$/);
			await expect(home.locator('[data-key="weather_temp"]')).toHaveText('8°');
			await expect(home.locator('[data-weather-code="1"]')).toBeVisible();
			await expect(home.locator('[data-key="example"]')).toHaveText('Ask Me what time is it');
			await expect(home.locator('[data-key="notification_count"]')).toHaveText('2');
			await expect(home.locator('[data-key="timer_count"]')).toHaveText('1');
			await expect(home.locator('[data-key="alarm_count"]')).toHaveText('2');
			// The wallpaper is a file on the device, loaded through the media route.
			const wall = home.locator('img[data-key="wallpaper"]');
			await expect(wall).toHaveAttribute('src', `/media${mediaRoot}/wallpapers/dusk.png`);
			await expect.poll(() => wall.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1280);
			await expect(home.locator('[data-connectivity]')).toHaveCount(0);
		}
	},
	{
		name: 'time',
		ns: DATE_TIME,
		page: 'time',
		clear: true,
		data: () => ({ time_string: '12:50', ampm_string: '', date_string: 'Friday, December 30, 2022' }),
		check: async (page) => {
			const t = shown(page, 'time', DATE_TIME);
			await expect(t.locator('[data-part="hours"]')).toHaveText('12');
			await expect(t.locator('[data-part="minutes"]')).toHaveText('50');
			// Minutes in the accent colour, hours not.
			const colour = (part: string) => t.locator(`[data-part="${part}"]`).evaluate((el) => getComputedStyle(el).color);
			expect(await colour('minutes')).not.toBe(await colour('hours'));
		}
	},
	{
		name: 'date',
		ns: DATE_TIME,
		page: 'date',
		clear: true,
		data: () => ({ location_string: 'Lisbon', date_string: 'Friday, December 30, 2022', weekday_string: 'Friday', day_string: '30', month_string: 'December', year_string: '2022', daymonth_string: 'December 30' }),
		check: async (page) => {
			const d = shown(page, 'date', DATE_TIME);
			await expect(d.locator('[data-key="weekday_string"]')).toHaveText('Friday');
			await expect(d.locator('[data-key="daymonth_string"]')).toHaveText('December 30');
			await expect(d.locator('[data-key="year_string"]')).toHaveText('2022');
		}
	},
	{
		name: 'timers',
		ns: ALERTS,
		page: 'Timer',
		data: () => TIMERS,
		check: async (page) => {
			const cards = shown(page, 'Timer', ALERTS).locator('article');
			await expect(cards).toHaveCount(2);
			await expect(cards.nth(0).locator('[data-key="timerName"]')).toHaveText('pasta');
			await expect(cards.nth(0).locator('[data-key="timeDelta"]')).toHaveText('4:13');
			await expect(cards.nth(0).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '84');
			await expect(cards.nth(1)).toHaveAttribute('data-expired', 'true');
			await expect(cards.nth(1)).toContainText('Time’s up');
			await expect(cards.nth(1).getByRole('button', { name: 'Dismiss called rice cooking' })).toBeVisible();
		}
	},
	{
		name: 'alarms',
		ns: ALERTS,
		page: 'AlarmsOverviewCard',
		data: () => ALARMS,
		check: async (page) => {
			const p = shown(page, 'AlarmsOverviewCard', ALERTS);
			const wake = p.getByRole('article', { name: 'Alarm Wake Up' });
			await expect(wake.locator('[data-key="alarmTime"]')).toHaveText('7:30');
			await expect(wake.locator('[data-key="alarmAmPm"]')).toHaveText('AM');
			await expect(wake.locator('[data-key="alarmRepeatStr"]')).toHaveText('Mon-Fri');
			await expect(wake.getByRole('button', { name: 'Snooze' })).toBeEnabled();
			await expect(wake.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
			const bins = p.getByRole('article', { name: 'Alarm Bins Out' });
			await expect(bins.locator('[data-key="alarmTime"]')).toHaveText('9:00');
			await expect(bins.locator('[data-key="alarmAmPm"]')).toHaveText('PM');
			// Not ringing: snooze has nothing to snooze (AlarmButtonView.qml), cancel works.
			await expect(bins.getByRole('button', { name: 'Snooze' })).toBeDisabled();
			await expect(bins.getByRole('button', { name: 'Cancel' })).toBeEnabled();
		}
	},
	{
		name: 'list',
		ns: ALERTS,
		page: 'ListView',
		data: () => ({ header: 'Shopping', items: [{ main: 'milk', secondary: '' }, { main: 'call the plumber', secondary: 'Tomorrow 9:00 AM' }] }),
		check: async (page) => {
			const p = shown(page, 'ListView', ALERTS);
			await expect(p.getByRole('heading', { name: 'Shopping' })).toBeVisible();
			await expect(p.locator('[data-key="main"]')).toHaveText(['milk', 'call the plumber']);
			await expect(p.locator('[data-key="secondary"]')).toHaveText(['Tomorrow 9:00 AM']);
		}
	},
	{
		name: 'gui1-clock',
		ns: 'skill-clock.test',
		page: 'SYSTEM_clock',
		data: () => ({}),
		check: async (page) => {
			const clock = shown(page, 'SYSTEM_clock', 'skill-clock.test').locator('time');
			// The browser's own clock, in its locale.
			const expected = await page.evaluate(() => {
				const parts = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).formatToParts(new Date());
				return `${parts.find((p) => p.type === 'hour')?.value}:${parts.find((p) => p.type === 'minute')?.value}`;
			});
			await expect(clock).toContainText(expected);
		}
	},
	{
		name: 'gui1-timer',
		ns: 'skill-timer.test',
		page: 'SYSTEM_timer',
		data: () => ({ end_time: Date.now() / 1000 + 5 * 60 + 2, label: 'Tea', count_up: false }),
		check: async (page) => {
			const p = shown(page, 'SYSTEM_timer', 'skill-timer.test');
			await expect(p.locator('[data-key="timerName"]')).toHaveText('Tea');
			await expect(p.locator('[data-key="timeDelta"]')).toHaveText(/^(5:0[0-2]|4:5\d)$/);
			// It ticks on its own.
			const first = await p.locator('[data-key="timeDelta"]').textContent();
			await expect(p.locator('[data-key="timeDelta"]')).not.toHaveText(first ?? '', { timeout: 2500 });
		}
	},
	{
		name: 'gui1-idle',
		ns: 'skill-idle.test',
		page: 'SYSTEM_idle',
		data: () => ({}),
		check: async (page) => {
			const p = shown(page, 'SYSTEM_idle', 'skill-idle.test');
			await expect(p.locator('time')).toHaveText(/^\d{1,2}:\d{2}/);
			await expect(p.locator('[data-key="date"]')).toHaveText(/\d{4}/);
		}
	}
];

function showCase(c: Case): void {
	if (c.clear) sim.emit(busMessage('gui.clear.namespace', { __from: c.ns }));
	show(sim, c.ns, [c.page], c.data());
	c.after?.();
}

// ---- values on screen, in `/` and `/kiosk` ---------------------------------------------------------

for (const path of ['/', '/kiosk']) {
	test(`every page shows its values in ${path}`, async ({ page }) => {
		await open(page, path);
		for (const c of CASES) {
			showCase(c);
			await expect(shown(page, c.page, c.ns), c.name).toBeVisible();
			await c.check(page);
		}
		// Never the fallback card for any of them.
		await expect(page.getByText(/No template for this page|can’t be shown on this screen/)).toHaveCount(0);
	});
}

test('the 2026 homescreen id, Neon’s alerts and `.qml` page names render too; other skills’ pages are read from their data', async ({ page }) => {
	await open(page);
	show(sim, HOME_2026, ['idle'], { time_string: '07:05', weekday_string: 'Monday', day_string: '1', month_string: 'June', year_string: '2026', dateFormat: 'MDY' });
	await expect(shown(page, 'idle', HOME_2026).locator('[data-key="date"]')).toHaveText('Mon June 1, 2026');
	show(sim, NEON_ALERTS, ['AlarmCard.qml'], { alarmTime: '6:30', alarmAmPm: 'PM', alarmName: 'Gym', alarmExpired: false, alarmIndex: 'g1', alarmRepeat: false, alarmRepeatStr: 'Once' });
	await expect(shown(page, 'AlarmCard.qml', NEON_ALERTS).locator('[data-key="alarmName"]')).toHaveText('Gym');
	// Not the alerts skill: its timers are a list of what it sent, not alerts' timer cards.
	show(sim, 'skill-other.test', ['Timer'], { activeTimers: TIMERS.activeTimers });
	await expect(shown(page, 'Timer', 'skill-other.test').locator('[data-generic="list"]')).toBeVisible();
	await expect(shown(page, 'Timer', 'skill-other.test').locator('.progress-ring')).toHaveCount(0);
});

test('pages update live as keys and widget events change', async ({ page }) => {
	await open(page);
	show(sim, HOME, ['idle'], idleData());
	const home = shown(page, 'idle', HOME);
	await expect(home.locator('time')).toHaveText('10:16');
	setValues(sim, HOME, { time_string: '10:17', weather_code: 5, weather_temp: -2, dateFormat: 'YMD', system_connectivity: 'offline' });
	await expect(home.locator('time')).toHaveText('10:17');
	await expect(home.locator('[data-weather-code="5"]')).toBeVisible();
	await expect(home.locator('[data-key="weather_temp"]')).toHaveText('-2°');
	await expect(home.locator('[data-key="date"]')).toHaveText('2022, December Wed 28');
	// Offline as a change while the page is up is news; the skill's "offline" on every re-show is not.
	await expect(home.getByRole('img', { name: 'Offline' })).toBeVisible();
	show(sim, HOME, ['idle'], { ...idleData(), system_connectivity: 'network' });
	await expect(home.getByRole('img', { name: 'Network, but no internet' })).toBeVisible();
	// A re-show while the page is up (a back on the home screen) also says "offline": not drawn.
	setValues(sim, HOME, { system_connectivity: 'online' });
	await expect(home.locator('[data-connectivity]')).toHaveCount(0);
	show(sim, HOME, ['idle'], { ...idleData(), system_connectivity: 'offline' });
	await page.waitForTimeout(2500);
	await expect(home.locator('[data-connectivity]')).toHaveCount(0);
	// Back from another skill's page, the skill's re-show says "offline" again: not drawn.
	show(sim, DATE_TIME, ['time'], { time_string: '10:18' });
	await expect(shown(page, 'time', DATE_TIME)).toBeVisible();
	show(sim, HOME, ['idle'], { ...idleData(), system_connectivity: 'offline' });
	await expect(home.locator('time')).toHaveText('10:16');
	await expect(home.locator('[data-connectivity]')).toHaveCount(0);
	// The media widget takes the example line's place while something plays, and leaves when stopped.
	guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: true, widget: {}, state: 'playing' });
	guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: true, widget: { title: 'So What', artist: 'Miles Davis', album: 'Kind of Blue' }, state: 'playing' });
	await expect(home.locator('[data-key="media_title"]')).toHaveText('So What – Miles Davis');
	await expect(home.locator('[data-key="example"]')).toHaveCount(0);
	guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: false, widget: {}, state: 'stopped' });
	await expect(home.locator('[data-key="example"]')).toHaveText('Ask Me what time is it');
	// Widgets leave when their count drops to 0.
	guiEvent(HOME, 'ovos.timer.widget.manager.update', { count: 3 });
	await expect(home.locator('[data-key="timer_count"]')).toHaveText('3');
	guiEvent(HOME, 'ovos.timer.widget.manager.update', { count: 0 });
	await expect(home.locator('[data-key="timer_count"]')).toHaveCount(0);

	show(sim, ALERTS, ['Timer'], TIMERS);
	const pasta = shown(page, 'Timer', ALERTS).getByRole('article', { name: 'pasta' });
	await expect(pasta.locator('[data-key="timeDelta"]')).toHaveText('4:13');
	setValues(sim, ALERTS, { activeTimers: { timers: [{ ...TIMERS.activeTimers.timers[0], timeDelta: '4:12', percentRemaining: 0.5 }] } });
	await expect(pasta.locator('[data-key="timeDelta"]')).toHaveText('4:12');
	await expect(pasta.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
	await expect(shown(page, 'Timer', ALERTS).locator('article')).toHaveCount(1);
	// Wrong types: the page stays up with fallbacks.
	setValues(sim, ALERTS, { activeTimers: { timers: [{ timerName: 5, timeDelta: null, percentRemaining: 'x' }, 'junk'] } });
	await expect(shown(page, 'Timer', ALERTS).locator('[data-key="timerName"]')).toHaveText('5');
	await expect(shown(page, 'Timer', ALERTS).locator('[data-key="timeDelta"]')).toHaveText('--:--');
});

test('the example utterance changes every 30 s, and starts over when the skill sends a new list', async ({ page }) => {
	await page.clock.install();
	await open(page);
	show(sim, HOME, ['idle'], idleData());
	const home = shown(page, 'idle', HOME);
	const example = home.locator('[data-key="example"]');
	await expect(example).toHaveText('Ask Me what time is it');
	// The page's clock also runs on by itself (real time, which a loaded machine stretches): times are
	// taken from it, counted from when the example was seen (at most a moment after the show).
	const shownAt = await page.evaluate(() => Date.now());
	// Time runs in steps of a few seconds with the skill's clock updates between them, as on a
	// device: a GUI socket silent for longer is probed, and the probes' answers take real time.
	let minute = 16;
	const runTo = async (ms: number) => {
		for (;;) {
			const left = shownAt + ms - (await page.evaluate(() => Date.now()));
			if (left <= 0) return;
			await page.clock.runFor(Math.min(5000, left));
			setValues(sim, HOME, { time_string: `10:${++minute}` });
			await expect(home.locator('time')).toHaveText(`10:${minute}`);
		}
	};
	await runTo(28_000);
	await expect(example).toHaveText('Ask Me what time is it');
	await runTo(31_600);
	await expect(example).toHaveText('Ask Me set a timer for 5 minutes');
	await runTo(61_600);
	await expect(example).toHaveText('Ask Me tell me a joke');
	await runTo(91_600);
	await expect(example).toHaveText('Ask Me what time is it');
	setValues(sim, HOME, { skill_examples: { examples: ['play the news', 'what is the weather'] }, skill_info_prefix: false });
	await expect(example).toHaveText('play the news');
});

// ---- GUI events back, on the simulator's bus -------------------------------------------------------

test('cancel, snooze and dismiss send the GUI events the alerts QML sends', async ({ page }) => {
	await open(page, '/kiosk');
	const cancels = collect(sim, `${ALERTS}.ovos.alerts.cancel_timer`);
	const snoozes = collect(sim, `${ALERTS}.ovos.alerts.snooze_alarm`);
	const stops = collect(sim, `${ALERTS}.ovos.alerts.cancel_alarm`);
	show(sim, ALERTS, ['Timer'], TIMERS);
	await shown(page, 'Timer', ALERTS).getByRole('button', { name: 'Cancel pasta' }).click();
	await expect.poll(() => cancels.map((m) => m.data)).toEqual([{ timer: TIMERS.activeTimers.timers[0] }]);

	show(sim, ALERTS, ['AlarmsOverviewCard'], ALARMS);
	const wake = shown(page, 'AlarmsOverviewCard', ALERTS).getByRole('article', { name: 'Alarm Wake Up' });
	await wake.getByRole('button', { name: 'Snooze' }).click();
	await wake.getByRole('button', { name: 'Dismiss' }).click();
	await expect.poll(() => snoozes.map((m) => m.data)).toEqual([{ alarmIndex: 'a-wake', alarmContext: 'overview', alarmName: 'Wake Up' }]);
	await expect.poll(() => stops.map((m) => m.data)).toEqual([{ alarmIndex: 'a-wake', alarmContext: 'overview', alarmName: 'Wake Up' }]);

	// Neon's skill listens for its own names.
	const neon = collect(sim, `${NEON_ALERTS}.timerskill.gui.stop.timer`);
	show(sim, NEON_ALERTS, ['Timer.qml'], TIMERS);
	await shown(page, 'Timer.qml', NEON_ALERTS).getByRole('button', { name: 'Dismiss called rice cooking' }).click();
	await expect.poll(() => neon.map((m) => m.data)).toEqual([{ timer: TIMERS.activeTimers.timers[1] }]);
});

test('swiping left (or the right edge) asks the homescreen for the next wallpaper', async ({ page }) => {
	await open(page);
	const swipes = collect(sim, `${HOME}.homescreen.swipe.change.wallpaper`);
	show(sim, HOME, ['idle'], idleData());
	const home = shown(page, 'idle', HOME);
	await expect(home.locator('time')).toHaveText('10:16');
	const box = (await home.boundingBox())!;
	await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5);
	await page.mouse.down();
	await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.52, { steps: 6 });
	await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.53, { steps: 6 });
	await page.mouse.up();
	await expect.poll(() => swipes.map((m) => m.data)).toEqual([{}]);
	await home.getByRole('button', { name: 'Next wallpaper' }).click();
	await expect.poll(() => swipes.length).toBe(2);
	// A short or vertical drag is not a wallpaper swipe.
	await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
	await page.mouse.down();
	await page.mouse.move(box.x + box.width * 0.47, box.y + box.height * 0.5, { steps: 3 });
	await page.mouse.up();
	await page.waitForTimeout(300);
	expect(swipes.length).toBe(2);
	// The night clock: the left edge, and a tap back.
	await home.getByRole('button', { name: 'Night clock' }).click();
	await expect(home.locator('[data-view="night"] time')).toHaveText('10:16');
	// On top of the wallpaper, not under it.
	expect(await page.evaluate(() => document.elementFromPoint(innerWidth * 0.3, innerHeight * 0.5)?.closest('button')?.getAttribute('aria-label'))).toBe('Back to the home screen');
	await home.getByRole('button', { name: 'Back to the home screen' }).click();
	await expect(home.locator('[data-view="main"]')).toBeVisible();
});

test('the media bar pauses, resumes and stops the player with the OCP player page’s own GUI events', async ({ page }) => {
	await open(page, '/kiosk');
	const pauses = collect(sim, 'ovos.common_play.pause');
	const resumes = collect(sim, 'ovos.common_play.resume');
	const stops = collect(sim, 'ovos.common_play.stop');
	show(sim, HOME, ['idle'], idleData());
	guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: true, widget: { title: 'So What', artist: 'Miles Davis' }, state: 'playing' });
	const home = shown(page, 'idle', HOME);
	await home.getByRole('button', { name: 'Pause' }).click();
	await expect.poll(() => pauses.map((m) => m.data)).toEqual([{}]);
	// The homescreen reports the new state; the button follows it.
	guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: true, widget: { title: 'So What', artist: 'Miles Davis' }, state: 'paused' });
	await home.getByRole('button', { name: 'Play', exact: true }).click();
	await expect.poll(() => resumes.length).toBe(1);
	await home.getByRole('button', { name: 'Stop' }).click();
	await expect.poll(() => stops.length).toBe(1);
});

// ---- core-bus controls without a bus window ---------------------------------------------------------

test('core-bus controls are shown disabled, with the reason, and send nothing', async ({ page }) => {
	await open(page);
	const sent = collect(sim, '*');
	show(sim, HOME, ['idle'], idleData());
	guiEvent(HOME, 'ovos.timer.widget.manager.update', { count: 1 });
	guiEvent(HOME, 'ovos.alarm.widget.manager.update', { count: 1 });
	guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: true, widget: { title: 'So What', artist: 'Miles Davis' }, state: 'playing' });
	const home = shown(page, 'idle', HOME);
	const controls = [
		home.getByRole('button', { name: /Show running timers/ }),
		home.getByRole('button', { name: /Show alarms/ }),
		home.getByRole('button', { name: 'Open the media player' })
	];
	for (const c of controls) {
		await expect(c).toBeDisabled();
		await expect(c).toHaveAttribute('title', NO_BUS);
	}
	await expect(controls[0]!).toHaveAttribute('data-bus-type', 'ovos.gui.show.active.timers');
	await expect(controls[1]!).toHaveAttribute('data-bus-type', 'ovos.gui.show.active.alarms');
	await expect(controls[2]!).toHaveAttribute('data-bus-type', 'ovos.common_play.home');
	// Play/pause/stop are not core-bus requests: they work without the window (see the media test).
	await expect(home.getByRole('button', { name: 'Pause' })).toBeEnabled();
	// A tap says why (a touch screen has no tooltip).
	await controls[0]!.click({ force: true });
	await expect(home.getByRole('status').filter({ hasText: NO_BUS })).toBeVisible();

	// Notifications open locally; acting on one needs the bus.
	await home.getByRole('button', { name: /Show notifications \(2\)/ }).click();
	const panel = home.getByRole('dialog', { name: 'Notifications' });
	await expect(panel.locator('[data-key="text"]')).toHaveText(['Timer: pasta', 'Update installed']);
	const item = panel.getByRole('button', { name: /Timer: pasta/ });
	await expect(item).toBeDisabled();
	await expect(item).toHaveAttribute('data-bus-type', 'ovos.alerts.dismiss_notification ovos.notification.api.storage.clear.item');
	await expect(panel.getByRole('button', { name: 'Clear all' })).toHaveAttribute('data-bus-type', 'ovos.alerts.dismiss_notification ovos.notification.api.storage.clear');
	await expect(panel.getByRole('button', { name: 'Clear all' })).toBeDisabled();
	await page.keyboard.press('Escape');
	await expect(panel).toHaveCount(0);
	// Escape closed the panel only: it was not also taken as the page stack's "back".
	await expect(page.getByText(/Back from the first page/)).toHaveCount(0);

	// The app drawer, from its handle at the bottom edge.
	await home.getByRole('button', { name: 'Show apps' }).click();
	const drawer = home.getByRole('dialog', { name: 'Apps' });
	const camera = drawer.getByRole('button', { name: 'camera' });
	await expect(camera).toBeDisabled();
	await expect(camera).toHaveAttribute('data-bus-type', 'ovos.camera.open');
	await expect(camera).toHaveAttribute('title', NO_BUS);

	await page.waitForTimeout(300);
	const busTypes = sent.map((m) => m.type);
	for (const t of ['ovos.gui.show.active.timers', 'ovos.gui.show.active.alarms', 'ovos.common_play.home', 'ovos.camera.open', 'ovos.notification.api.storage.clear']) expect(busTypes).not.toContain(t);
});

// ---- screenshots: each page at three sizes, light and dark ----------------------------------------

// Each page shown afresh at each size, its values checked there, settled, then taken.
picturesAtEachSize(
	(page) => open(page, '/kiosk'),
	async (page, size, theme) => {
		for (const c of CASES) {
			showCase(c);
			await expect(shown(page, c.page, c.ns)).toBeVisible();
			await c.check(page);
			await settled(page);
			await page.screenshot({ path: `e2e/screenshots/home-${c.name}-${theme}-${size.width}x${size.height}.png` });
		}
	}
);

test.describe('home extras', () => {
	test.use({ colorScheme: 'dark', viewport: { width: 800, height: 480 } });
	test('screenshots: media bar, notifications, apps, night clock', async ({ page }) => {
		await open(page, '/kiosk');
		show(sim, HOME, ['idle'], idleData());
		guiEvent(HOME, 'ovos.media.widget.manager.update', { enabled: true, widget: { title: 'Master of Puppets', artist: 'Metallica' }, state: 'playing' });
		const home = shown(page, 'idle', HOME);
		await expect(home.locator('[data-key="media_title"]')).toHaveText('Master of Puppets – Metallica');
		await page.screenshot({ path: 'e2e/screenshots/home-idle-media-dark-800x480.png' });
		await home.getByRole('button', { name: /Show notifications/ }).click();
		await expect(home.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
		await page.screenshot({ path: 'e2e/screenshots/home-idle-notifications-dark-800x480.png' });
		await page.keyboard.press('Escape');
		await home.getByRole('button', { name: 'Show apps' }).click();
		await expect(home.getByRole('dialog', { name: 'Apps' })).toBeVisible();
		await settled(page);
		await page.screenshot({ path: 'e2e/screenshots/home-idle-apps-dark-800x480.png' });
		await page.keyboard.press('Escape');
		await home.getByRole('button', { name: 'Night clock' }).click();
		await page.screenshot({ path: 'e2e/screenshots/home-idle-night-dark-800x480.png' });
	});
});
