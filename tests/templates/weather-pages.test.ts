/**
 * The weather skill's five pages: the readers (any key missing or of the wrong type), and each page
 * rendered from the keys ovos-skill-weather sets, under every namespace the skill has used.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { degrees, percent, reading } from '../../src/lib/templates/parts/weather/format';
import { componentFor, isRendered, preloadTemplates } from '../../src/lib/templates/registry';
import { readCurrent, readDaily, readHeader, readHourly, readSingleDay, readSun } from '../../src/lib/templates/skills/weather/read';
import { CURRENT_WEATHER } from '../fixtures/weather';

beforeAll(preloadTemplates, 60_000);

const NS = 'ovos-skill-weather.openvoiceos';
const PAGES = ['CurrentWeather', 'HourlyForecast', 'DailyForecast', 'SingleDay', 'SunriseSunset'];

function html(page: string, data: Record<string, Json>, namespace = NS): string {
	return render(Template, { props: { data, namespace, page: { name: page, url: null }, send: () => true } }).body;
}
/** The text of the element carrying `data-key="key"` (first match). */
function keyText(out: string, key: string): string[] {
	return [...out.matchAll(new RegExp(`data-key="${key}"[^>]*>([\\s\\S]*?)</`, 'g'))].map((m) => (m[1] as string).replace(/<!--[^>]*-->/g, '').trim());
}

// A fractional wind speed, as the skill's converted units give.
const CURRENT: Record<string, Json> = { ...CURRENT_WEATHER, windSpeed: 7.25 };
const HOURLY: Record<string, Json> = {
	currentTimezone: 'Wed, 28 December',
	weatherCode: 2,
	weatherLocation: 'Emmen, Drenthe',
	hourlyForecast: {
		hours: [
			{ time: '11:00', precipitation: 14, temperature: 8, weatherCondition: 2 },
			{ time: '12:00', precipitation: 6, temperature: 8.4, weatherCondition: 2 },
			{ time: '1 PM', precipitation: 26, temperature: 7, weatherCondition: 10 },
			{ time: '14:00', precipitation: 62, temperature: 6, weatherCondition: 8 }
		]
	}
};
const DAILY: Record<string, Json> = {
	currentTimezone: 'Wed, 28 December',
	weatherCode: 0,
	weatherLocation: 'Emmen',
	forecast: {
		all: [
			{ date: 'Thu', weatherCondition: 0, highTemperature: 12, lowTemperature: 4 },
			{ date: 'Fri', weatherCondition: 6, highTemperature: 10, lowTemperature: 3 },
			{ date: 'Sat', weatherCondition: 12, highTemperature: 9, lowTemperature: 2 },
			{ date: 'Sun', weatherCondition: 14, highTemperature: 1, lowTemperature: -4 }
		]
	}
};

/** Values of every wrong type a key could carry. */
const ODD: Json[] = [null, true, false, {}, [], [1, 2], { a: 1 }, '', '   ', 'lots'];

describe('weather value formats', () => {
	it('numbers to one decimal, strings as sent, nothing else', () => {
		expect(reading(8)).toBe('8');
		expect(reading(8.25)).toBe('8.3');
		expect(reading(-0.04)).toBe('0');
		expect(reading(' 7 ')).toBe('7');
		for (const v of [null, true, {}, [], '', ' ', NaN, Infinity, undefined]) expect(reading(v as Json)).toBeNull();
		expect(degrees(9)).toBe('9°');
		expect(degrees('9')).toBe('9°');
		expect(degrees('9°C')).toBe('9°C');
		expect(percent(14)).toBe('14%');
		expect(percent('14%')).toBe('14%');
		expect(percent('n/a')).toBe('n/a');
	});
});

