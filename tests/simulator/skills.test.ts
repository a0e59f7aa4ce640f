/**
 * The simulated skills send what the real ones send (docs/skill-pages.md): page
 * names, namespaces, every key and its type or format, the timings, and the events each page answers,
 * checked on the wire — a real GUI socket feeding the client's reducer, a real bus socket — on a
 * manual clock (Tuesday 3 March 2026, 14:05:55 UTC).
 */
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busMessage, pageEvent, type BusMessage, type Json, type JsonObject } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { BusClient, GuiClient, until } from './helpers';

const HOME = 'ovos-skill-homescreen.openvoiceos';
const WEATHER = 'ovos-skill-weather.openvoiceos';
const ALERTS = 'ovos-skill-alerts.openvoiceos';
const DATE_TIME = 'ovos-skill-date-time.openvoiceos';
const OCP = 'ovos.common_play';
const T0 = Date.UTC(2026, 2, 3, 14, 5, 55);

let sim: Simulator;
let clock: ManualClock;
let gui: GuiClient;
let bus: BusClient;

beforeEach(async () => {
	clock = new ManualClock(T0);
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, timeZone: 'UTC', log: false });
	gui = await GuiClient.connect(sim.guiUrl);
	bus = await BusClient.connect(sim.busUrl);
	await until(() => gui.state.stack[0] === HOME, 3000, 'homescreen on screen');
});
afterEach(async () => {
	gui.close();
	bus.close();
	await sim.stop();
});

const ns = (id: string) => gui.state.namespaces[id];
const data = (id: string): Readonly<Record<string, Json>> => ns(id)?.data ?? {};
const pages = (id: string) => ns(id)?.pages.map((p) => p.name) ?? [];
const current = (id: string) => {
	const n = ns(id);
	return n && n.currentPage !== null ? n.pages[n.currentPage]?.name : undefined;
};
const obj = (x: Json | undefined): JsonObject => (x && typeof x === 'object' && !Array.isArray(x) ? x : {});
const list = (x: Json | undefined): Json[] => (Array.isArray(x) ? x : []);

function say(text: string, session: JsonObject = { session_id: 'default' }): void {
	sim.emit(busMessage('recognizer_loop:utterance', { utterances: [text], lang: 'en-US' }, { session }));
}
/** An utterance, plus the clock time core spends pinging active skills (0.5 s) and OCP its 0.4 s before showing. */
async function ask(text: string): Promise<void> {
	say(text);
	await advance(1000);
}
/** Advances the clock in steps, letting the sockets deliver between them. */
async function advance(ms: number, step = 250): Promise<void> {
	for (let t = 0; t < ms; t += step) await clock.advance(Math.min(step, ms - t));
	await new Promise((r) => setTimeout(r, 20));
}
const spoken = () => bus.received.filter((m) => m.type === 'speak').map((m) => m.data.utterance);
const ofType = (type: string) => bus.received.filter((m) => m.type === type);
const homeEvent = (name: string) => ns(HOME)?.events[name];

