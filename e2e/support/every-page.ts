/**
 * Every skill and OVOS-GUI-1 page, with the keys its skill sends and values as a real day gives them
 * (one-decimal temperatures, long names): what the fit test shows at each size, in `/` and `/kiosk`.
 */
import { busMessage, type JsonObject } from '../../src/lib/protocol';
import type { Simulator } from '../../simulator';
import { show } from './screen';

export interface PageCase {
	readonly name: string;
	readonly ns: string;
	readonly page: string;
	readonly data: (assets: string) => JsonObject;
	/** GUI events the skill sends after showing it. */
	readonly events?: readonly [string, JsonObject][];
}

const HOME = 'ovos-skill-homescreen.openvoiceos';
const WEATHER = 'ovos-skill-weather.openvoiceos';
const ALERTS = 'ovos-skill-alerts.openvoiceos';
const DATE_TIME = 'ovos-skill-date-time.openvoiceos';
const OCP = 'ovos.common_play';
const GUI1 = 'skill-gui1.test';

const idle = (a: string): JsonObject => ({
	wallpaper_path: `${a}/`,
	selected_wallpaper: 'clock.png',
	notification_model: { storedmodel: [{ sender: 'ovos-skill-alerts.openvoiceos', text: 'Timer: pasta', action: '', callback_data: {} }], count: 1 },
	system_connectivity: 'online',
	applications_model: [{ name: 'Local Music', thumbnail: `${a}/clock.png`, action: 'x.app' }],
	apps_enabled: true,
	time_string: '23:58',
	weekday_string: 'Wednesday',
	day_string: '28',
	month_string: 'September',
	year_string: '2026',
	dateFormat: 'DMY',
	weather_api_enabled: true,
	weather_code: 3,
	weather_temp: -12.4,
	skill_examples: { examples: ['what is the weather like in Amsterdam tomorrow afternoon'] },
	skill_info_enabled: true,
	skill_info_prefix: true
});
const widgets: [string, JsonObject][] = [
	['ovos.timer.widget.manager.update', { count: 2, action: 'ovos.gui.show.active.timers' }],
	['ovos.alarm.widget.manager.update', { count: 1, action: 'ovos.gui.show.active.alarms' }]
];
const track = (a: string, over: JsonObject = {}): JsonObject => ({
	playerBackend: 'OVOSSyncPlayer',
	title: 'The Girl from Ipanema (feat. Astrud Gilberto) – 1964 Stereo Version',
	artist: 'Stan Getz, João Gilberto',
	image: `${a}/clock.png`,
	bg_image: `${a}/clock.png`,
	status: 'Playing',
	duration: 324_000,
	position: 61_000,
	loopStatus: 'None',
	shuffleStatus: false,
	canPrev: true,
	canNext: true,
	playlistModel: { data: [1, 2, 3, 4, 5, 6].map((i) => ({ duration: 200_000 + i * 7000, track: `Track ${i} with a rather long name of its own`, image: `${a}/clock.png`, album: 'skill-youtube-music.jarbasai', source: `${a}/clock.png`, uri: `u${i}` })) },
	searchModel: { data: [{ duration: 331_000, track: 'Enter Sandman', image: `${a}/clock.png`, album: 'skill-youtube-music.jarbasai', source: `${a}/clock.png`, uri: 'u9' }] },
	...over
});
const hours = { hours: ['21:00', '22:00', '23:00', '00:00'].map((time, i) => ({ time, precipitation: [5, 45, 100, 80][i]!, temperature: [-11.8, -12.3, -14.9, -15.6][i]!, weatherCondition: [1, 8, 14, 15][i]! })) };
const days = { all: ['Wed', 'Thu', 'Fri', 'Sat'].map((date, i) => ({ date, weatherCondition: [0, 8, 2, 12][i]!, highTemperature: [26.1, 19.4, 21.8, -3.3][i]!, lowTemperature: [13.2, 11.7, -10.9, -14.2][i]! })) };

