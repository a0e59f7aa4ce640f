/**
 * The homescreen, date-time, alerts and OVOS-GUI-1 clock/timer/idle pages rendered (server-side)
 * from their spec keys through the registry, under every namespace the skills have used; and with
 * junk in every key, still something on screen and nothing thrown.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { isRendered, preloadTemplates } from '../../src/lib/templates/registry';
import type { BusWindow } from '../../src/lib/templates/types';

beforeAll(preloadTemplates, 60_000);

const HOME = ['skill-ovos-homescreen.openvoiceos', 'ovos-skill-homescreen.openvoiceos'];
const DATE_TIME = ['ovos-skill-date-time.openvoiceos', 'skill-ovos-date-time.openvoiceos'];
const ALERTS = ['ovos-skill-alerts.openvoiceos', 'skill-alerts.openvoiceos', 'skill-alerts.neongeckocom'];

function html(name: string, namespace: string, data: Record<string, Json>, extra: Record<string, unknown> = {}): string {
	return render(Template, { props: { data, namespace, page: { name, url: null }, send: () => true, ...extra } }).body;
}
/** Text content, tags stripped, whitespace collapsed. */
function textOf(out: string): string {
	return out
		.replace(/<style[\s\S]*?<\/style>/g, '')
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
}

const IDLE = {
	time_string: '10:16',
	weekday_string: 'Wednesday',
	day_string: '28',
	month_string: 'December',
	year_string: '2022',
	dateFormat: 'MDY',
	weather_api_enabled: true,
	weather_code: 2,
	weather_temp: 8,
	system_connectivity: 'offline',
	skill_examples: { examples: ['what time is it'] },
	skill_info_enabled: true,
	skill_info_prefix: true,
	notification_model: { storedmodel: [{ sender: 'alerts', text: 'Timer: pasta', action: '' }], count: 1 },
	applications_model: [{ name: 'Camera', thumbnail: 'https://h/cam.png', action: 'camera.open' }],
	apps_enabled: true
};

describe('registry', () => {
	it('matches each page under every namespace its skill has used, and nowhere else', () => {
		for (const ns of HOME) expect(isRendered({ name: 'idle', url: null }, ns)).toBe(true);
		for (const ns of DATE_TIME) for (const p of ['time', 'date']) expect(isRendered({ name: p, url: null }, ns)).toBe(true);
		for (const ns of ALERTS) for (const p of ['Timer', 'AlarmsOverviewCard', 'AlarmCard', 'ListView', 'Timer.qml']) expect(isRendered({ name: p, url: null }, ns)).toBe(true);
		expect(isRendered({ name: 'idle', url: null }, 'ovos-skill-date-time.openvoiceos')).toBe(false);
		expect(isRendered({ name: 'Timer', url: null }, 'skill-timer.test')).toBe(false);
		for (const p of ['SYSTEM_clock', 'SYSTEM_timer', 'SYSTEM_idle']) expect(isRendered({ name: p, url: null }, 'any.skill')).toBe(true);
	});
});

