/**
 * The weather skill's session data → what its pages show (docs/skill-pages.md#weather; keys as
 * ovos-skill-weather __init__.py sets them). Pure and total: any key may be missing or of another
 * type; what cannot be read becomes null and is drawn as "—".
 */
import type { Json } from '$lib/protocol';
import { list, record } from '../../data';
import { degrees, percent, reading, type Stat } from '../../parts/weather/format';
import { iconCode } from '../../parts/weather/icons';

type Data = Readonly<Record<string, Json>>;

export interface Header {
	readonly date: string;
	readonly location: string;
}

/** The header of WeatherDelegate: `currentTimezone` (a formatted date) or, on SingleDay, `weatherDate`. */
export function readHeader(data: Data, dateKey: 'currentTimezone' | 'weatherDate' = 'currentTimezone'): Header {
	return { date: reading(data[dateKey]) ?? '', location: reading(data.weatherLocation) ?? '' };
}

export interface Conditions {
	readonly code: Json | undefined;
	readonly high: string | null;
	readonly low: string | null;
	readonly stats: readonly Stat[];
}

function stats(data: Data): Stat[] {
	return [
		{ kind: 'precipitation', value: percent(data.chanceOfPrecipitation) },
		{ kind: 'wind', value: reading(data.windSpeed) },
		{ kind: 'humidity', value: percent(data.humidity) }
	];
}

/** CurrentWeather: `weatherCode`, `currentTemperature`, `high/lowTemperature`, precipitation, wind, humidity. */
export function readCurrent(data: Data): Conditions & { readonly temperature: string | null } {
	return { ...readSingleDay(data), temperature: degrees(data.currentTemperature) };
}

/** SingleDay: the same keys without a current temperature (`chanceOfPrecipitation` arrives as a string). */
export function readSingleDay(data: Data): Conditions {
	return { code: data.weatherCode, high: degrees(data.highTemperature), low: degrees(data.lowTemperature), stats: stats(data) };
}

export interface ForecastEntry {
	readonly code: Json | undefined;
	readonly heading: string | null;
	readonly main: string | null;
	readonly sub: string | null;
}

export interface Forecast {
	/** The code that tints the sky: `weatherCode`, else (also for 0) the first entry's, as the QML falls back. */
	readonly code: number | null;
	readonly entries: readonly ForecastEntry[];
}

/** The QML shows four columns, `[0]`…`[3]`. */
const COLUMNS = 4;

function entries(container: Data, key: string): Data[] {
	return list(container, key)
		.slice(0, COLUMNS)
		.map((e) => (typeof e === 'object' && e !== null && !Array.isArray(e) ? e : {}));
}

/**
 * The QML's `weatherCode ? weatherCode : <first entry>.weatherCondition`: a weatherCode of 0 (clear
 * day) is falsy there, so the first column's code tints the sky instead; 0 stays when that has none.
 */
function forecast(data: Data, rows: Data[], toEntry: (e: Data) => ForecastEntry): Forecast {
	const own = iconCode(data.weatherCode);
	const first = iconCode(rows[0]?.weatherCondition);
	return { code: own === 0 ? (first ?? own) : (own ?? first), entries: rows.map(toEntry) };
}

/** HourlyForecast: `hourlyForecast.hours[]` of `{time, temperature, precipitation, weatherCondition}`. */
export function readHourly(data: Data): Forecast {
	return forecast(data, entries(record(data, 'hourlyForecast'), 'hours'), (h) => ({
		code: h.weatherCondition,
		heading: reading(h.time),
		main: degrees(h.temperature),
		sub: percent(h.precipitation)
	}));
}

/** DailyForecast: `forecast.all[]` of `{date (3-letter weekday), weatherCondition, highTemperature, lowTemperature}`. */
export function readDaily(data: Data): Forecast {
	return forecast(data, entries(record(data, 'forecast'), 'all'), (d) => ({
		code: d.weatherCondition,
		heading: reading(d.date),
		main: degrees(d.highTemperature),
		sub: degrees(d.lowTemperature)
	}));
}

/** SunriseSunset: `sunrise` and `sunset`, already formatted by the skill ("7:42 AM"). */
export function readSun(data: Data): { readonly sunrise: string | null; readonly sunset: string | null } {
	return { sunrise: reading(data.sunrise), sunset: reading(data.sunset) };
}
