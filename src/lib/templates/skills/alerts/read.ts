/**
 * The alerts skill's page data (docs/skill-pages.md#alerts-timers-alarms-lists; ovos-skill-alerts util/ui_models.py) read
 * into what the pages show, whatever shape arrives: entries that are not objects are skipped, every
 * field has a fallback. Pure.
 */
import { isObject, type Json, type JsonObject } from '$lib/protocol';
import { list, num, record, text, truthy } from '../../data';
import { ALERTS_LABELS } from '$lib/i18n/alerts';
import { durationText, NO_TIME } from '../../parts/clock';

type Data = Readonly<Record<string, Json>>;

export interface TimerView {
	/** Unique among the shown timers (ids can repeat in bad data). */
	readonly key: string;
	readonly name: string;
	/** `percentRemaining` (a 0–1 fraction) clamped to 0–1. */
	readonly fraction: number;
	readonly text: string;
	readonly expired: boolean;
	/** The timer object as the skill sent it: the cancel event carries it back unchanged. */
	readonly raw: JsonObject;
}

export interface AlarmView {
	readonly key: string;
	readonly time: string;
	readonly ampm: string;
	readonly name: string;
	readonly expired: boolean;
	readonly repeat: boolean;
	/** "Mon-Fri", "Once", "Daily|until 1 May" → shown with " · " between the parts. */
	readonly repeatText: string;
	/** `alarmIndex` (the alert id) exactly as sent, or null when missing or not a string/number. */
	readonly id: string | number | null;
	/** `alarmName` exactly as sent (the events carry it back). */
	readonly rawName: Json | undefined;
}

export interface ListItem {
	readonly main: string;
	readonly secondary: string;
}

function uniqueKeys<T extends { key: string }>(items: T[]): T[] {
	const seen = new Map<string, number>();
	return items.map((it) => {
		const n = seen.get(it.key) ?? 0;
		seen.set(it.key, n + 1);
		return n === 0 ? it : { ...it, key: `${it.key}#${n}` };
	});
}

function clamp01(n: number | null): number {
	return n === null ? 0 : Math.min(1, Math.max(0, n));
}

const UNIT_SECONDS: readonly [RegExp, number][] = [
	[/^(d|days?|tage?n?|dias?)$/i, 86_400],
	[/^(h|hrs?|hours?|std|stunden?|horas?)$/i, 3600],
	[/^(m|mins?|minutes?|minuten?|minutos?)$/i, 60],
	[/^(s|secs?|seconds?|sek|sekunden?|seg|segundos?)$/i, 1]
];

/**
 * The time left as the ring's big figure. ovos-skill-alerts words it (`nice_duration`: "4 minutes
 * 3 seconds", "1 Stunde 5 Minuten", "-12 segundos"), which inside a ring is a line of small text;
 * ovos-shell shows "4:03". Words we can read become that figure; anything else stays as sent.
 */
export function timerFigure(raw: string): string {
	const t = raw.trim();
	if (/^-?\d+(:\d{1,2}){1,2}$/.test(t) || t === '') return t;
	const sign = t.startsWith('-') ? '-' : '';
	const parts = t.replace(/^-\s*/, '').replace(/,|\b(and|und|e)\b/gi, ' ').split(/\s+/).filter(Boolean);
	if (parts.length === 0 || parts.length % 2 !== 0) return t;
	let total = 0;
	for (let i = 0; i < parts.length; i += 2) {
		const n = Number(parts[i]);
		const unit = UNIT_SECONDS.find(([re]) => re.test(parts[i + 1] as string));
		if (!Number.isInteger(n) || n < 0 || !unit) return t;
		total += n * unit[1];
	}
	return sign + durationText(total);
}

/**
 * A card of a list page as its strip keeps it: its key and the entry as sent. The card's own fields
 * are read only for the cards laid out (`readTimer`, `readAlarm`): the skill resends the whole list
 * every second, and reading all of a 5,000-entry list took 20–70 ms each time.
 */
export interface Entry {
	readonly key: string;
	readonly raw: JsonObject;
}

/** `activeTimers.timers[]` → the cards of the `Timer` page. */
export function timerEntries(data: Data): Entry[] {
	const timers = list(record(data, 'activeTimers'), 'timers').filter((t): t is JsonObject => isObject(t));
	return uniqueKeys(timers.map((t, i) => ({ key: text(t, 'alertId') || `timer-${i}`, raw: t })));
}

