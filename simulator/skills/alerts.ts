/**
 * Timers and alarms (ovos-skill-alerts 0.1.x). A timer shows the `Timer`
 * page (persistent) and refreshes `activeTimers` every second until no timer is left, then releases
 * the GUI; an alarm shows `AlarmsOverviewCard` for 30 s (persistent while ringing). Cancel, snooze and
 * dismiss come back as the page's GUI events or as bus messages; the homescreen widgets are told
 * through `ovos.widgets.update`. "Set a timer" without a duration asks "For how long?" (a two-turn
 * dialogue the chat relies on; the real skill would start a stopwatch).
 */
import { randomUUID } from 'node:crypto';
import type { Json, JsonObject } from '../../src/lib/protocol';
import { sleep } from '../../src/lib/node/clock';
import type { SkillContext, SkillDefinition, Turn } from '../workshop';
import { displayDuration, displayTime, localTime, spokenDuration } from './dates';
import { has, heard, parseDuration } from './match';
import { langOf, WORDS, type SkillLang } from './words';

export const ALERTS_ID = 'ovos-skill-alerts.openvoiceos';
/** The Timer page refresh (`time.sleep(1)` in `_start_timer_gui_thread`). */
export const TIMER_REFRESH_MS = 1000;
/** `alert_timeout_seconds` (timeout_min 1) and the pause between expiry announcements. */
const ALERT_TIMEOUT_MS = 60_000;
const REPEAT_NOTICE_MS = 20_000;
/** `snooze_mins` default. */
const SNOOZE_MS = 15 * 60_000;

type Kind = 'timer' | 'alarm';
type State = 'pending' | 'active' | 'missed';

interface Alert {
	ident: string;
	readonly kind: Kind;
	readonly name: string;
	/** The language it was set in (the real Alert's `lang`): what it says when it goes off, and its name. */
	readonly lang: SkillLang;
	readonly created: number;
	expiration: number;
	state: State;
	expiry?: AbortController;
}

/** The alert manager of each simulator's skill. */
class Alerts {
	readonly all = new Map<string, Alert>();
	/** `active_gui_timers`, sorted by time left. */
	guiTimers: Alert[] = [];
	refreshing = false;

	constructor(readonly skill: SkillContext) {}

	pendingAlarms(): Alert[] {
		return [...this.all.values()].filter((a) => a.kind === 'alarm' && a.state === 'pending').sort((a, b) => a.expiration - b.expiration);
	}
}

const managers = new WeakMap<SkillContext, Alerts>();
function alertsOf(skill: SkillContext): Alerts {
	let m = managers.get(skill);
	if (!m) managers.set(skill, (m = new Alerts(skill)));
	return m;
}

const use24h = (skill: SkillContext) => skill.sessions.default.time_format !== 'half';

/** `build_timer_data`. */
function timerData(m: Alerts, a: Alert): JsonObject {
	const now = m.skill.clock.now();
	const left = (a.expiration - now) / 1000;
	let percent: number;
	let delta: string;
	if (left < 0) {
		percent = 0;
		delta = `-${displayDuration(-left)}`;
	} else {
		const total = (now - a.created) / 1000 + left;
		percent = total > 0 ? left / total : 0;
		delta = displayDuration(left);
	}
	return { alertId: a.ident, backgroundColor: '', expired: now >= a.expiration, percentRemaining: percent, timerName: a.name, timeDelta: delta };
}

/** `build_alarm_data`: with a 24 h clock `alarmAmPm` is empty. */
function alarmData(m: Alerts, a: Alert): JsonObject {
	const t = localTime(a.expiration, m.skill.timeZone);
	const h24 = use24h(m.skill);
	const shown = displayTime(t, h24, !h24);
	const [time, ampm] = h24 ? [shown, ''] : (shown.split(' ') as [string, string]);
	return {
		alarmTime: time,
		alarmAmPm: ampm,
		alarmName: pyTitle(a.name),
		alarmExpired: m.skill.clock.now() >= a.expiration,
		alarmIndex: a.ident,
		alarmRepeat: false,
		alarmRepeatStr: WORDS[a.lang].once
	};
}

/** Python's `str.title()`: "7:00 AM alarm" → "7:00 Am Alarm". */
function pyTitle(s: string): string {
	return s.toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_x, pre: string, c: string) => pre + c.toUpperCase());
}

/** `_update_homescreen_widgets`: counts go to the shell companion, which relays them to the homescreen. */
function updateWidgets(m: Alerts, kind: Kind | null): void {
	const emit = (data: JsonObject) => m.skill.bus.emit({ type: 'ovos.widgets.update', data, context: {} });
	// The timer count is of the timers on the GUI: a new timer is only added after this (as in the skill).
	if (kind === null || kind === 'timer') emit({ type: 'timer', data: { count: m.guiTimers.length, action: 'ovos.gui.show.pending.timers' } });
	if (kind === null || kind === 'alarm') emit({ type: 'alarm', data: { count: m.pendingAlarms().length, action: 'ovos.gui.show.pending.alarms' } });
}