describe('homescreen: the resting page', () => {
	it('is shown at start as page idle of ovos-skill-homescreen.openvoiceos, with every key the real skill sends', async () => {
		await until(() => data(HOME).weather_code !== undefined && data(HOME).system_connectivity === 'online', 3000, 'weather and connectivity');
		expect(gui.state.stack).toEqual([HOME]);
		expect(ns(HOME)?.pages).toEqual([{ name: 'idle', url: `${sim.guiCache}/${HOME}/qt5/idle.qml` }]);
		const d = data(HOME);
		expect(d).toMatchObject({
			time_string: '14:05',
			date_string: '03/3/2026',
			weekday_string: 'Tuesday',
			day_string: '03',
			month_string: 'March',
			year_string: '2026',
			dateFormat: 'DMY',
			weather_api_enabled: true,
			system_connectivity: 'online',
			skill_info_enabled: true,
			skill_info_prefix: true,
			notification: {},
			notification_model: [],
			apps_enabled: true,
			rtl_mode: 0,
			persistent_menu_hint: false,
			selected_wallpaper: 'night-hills.svg'
		});
		expect(d.weather_code).toBeTypeOf('number');
		expect([0, 1, 2, 3, 4, 5, 6, 7]).toContain(d.weather_code);
		expect(d.weather_temp).toBeTypeOf('number');
		expect(list(obj(d.skill_examples).examples)).toEqual(
			expect.arrayContaining(['what time is it', "what's the weather like", 'set a timer for 5 minutes', 'play some jazz'])
		);
		// The wallpaper: a folder URL plus a file name, served by the simulator.
		expect(d.wallpaper_path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/wallpapers\/$/);
		const wall = await fetch(`${String(d.wallpaper_path)}${String(d.selected_wallpaper)}`);
		expect(wall.headers.get('content-type')).toBe('image/svg+xml');
		// An app in the drawer: its icon is a file in the GUI cache, as register_homescreen_app leaves it.
		const app = obj(list(d.applications_model)[0]);
		expect(app).toMatchObject({ name: 'Local Music', action: 'ovos-skill-local-music.openvoiceos.local_music.homescreen.app' });
		expect(app.thumbnail).toBe(`${sim.guiCache}/ovos-skill-local-music.openvoiceos/local-music.svg`);
		expect(existsSync(String(app.thumbnail))).toBe(true);
	});

	it('refreshes the date strings every 10 s (the first time a minute after start)', async () => {
		const sets = () => ofType('gui.value.set').filter((m) => m.data.__from === HOME).length;
		await advance(59_000);
		expect(data(HOME).time_string).toBe('14:05');
		await advance(1000); // 14:06:55, the first refresh
		await until(() => data(HOME).time_string === '14:06', 2000, '14:06');
		const n = sets();
		await advance(10_000); // 14:07:05
		await until(() => data(HOME).time_string === '14:07', 2000, '14:07 ten seconds later');
		expect(sets()).toBe(n + 1); // only a change is sent
	});

	it('swiping asks the wallpaper manager for the next wallpaper', async () => {
		gui.send(pageEvent(HOME, 'homescreen.swipe.change.wallpaper'));
		await bus.waitFor((m) => m.type === 'ovos.wallpaper.manager.change.wallpaper');
		await until(() => data(HOME).selected_wallpaper === 'dawn.svg', 2000, 'next wallpaper');
	});

	it('comes back on top with a back from page 0 of a skill (homescreen.manager.show_active → activate.display)', async () => {
		await ask('what time is it');
		await until(() => gui.state.stack[0] === DATE_TIME, 3000, 'time page');
		sim.emit(busMessage('mycroft.gui.screen.close', {}, { session: { session_id: 'default' } }));
		await bus.waitFor((m) => m.type === 'homescreen.manager.activate.display' && m.data.homescreen_id === HOME);
		await until(() => gui.state.stack[0] === HOME, 3000, 'homescreen back on top');
	});

	it('relays the timer, alarm and media widgets as GUI events of its namespace', async () => {
		await ask('set an alarm for 7 am');
		await until(() => homeEvent('ovos.alarm.widget.manager.update') !== undefined, 3000, 'alarm widget');
		expect(homeEvent('ovos.alarm.widget.manager.update')?.data).toEqual({ count: 1, action: 'ovos.gui.show.pending.alarms' });
		await ask('set a timer for 1 minute');
		await until(() => homeEvent('ovos.timer.widget.manager.update') !== undefined, 3000, 'timer widget');
		// The alerts skill counts the timers on its page before adding the new one (as the real skill).
		expect(homeEvent('ovos.timer.widget.manager.update')?.data).toEqual({ count: 0, action: 'ovos.gui.show.pending.timers' });
		await ask('play some jazz');
		await until(() => obj(homeEvent('ovos.media.widget.manager.update')?.data).widget !== undefined && obj(obj(homeEvent('ovos.media.widget.manager.update')?.data).widget).title === 'Blue Lantern', 3000, 'media widget');
		expect(homeEvent('ovos.media.widget.manager.update')?.data).toMatchObject({ enabled: true, state: 'playing', widget: { title: 'Blue Lantern', artist: 'The Night Owl Trio' } });
		gui.send(pageEvent(OCP, 'stop'));
		await until(() => obj(homeEvent('ovos.media.widget.manager.update')?.data).state === 'stopped', 3000, 'media widget stopped');
		expect(homeEvent('ovos.media.widget.manager.update')?.data).toEqual({ enabled: false, widget: {}, state: 'stopped' });
	});
});