describe('weather readers', () => {
	it('CurrentWeather keys', () => {
		const r = readCurrent(CURRENT);
		expect(r).toMatchObject({ code: 2, temperature: '8°', high: '9°', low: '5°' });
		expect(r.stats).toEqual([
			{ kind: 'precipitation', value: '14%' },
			{ kind: 'wind', value: '7.3' },
			{ kind: 'humidity', value: '87%' }
		]);
		expect(readHeader(CURRENT)).toEqual({ date: 'Wed, 28 December 11:04', location: 'Emmen, Drenthe' });
	});
	it('SingleDay reads weatherDate and a string chanceOfPrecipitation', () => {
		const data = { weatherDate: 'Fri, 30 December', weatherCode: 10, highTemperature: 10, lowTemperature: 3, chanceOfPrecipitation: '70', windSpeed: 18, humidity: 91 };
		expect(readHeader(data, 'weatherDate').date).toBe('Fri, 30 December');
		expect(readSingleDay(data).stats[0]).toEqual({ kind: 'precipitation', value: '70%' });
		expect('temperature' in readSingleDay(data)).toBe(false);
	});
	it('forecast columns: four at most, in order; the sky falls back to the first entry', () => {
		const h = readHourly(HOURLY);
		expect(h.entries.map((e) => [e.heading, e.main, e.sub])).toEqual([
			['11:00', '8°', '14%'],
			['12:00', '8.4°', '6%'],
			['1 PM', '7°', '26%'],
			['14:00', '6°', '62%']
		]);
		const hours = (HOURLY.hourlyForecast as { hours: Json[] }).hours;
		expect(readHourly({ hourlyForecast: { hours: [...hours, ...hours] } }).entries).toHaveLength(4);
		expect(readHourly({ hourlyForecast: { hours } }).code).toBe(2);
		// HourlyForecast.qml / DailyForecast.qml test `weatherCode` for truth: 0 (clear day) gives way
		// to the first column's code; with no column to take it from, 0 stays.
		expect(readHourly({ hourlyForecast: { hours: [{ weatherCondition: 11 }] }, weatherCode: 0 }).code).toBe(11);
		expect(readDaily({ forecast: { all: [{ weatherCondition: 14 }] }, weatherCode: 0 }).code).toBe(14);
		expect(readHourly({ weatherCode: 0 }).code).toBe(0);
		expect(readHourly({ hourlyForecast: { hours: [{ weatherCondition: 11 }] }, weatherCode: 5 }).code).toBe(5);
		const d = readDaily(DAILY);
		expect(d.entries.map((e) => [e.heading, e.main, e.sub, e.code])).toEqual([
			['Thu', '12°', '4°', 0],
			['Fri', '10°', '3°', 6],
			['Sat', '9°', '2°', 12],
			['Sun', '1°', '-4°', 14]
		]);
	});
	it('every key of the wrong type reads as missing, never throws', () => {
		for (const v of ODD) {
			const data = Object.fromEntries(
				['weatherCode', 'currentTimezone', 'currentTemperature', 'weatherLocation', 'highTemperature', 'lowTemperature', 'chanceOfPrecipitation', 'windSpeed', 'humidity', 'weatherDate', 'sunrise', 'sunset', 'hourlyForecast', 'forecast'].map((k) => [k, v])
			);
			const c = readCurrent(data);
			if (typeof v !== 'string' || v.trim() === '') {
				expect(c.temperature, JSON.stringify(v)).toBeNull();
				expect(c.stats.every((s) => s.value === null)).toBe(true);
				expect(readSun(data)).toEqual({ sunrise: null, sunset: null });
				expect(readHeader(data).location).toBe('');
			}
			expect(readHourly(data).entries).toEqual([]);
			expect(readDaily(data).entries).toEqual([]);
		}
		// Entries that are not objects keep their column, with every value missing.
		expect(readHourly({ hourlyForecast: { hours: [null, 3, 'x'] } }).entries).toEqual(
			Array(3).fill({ code: undefined, heading: null, main: null, sub: null })
		);
		expect(readDaily({ forecast: { all: { 0: 'x' } } }).entries).toEqual([]);
	});
});