function displayTimers(m: Alerts, timers: Alert[]): void {
	for (const t of timers) if (!m.guiTimers.some((g) => g.ident === t.ident)) m.guiTimers.push(t);
	m.guiTimers.sort((a, b) => a.expiration - b.expiration);
	if (m.skill.gui.page === 'Timer') return;
	m.skill.gui.showPage('Timer', true);
	void refreshTimers(m);
}

/** `_start_timer_gui_thread`: the page's data every second while timers are shown, then `release()`. */
async function refreshTimers(m: Alerts): Promise<void> {
	if (m.refreshing) return;
	m.refreshing = true;
	const { skill } = m;
	while (m.guiTimers.length > 0 && !skill.signal.aborted) {
		skill.gui.set('activeTimers', { timers: m.guiTimers.slice(0, 10).map((t) => timerData(m, t)) });
		await sleep(skill.clock, TIMER_REFRESH_MS, skill.signal);
	}
	m.refreshing = false;
	if (!skill.signal.aborted) skill.gui.release();
}

function displayAlarms(m: Alerts, alarms: Alert[]): void {
	const view = alarms.map((a) => alarmData(m, a));
	m.skill.gui.set('activeAlarmCount', view.length);
	m.skill.gui.set('activeAlarms', view);
	m.skill.gui.showPage('AlarmsOverviewCard', alarms.some((a) => m.skill.clock.now() >= a.expiration) ? true : 30);
}

function displayAlert(m: Alerts, a: Alert): void {
	if (a.kind === 'timer') displayTimers(m, [a]);
	else displayAlarms(m, [a]);
}

function schedule(m: Alerts, a: Alert): void {
	a.expiry?.abort();
	const ctl = new AbortController();
	a.expiry = ctl;
	void sleep(m.skill.clock, Math.max(0, a.expiration - m.skill.clock.now()), AbortSignal.any([ctl.signal, m.skill.signal])).then(() => void expired(m, a));
}

/** `_alert_expired`: a timer is announced (speak_timer), an alarm rings (a sound, not speech); both show. */
async function expired(m: Alerts, a: Alert): Promise<void> {
	const { skill } = m;
	a.state = 'active';
	const words = WORDS[a.lang];
	const text = words.notice(a.kind, a.name);
	// `gui.show_notification`: the homescreen's notification list (shell companion).
	skill.bus.emit({
		type: 'ovos.notification.api.set',
		data: { sender: ALERTS_ID, text, action: 'ovos.alerts.dismiss_notification', type: 'transient', style: 'info', callback_data: { alert: { ident: a.ident } }, duration: 0 },
		context: {}
	});
	displayAlert(m, a);
	const until = skill.clock.now() + ALERT_TIMEOUT_MS;
	while (a.state === 'active' && skill.clock.now() < until && !skill.signal.aborted) {
		if (a.kind === 'timer') skill.speakDefault(words.timerUp(a.name));
		await sleep(skill.clock, a.kind === 'timer' ? REPEAT_NOTICE_MS : 1000, skill.signal);
	}
	// Timers stay active until dismissed; an alarm nobody answered becomes missed.
	if (a.kind === 'alarm' && a.state === 'active') a.state = 'missed';
}

/** `_release_gui_alarm`. */
function releaseGuiAlarm(m: Alerts, id: string): void {
	const gui = m.skill.gui;
	const shown = gui.get('activeAlarms');
	if (Array.isArray(shown) && shown.length > 0) {
		const left = shown.filter((x) => !(x && typeof x === 'object' && !Array.isArray(x) && x.alarmIndex === id));
		gui.update({ activeAlarms: left, activeAlarmCount: left.length });
		if (left.length !== 0 || m.guiTimers.length > 0) return;
	}
	if (gui.pageCount > 1) gui.removePages(['AlarmsOverviewCard']);
	else gui.release();
}

/** `_dismiss_alert`: off the GUI, out of the manager, widgets and notification updated. */
async function dismiss(m: Alerts, id: string, speak: ((text: string) => Promise<void>) | null): Promise<void> {
	const a = m.all.get(id);
	if (!a) return;
	if (a.kind === 'timer') m.guiTimers = m.guiTimers.filter((t) => t.ident !== id);
	else releaseGuiAlarm(m, id);
	a.expiry?.abort();
	m.all.delete(id);
	updateWidgets(m, a.kind);
	m.skill.bus.emit({
		type: 'ovos.notification.api.storage.clear.item',
		data: { notification: { sender: ALERTS_ID, text: WORDS[a.lang].notice(a.kind, a.name) } },
		context: {}
	});
	if (speak) await speak(WORDS[a.lang].dismissed(a.kind));
}

