/**
 * The homescreen skill's `idle` data and widget events (docs/skill-pages.md#homescreen;
 * ovos-skill-homescreen gui/qt5/*.qml and __init__.py) read into the home screen's model. Every key may be missing or of
 * the wrong type. Pure.
 */
import { isObject, type Json, type JsonObject } from '$lib/protocol';
import type { GuiEventRecord } from '$lib/screen';
import { list, num, record, text, truthy } from '../../data';
import { splitTime } from '../../parts/clock';
import type { AppView, Connectivity, HomeModel, MediaState, NotificationView } from '../../parts/home/model';
import { rowsOf } from '../../parts/rows';
import { imageSource } from '../../media-src';
import type { MediaContext } from '../../types';

type Data = Readonly<Record<string, Json>>;
type Events = Readonly<Record<string, GuiEventRecord>>;

export const WIDGET_EVENTS = {
	timer: 'ovos.timer.widget.manager.update',
	alarm: 'ovos.alarm.widget.manager.update',
	media: 'ovos.media.widget.manager.update'
} as const;

/** The first `n` characters (not UTF-16 units), as QML's `substring(0, 3)` is meant. */
function first(s: string, n: number): string {
	return Array.from(s).slice(0, n).join('');
}

function joinDate(head: readonly string[], tail: string): string {
	const h = head.filter(Boolean).join(' ');
	return h && tail ? `${h}, ${tail}` : h || tail;
}

/**
 * The date line of DayMonthDisplay.qml from `weekday_string`, `day_string`, `month_string`,
 * `year_string` in the `dateFormat` order: DMY "Wed 28 December, 2022" (the default), MDY
 * "Wed December 28, 2022", YMD "2022, December Wed 28" (the QML's own order: year first, the weekday
 * between month and day). Missing parts are left out (the QML blanks the line without year or weekday).
 */
export function dateLine(data: Data, shortMonth: boolean): string {
	const weekday = first(text(data, 'weekday_string').trim(), 3);
	const day = text(data, 'day_string').trim();
	const fullMonth = text(data, 'month_string').trim();
	const month = shortMonth ? first(fullMonth, 3) : fullMonth;
	const year = text(data, 'year_string').trim();
	switch (text(data, 'dateFormat').trim().toUpperCase()) {
		case 'MDY':
			return joinDate([weekday, month, day], year);
		case 'YMD': {
			const rest = [month, weekday, day].filter(Boolean).join(' ');
			return year && rest ? `${year}, ${rest}` : year || rest;
		}
		default:
			return joinDate([weekday, day, month], year);
	}
}

function weather(data: Data): HomeModel['weather'] {
	if (!truthy(data, 'weather_api_enabled')) return null;
	const code = num(data, 'weather_code');
	const t = num(data, 'weather_temp');
	// A number is rounded (a kitchen display has no room for 7.83°); a string is shown as sent.
	const temp = t !== null ? String(Math.round(t)) : text(data, 'weather_temp').trim();
	return { code: code !== null && Number.isInteger(code) && code >= 0 && code <= 7 ? code : null, temp };
}

function connectivity(data: Data): Connectivity | null {
	const v = text(data, 'system_connectivity').trim();
	return v === 'online' || v === 'network' || v === 'offline' ? v : null;
}

/** `notification_model`: the stored notifications, each read when it is laid out (`readNotification`). */
function notifications(data: Data): HomeModel['notifications'] {
	const model = record(data, 'notification_model');
	const stored = list(model, 'storedmodel').filter((n): n is JsonObject => isObject(n));
	const count = num(model, 'count');
	return { count: count !== null && count > 0 ? Math.floor(count) : stored.length, items: rowsOf(stored, readNotification) };
}

/** One stored notification (`i`: its place among them). */
function readNotification(n: JsonObject, i: number): NotificationView {
	return {
		key: `${i}:${text(n, 'sender')}:${text(n, 'text')}`,
		sender: text(n, 'sender').trim(),
		text: text(n, 'text').trim(),
		action: text(n, 'action').trim(),
		callbackData: record(n, 'callback_data') as JsonObject,
		raw: n
	};
}

/** `applications_model`: the apps that have an action, each read when it is laid out (`readApp`). */
function apps(data: Data, media: MediaContext | undefined): HomeModel['apps'] {
	if (!truthy(data, 'apps_enabled')) return [];
	const entries = list(data, 'applications_model').filter((a): a is JsonObject => isObject(a) && text(a, 'action').trim() !== '');
	return rowsOf(entries, (a, i) => readApp(a, i, media));
}

/** One app of the drawer (`i`: its place among those with an action). */
function readApp(a: JsonObject, i: number, media: MediaContext | undefined): AppView {
	return {
		key: `${i}:${text(a, 'action')}`,
		name: text(a, 'name').trim() || text(a, 'action').trim(),
		thumbnail: imageSource(a.thumbnail, media),
		action: text(a, 'action').trim()
	};
}

function eventData(events: Events | undefined, name: string): Data {
	const rec = events && Object.hasOwn(events, name) ? events[name] : undefined;
	return rec && isObject(rec.data) ? (rec.data as Data) : {};
}

function count(events: Events | undefined, name: string): number {
	const n = num(eventData(events, name), 'count');
	return n !== null && n > 0 ? Math.floor(n) : 0;
}

/** `ovos.media.widget.manager.update` → the media bar, or null while nothing plays. */
function mediaWidget(events: Events | undefined): HomeModel['media'] {
	const d = eventData(events, WIDGET_EVENTS.media);
	if (!truthy(d, 'enabled')) return null;
	const s = text(d, 'state');
	const state: MediaState = s === 'playing' || s === 'paused' ? s : 'stopped';
	const w = record(d, 'widget');
	return { state, title: text(w, 'title').trim(), artist: text(w, 'artist').trim() };
}

/**
 * `wallpaper_path` + `selected_wallpaper`, concatenated as idle.qml does (the skill splits one path
 * into the two). Without both, the QML loads a default picture from the internet; we draw our own.
 */
function wallpaper(data: Data, media: MediaContext | undefined) {
	const dir = text(data, 'wallpaper_path');
	const file = text(data, 'selected_wallpaper');
	return dir && file ? imageSource(dir + file, media) : ({ kind: 'none' } as const);
}

export function readHome(data: Data, events: Events | undefined, media: MediaContext | undefined): HomeModel {
	const time = text(data, 'time_string').trim();
	const examples = truthy(data, 'skill_info_enabled')
		? list(record(data, 'skill_examples'), 'examples').filter((e): e is string => typeof e === 'string' && e.trim() !== '')
		: [];
	return {
		time: time ? splitTime(time) : null,
		date: dateLine(data, false),
		dateShort: dateLine(data, true),
		wallpaper: wallpaper(data, media),
		weather: weather(data),
		connectivity: connectivity(data),
		examples,
		examplePrefix: truthy(data, 'skill_info_prefix'),
		notifications: notifications(data),
		timers: count(events, WIDGET_EVENTS.timer),
		alarms: count(events, WIDGET_EVENTS.alarm),
		media: mediaWidget(events),
		apps: apps(data, media),
		rtl: truthy(data, 'rtl_mode')
	};
}