/** Whether a timer (an `activeTimers.timers[]` entry) has run out and rings. */
export const timerRinging = (t: JsonObject): boolean => truthy(t, 'expired');

/** One timer card. */
export function readTimer(t: JsonObject, key: string): TimerView {
	return {
		key,
		name: text(t, 'timerName').trim() || ALERTS_LABELS.timer,
		fraction: clamp01(num(t, 'percentRemaining')),
		text: timerFigure(text(t, 'timeDelta')) || NO_TIME,
		expired: timerRinging(t),
		raw: t
	};
}

/** One alarm in the `build_alarm_data` shape (an `activeAlarms[]` entry, or AlarmCard's flat keys). */
export function readAlarm(a: Data, key: string): AlarmView {
	const id = Object.hasOwn(a, 'alarmIndex') ? a.alarmIndex : undefined;
	return {
		key,
		time: text(a, 'alarmTime').trim() || NO_TIME,
		ampm: text(a, 'alarmAmPm').trim(),
		name: text(a, 'alarmName').trim() || ALERTS_LABELS.alarm,
		expired: truthy(a, 'alarmExpired'),
		repeat: truthy(a, 'alarmRepeat'),
		repeatText: text(a, 'alarmRepeatStr')
			.split('|')
			.map((s) => s.trim())
			.filter(Boolean)
			.join(' · '),
		id: typeof id === 'string' || typeof id === 'number' ? id : null,
		rawName: Object.hasOwn(a, 'alarmName') ? a.alarmName : undefined
	};
}

/** `activeAlarms[]` → the cards of `AlarmsOverviewCard` (each read with `readAlarm`). */
export function alarmEntries(data: Data): Entry[] {
	const alarms = list(data, 'activeAlarms').filter((a): a is JsonObject => isObject(a));
	return uniqueKeys(alarms.map((a, i) => ({ key: typeof a.alarmIndex === 'string' ? a.alarmIndex : `alarm-${i}`, raw: a })));
}

/** `items[]` of the `ListView` page: objects with `main` (and `secondary`), or plain strings. */
export function readListItems(data: Data): ListItem[] {
	return list(data, 'items').flatMap((it): ListItem[] => {
		if (typeof it === 'string' || typeof it === 'number') return [{ main: String(it), secondary: '' }];
		if (!isObject(it)) return [];
		const main = text(it, 'main');
		const secondary = text(it, 'secondary');
		return main || secondary ? [{ main, secondary }] : [];
	});
}

/**
 * The GUI events the alerts pages send back. OVOS's skill (`ovos.alerts.*`) and Neon's original
 * (`skill-alerts.neongeckocom`, its own names) differ; the page sends what its skill listens for.
 * The legacy timer skill shows the same Timer page (registry.ts).
 */
export interface AlertEvents {
	readonly cancelTimer: string;
	readonly snoozeAlarm: string;
	readonly cancelAlarm: string;
}

export function alertEvents(namespace: string): AlertEvents {
	// The legacy skill-ovos-timer (TimerCard.qml) cancels with Neon's name too.
	return namespace.endsWith('.neongeckocom') || namespace === 'skill-ovos-timer.openvoiceos' || namespace === 'ovos-skill-timer.openvoiceos'
		? { cancelTimer: 'timerskill.gui.stop.timer', snoozeAlarm: 'ovos.alarm.skill.snooze', cancelAlarm: 'ovos.alarm.skill.cancel' }
		: { cancelTimer: 'ovos.alerts.cancel_timer', snoozeAlarm: 'ovos.alerts.snooze_alarm', cancelAlarm: 'ovos.alerts.cancel_alarm' };
}

/** The alarm buttons' payload, as AlarmButtonView.qml builds it (undefined fields are left out). */
export function alarmPayload(alarm: AlarmView, context: 'overview' | 'single'): JsonObject {
	const out: JsonObject = {};
	if (alarm.id !== null) out.alarmIndex = alarm.id;
	out.alarmContext = context;
	if (alarm.rawName !== undefined) out.alarmName = alarm.rawName;
	return out;
}