/** `_snooze_alert`: only a ringing (or missed) alarm can be snoozed; it comes back 15 minutes later. */
async function snooze(m: Alerts, id: string): Promise<void> {
	const a = m.all.get(id);
	if (!a) return;
	releaseGuiAlarm(m, id);
	if (a.state === 'pending') {
		// The skill's alert manager raises here (KeyError: no missed or active alert): nothing else happens.
		m.skill.log('debug', `alerts: snooze of pending ${id} ignored, as the real skill's KeyError`);
		return;
	}
	m.all.delete(id);
	a.ident = a.ident.startsWith('snoozed') ? a.ident : `snoozed_${a.ident}`;
	a.expiration = m.skill.clock.now() + SNOOZE_MS;
	a.state = 'pending';
	m.all.set(a.ident, a);
	schedule(m, a);
	updateWidgets(m, a.kind);
	m.skill.speakDefault(WORDS[a.lang].snoozed(spokenDuration(SNOOZE_MS / 1000, a.lang)));
}

function add(m: Alerts, kind: Kind, name: string, lang: SkillLang, expiration: number): Alert {
	const a: Alert = { ident: randomUUID(), kind, name, lang, created: m.skill.clock.now(), expiration, state: 'pending' };
	m.all.set(a.ident, a);
	schedule(m, a);
	return a;
}

async function createTimer(turn: Turn, m: Alerts, seconds: number): Promise<void> {
	const lang = langOf(turn.session);
	const duration = spokenDuration(seconds, lang);
	const a = add(m, 'timer', WORDS[lang].timerName(duration), lang, m.skill.clock.now() + seconds * 1000);
	updateWidgets(m, 'timer');
	displayAlert(m, a);
	await turn.speak(WORDS[lang].timerStarted(duration), { dialog: 'confirm_timer_started', wait: true });
}

