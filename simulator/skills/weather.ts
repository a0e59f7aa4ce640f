/**
 * Weather (ovos-skill-weather 1.0.x) on a simulated OpenMeteo report for the
 * device's location. "What's the weather" shows `CurrentWeather` (20 s), speaks, and when a GUI is
 * connected shows `HourlyForecast` 7 s later and `DailyForecast` 7 s after that — pages only for the
 * device's own (`default`) session, as the real skill. It also answers the homescreen's weather request.
 */
import type { Json, JsonObject } from '../../src/lib/protocol';
import { sleep } from '../../src/lib/node/clock';
import type { SkillContext, SkillDefinition } from '../workshop';
import { asDateFormat, dateStrings, hourLabel, localTime, type LocalTime } from './dates';
import { has } from './match';
import { langOf, WORDS, type SkillLang, type Words } from './words';

export const WEATHER_ID = 'ovos-skill-weather.openvoiceos';
/** The pause between the weather pages (`sleep(7)`). */
export const WEATHER_PAGE_MS = 7000;

/** What the skill maps a WMO code to: OWM icon (always the day one: `is_day` defaults to True), category, description (its key in words.ts). */
interface Condition {
	readonly icon: string;
	readonly category: string;
	readonly description: keyof Words['sky'];
}

function condition(wmo: number): Condition {
	if (wmo <= 1) return { icon: '01d', category: 'clear', description: wmo === 0 ? 'clear' : 'mainlyClear' };
	if (wmo <= 3) return { icon: '02d', category: 'clouds', description: wmo === 2 ? 'partlyCloudy' : 'overcast' };
	if (wmo >= 45 && wmo <= 48) return { icon: '50d', category: 'fog', description: 'fog' };
	if (wmo >= 51 && wmo <= 67) return { icon: '10d', category: 'rain', description: 'rain' };
	if ((wmo >= 71 && wmo <= 77) || wmo === 85 || wmo === 86) return { icon: '13d', category: 'snow', description: 'snow' };
	if (wmo >= 80 && wmo <= 82) return { icon: '09d', category: 'rain', description: 'showers' };
	return { icon: '11d', category: 'thunderstorm', description: 'storm' };
}

/** `ICON_CODE_MAP_ANIMATED` (0–17), used by the weather pages. */
const ANIMATED: Record<string, number> = { '01d': 0, '01n': 1, '02d': 2, '02n': 3, '03d': 4, '03n': 5, '04d': 6, '04n': 7, '09d': 8, '09n': 9, '10d': 10, '10n': 11, '11d': 12, '11n': 13, '13d': 14, '13n': 15, '50d': 16, '50n': 17 };
/** `ICON_CODE_MAP` (0–7), used by the homescreen. */
const HOMESCREEN: Record<string, number> = { '01': 0, '04': 2, '50': 7, '02': 1, '03': 1, '09': 3, '10': 3, '13': 6, '11': 5 };
/** `ICON_IMAGE_MAP`: `weatherCondition` is this relative path (set, never read by the QML). */
const IMAGE: Record<string, string> = { '01d': 'sun.svg', '01n': 'moon.svg', '04d': 'clouds.svg', '04n': 'clouds.svg', '50d': 'fog.svg', '02d': 'partial_clouds_day.svg', '03d': 'partial_clouds_day.svg', '02n': 'partial_clouds_night.svg', '03n': 'partial_clouds_night.svg', '09d': 'rain.svg', '10d': 'rain.svg', '13d': 'snow.svg', '11d': 'storm.svg' };

const describe = (c: Condition, lang: SkillLang): string => WORDS[lang].sky[c.description];
const animated = (c: Condition): number => ANIMATED[c.icon] ?? 0;
const homescreenCode = (c: Condition): number => HOMESCREEN[c.icon.slice(0, 2)] ?? 0;
const image = (c: Condition): string => (IMAGE[c.icon] ? `images/${IMAGE[c.icon]}` : 'images');

