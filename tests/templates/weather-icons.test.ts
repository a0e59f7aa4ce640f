/**
 * Our weather icon set: every code of both maps of ovos-skill-weather (weather_helpers/weather.py)
 * lands on the right glyph, anything else on the neutral one, and every glyph draws something.
 */
import { readFileSync } from 'node:fs';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import WeatherIcon from '../../src/lib/templates/parts/weather/WeatherIcon.svelte';
import { iconCode, weatherGlyph } from '../../src/lib/templates/parts/weather/icons';

// ICON_CODE_MAP_ANIMATED, written out from the skill's comments: code → (condition, night).
const ANIMATED: [number, string, boolean][] = [
	[0, 'clear', false], // 01d clear sky day
	[1, 'clear', true], // 01n
	[2, 'few', false], // 02d few clouds
	[3, 'few', true],
	[4, 'scattered', false], // 03d scattered clouds
	[5, 'scattered', true],
	[6, 'broken', false], // 04d broken clouds
	[7, 'broken', true],
	[8, 'shower', false], // 09d shower rain
	[9, 'shower', true],
	[10, 'rain', false], // 10d rain
	[11, 'rain', true],
	[12, 'storm', false], // 11d thunderstorm
	[13, 'storm', true],
	[14, 'snow', false], // 13d snow
	[15, 'snow', true],
	[16, 'mist', false], // 50d mist
	[17, 'mist', true]
];
// ICON_CODE_MAP (homescreen weather_code): sun, partial_clouds, clouds, rain, rain, storm, snow, fog.
const HOMESCREEN: [number, string][] = [
	[0, 'clear'],
	[1, 'few'],
	[2, 'broken'],
	[3, 'rain'],
	[4, 'rain'],
	[5, 'storm'],
	[6, 'snow'],
	[7, 'mist']
];

function svg(props: Record<string, unknown>): string {
	return render(WeatherIcon, { props: { code: undefined, ...props } }).body;
}

describe('weather icon codes', () => {
	it.each(ANIMATED)('animated %i → %s (night %s)', (code, sky, night) => {
		expect(weatherGlyph(code, 'animated')).toEqual({ sky, night });
		// The skills send ints; a string of one is the same code.
		expect(weatherGlyph(String(code), 'animated')).toEqual({ sky, night });
	});
	it.each(HOMESCREEN)('homescreen %i → %s', (code, sky) => {
		expect(weatherGlyph(code, 'homescreen')).toEqual({ sky, night: false });
	});
	it('anything else is the neutral glyph', () => {
		const odd: (Json | undefined)[] = [undefined, null, -1, 18, 99, 2.5, NaN, Infinity, '', 'sunny', '3.0', true, [], {}, [3], { code: 3 }];
		for (const v of odd) expect(weatherGlyph(v, 'animated'), JSON.stringify(v)).toEqual({ sky: 'unknown', night: false });
		for (const v of [8, 17, -1, null]) expect(weatherGlyph(v, 'homescreen')).toEqual({ sky: 'unknown', night: false });
		expect(iconCode(' 7 ')).toBe(7);
		expect(iconCode(7.0)).toBe(7);
	});
	it('the default set is the weather pages’ animated one', () => {
		expect(weatherGlyph(3)).toEqual({ sky: 'few', night: true });
	});
});

describe('WeatherIcon renders', () => {
	it('each of the 18 animated codes draws its own picture, named for its condition', () => {
		const drawings = new Set<string>();
		for (const [code, sky, night] of ANIMATED) {
			const out = svg({ code });
			expect(out).toContain(`data-sky="${sky}"`);
			expect(out).toContain(`data-night="${night}"`);
			expect(out).toMatch(/role="img"/);
			expect(out).toMatch(night ? /aria-label="[^"]+, night"/ : /aria-label="[^",]+"/);
			expect(out).toMatch(/<(path|circle|line)\b/);
			drawings.add(out.replace(/<!--[\s\S]*?-->/g, '').replace(/ data-[a-z]+="[^"]*"| aria-label="[^"]*"| class="[^"]*"/g, ''));
		}
		expect(drawings.size).toBe(18);
	});
	it('each homescreen code draws the day picture of its condition', () => {
		for (const [code, sky] of HOMESCREEN) {
			const out = svg({ code, set: 'homescreen' });
			expect(out).toContain(`data-sky="${sky}"`);
			expect(out).toContain('data-night="false"');
		}
	});
	it('an unknown code is a thermometer, never an empty box', () => {
		const out = svg({ code: 'drizzle' });
		expect(out).toContain('data-sky="unknown"');
		expect(out).toContain('aria-label="Weather"');
		expect(out).toMatch(/<path d="M27 40V14/);
	});
	it('a given label wins; motion only when asked', () => {
		expect(svg({ code: 0, label: 'Sunny' })).toContain('aria-label="Sunny"');
		expect(svg({ code: 0 })).not.toMatch(/class="[^"]*\bspin\b/);
		expect(svg({ code: 0, animate: true })).toMatch(/class="[^"]*\bspin\b/);
		expect(svg({ code: 10, animate: true })).toMatch(/class="[^"]*\bfall\b/);
	});
	it('motion is transform/opacity only and stops under reduced motion', () => {
		const src = readFileSync('src/lib/templates/parts/weather/WeatherIcon.svelte', 'utf8');
		const frames = [...src.matchAll(/@keyframes \w+ \{([\s\S]*?)\n\t\}/g)].map((m) => m[1] as string);
		expect(frames.length).toBeGreaterThan(3);
		for (const body of frames) {
			const props = [...body.matchAll(/([a-z-]+):/g)].map((m) => m[1]);
			expect(props.every((p) => p === 'transform' || p === 'opacity'), body).toBe(true);
		}
		expect(src).toMatch(/@media \(prefers-reduced-motion: reduce\)[\s\S]*animation: none/);
	});
});
