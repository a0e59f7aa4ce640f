/**
 * The OVOS homescreen (ovos-skill-homescreen 3.x), the resting screen: it
 * registers with ovos-gui's HomescreenManager and shows its `idle` page whenever that asks
 * (`homescreen.manager.activate.display`: at start, on a back from page 0, after a `release()`).
 * It keeps the page's keys current — date strings every 10 s, weather every 15 min, examples
 * registered by skills — and forwards the timer, alarm and media widgets to the page as GUI events.
 */
import type { BusMessage, Json, JsonObject } from '../../src/lib/protocol';
import { sleep } from '../../src/lib/node/clock';
import type { SkillContext, SkillDefinition } from '../workshop';
import { asDateFormat, dateStrings, localTime } from './dates';
import { langOf } from './words';

/** The 2026 id (CHANGELOG #147); ovos-config's default `gui.idle_display_skill`. */
export const HOMESCREEN_ID = 'ovos-skill-homescreen.openvoiceos';
/** `update_dt` repeats every 10 s, first 60 s after load (`schedule_repeating_event`). */
export const DATE_REFRESH_MS = 10_000;
export const FIRST_REFRESH_MS = 60_000;
/** Weather and examples are refreshed every 15 min. */
export const WEATHER_REFRESH_MS = 900_000;
const WEATHER_REQUEST = 'skill-ovos-weather.openvoiceos.weather.request';

/** The skill's settings as shipped (settingsmeta.yml defaults). */
const SETTINGS = { examples_enabled: true, randomize_examples: true, examples_prefix: true, persistent_menu_hint: false };