describe('homescreen idle', () => {
	it('time, date in the dateFormat order, weather, connectivity, example with prefix, bell count', () => {
		for (const ns of HOME) {
			const out = html('idle', ns, IDLE);
			const t = textOf(out);
			expect(out).toContain('data-part="hours">10</span>');
			expect(out).toMatch(/data-part="minutes"[^>]*>16</);
			expect(t).toContain('Wed December 28, 2022');
			expect(t).toContain('8°');
			expect(out).toContain('data-weather-code="2"');
			expect(out).toContain('aria-label="Cloudy"');
			// "offline" as the page is shown is the skill's re-show quirk, not news: not drawn.
			expect(out).not.toContain('data-connectivity');
			expect(t).toContain('Ask Me what time is it');
			expect(out).toMatch(/data-key="notification_count">1</);
		}
	});
	it('offline in the first data is drawn until a weather reading shows the internet works', () => {
		const { weather_temp: _t, weather_code: _c, ...noWeather } = IDLE;
		expect(html('idle', HOME[0]!, noWeather)).toMatch(/data-connectivity="offline"[^>]*>.*aria-label="Offline"/s);
		// With a reading, "offline" is the skill's re-show quirk (the case above).
		expect(html('idle', HOME[0]!, IDLE)).not.toContain('data-connectivity');
	});
	it('network without internet is drawn', () => {
		expect(html('idle', HOME[0]!, { ...IDLE, system_connectivity: 'network' })).toMatch(/data-connectivity="network"[^>]*>.*aria-label="Network, but no internet"/s);
	});
	it('widget events: timer and alarm counts, and the media bar in place of the example', () => {
		const events = {
			'ovos.timer.widget.manager.update': { data: { count: 2 }, seq: 1 },
			'ovos.alarm.widget.manager.update': { data: { count: 1 }, seq: 1 },
			'ovos.media.widget.manager.update': { data: { enabled: true, state: 'playing', widget: { title: 'So What', artist: 'Miles Davis' } }, seq: 1 }
		};
		const out = html('idle', HOME[0]!, IDLE, { events });
		expect(out).toMatch(/data-key="timer_count">2</);
		expect(out).toMatch(/data-key="alarm_count">1</);
		expect(textOf(out)).toContain('So What – Miles Davis');
		expect(textOf(out)).not.toContain('what time is it');
		// Play/pause/stop are GUI events (OCP's own); opening the player is a core-bus request.
		expect(out).toMatch(/<button type="button" class="ctl[^"]*" aria-label="Pause"/);
		expect(out).toContain('data-bus-type="ovos.common_play.home"');
	});
	it('core-bus controls: disabled with the reason without a bus window, live with one', () => {
		const events = { 'ovos.timer.widget.manager.update': { data: { count: 1 }, seq: 1 } };
		const without = html('idle', HOME[0]!, IDLE, { events });
		expect(without).toMatch(/data-bus-type="ovos.gui.show.active.timers"/);
		expect(without).toMatch(/title="This needs the device’s message bus[^"]*"[^>]*aria-disabled="true"[^>]*data-bus-type="ovos.gui.show.active.timers"/);
		const down: BusWindow = { unavailable: 'The bus window is closed (no token).', send: async () => ({ ok: true }) };
		expect(html('idle', HOME[0]!, IDLE, { events, bus: down })).toMatch(/title="The bus window is closed \(no token\)\."[^>]*aria-disabled="true"/);
		const up: BusWindow = { unavailable: null, send: async () => ({ ok: true }) };
		const live = html('idle', HOME[0]!, IDLE, { events, bus: up });
		expect(live).toMatch(/aria-label="Show running timers \(1\)" title="Show running timers \(1\)"/);
		expect(live).not.toMatch(/aria-disabled="true"[^>]*data-bus-type="ovos.gui.show.active.timers"/);
	});
	it('wallpaper through the media route on the device, none on a remote screen; rtl', () => {
		const data = { ...IDLE, wallpaper_path: '/home/ovos/walls/', selected_wallpaper: 'delta.jpg', rtl_mode: 1 };
		const local = html('idle', HOME[1]!, data, { media: { mediaBase: '/media' } });
		expect(local).toContain('src="/media/home/ovos/walls/delta.jpg"');
		expect(local).toContain('dir="rtl"');
		expect(html('idle', HOME[1]!, data, { media: { mediaBase: null } })).not.toContain('<img class="wallpaper');
	});
	it('no data at all: the device clock and date, no throw', () => {
		const t = textOf(html('idle', HOME[0]!, {}));
		expect(t).toMatch(/\d{1,2} : \d{2}/);
		expect(t).toMatch(/\d{4}/);
	});
});

describe('date-time', () => {
	it('time: HH and MM, minutes in the accent; a period kept; missing → dashes', () => {
		for (const ns of DATE_TIME) {
			const out = html('time', ns, { time_string: '12:50', ampm_string: '', date_string: 'x' });
			expect(out).toContain('data-part="hours">12</span>');
			expect(out).toMatch(/data-part="minutes" class="[^"]*accent[^"]*">50</);
		}
		expect(html('time', DATE_TIME[0]!, { time_string: '2:36 PM' })).toContain('data-part="period">PM</span>');
		expect(html('time', DATE_TIME[0]!, { time_string: null })).toContain('data-part="hours">--:--</span>');
	});
	it('date: weekday, day-month, year', () => {
		const out = html('date', DATE_TIME[0]!, { weekday_string: 'Friday', daymonth_string: 'December 30', year_string: '2022' });
		expect(textOf(out)).toBe('Friday December 30 2022');
		expect(textOf(html('date', DATE_TIME[1]!, {}))).toBe('—');
	});
});

