/**
 * The data adapters of the homescreen, date-time, alerts and OVOS-GUI-1 clock/timer pages: the keys
 * their skills send (docs/skill-pages.md#the-skill-pages-drawn-here) read into what is shown, with
 * every key missing or of the wrong type.
 */
import { describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../src/lib/protocol';
import { clockEms, durationText, splitTime } from '../../src/lib/templates/parts/clock';
import { dateLine, readHome, WIDGET_EVENTS } from '../../src/lib/templates/skills/homescreen/read';
import { alarmEntries, alarmPayload, alertEvents, readAlarm, readListItems, readTimer, timerEntries } from '../../src/lib/templates/skills/alerts/read';
import { timerFace } from '../../src/lib/templates/gui1/timer';

const DATE = { weekday_string: 'Wednesday', day_string: '28', month_string: 'December', year_string: '2022' };
const JUNK: Json[] = [null, 42, 'x', true, [], [1, 'a'], { a: 1 }];

describe('homescreen date line', () => {
	it('orders weekday/day/month/year by dateFormat, as DayMonthDisplay.qml', () => {
		expect(dateLine({ ...DATE, dateFormat: 'DMY' }, false)).toBe('Wed 28 December, 2022');
		expect(dateLine({ ...DATE, dateFormat: 'MDY' }, false)).toBe('Wed December 28, 2022');
		// YMD is the QML's odd order, year first and the weekday between month and day.
		expect(dateLine({ ...DATE, dateFormat: 'YMD' }, false)).toBe('2022, December Wed 28');
		expect(dateLine({ ...DATE, dateFormat: 'YMD' }, true)).toBe('2022, Dec Wed 28');
		// Unset or unknown: DMY, the skill's default.
		expect(dateLine(DATE, false)).toBe('Wed 28 December, 2022');
		expect(dateLine({ ...DATE, dateFormat: 'XYZ' }, false)).toBe('Wed 28 December, 2022');
		// Portrait screens get the short month.
		expect(dateLine({ ...DATE, dateFormat: 'MDY' }, true)).toBe('Wed Dec 28, 2022');
	});
	it('leaves out what is missing and never throws on junk', () => {
		expect(dateLine({ day_string: '28', month_string: 'December' }, false)).toBe('28 December');
		expect(dateLine({ year_string: 2022 }, false)).toBe('2022');
		expect(dateLine({}, false)).toBe('');
		for (const j of JUNK) expect(() => dateLine({ weekday_string: j, day_string: j, month_string: j, year_string: j, dateFormat: j }, false)).not.toThrow();
	});
});

describe('homescreen idle model', () => {
	const full: Record<string, Json> = {
		time_string: '10:16',
		...DATE,
		dateFormat: 'DMY',
		wallpaper_path: '/home/ovos/.local/share/wallpapers/',
		selected_wallpaper: 'delta.jpg',
		weather_api_enabled: true,
		weather_code: 2,
		weather_temp: 8.4,
		system_connectivity: 'network',
		skill_examples: { examples: ['what time is it', '', 7, 'tell me a joke'] },
		skill_info_enabled: true,
		skill_info_prefix: true,
		notification_model: { storedmodel: [{ sender: 'alerts', text: 'Timer: pasta', action: 'ovos.alerts.dismiss_notification', callback_data: { alert: { id: 1 } } }, 'junk'], count: 1 },
		applications_model: [{ name: 'Camera', thumbnail: '/home/ovos/cam.svg', action: 'camera.open' }, { name: 'no action' }, 3],
		apps_enabled: true,
		rtl_mode: 0
	};
	const events = {
		[WIDGET_EVENTS.timer]: { data: { count: 2, action: 'ovos.gui.show.pending.timers' }, seq: 1 },
		[WIDGET_EVENTS.alarm]: { data: { count: 1 }, seq: 1 },
		[WIDGET_EVENTS.media]: { data: { enabled: true, state: 'paused', widget: { title: 'So What', artist: 'Miles Davis' } }, seq: 2 }
	};

	it('reads every key of the homescreen page and the three widget events', () => {
		const m = readHome(full, events, { mediaBase: '/media' });
		expect(m.time).toEqual({ hours: '10', minutes: '16', period: '' });
		expect(m.date).toBe('Wed 28 December, 2022');
		expect(m.wallpaper).toEqual({ kind: 'url', src: '/media/home/ovos/.local/share/wallpapers/delta.jpg' });
		expect(m.weather).toEqual({ code: 2, temp: '8' });
		expect(m.connectivity).toBe('network');
		expect(m.examples).toEqual(['what time is it', 'tell me a joke']);
		expect(m.examplePrefix).toBe(true);
		expect(m.notifications.count).toBe(1);
		expect(m.notifications.items).toHaveLength(1);
		expect(m.notifications.items.slice()[0]).toMatchObject({ sender: 'alerts', text: 'Timer: pasta', action: 'ovos.alerts.dismiss_notification', callbackData: { alert: { id: 1 } } });
		expect(m.apps.slice().map((a) => [a.name, a.action, a.thumbnail.kind])).toEqual([['Camera', 'camera.open', 'url']]);
		expect(m.timers).toBe(2);
		expect(m.alarms).toBe(1);
		expect(m.media).toEqual({ state: 'paused', title: 'So What', artist: 'Miles Davis' });
		expect(m.rtl).toBe(false);
	});
	it('a remote screen cannot load the device wallpaper; half a path is no wallpaper', () => {
		expect(readHome(full, {}, { mediaBase: null }).wallpaper.kind).toBe('unreachable');
		expect(readHome({ ...full, selected_wallpaper: null }, {}, { mediaBase: '/media' }).wallpaper.kind).toBe('none');
		expect(readHome({ wallpaper_path: 'https://h/w/', selected_wallpaper: 'a.jpg' }, {}, undefined).wallpaper).toEqual({ kind: 'url', src: 'https://h/w/a.jpg' });
	});
	it('switches off what its flag turns off', () => {
		const m = readHome({ ...full, weather_api_enabled: false, skill_info_enabled: 'False', apps_enabled: 0 }, {}, undefined);
		expect(m.weather).toBeNull();
		expect(m.examples).toEqual([]);
		expect(m.apps.length).toBe(0);
		expect(m.media).toBeNull();
		expect(readHome({ ...full, rtl_mode: 1 }, {}, undefined).rtl).toBe(true);
		// Media widget disabled (the player stopped).
		expect(readHome(full, { [WIDGET_EVENTS.media]: { data: { enabled: false, state: 'stopped', widget: {} }, seq: 3 } }, undefined).media).toBeNull();
	});
	it('a weather code outside 0–7 is unknown; a count falls back to the stored notifications', () => {
		expect(readHome({ weather_api_enabled: true, weather_code: 12, weather_temp: '-3' }, {}, undefined).weather).toEqual({ code: null, temp: '-3' });
		expect(readHome({ notification_model: { storedmodel: [{ sender: 'a', text: 'b' }] } }, {}, undefined).notifications.count).toBe(1);
	});
	it('a long list of apps or notifications is read for its length only: an entry is read when it is laid out', () => {
		// Every field an entry's view is read from behind a getter that counts its reads (an app's
		// action is read to know whether it is one): the home screen's model reads none of them.
		let reads = 0;
		const counted = (fields: Record<string, Json>, free: string) => {
			const o: JsonObject = {};
			for (const [k, v] of Object.entries(fields)) Object.defineProperty(o, k, { enumerable: true, get: () => (k === free ? v : (reads++, v)) });
			return o;
		};
		const data = {
			apps_enabled: true,
			applications_model: Array.from({ length: 5000 }, (_, i) => counted({ name: `app ${i}`, thumbnail: 'https://h/a.png', action: `app.${i}` }, 'action')),
			notification_model: { storedmodel: Array.from({ length: 5000 }, (_, i) => counted({ sender: 's', text: `note ${i}`, action: '', callback_data: {} }, '')) }
		};
		const m = readHome(data, {}, undefined);
		expect(m.apps.length).toBe(5000);
		expect(m.notifications).toMatchObject({ count: 5000, items: { length: 5000 } });
		expect(reads).toBe(0);
		expect(m.apps.slice(4999, 5000)).toEqual([{ key: '4999:app.4999', name: 'app 4999', thumbnail: { kind: 'url', src: 'https://h/a.png' }, action: 'app.4999' }]);
		expect(m.notifications.items.slice(1, 2)[0]).toMatchObject({ key: '1:s:note 1', text: 'note 1' });
		expect(reads).toBeGreaterThan(0);
		// An app without an action is no entry: the others keep their places.
		const some = readHome({ apps_enabled: true, applications_model: [{ name: 'x' }, null, { name: 'Cam', action: 'cam' }] }, {}, undefined);
		expect(some.apps.slice().map((a) => a.key)).toEqual(['0:cam']);
	});
	it('nothing at all, or junk in every key and event: an empty home, no throw', () => {
		const empty = readHome({}, undefined, undefined);
		expect(empty.time).toBeNull();
		expect(empty.date).toBe('');
		expect(empty.notifications.count).toBe(0);
		expect(empty.notifications.items.slice()).toEqual([]);
		for (const j of JUNK) {
			const data = Object.fromEntries(Object.keys(full).map((k) => [k, j]));
			const ev = Object.fromEntries(Object.values(WIDGET_EVENTS).map((n) => [n, { data: j, seq: 1 }]));
			const m = readHome(data, ev, undefined);
			expect(m.timers).toBe(0);
			expect(m.media).toBeNull();
			expect(m.apps.slice()).toEqual([]);
		}
	});
});

describe('time strings', () => {
	it('splits what skills send', () => {
		expect(splitTime('12:50')).toEqual({ hours: '12', minutes: '50', period: '' });
		expect(splitTime('2:36 PM')).toEqual({ hours: '2', minutes: '36', period: 'PM' });
		expect(splitTime('10꞉16')).toEqual({ hours: '10', minutes: '16', period: '' });
		expect(splitTime('noon')).toEqual({ hours: 'noon', minutes: '', period: '' });
	});
	it('a big clock reserves the widest time of its kind: the same at 9:59 as at 10:00, wider with a period', () => {
		const at = (s: string) => clockEms(splitTime(s));
		expect(at('9:59')).toEqual(at('10:00'));
		expect(at('9:59 PM')).toEqual(at('10:58 PM'));
		expect(at('10:58 PM').row).toBeGreaterThan(at('22:58').row);
		// Stacked, the widest line is two digits, whatever the period.
		expect(at('10:58 PM').stack).toBe(at('22:58').stack);
		expect(at('22:58').row).toBeGreaterThan(at('22:58').stack);
		// Whatever a skill sent instead of a time still gets room for every character.
		expect(at('midnight').row).toBeGreaterThan(at('22:58').row);
	});
	it('durations', () => {
		expect(durationText(0)).toBe('0:00');
		expect(durationText(253)).toBe('4:13');
		expect(durationText(3723)).toBe('1:02:03');
		expect(durationText(-12)).toBe('0:12');
	});
});

describe('alerts', () => {
	const timer = { alertId: 'a1', timerName: 'pasta', timeDelta: '4:13', percentRemaining: 0.84, expired: false, backgroundColor: '' };
	// The cards as a page shows them: every entry's key, each card read from its entry.
	const readTimers = (data: JsonObject) => timerEntries(data).map((e) => readTimer(e.raw, e.key));
	const readAlarms = (data: JsonObject) => alarmEntries(data).map((e) => readAlarm(e.raw, e.key));
	it('Timer: activeTimers.timers[] with the raw object kept for the cancel event', () => {
		const [t] = readTimers({ activeTimers: { timers: [timer] } });
		expect(t).toEqual({ key: 'a1', name: 'pasta', fraction: 0.84, text: '4:13', expired: false, raw: timer });
	});
	it('Timer: junk entries skipped, fields fall back, ids kept unique, fraction clamped', () => {
		const ts = readTimers({ activeTimers: { timers: [timer, timer, null, 'x', { percentRemaining: '7', expired: 'True' }, { percentRemaining: -1 }] } });
		expect(ts.map((t) => t.key)).toEqual(['a1', 'a1#1', 'timer-2', 'timer-3']);
		expect(ts[2]).toMatchObject({ name: 'Timer', text: '--:--', fraction: 1, expired: true });
		expect(ts[3]?.fraction).toBe(0);
		for (const j of JUNK) expect(readTimers({ activeTimers: j })).toEqual([]);
		expect(readTimers({ activeTimers: { timers: 'x' } })).toEqual([]);
	});
	const alarm = { alarmTime: '8:00', alarmAmPm: 'AM', alarmName: 'Wake Up', alarmExpired: false, alarmIndex: 'id-1', alarmRepeat: true, alarmRepeatStr: 'Mon-Fri|Until 1 May' };
	it('AlarmsOverviewCard: activeAlarms[] and the event payload of AlarmButtonView.qml', () => {
		const [a] = readAlarms({ activeAlarms: [alarm, 5] });
		expect(a).toMatchObject({ time: '8:00', ampm: 'AM', name: 'Wake Up', expired: false, repeat: true, repeatText: 'Mon-Fri · Until 1 May', id: 'id-1' });
		expect(alarmPayload(a!, 'overview')).toEqual({ alarmIndex: 'id-1', alarmContext: 'overview', alarmName: 'Wake Up' });
		// Without an id or name, those keys are left out (QML sends undefined, which JSON drops).
		const bare = readAlarm({}, 'k');
		expect(bare).toMatchObject({ time: '--:--', name: 'Alarm', id: null });
		expect(alarmPayload(bare, 'single')).toEqual({ alarmContext: 'single' });
		for (const j of JUNK) expect(() => readAlarms({ activeAlarms: j })).not.toThrow();
	});
	it('a long list of timers or alarms is read for its keys only: a card is read when it is laid out', () => {
		// Every card field behind a getter that counts its reads: the list's entries read none of them.
		let reads = 0;
		const counted = (fields: Record<string, Json>) => {
			const o: JsonObject = {};
			for (const [k, v] of Object.entries(fields)) Object.defineProperty(o, k, { enumerable: true, get: () => (k === 'alertId' || k === 'alarmIndex' ? v : (reads++, v)) });
			return o;
		};
		const timers = Array.from({ length: 5000 }, (_, i) => counted({ ...timer, alertId: `t${i}` }));
		const alarms = Array.from({ length: 5000 }, (_, i) => counted({ ...alarm, alarmIndex: `a${i}` }));
		const te = timerEntries({ activeTimers: { timers } });
		const ae = alarmEntries({ activeAlarms: alarms });
		expect(te.map((e) => e.key).slice(0, 2)).toEqual(['t0', 't1']);
		expect(ae.at(-1)?.key).toBe('a4999');
		expect(reads).toBe(0);
		expect(readTimer(te[4999]!.raw, te[4999]!.key)).toMatchObject({ key: 't4999', name: 'pasta', text: '4:13' });
		expect(reads).toBeGreaterThan(0);
	});
	it('event names follow the skill: OVOS and Neon differ', () => {
		expect(alertEvents('ovos-skill-alerts.openvoiceos')).toEqual({ cancelTimer: 'ovos.alerts.cancel_timer', snoozeAlarm: 'ovos.alerts.snooze_alarm', cancelAlarm: 'ovos.alerts.cancel_alarm' });
		expect(alertEvents('skill-alerts.neongeckocom').cancelTimer).toBe('timerskill.gui.stop.timer');
	});
	it('ListView items: main/secondary objects or strings; empties and junk dropped', () => {
		expect(readListItems({ items: [{ main: 'milk', secondary: '' }, { main: 'call mum', secondary: 'tomorrow 9:00' }, 'eggs', {}, null] })).toEqual([
			{ main: 'milk', secondary: '' },
			{ main: 'call mum', secondary: 'tomorrow 9:00' },
			{ main: 'eggs', secondary: '' }
		]);
		expect(readListItems({ items: 'x' })).toEqual([]);
	});
});

describe('SYSTEM_timer', () => {
	const now = 1_700_000_000_000;
	it('counts down to end_time; the ring runs from when it was first seen', () => {
		const f = timerFace({ end_time: now / 1000 + 90, label: 'Tea' }, now + 30_000, now);
		expect(f).toMatchObject({ name: 'Tea', text: '1:00', expired: false });
		expect(f.fraction).toBeCloseTo(60 / 90);
	});
	it('after the end: 0:00, or the time past it with count_up', () => {
		expect(timerFace({ end_time: now / 1000 }, now + 12_000, now)).toMatchObject({ text: '0:00', expired: true });
		expect(timerFace({ end_time: now / 1000, count_up: true }, now + 12_000, now)).toMatchObject({ text: '+0:12', expired: true });
	});
	it('missing or wrong end_time: a dashed timer, no throw', () => {
		for (const j of JUNK.filter((v) => typeof v !== 'number')) expect(timerFace({ end_time: j, label: j }, now, now)).toMatchObject({ text: '--:--', endMs: null });
		expect(timerFace({ label: null }, now, now)).toMatchObject({ name: 'Timer', text: '--:--' });
		// A number long past (42 s after 1970) is a timer that has ended.
		expect(timerFace({ end_time: 42 }, now, now)).toMatchObject({ text: '0:00', expired: true });
	});
});