function start(skill: SkillContext): void {
	const gui = skill.gui;
	const bus = skill.bus;
	const emit = (type: string, data: JsonObject = {}) => bus.emit({ type, data, context: {} });
	const examples = new Map<string, string[]>();
	const apps = new Map<string, { icon: Json; event: Json; name: Json }>();
	let wallpaperPath: Json = null;
	let wallpaper: Json = null;
	let notifications: Json = [];
	let mediaState: string | null = null;

	const config = () => skill.sessions.default;
	const updateDt = () => {
		const t = localTime(skill.clock.now(), skill.timeZone);
		// The device's own session: mycroft.conf's language ("Dienstag", "terça-feira").
		const s = dateStrings(t, asDateFormat(config().date_format), String(config().time_format ?? 'full'), langOf(config()));
		gui.set('time_string', s.time_string);
		gui.set('date_string', s.date_string);
		gui.set('weekday_string', s.weekday_string);
		gui.set('day_string', s.day_string);
		gui.set('month_string', s.month_string);
		gui.set('year_string', s.year_string);
	};
	const updateWeather = () => emit(WEATHER_REQUEST);
	const updateExamples = () => {
		const all = [...examples.values()].flat().filter((e) => e.trim() !== '');
		if (all.length > 0) {
			if (SETTINGS.randomize_examples) shuffle(all);
			gui.set('skill_examples', { examples: all });
			gui.set('skill_info_enabled', SETTINGS.examples_enabled);
		} else {
			gui.set('skill_info_enabled', false);
		}
		gui.set('skill_info_prefix', SETTINGS.examples_prefix);
	};
	const updateApps = () => {
		const model = [...apps.values()].map((a) => ({ name: a.name, thumbnail: a.icon, action: a.event }));
		gui.set('applications_model', model);
		gui.set('apps_enabled', model.length > 0);
	};

	/** `@resting_screen_handler("OVOSHomescreen") handle_idle`. */
	const handleIdle = () => {
		gui.set('wallpaper_path', wallpaperPath);
		gui.set('selected_wallpaper', wallpaper);
		gui.set('notification', {});
		gui.set('notification_model', notifications);
		// Quirk of the real skill, kept: every re-show says "offline" until the next connectivity event.
		gui.set('system_connectivity', 'offline');
		gui.set('persistent_menu_hint', SETTINGS.persistent_menu_hint);
		updateApps();
		updateDt();
		updateWeather();
		updateExamples();
		gui.set('rtl_mode', 0);
		gui.set('dateFormat', asDateFormat(config().date_format));
		gui.showPage('idle');
		emit('ovos.homescreen.displayed');
	};

	const on = (type: string, fn: (m: BusMessage) => void) => skill.on(type, fn);
	// ovos-workshop's resting-screen registration.
	const register = () => emit('homescreen.manager.add', { name: 'OVOSHomescreen', id: HOMESCREEN_ID });
	on('homescreen.manager.reload.list', register);
	on('homescreen.manager.activate.display', (m) => {
		if (m.data.homescreen_id === HOMESCREEN_ID) handleIdle();
	});

	on('homescreen.register.examples', (m) => {
		if (typeof m.data.skill_id !== 'string' || !Array.isArray(m.data.utterances)) return;
		examples.set(m.data.skill_id, m.data.utterances.filter((u): u is string => typeof u === 'string'));
		updateExamples();
	});
	on('homescreen.register.app', (m) => {
		if (typeof m.data.skill_id !== 'string') return;
		apps.set(m.data.skill_id, { icon: m.data.icon ?? null, event: m.data.event ?? null, name: m.data.name ?? null });
		updateApps();
	});
	on('detach_skill', (m) => {
		if (typeof m.data.skill_id !== 'string') return;
		examples.delete(m.data.skill_id);
		apps.delete(m.data.skill_id);
	});
	on('homescreen.wallpaper.set', (m) => {
		const url = typeof m.data.url === 'string' ? m.data.url : '';
		const cut = url.lastIndexOf('/');
		wallpaperPath = `${url.slice(0, cut)}/`;
		wallpaper = url.slice(cut + 1);
		gui.set('wallpaper_path', wallpaperPath);
		gui.set('selected_wallpaper', wallpaper);
	});
	gui.registerHandler('homescreen.swipe.change.wallpaper', () => emit('ovos.wallpaper.manager.change.wallpaper'));

	on('ovos.notification.update_counter', (m) => {
		// (sic) the key is misspelt in the real skill too.
		gui.set('notifcation_counter', m.data.notification_counter ?? '');
		emit('ovos.notification.api.request.storage.model');
	});
	on('ovos.notification.update_storage_model', (m) => {
		notifications = m.data.notification_model ?? '';
		gui.set('notification_model', notifications);
	});

	for (const kind of ['timer', 'alarm'] as const) {
		for (const action of ['update', 'display', 'remove']) {
			on(`ovos.widgets.${kind}.${action}`, (m) => gui.sendEvent(`ovos.${kind}.widget.manager.update`, objectOr(m.data.widget)));
		}
	}

	on('skill-ovos-weather.openvoiceos.weather.response', (m) => {
		const report = m.data.report;
		if (report && typeof report === 'object' && !Array.isArray(report) && Object.keys(report).length > 0) {
			gui.set('weather_api_enabled', true);
			gui.set('weather_code', report.weather_code ?? null);
			gui.set('weather_temp', report.weather_temp ?? null);
		} else {
			gui.set('weather_api_enabled', false);
		}
	});

	// OCP state as the GUI client's media service reports it: 1 playing, 2 paused, 0 stopped.
	on('gui.player.media.service.sync.status', (m) => {
		const state = m.data.state;
		if (state === 1 || state === 2) {
			emit('ovos.common_play.track_info');
			mediaState = state === 1 ? 'playing' : 'paused';
			gui.sendEvent('ovos.media.widget.manager.update', { enabled: true, widget: {}, state: mediaState });
		} else if (state === 0) {
			mediaState = 'stopped';
			gui.sendEvent('ovos.media.widget.manager.update', { enabled: false, widget: {}, state: 'stopped' });
		}
	});
	on('ovos.common_play.track_info.response', (m) => gui.sendEvent('ovos.media.widget.manager.update', { enabled: true, widget: m.data, state: mediaState }));

	on('mycroft.network.connected', () => gui.set('system_connectivity', 'network'));
	on('mycroft.internet.connected', () => gui.set('system_connectivity', 'online'));
	on('enclosure.notify.no_internet', () => gui.set('system_connectivity', 'offline'));

	emit('homescreen.metadata.get');
	// Repeating events: date every 10 s, weather and examples every 15 min, the first ones after a minute.
	repeat(skill, FIRST_REFRESH_MS, DATE_REFRESH_MS, updateDt);
	repeat(skill, FIRST_REFRESH_MS, WEATHER_REFRESH_MS, () => {
		updateWeather();
		updateExamples();
	});
	register();
	emit('mycroft.device.show.idle');
}

function repeat(skill: SkillContext, firstMs: number, everyMs: number, fn: () => void): void {
	void (async () => {
		await sleep(skill.clock, firstMs, skill.signal);
		while (!skill.signal.aborted) {
			fn();
			await sleep(skill.clock, everyMs, skill.signal);
		}
	})();
}

function objectOr(x: Json | undefined): JsonObject {
	return x && typeof x === 'object' && !Array.isArray(x) ? x : {};
}

function shuffle<T>(a: T[]): void {
	for (let i = a.length - 1; i > 0; i--) {
		const j = Math.floor(Math.random() * (i + 1));
		[a[i], a[j]] = [a[j] as T, a[i] as T];
	}
}

export const homescreen: SkillDefinition = {
	id: HOMESCREEN_ID,
	className: 'OVOSHomescreenSkill',
	intents: [],
	ui: { qt5: ['idle'] },
	start
};