describe('weather', () => {
	it('"what\'s the weather": CurrentWeather, then HourlyForecast 7 s later, then DailyForecast 7 s after that', async () => {
		say("what's the weather like");
		await until(() => current(WEATHER) === 'CurrentWeather', 3000, 'CurrentWeather');
		expect(ns(WEATHER)?.pages[0]?.url).toBe(`${sim.guiCache}/${WEATHER}/qt5/CurrentWeather.qml`);
		const d = data(WEATHER);
		expect(d).toMatchObject({ currentTimezone: 'Tue, 03 March 14:05', weatherLocation: 'Lawrence, United States' });
		for (const k of ['currentTemperature', 'highTemperature', 'lowTemperature', 'windSpeed']) expect(d[k], k).toBeTypeOf('number');
		for (const k of ['weatherCode', 'chanceOfPrecipitation', 'humidity']) expect(Number.isInteger(d[k]), k).toBe(true);
		expect(Number(d.weatherCode)).toBeGreaterThanOrEqual(0);
		expect(Number(d.weatherCode)).toBeLessThanOrEqual(17);
		expect(d.weatherCondition).toMatch(/^images\/[a-z_]+\.svg$/);
		expect(Number(d.lowTemperature)).toBeLessThanOrEqual(Number(d.currentTemperature));
		expect(Number(d.currentTemperature)).toBeLessThanOrEqual(Number(d.highTemperature));
		const show = ofType('gui.page.show').find((m) => m.data.__from === WEATHER);
		expect(show?.data).toMatchObject({ page_names: ['CurrentWeather'], __idle: 20 });

		await advance(6_750);
		expect(current(WEATHER)).toBe('CurrentWeather');
		await advance(250);
		await until(() => current(WEATHER) === 'HourlyForecast', 2000, 'HourlyForecast at 7 s');
		const hours = list(obj(data(WEATHER).hourlyForecast).hours).map(obj);
		expect(hours.map((h) => h.time)).toEqual(['15:00', '16:00', '17:00', '18:00']);
		for (const h of hours) {
			expect(Object.keys(h).sort()).toEqual(['precipitation', 'temperature', 'time', 'weatherCondition']);
			expect(Number.isInteger(h.precipitation) && Number.isInteger(h.weatherCondition)).toBe(true);
			expect(h.temperature).toBeTypeOf('number');
		}
		expect(data(WEATHER).currentTimezone).toBe('Tue, 03 March');

		await advance(7_000);
		await until(() => current(WEATHER) === 'DailyForecast', 2000, 'DailyForecast at 14 s');
		const days = list(obj(data(WEATHER).forecast).all).map(obj);
		expect(days.map((x) => x.date)).toEqual(['Wed', 'Thu', 'Fri', 'Sat']);
		for (const x of days) {
			expect(Object.keys(x).sort()).toEqual(['date', 'highTemperature', 'lowTemperature', 'weatherCondition']);
			expect(Number(x.lowTemperature)).toBeLessThan(Number(x.highTemperature));
		}
		expect(pages(WEATHER)).toEqual(['CurrentWeather', 'HourlyForecast', 'DailyForecast']);
		expect(spoken()).toEqual([expect.stringMatching(/^It's currently partly cloudy and \d+ degrees\.$/), 'Currently, the humidity is 48 percent.']);
		// The 20 s of CurrentWeather are not extended by the later pages (ovos-gui does not re-arm a timer): gone at 20 s.
		await advance(6_000);
		await until(() => !gui.state.stack.includes(WEATHER), 2000, 'weather gone');
		expect(gui.state.stack).toEqual([HOME]);
	});

	it('shows nothing for a chat session, and answers it by voice', async () => {
		say("what's the weather", { session_id: 'chat-1' });
		await bus.waitFor((m) => m.type === 'ovos.utterance.handled');
		expect(gui.state.stack).toEqual([HOME]);
		expect(ofType('gui.page.show').some((m) => m.data.__from === WEATHER)).toBe(false);
		expect(spoken()).toHaveLength(2);
	});

	it('answers the homescreen\'s weather request with the 0–7 homescreen code', async () => {
		bus.send(busMessage('skill-ovos-weather.openvoiceos.weather.request'));
		const r = await bus.waitFor((m) => m.type === 'skill-ovos-weather.openvoiceos.weather.response' && bus.received.indexOf(m) > 0);
		expect(Object.keys(obj(r.data.report)).sort()).toEqual([
			'condition_category',
			'condition_description',
			'high_temperature',
			'low_temperature',
			'system_unit',
			'weather_code',
			'weather_temp'
		]);
		expect(obj(r.data.report)).toMatchObject({ weather_code: 1, condition_category: 'clouds', system_unit: 'metric' });
	});
});

describe('alerts: timers and alarms', () => {
	it('"set a timer for 2 minutes": the Timer page, refreshed every second, cancelled from the page', async () => {
		say('set a timer for 2 minutes');
		await until(() => list(obj(data(ALERTS).activeTimers).timers).length === 1, 3000, 'timer shown');
		expect(pages(ALERTS)).toEqual(['Timer']);
		expect(ns(ALERTS)?.pages[0]?.url).toBe(`${sim.guiCache}/${ALERTS}/qt5/Timer.qml`);
		expect(ofType('gui.page.show').find((m) => m.data.__from === ALERTS)?.data).toMatchObject({ page_names: ['Timer'], __idle: true });
		const first = obj(list(obj(data(ALERTS).activeTimers).timers)[0]);
		expect(Object.keys(first)).toEqual(['alertId', 'backgroundColor', 'expired', 'percentRemaining', 'timerName', 'timeDelta']);
		expect(first).toMatchObject({ backgroundColor: '', expired: false, percentRemaining: 1, timerName: 'two minutes timer', timeDelta: '2:00' });
		expect(first.alertId).toMatch(/^[0-9a-f-]{36}$/);
		expect(spoken()).toContain('Timer for two minutes, starting now.');

		const sets = () => ofType('gui.value.set').filter((m) => m.data.__from === ALERTS && m.data.activeTimers !== undefined).length;
		const n = sets();
		await advance(30_000, 500);
		expect(sets() - n).toBe(30);
		const later = obj(list(obj(data(ALERTS).activeTimers).timers)[0]);
		expect(later.timeDelta).toBe('1:30');
		expect(later.percentRemaining).toBeCloseTo(0.75, 5);

		gui.send(pageEvent(ALERTS, 'ovos.alerts.cancel_timer', { timer: later }));
		await bus.waitFor((m) => m.type === `${ALERTS}.ovos.alerts.cancel_timer`);
		await until(() => spoken().includes('timer dismissed.'), 2000, 'dismissed');
		await advance(1000);
		await until(() => !gui.state.stack.includes(ALERTS), 2000, 'timer page released');
		expect(gui.state.stack[0]).toBe(HOME);
	});

	it('an expired timer stays on the page, marked expired and counting up, and is announced', async () => {
		say('set a timer for 5 seconds');
		await until(() => gui.state.stack[0] === ALERTS, 3000, 'timer shown');
		await advance(7_000);
		await until(() => obj(list(obj(data(ALERTS).activeTimers).timers)[0]).expired === true, 2000, 'expired');
		expect(obj(list(obj(data(ALERTS).activeTimers).timers)[0])).toMatchObject({ percentRemaining: 0, timeDelta: '-0:02' });
		expect(spoken()).toContain('Your five seconds timer is up.');
		expect(ofType('ovos.notification.api.set').at(-1)?.data).toMatchObject({ sender: ALERTS, text: 'Timer: five seconds timer' });
		await ask('cancel the timer'); // no longer scheduled: the real skill says so
		await until(() => spoken().includes('You have no scheduled timer.'), 2000, 'nothing to cancel');
	});

	it('"set an alarm for 7 am": AlarmsOverviewCard for 30 s; cancel and snooze come back as GUI events', async () => {
		await ask('set an alarm for 7 am');
		await until(() => current(ALERTS) === 'AlarmsOverviewCard', 3000, 'alarm card');
		expect(ofType('gui.page.show').find((m) => m.data.__from === ALERTS)?.data).toMatchObject({ page_names: ['AlarmsOverviewCard'], __idle: 30 });
		expect(data(ALERTS).activeAlarmCount).toBe(1);
		const alarm = obj(list(data(ALERTS).activeAlarms)[0]);
		expect(Object.keys(alarm)).toEqual(['alarmTime', 'alarmAmPm', 'alarmName', 'alarmExpired', 'alarmIndex', 'alarmRepeat', 'alarmRepeatStr']);
		expect(alarm).toMatchObject({ alarmTime: '07:00', alarmAmPm: '', alarmName: '07:00 Alarm', alarmExpired: false, alarmRepeat: false, alarmRepeatStr: 'Once' });
		expect(spoken()).toContain('Your alarm is set for 07:00, in sixteen hours fifty four minutes.');

		gui.send(pageEvent(ALERTS, 'ovos.alerts.cancel_alarm', { alarmIndex: alarm.alarmIndex as string, alarmContext: 'overview', alarmName: '07:00 Alarm' }));
		await until(() => !gui.state.stack.includes(ALERTS), 3000, 'card released');
		expect(spoken()).toContain('alarm dismissed.');
		expect(homeEvent('ovos.alarm.widget.manager.update')?.data).toEqual({ count: 0, action: 'ovos.gui.show.pending.alarms' });

		// A ringing alarm: the card stays (persistent) and snooze puts it 15 minutes later.
		await ask('set an alarm for 2:07 pm');
		await until(() => current(ALERTS) === 'AlarmsOverviewCard', 3000, 'second alarm');
		await advance(66_000, 1000);
		await until(() => obj(list(data(ALERTS).activeAlarms)[0]).alarmExpired === true, 2000, 'ringing');
		const showRinging = ofType('gui.page.show').filter((m) => m.data.__from === ALERTS).at(-1);
		expect(showRinging?.data.__idle).toBe(true);
		const ringing = obj(list(data(ALERTS).activeAlarms)[0]);
		gui.send(pageEvent(ALERTS, 'ovos.alerts.snooze_alarm', { alarmIndex: ringing.alarmIndex as string, alarmContext: 'overview', alarmName: String(ringing.alarmName) }));
		await until(() => spoken().includes('Be back in fifteen minutes.'), 3000, 'snoozed');
		await until(() => !gui.state.stack.includes(ALERTS), 3000, 'card released after snooze');
		expect(homeEvent('ovos.alarm.widget.manager.update')?.data).toEqual({ count: 1, action: 'ovos.gui.show.pending.alarms' });
	});
});

describe('date and time', () => {
	it('"what time is it" → page time; "what\'s the date" → page date, each replacing the namespace', async () => {
		await ask('what time is it');
		await until(() => current(DATE_TIME) === 'time', 3000, 'time page');
		expect(ns(DATE_TIME)?.pages).toEqual([{ name: 'time', url: `${sim.guiCache}/${DATE_TIME}/qt5/time.qml` }]);
		expect(data(DATE_TIME)).toEqual({ time_string: '14:05', ampm_string: '', date_string: '03/3/2026' });
		expect(spoken()).toContain("It's 14:05.");
		expect(ofType('gui.clear.namespace').some((m) => m.data.__from === DATE_TIME)).toBe(true);

		await ask("what's the date");
		await until(() => current(DATE_TIME) === 'date', 3000, 'date page');
		expect(pages(DATE_TIME)).toEqual(['date']);
		expect(data(DATE_TIME)).toEqual({
			location_string: 'None',
			date_string: '03/3/2026',
			weekday_string: 'Tuesday',
			day_string: '03',
			month_string: 'March',
			year_string: '2026',
			daymonth_string: '03 March'
		});
		expect(spoken()).toContain("It's Tuesday, March 3, 2026.");
	});
});

describe('OCP media player', () => {
	async function playJazz(): Promise<void> {
		await ask('play some jazz');
		await until(() => data(OCP).status === 'Playing', 3000, 'playing');
	}

	it('"play some jazz": PlayerLoader (OVOSSyncPlayer) with SuggestionsView as the 2nd page, the track, and a position that advances', async () => {
		await playJazz();
		expect(ns(OCP)?.pages).toEqual([
			{ name: 'PlayerLoader', url: `${sim.guiCache}/${OCP}/qt5/PlayerLoader.qml` },
			{ name: 'SuggestionsView', url: `${sim.guiCache}/${OCP}/qt5/SuggestionsView.qml` }
		]);
		expect(current(OCP)).toBe('PlayerLoader');
		expect(ofType('gui.page.show').find((m) => m.data.__from === OCP)?.data).toMatchObject({ index: 0, __idle: true });
		const d = data(OCP);
		expect(d).toMatchObject({
			playerBackend: 'OVOSSyncPlayer',
			title: 'Blue Lantern',
			artist: 'The Night Owl Trio',
			duration: 192_000,
			loopStatus: 'None',
			shuffleStatus: false,
			canResume: true,
			canPause: true,
			canPrev: false
		});
		for (const k of ['image', 'bg_image']) {
			expect(d[k], k).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/ocp\/.+\.svg$/);
			expect((await fetch(String(d[k]))).status, k).toBe(200);
		}
		const card = obj(list(obj(d.playlistModel).data)[0]);
		expect(Object.keys(card).sort()).toEqual(['album', 'duration', 'image', 'source', 'track', 'uri']);
		expect(card).toMatchObject({ track: 'Blue Lantern', duration: 192_000, album: 'ovos-skill-local-music.openvoiceos' });
		expect(list(obj(d.searchModel).data)).toHaveLength(3);
		expect(spoken()).toContain('Just one moment while I look for that');
		expect(ofType('ocp:play')).toHaveLength(1);

		const t0 = ofType('ovos.common_play.playback_time').length;
		await advance(8_000);
		// The audio service (ovos-vlc-plugin) reports every 2 s, in milliseconds.
		const times = ofType('ovos.common_play.playback_time').slice(t0).map((m) => m.data);
		expect(times).toHaveLength(4);
		const start = Number(times[0]?.position);
		expect(times).toEqual([0, 1, 2, 3].map((i) => ({ position: start + i * 2000, length: 192_000 })));
		await until(() => data(OCP).position === times.at(-1)?.position, 2000, 'position on the page');
		expect(data(OCP).length).toBe(192_000);
	});

	it('answers pause, resume, next, previous and stop from the page', async () => {
		await playJazz();
		const events = (name: string) => gui.send(pageEvent(OCP, name));
		events('pause');
		await until(() => data(OCP).status === 'Paused', 2000, 'paused');
		expect(ofType('ovos.common_play.pause')).toHaveLength(1);
		expect(ofType('mycroft.audio.service.pause').length).toBeGreaterThan(0);
		const at = data(OCP).position;
		await advance(2_000);
		expect(data(OCP).position).toBe(at);

		events('resume');
		await until(() => data(OCP).status === 'Playing', 2000, 'resumed');
		await advance(2_000);
		expect(Number(data(OCP).position)).toBeGreaterThan(Number(at));

		events('next');
		await advance(500);
		await until(() => data(OCP).title === 'Rainy Avenue' && data(OCP).status === 'Playing', 3000, 'next track');
		expect(data(OCP)).toMatchObject({ artist: 'Mira Sol Quartet', duration: 245_000, canPrev: true });
		events('previous');
		await advance(500);
		await until(() => data(OCP).title === 'Blue Lantern' && data(OCP).status === 'Playing', 3000, 'previous track');

		events('stop');
		await until(() => data(OCP).status === 'Stopped', 2000, 'stopped');
		expect(ofType('mycroft.audio.service.stop')).toHaveLength(1);
		const n = ofType('ovos.common_play.playback_time').length;
		await advance(2_000);
		expect(ofType('ovos.common_play.playback_time')).toHaveLength(n);
	});

	it('voice controls go through the OCP pipeline (ocp:pause, ocp:next …)', async () => {
		await playJazz();
		await ask('pause the music');
		await until(() => data(OCP).status === 'Paused', 3000, 'paused by voice');
		expect(ofType('ocp:pause')).toHaveLength(1);
		await ask('next song');
		await until(() => data(OCP).title === 'Rainy Avenue', 3000, 'next by voice');
		await ask('stop the music');
		await until(() => data(OCP).status === 'Stopped', 3000, 'stopped by voice');
	});

	it('plays on the device only for its own session (require_default_session)', async () => {
		say('play some jazz', { session_id: 'chat-1' });
		await bus.waitFor((m: BusMessage) => m.type === 'ovos.common_play.play');
		await advance(1000);
		expect(gui.state.stack).not.toContain(OCP);
	});
});