describe('alerts', () => {
	const timers = { activeTimers: { timers: [
		{ alertId: 'a', timerName: 'five minutes timer', timeDelta: '4:13', percentRemaining: 0.84, expired: false },
		{ alertId: 'b', timerName: 'rice', timeDelta: '-0:12', percentRemaining: 0, expired: true }
	] } };
	it('Timer: a card per timer with name, time, ring and cancel; expired marked', () => {
		for (const ns of ALERTS) {
			const out = html('Timer', ns, timers);
			expect(out.match(/<article/g)).toHaveLength(2);
			expect(textOf(out)).toContain('five minutes timer 4:13 Cancel');
			expect(textOf(out)).toContain('rice Time’s up -0:12 Dismiss');
			expect(out).toContain('aria-valuenow="84"');
			expect(out).toContain('data-expired="true"');
		}
		expect(textOf(html('Timer', ALERTS[0]!, {}))).toBe('No timers running');
	});
	it('AlarmsOverviewCard: time + AM/PM, name, repeat; snooze only while ringing', () => {
		const out = html('AlarmsOverviewCard', ALERTS[0]!, {
			activeAlarms: [{ alarmTime: '8:00', alarmAmPm: 'AM', alarmName: 'Wake Up', alarmExpired: false, alarmIndex: 'x1', alarmRepeat: true, alarmRepeatStr: 'Mon-Fri' }],
			activeAlarmCount: 1
		});
		expect(textOf(out)).toBe('Alarms Mon-Fri 8:00 AM Wake Up Snooze Cancel');
		expect(out).toMatch(/<button[^>]*class="snooze[^"]*"[^>]*disabled/);
		const ringing = html('AlarmsOverviewCard', ALERTS[0]!, { activeAlarms: [{ alarmTime: '8:00', alarmName: 'Wake Up', alarmExpired: true, alarmIndex: 'x1' }] });
		expect(textOf(ringing)).toContain('Snooze Dismiss');
		expect(ringing).not.toMatch(/<button[^>]*disabled/);
		expect(textOf(html('AlarmsOverviewCard', ALERTS[0]!, { activeAlarms: 'x' }))).toBe('Alarms No alarms set');
	});
	it('AlarmCard: one alarm from flat keys', () => {
		expect(textOf(html('AlarmCard.qml', ALERTS[2]!, { alarmTime: '6:30', alarmAmPm: 'PM', alarmName: 'Gym', alarmRepeatStr: 'Once', alarmIndex: 'g' }))).toBe('Once 6:30 PM Gym Snooze Cancel');
	});
	it('ListView: header and two-line items', () => {
		const out = html('ListView', ALERTS[0]!, { header: 'Todo', items: [{ main: 'milk', secondary: '' }, { main: 'call mum', secondary: 'tomorrow' }] });
		expect(textOf(out)).toBe('Todo milk call mum tomorrow');
		expect(textOf(html('ListView', ALERTS[0]!, {}))).toBe('List Nothing in this list');
		// The same list part as SYSTEM_list, naming the alerts keys.
		expect(out).toMatch(/<ul class="item-list[^"]*"/);
		expect(html('SYSTEM_list', 'x', { title: 'T', items: [{ title: 'a' }] })).toMatch(/<ul class="item-list[^"]*"/);
		expect(out).toMatch(/data-key="header"[^>]*>Todo</);
		expect(out).toMatch(/data-key="main"[^>]*>call mum</);
	});
});

describe('OVOS-GUI-1', () => {
	it('SYSTEM_clock and SYSTEM_idle show the device time; SYSTEM_timer its label and time left', () => {
		expect(textOf(html('SYSTEM_clock', 'x', {}))).toMatch(/^\d{1,2} : \d{2}( [AP]M)? \S+ .*\d{4}$/);
		expect(textOf(html('SYSTEM_idle', 'x', {}))).toMatch(/\d{1,2} : \d{2}/);
		const out = html('SYSTEM_timer', 'x', { end_time: Date.now() / 1000 + 125, label: 'Tea', count_up: false });
		expect(textOf(out)).toMatch(/^Tea 2:0[45]$/);
		expect(out).not.toContain('<button');
	});
});

describe('junk in every key', () => {
	const JUNK: Json[] = [null, 7, 'x', true, [], [null, 1], { a: { b: [] } }];
	const KEYS = [...Object.keys(IDLE), 'wallpaper_path', 'selected_wallpaper', 'rtl_mode', 'time_string', 'daymonth_string', 'activeTimers', 'activeAlarms', 'activeAlarmCount', 'alarmTime', 'alarmName', 'alarmIndex', 'header', 'items', 'end_time', 'label', 'count_up'];
	const PAGES: [string, string][] = [
		['idle', HOME[0]!],
		['time', DATE_TIME[0]!],
		['date', DATE_TIME[0]!],
		['Timer', ALERTS[0]!],
		['AlarmsOverviewCard', ALERTS[0]!],
		['AlarmCard', ALERTS[0]!],
		['ListView', ALERTS[0]!],
		['SYSTEM_clock', 'x'],
		['SYSTEM_timer', 'x'],
		['SYSTEM_idle', 'x']
	];
	it('renders something, never the error notice', () => {
		for (const [page, ns] of PAGES) {
			for (const j of JUNK) {
				const data = Object.fromEntries(KEYS.map((k) => [k, j]));
				const events = { 'ovos.media.widget.manager.update': { data: j, seq: 1 }, 'ovos.timer.widget.manager.update': { data: j, seq: 1 } };
				const out = html(page, ns, data, { events });
				expect(out, `${page} ${JSON.stringify(j)}`).not.toContain('could not be shown');
				expect(textOf(out).length, `${page} ${JSON.stringify(j)}`).toBeGreaterThan(0);
			}
		}
	});
});