/** "7 am", "7:30 pm", "19:00", "seven am" → minutes after midnight; null without a time. */
export function parseClockTime(utterance: string): number | null {
	const u = utterance.toLowerCase().replace(/a\.m\./g, 'am').replace(/p\.m\./g, 'pm');
	const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
	const m = /\b(\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?::(\d{2}))?\s*(am|pm|o'clock)?\b/.exec(u);
	if (!m || (!m[2] && !m[3])) return null;
	let hour = /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : words.indexOf(m[1] ?? '');
	const minute = m[2] ? Number(m[2]) : 0;
	if (hour > 23 || minute > 59) return null;
	if (m[3] === 'pm' && hour < 12) hour += 12;
	if (m[3] === 'am' && hour === 12) hour = 0;
	return hour * 60 + minute;
}

async function createAlarm(turn: Turn, m: Alerts, minuteOfDay: number): Promise<void> {
	const { skill } = m;
	const now = skill.clock.now();
	const t = localTime(now, skill.timeZone);
	let ahead = minuteOfDay - (t.hour * 60 + t.minute);
	if (ahead <= 0) ahead += 24 * 60;
	const expiration = now - t.second * 1000 - (now % 1000) + ahead * 60_000;
	const h24 = use24h(skill);
	const at = displayTime(localTime(expiration, skill.timeZone), h24, !h24);
	const lang = langOf(turn.session);
	const a = add(m, 'alarm', WORDS[lang].alarmName(at), lang, expiration);
	updateWidgets(m, 'alarm');
	displayAlert(m, a);
	// Minute resolution for anything over an hour away (`spoken_duration`).
	const left = (expiration - now) / 1000;
	const remaining = spokenDuration(left > 3600 ? Math.floor(left / 60) * 60 : left, lang);
	await turn.speak(WORDS[lang].alarmSet(at, remaining), { dialog: 'confirm_alert_set', wait: true });
}

function start(skill: SkillContext): void {
	const m = alertsOf(skill);
	const gui = skill.gui;
	const idsOf = (x: Json | undefined): string[] => (typeof x === 'string' ? [x] : Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : []);
	const say = async (text: string) => skill.speakDefault(text);
	gui.registerHandler('ovos.alerts.cancel_timer', (msg) => {
		const timer = msg.data.timer;
		const id = timer && typeof timer === 'object' && !Array.isArray(timer) ? timer.alertId : undefined;
		if (typeof id !== 'string') throw new Error("KeyError: 'timer' (ovos.alerts.cancel_timer without a timer)");
		void dismiss(m, id, say);
	});
	const cancelAlarm = (msg: { data: JsonObject }) => {
		for (const id of idsOf(msg.data.alarmIndex)) void dismiss(m, id, say);
	};
	const snoozeAlarm = (msg: { data: JsonObject }) => {
		for (const id of idsOf(msg.data.alarmIndex)) void snooze(m, id);
	};
	gui.registerHandler('ovos.alerts.cancel_alarm', cancelAlarm);
	gui.registerHandler('ovos.alerts.snooze_alarm', snoozeAlarm);
	skill.on('ovos.alerts.cancel_alarm', cancelAlarm);
	skill.on('ovos.alerts.snooze_alarm', snoozeAlarm);
	// A notification's action (`_gui_dismiss_notification`): the alert goes, with its notification.
	skill.on('ovos.alerts.dismiss_notification', (msg) => {
		const alert = msg.data.alert;
		const id = alert && typeof alert === 'object' && !Array.isArray(alert) ? alert.ident : undefined;
		if (typeof id === 'string') void dismiss(m, id, m.all.get(id)?.state === 'active' ? say : null);
	});
	// The homescreen's widget icons ask for these over the core bus.
	skill.on('ovos.gui.show.active.timers', () => displayTimers(m, [...m.all.values()].filter((a) => a.kind === 'timer' && a.state === 'pending')));
	skill.on('ovos.gui.show.active.alarms', () => displayAlarms(m, m.pendingAlarms()));
}

export const alerts: SkillDefinition = {
	id: ALERTS_ID,
	className: 'AlertSkill',
	ui: { qt5: ['Timer', 'TimerCard', 'RoundProgress', 'AlarmsOverviewCard', 'AlarmsOverviewDelegate', 'AlarmCard', 'ListView'] },
	examples: {
		en: ['set a timer for 5 minutes', 'set an alarm for 7 am'],
		de: ['stelle einen Timer auf 5 Minuten', 'stelle einen Wecker auf 7 Uhr'],
		pt: ['põe um temporizador de 5 minutos', 'põe um alarme para as 7 da manhã'],
		'pt-BR': ['defina um timer de 5 minutos', 'defina um alarme para as 7 da manhã']
	},
	start,
	intents: [
		{
			name: 'CreateTimer',
			handler: 'handle_create_timer',
			match: (u) => {
				if (!has(u, 'timer') || has(u, 'cancel', 'stop', 'delete')) return null;
				const seconds = parseDuration(u);
				const slots: JsonObject = seconds === null ? {} : { duration: seconds };
				return slots;
			},
			async run(turn, skill) {
				const m = alertsOf(skill);
				if (typeof turn.slots.duration === 'number') return createTimer(turn, m, turn.slots.duration);
				const words = WORDS[langOf(turn.session)];
				const answer = await turn.getResponse(words.askDuration, 'ask.duration');
				if (answer === null) return;
				const seconds = parseDuration(heard(answer, String(turn.session.lang)));
				if (seconds === null) await turn.speak(words.noDuration, { dialog: 'no.duration' });
				else await createTimer(turn, m, seconds);
			}
		},
		{
			name: 'CreateAlarm',
			handler: 'handle_create_alarm',
			match: (u) => {
				if (!has(u, 'alarm', 'wake me') || has(u, 'cancel', 'stop', 'delete')) return null;
				const minute = parseClockTime(u);
				const slots: JsonObject = minute === null ? {} : { minute };
				return slots;
			},
			async run(turn, skill) {
				const m = alertsOf(skill);
				let minute = typeof turn.slots.minute === 'number' ? turn.slots.minute : null;
				if (minute === null) {
					const words = WORDS[langOf(turn.session)];
					const answer = await turn.getResponse(words.askTime, 'alarm_ask_time');
					minute = answer === null ? null : parseClockTime(heard(answer, String(turn.session.lang)));
					if (minute === null) {
						await turn.speak(words.noTime, { dialog: 'error_no_time', wait: true });
						return;
					}
				}
				await createAlarm(turn, m, minute);
			}
		},
		{
			name: 'CancelAlert',
			handler: 'handle_cancel_alert',
			match: (u) => (has(u, 'cancel', 'stop', 'delete', 'dismiss') && has(u, 'timer', 'alarm', 'timers', 'alarms') ? { kind: has(u, 'alarm', 'alarms') ? 'alarm' : 'timer' } : null),
			async run(turn, skill) {
				const m = alertsOf(skill);
				const kind = turn.slots.kind === 'alarm' ? 'alarm' : 'timer';
				// Only scheduled (pending) alerts are candidates, the next one first.
				const candidates = [...m.all.values()].filter((a) => a.kind === kind && a.state === 'pending').sort((a, b) => a.expiration - b.expiration);
				const a = candidates[0];
				const words = WORDS[langOf(turn.session)];
				if (!a) {
					await turn.speak(words.noneScheduled(kind), { dialog: 'error_no_scheduled_kind', wait: true });
					return;
				}
				await dismiss(m, a.ident, null);
				await turn.speak(words.cancelling(kind, a.name), { dialog: 'confirm_cancel_alert', wait: true });
			}
		}
	]
};