export const EVERY_PAGE: readonly PageCase[] = [
	{ name: 'home-idle', ns: HOME, page: 'idle', data: idle, events: widgets },
	{ name: 'home-idle-media', ns: HOME, page: 'idle', data: idle, events: [...widgets, ['ovos.media.widget.manager.update', { enabled: true, state: 'playing', widget: { title: 'The Girl from Ipanema', artist: 'Stan Getz, João Gilberto' } }]] },
	{ name: 'date-time-time', ns: DATE_TIME, page: 'time', data: () => ({ time_string: '12:58' }) },
	{ name: 'date-time-date', ns: DATE_TIME, page: 'date', data: () => ({ weekday_string: 'Wednesday', daymonth_string: 'September 28', year_string: '2026' }) },
	{
		name: 'alerts-timer',
		ns: ALERTS,
		page: 'Timer',
		data: () => ({
			activeTimers: {
				timers: [
					{ alertId: 'a', timerName: 'pasta', timeDelta: '1:04:13', percentRemaining: 0.84, expired: false },
					{ alertId: 'b', timerName: 'the roast chicken in the oven', timeDelta: '12:09', percentRemaining: 0.3, expired: false },
					{ alertId: 'c', timerName: 'rice', timeDelta: '-0:12', percentRemaining: 0, expired: true }
				]
			}
		})
	},
	{
		name: 'alerts-alarms',
		ns: ALERTS,
		page: 'AlarmsOverviewCard',
		data: () => ({
			activeAlarms: [
				{ alarmTime: '12:30', alarmAmPm: 'PM', alarmName: 'Take the medicine with food', alarmExpired: true, alarmIndex: 'a', alarmRepeat: true, alarmRepeatStr: 'Mon, Tue, Wed, Thu, Fri' },
				{ alarmTime: '7:00', alarmAmPm: 'AM', alarmName: 'Wake up', alarmExpired: false, alarmIndex: 'b', alarmRepeat: false, alarmRepeatStr: 'Once' }
			],
			activeAlarmCount: 2
		})
	},
	{ name: 'alerts-list', ns: ALERTS, page: 'ListView', data: () => ({ header: 'Shopping list for the weekend', items: ['milk', 'eggs', 'a very long item that wraps onto a second line on small screens', 'bread', 'coffee', 'apples'].map((main, i) => ({ main, secondary: i === 2 ? 'Saturday 9:00 AM' : '' })) }) },
	{ name: 'weather-current', ns: WEATHER, page: 'CurrentWeather', data: () => ({ weatherCode: 14, currentTimezone: 'Wednesday, 28 September 23:58', currentTemperature: -12.4, weatherLocation: 'Llanfairpwllgwyngyll, United Kingdom', highTemperature: -3.3, lowTemperature: -14.2, chanceOfPrecipitation: 100, windSpeed: 27.5, humidity: 100 }) },
	{ name: 'weather-hourly', ns: WEATHER, page: 'HourlyForecast', data: () => ({ weatherCode: 15, currentTimezone: 'Wednesday, 28 September', weatherLocation: 'Lawrence, United States', hourlyForecast: hours }) },
	{ name: 'weather-daily', ns: WEATHER, page: 'DailyForecast', data: () => ({ weatherCode: 0, currentTimezone: 'Wednesday, 28 September', weatherLocation: 'Lawrence, United States', forecast: days }) },
	{ name: 'weather-single-day', ns: WEATHER, page: 'SingleDay', data: () => ({ weatherCode: 8, weatherDate: 'Thursday, 29 September', weatherLocation: 'Lawrence, United States', highTemperature: 19.4, lowTemperature: 11.7, chanceOfPrecipitation: '70', windSpeed: 18.2, humidity: 91 }) },
	{ name: 'weather-sunrise-sunset', ns: WEATHER, page: 'SunriseSunset', data: () => ({ currentTimezone: 'Wednesday, 28 September', weatherLocation: 'Lawrence, United States', sunrise: '7:12 AM', sunset: '7:04 PM' }) },
	{ name: 'ddg', ns: 'ovos-skill-ddg.openvoiceos', page: 'DuckDelegate', data: (a) => ({ imgLink: `${a}/clock.png`, summary: 'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower from 1887 to 1889.' }) },
	{ name: 'ocp-player', ns: OCP, page: 'PlayerLoader', data: (a) => track(a) },
	{ name: 'ocp-suggestions', ns: OCP, page: 'SuggestionsView', data: (a) => track(a) },
	{ name: 'ocp-busy', ns: OCP, page: 'busy', data: () => ({ footer_text: 'Searching YouTube Music, SomaFM, the News and 4 more…' }) },
	{ name: 'ocp-home', ns: OCP, page: 'Home', data: (a) => ({ ...track(a), homepage_index: 1, displayBottomBar: true, skillCards: ['News', 'SomaFM radio', 'YouTube Music', 'Local Music', 'Podcasts', 'Audiobooks'].map((title, i) => ({ skill_id: `s${i}`, title, image: `${a}/clock.png`, media_type: [1] })) }) },
	{ name: 'ocp-video', ns: OCP, page: 'PlayerLoader', data: (a) => track(a, { playerBackend: 'OVOSVideoPlayerQtAv', title: 'Big Buck Bunny (2008) – Full Movie in 4K' }) },
	{ name: 'ocp-web', ns: OCP, page: 'PlayerLoader', data: (a) => track(a, { playerBackend: 'OVOSWebPlayer', title: 'Lofi hip hop radio – beats to relax/study to', uri: 'https://radio.example/lofi' }) },
	{ name: 'wolfie-wolf', ns: 'ovos-skill-wolfie.openvoiceos', page: 'wolf', data: (a) => ({ wolfram_image: `${a}/clock.png` }) },
	{ name: 'color-picker', ns: 'ovos-skill-color-picker.krisgesling', page: 'single-color', data: () => ({ colorName: 'Light Goldenrod Yellow', colorHex: '#FAFAD2', colorRGB: 'RGB: 250, 250, 210', textColor: '#000000' }) },
	{ name: 'parrot', ns: 'ovos-skill-parrot.openvoiceos', page: 'parrot', data: () => ({ running: true }) },
	{ name: 'local-media-browser', ns: 'ovos-skill-local-media.openvoiceos', page: 'Browser', data: () => ({}) },
	{ name: 'xkcd-comic', ns: 'ovos-skill-xkcd.openvoiceos', page: 'comic', data: (a) => ({ imgLink: `${a}/clock.png`, title: 'Standards', caption: 'Fortunately, the charging one has been solved now that we have all standardized on mini-USB. Or is it micro-USB? Shit.' }) },
	{ name: 'apod-idle', ns: 'ovos-skill-apod.openvoiceos', page: 'idle', data: (a) => ({ imgLink: `${a}/clock.png`, title: 'The Andromeda Galaxy and its Satellites over the Alps', summary: 'M31' }) },
	{ name: 'generic-fields', ns: 'skill-clock.test', page: 'time', data: () => ({ time_string: '23:58', date_string: 'Wednesday, 30 September 2026', location_string: 'Llanfairpwllgwyngyll, United Kingdom' }) },
	{ name: 'generic-list', ns: 'skill-ovos-notes.openvoiceos', page: 'AllNotes', data: () => ({ allNotesModel: { allNotes: ['buy milk', 'call the plumber about the leaking kitchen tap before the weekend', 'water the plants'].map((note_text, i) => ({ note_text, note_number: i + 1, file_name: `note${i}.txt` })) } }) },
	{ name: 'gui1-clock', ns: GUI1, page: 'SYSTEM_clock', data: () => ({}) },
	{ name: 'gui1-timer', ns: GUI1, page: 'SYSTEM_timer', data: () => ({ end_time: Date.now() / 1000 + 3725, label: 'Bread in the oven', count_up: false }) },
	{ name: 'gui1-idle', ns: GUI1, page: 'SYSTEM_idle', data: () => ({}) },
	{ name: 'gui1-weather', ns: GUI1, page: 'SYSTEM_weather', data: () => ({ current_temp: -12.4, min_temp: -14.2, max_temp: -3.3, condition: 'Heavy snow showers', location: 'Llanfairpwllgwyngyll' }) },
	{ name: 'gui1-list', ns: GUI1, page: 'SYSTEM_list', data: (a) => ({ title: 'Active alarms', items: [{ title: 'Morning alarm', subtitle: '07:30, weekdays', image: `${a}/clock.png` }, { title: 'Pasta timer', subtitle: '12 minutes remaining' }, { title: 'Dentist' }] as JsonObject[] }) },
	{ name: 'gui1-grid', ns: GUI1, page: 'SYSTEM_grid', data: (a) => ({ title: 'Recent albums', items: ['Abbey Road', 'Blue Train', 'Kind of Blue', 'The Dark Side of the Moon', 'Rumours', 'Blue'].map((title) => ({ image: `${a}/clock.png`, title })) }) },
	{ name: 'gui1-table', ns: GUI1, page: 'SYSTEM_table', data: () => ({ title: 'Europe weather', columns: ['City', 'Temperature', 'Condition'], rows: [['Berlin', '8°C', 'Cloudy'], ['London', '12°C', 'Light rain showers'], ['Madrid', 22, 'Sunny'], ['Oslo', '-4°C', 'Snow']] }) },
	{ name: 'gui1-error', ns: GUI1, page: 'SYSTEM_error', data: () => ({ label: 'Service unavailable', detail: 'HTTP 503 from api.example.com while fetching the forecast' }) },
	{ name: 'gui1-map', ns: GUI1, page: 'SYSTEM_map', data: () => ({ latitude: -33.8688, longitude: 151.2093, zoom: 12, label: 'Sydney Opera House' }) },
	{ name: 'gui1-confirm', ns: GUI1, page: 'SYSTEM_confirm', data: () => ({ question: 'Do you want to delete all 12 alarms and timers?' }) },
	{ name: 'gui1-select', ns: GUI1, page: 'SYSTEM_select', data: () => ({ prompt: 'Choose a temperature unit', items: [{ label: 'Celsius', value: 'c' }, { label: 'Fahrenheit', value: 'f' }, { label: 'Kelvin', value: 'k' }, { label: 'Rankine', value: 'r' }] }) },
	{ name: 'gui1-audio', ns: GUI1, page: 'SYSTEM_audio_player', data: (a) => ({ title: 'So What', artist: 'Miles Davis', album: 'Kind of Blue (Legacy Edition)', image: `${a}/clock.png`, position: 75, duration: 562, playing: true }) },
	{ name: 'gui1-media', ns: GUI1, page: 'SYSTEM_media_player', data: (a) => ({ media_title: 'Morning news', media_artist: 'Radio One', media_image: `${a}/clock.png`, media_position: 754_000, media_duration: -1, media_playback_state: 'playing', media_playlist: [{ title: 'Morning news', artist: 'Radio One' }, { title: 'Weather', artist: 'Radio One' }], media_playlist_position: 0 }) },
	{ name: 'gui1-video', ns: GUI1, page: 'SYSTEM_video_player', data: () => ({ uri: '/home/ovos/videos/holiday.mp4', title: 'Holiday 2024', playing: true }) },
	{ name: 'gui1-text', ns: GUI1, page: 'SYSTEM_text', data: () => ({ text: 'Your IP address is 192.168.1.20', title: 'Network' }) },
	{ name: 'gui1-image', ns: GUI1, page: 'SYSTEM_image', data: (a) => ({ image: `${a}/clock.png`, title: 'Kitchen clock', caption: 'Five minutes left' }) },
	{ name: 'gui1-loading', ns: GUI1, page: 'SYSTEM_loading', data: () => ({ label: 'Fetching weather data…' }) },
	{ name: 'gui1-status', ns: GUI1, page: 'SYSTEM_status', data: () => ({ label: 'Timer set!', success: true }) },
	{ name: 'gui1-face', ns: GUI1, page: 'SYSTEM_face', data: () => ({ sleeping: false }) }
];