describe('weather pages render', () => {
	it('are ours under every namespace the skill has used, and nowhere else', () => {
		for (const ns of ['ovos-skill-weather.openvoiceos', 'skill-ovos-weather.openvoiceos', 'skill-weather.openvoiceos']) {
			for (const page of PAGES) {
				expect(isRendered({ name: page, url: null }, ns), `${ns} ${page}`).toBe(true);
				expect(componentFor({ name: `${page}.qml`, url: null }, ns)).toBe(componentFor({ name: page, url: null }, NS));
			}
		}
		expect(isRendered({ name: 'CurrentWeather', url: null }, 'skill-other.test')).toBe(false);
	});
	it('CurrentWeather shows every value', () => {
		const out = html('CurrentWeather', CURRENT, 'skill-ovos-weather.openvoiceos');
		expect(keyText(out, 'date')).toEqual(['Wed, 28 December 11:04']);
		expect(keyText(out, 'location')).toEqual(['Emmen, Drenthe']);
		expect(keyText(out, 'temperature')).toEqual(['8°']);
		expect(keyText(out, 'high')).toEqual(['9°']);
		expect(keyText(out, 'low')).toEqual(['5°']);
		expect(keyText(out, 'precipitation')).toEqual(['14%']);
		expect(keyText(out, 'wind')).toEqual(['7.3']);
		expect(keyText(out, 'humidity')).toEqual(['87%']);
		expect(out).toContain('aria-label="Few clouds"');
		expect(out).toContain('data-tone="clear"');
	});
	it('HourlyForecast and DailyForecast: the tag and four columns', () => {
		const h = html('HourlyForecast', HOURLY);
		expect(h).toContain('HOURLY');
		expect(keyText(h, 'heading')).toEqual(['11:00', '12:00', '1 PM', '14:00']);
		expect(keyText(h, 'main')).toEqual(['8°', '8.4°', '7°', '6°']);
		expect(h).toMatch(/data-key="sub"[\s\S]*?14%/);
		const d = html('DailyForecast', DAILY);
		expect(d).toContain('DAILY');
		expect(keyText(d, 'heading')).toEqual(['Thu', 'Fri', 'Sat', 'Sun']);
		expect(keyText(d, 'main')).toEqual(['12°', '10°', '9°', '1°']);
		expect(d).toMatch(/aria-label="Thunderstorm"/);
	});
	it('SingleDay: weatherDate heads it, no current temperature', () => {
		const out = html('SingleDay', { weatherLocation: 'Emmen', weatherCode: 15, weatherDate: 'Fri, 30 December', highTemperature: 10, lowTemperature: 3, chanceOfPrecipitation: '70', windSpeed: 18, humidity: 91 });
		expect(keyText(out, 'date')).toEqual(['Fri, 30 December']);
		expect(keyText(out, 'temperature')).toEqual([]);
		expect(keyText(out, 'high')).toEqual(['10°']);
		expect(keyText(out, 'precipitation')).toEqual(['70%']);
		expect(out).toContain('aria-label="Snow, night"');
	});
	it('SunriseSunset: both times', () => {
		const out = html('SunriseSunset', { currentTimezone: 'Wed, 28 December', weatherLocation: 'Emmen', sunrise: '8:47 AM', sunset: '4:31 PM' });
		expect(keyText(out, 'sunrise')).toEqual(['8:47 AM']);
		expect(keyText(out, 'sunset')).toEqual(['4:31 PM']);
	});
	it('no data or data of every wrong type: never blank, never "undefined", never throws', () => {
		for (const page of PAGES) {
			for (const v of [undefined, ...ODD]) {
				const data = v === undefined ? {} : Object.fromEntries(Object.keys({ ...CURRENT, ...HOURLY, ...DAILY, sunrise: 0, sunset: 0, weatherDate: 0 }).map((k) => [k, v]));
				const out = html(page, data);
				expect(out, `${page} ${JSON.stringify(v)}`).not.toMatch(/undefined|NaN|\[object Object\]|could not be shown/);
				if (v !== 'lots') expect(out).toMatch(/—|No (hourly|daily) forecast yet/);
			}
		}
	});
});