/** One reading of the simulated OpenMeteo report (metric: °C, m/s, %). */
interface Reading {
	readonly time: LocalTime;
	readonly wmo: number;
	readonly temperature: number;
	readonly high: number;
	readonly low: number;
	readonly precipitation: number;
	readonly wind: number;
	readonly humidity: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const HOURLY_WMO = [2, 3, 61, 2, 1];
const HOURLY_PRECIP = [10, 20, 45, 25, 5];
const DAILY = [
	{ wmo: 2, high: 24.6, low: 13.2, precipitation: 10 },
	{ wmo: 0, high: 26.1, low: 14.0, precipitation: 0 },
	{ wmo: 61, high: 19.4, low: 12.7, precipitation: 70 },
	{ wmo: 3, high: 21.8, low: 11.9, precipitation: 20 },
	{ wmo: 95, high: 23.3, low: 15.2, precipitation: 60 }
];

/** A plausible day: today's range from `DAILY[0]`, warmest at 15:00, coolest at 03:00. */
function report(skill: SkillContext): { current: Reading; hourly: Reading[]; daily: Reading[] } {
	const now = skill.clock.now();
	const at = (ms: number) => localTime(ms, skill.timeZone);
	const today = DAILY[0] as (typeof DAILY)[number];
	const temp = (hour: number) => round1(today.low + (today.high - today.low) * (0.5 - 0.5 * Math.cos(((hour - 3) / 24) * 2 * Math.PI)));
	const hourly = HOURLY_WMO.map((wmo, i): Reading => {
		const time = at(now + i * 3_600_000);
		return { time, wmo, temperature: temp(time.hour), high: today.high, low: today.low, precipitation: HOURLY_PRECIP[i] ?? 0, wind: round1(3.1 + i * 0.4), humidity: 48 + i * 3 };
	});
	const daily = DAILY.map((d, i): Reading => ({ time: at(now + i * 86_400_000), wmo: d.wmo, temperature: d.high, high: d.high, low: d.low, precipitation: d.precipitation, wind: 4.2, humidity: 55 }));
	return { current: hourly[0] as Reading, hourly, daily };
}

/** `_format_dt`: "Tue, 05 March" (or "Tue, March 05" for MDY; "Di, 05 Dezember"), plus " 14:05" with the time. */
function formatDt(skill: SkillContext, t: LocalTime, withTime = false): string {
	const cfg = skill.sessions.default;
	const lang = langOf(cfg);
	const s = dateStrings(t, asDateFormat(cfg.date_format), String(cfg.time_format ?? 'full'), lang);
	const wd = WORDS[lang].weekdaysShort[t.weekday] ?? '';
	const date = cfg.date_format === 'MDY' ? `${wd}, ${s.month_string} ${s.day_string}` : `${wd}, ${s.day_string} ${s.month_string}`;
	return withTime ? `${date} ${s.time_string}` : date;
}

/** `display_location` for the configured location: "City, Country". */
function location(skill: SkillContext): string {
	const loc = skill.sessions.default.location as JsonObject | undefined;
	const city = (loc?.city ?? {}) as JsonObject;
	const country = (((city.state ?? {}) as JsonObject).country ?? {}) as JsonObject;
	return `${String(city.name ?? 'Lawrence')}, ${String(country.name ?? 'United States')}`;
}

/** `gui.connected`: asks ovos-gui whether a GUI client is connected. */
function guiConnected(skill: SkillContext): Promise<boolean> {
	return new Promise((resolve) => {
		const off = skill.bus.on('gui.status.request.response', (m) => {
			off();
			resolve(m.data.connected === true);
		});
		skill.bus.emit({ type: 'gui.status.request', data: {}, context: {} });
	});
}

function showCurrent(skill: SkillContext, r: ReturnType<typeof report>): void {
	const c = condition(r.current.wmo);
	const today = r.daily[0] as Reading;
	skill.gui.set('weatherCode', animated(c));
	skill.gui.set('currentTimezone', formatDt(skill, localTime(skill.clock.now(), skill.timeZone), true));
	skill.gui.set('currentTemperature', r.current.temperature);
	skill.gui.set('weatherCondition', image(c));
	skill.gui.set('weatherLocation', location(skill));
	skill.gui.set('highTemperature', today.high);
	skill.gui.set('lowTemperature', today.low);
	skill.gui.set('chanceOfPrecipitation', r.current.precipitation);
	skill.gui.set('windSpeed', r.current.wind);
	skill.gui.set('humidity', r.current.humidity);
	skill.gui.showPage('CurrentWeather', 20);
}

function showHourly(skill: SkillContext, r: ReturnType<typeof report>): void {
	const use24h = skill.sessions.default.time_format !== 'half';
	// Hours 1–4 after the current one.
	const hours: Json[] = r.hourly.slice(1, 5).map((h) => ({
		time: hourLabel(h.time, use24h),
		precipitation: h.precipitation,
		temperature: h.temperature,
		weatherCondition: animated(condition(h.wmo))
	}));
	const first = r.hourly[0] as Reading;
	skill.gui.set('currentTimezone', formatDt(skill, first.time));
	skill.gui.set('weatherCode', animated(condition(first.wmo)));
	skill.gui.set('weatherLocation', location(skill));
	skill.gui.set('hourlyForecast', { hours });
	skill.gui.showPage('HourlyForecast');
}

function showDaily(skill: SkillContext, r: ReturnType<typeof report>): void {
	// The four days after today, weekday abbreviated.
	const short = WORDS[langOf(skill.sessions.default)].weekdaysShort;
	const all: Json[] = r.daily.slice(1, 5).map((d) => ({
		weatherCondition: animated(condition(d.wmo)),
		highTemperature: d.high,
		lowTemperature: d.low,
		date: short[d.time.weekday] ?? ''
	}));
	skill.gui.set('forecast', { all });
	skill.gui.showPage('DailyForecast');
}

export const weather: SkillDefinition = {
	id: WEATHER_ID,
	className: 'WeatherSkill',
	ui: { qt5: ['CurrentWeather', 'HourlyForecast', 'DailyForecast', 'SingleDay', 'SunriseSunset', 'WeatherDelegate'] },
	examples: {
		en: ["what's the weather like", 'what is the forecast'],
		de: ['wie ist das Wetter', 'wie ist die Vorhersage'],
		pt: ['como está o tempo', 'qual é a previsão do tempo']
	},
	start(skill) {
		// The homescreen's weather request (`get_current_weather_homescreen`).
		skill.on('skill-ovos-weather.openvoiceos.weather.request', () => {
			const r = report(skill);
			const c = condition(r.current.wmo);
			const today = r.daily[0] as Reading;
			skill.bus.emit({
				type: 'skill-ovos-weather.openvoiceos.weather.response',
				data: {
					report: {
						weather_temp: r.current.temperature,
						high_temperature: today.high,
						low_temperature: today.low,
						weather_code: homescreenCode(c),
						condition_category: c.category,
						condition_description: describe(c, langOf(skill.sessions.default)),
						system_unit: String(skill.sessions.default.system_unit ?? 'metric')
					}
				},
				context: {}
			});
		});
	},
	intents: [
		{
			name: 'current_weather.intent',
			handler: 'handle_current_weather',
			match: (u) => (has(u, 'weather', 'forecast', 'temperature') ? {} : null),
			async run(turn, skill) {
				const r = report(skill);
				const isDefault = turn.sessionId === 'default';
				if (isDefault) showCurrent(skill, r);
				const c = condition(r.current.wmo);
				const lang = langOf(turn.session);
				await turn.speak(WORDS[lang].currentWeather(describe(c, lang), Math.round(r.current.temperature)), { dialog: 'current-weather-local' });
				await turn.speak(WORDS[lang].humidity(r.current.humidity), { dialog: 'current-humidity-local' });
				if (!isDefault) return;
				if (await guiConnected(skill)) {
					await sleep(skill.clock, WEATHER_PAGE_MS, skill.signal);
					showHourly(skill, r);
					await sleep(skill.clock, WEATHER_PAGE_MS, skill.signal);
					showDaily(skill, r);
				} else {
					await sleep(skill.clock, 5000, skill.signal);
				}
			}
		}
	]
};