/** Shows `c` as its skill would: a fresh namespace, the keys, the page, then its GUI events. */
export function showCase(sim: Simulator, c: PageCase, assets: string): void {
	sim.emit(busMessage('gui.clear.namespace', { __from: c.ns }));
	show(sim, c.ns, [c.page], c.data(assets));
	for (const [name, params] of c.events ?? []) sim.emit(busMessage('gui.event.send', { __from: c.ns, event_name: name, params }));
}

/**
 * What a skill sends on a device set to that language (skills format their own dates and words;
 * the screen shows them as sent): the longest of them, for the fit test in German and Portuguese.
 */
const SENT: Readonly<Record<string, Readonly<Record<string, JsonObject>>>> = {
	de: {
		'home-idle': { weekday_string: 'Mittwoch', month_string: 'September', skill_examples: { examples: ['wie wird das Wetter morgen Nachmittag in Amsterdam'] } },
		'home-idle-media': { weekday_string: 'Mittwoch', month_string: 'September' },
		'date-time-date': { weekday_string: 'Mittwoch', daymonth_string: '28. September' },
		'alerts-alarms': {
			activeAlarms: [
				{ alarmTime: '12:30', alarmAmPm: '', alarmName: 'Medikamente zum Essen nehmen', alarmExpired: true, alarmIndex: 'a', alarmRepeat: true, alarmRepeatStr: 'Mo, Di, Mi, Do, Fr' },
				{ alarmTime: '7:00', alarmAmPm: '', alarmName: 'Aufstehen', alarmExpired: false, alarmIndex: 'b', alarmRepeat: false, alarmRepeatStr: 'Einmal' }
			],
			activeAlarmCount: 2
		},
		'weather-current': { currentTimezone: 'Mittwoch, 28. September 23:58' },
		'weather-hourly': { currentTimezone: 'Mittwoch, 28. September' },
		'weather-daily': { currentTimezone: 'Mittwoch, 28. September', forecast: { all: ['Mi', 'Do', 'Fr', 'Sa'].map((date, i) => ({ ...days.all[i]!, date })) } },
		'weather-single-day': { weatherDate: 'Donnerstag, 29. September' },
		'weather-sunrise-sunset': { currentTimezone: 'Mittwoch, 28. September', sunrise: '07:12', sunset: '19:04' },
		'gui1-weather': { condition: 'Starke Schneeschauer' }
	},
	pt: {
		'home-idle': { weekday_string: 'quarta-feira', month_string: 'setembro', skill_examples: { examples: ['como vai estar o tempo amanhã à tarde em Amesterdão'] } },
		'home-idle-media': { weekday_string: 'quarta-feira', month_string: 'setembro' },
		'date-time-date': { weekday_string: 'quarta-feira', daymonth_string: '28 de setembro' },
		'alerts-alarms': {
			activeAlarms: [
				{ alarmTime: '12:30', alarmAmPm: '', alarmName: 'Tomar o medicamento com comida', alarmExpired: true, alarmIndex: 'a', alarmRepeat: true, alarmRepeatStr: 'seg, ter, qua, qui, sex' },
				{ alarmTime: '7:00', alarmAmPm: '', alarmName: 'Acordar', alarmExpired: false, alarmIndex: 'b', alarmRepeat: false, alarmRepeatStr: 'Uma vez' }
			],
			activeAlarmCount: 2
		},
		'weather-current': { currentTimezone: 'quarta-feira, 28 de setembro 23:58' },
		'weather-hourly': { currentTimezone: 'quarta-feira, 28 de setembro' },
		'weather-daily': { currentTimezone: 'quarta-feira, 28 de setembro', forecast: { all: ['qua', 'qui', 'sex', 'sáb'].map((date, i) => ({ ...days.all[i]!, date })) } },
		'weather-single-day': { weatherDate: 'quinta-feira, 29 de setembro' },
		'weather-sunrise-sunset': { currentTimezone: 'quarta-feira, 28 de setembro', sunrise: '07:12', sunset: '19:04' },
		'gui1-weather': { condition: 'Aguaceiros fortes de neve' }
	}
};

/** `cases` with the keys a skill sends in `lang` in place of the English ones. */
export function inLanguage(cases: readonly PageCase[], lang: string): PageCase[] {
	return cases.map((c) => {
		const over = SENT[lang]?.[c.name];
		return over ? { ...c, data: (a: string) => ({ ...c.data(a), ...over }) } : c;
	});
}
