/**
 * OVOS-GUI-1 templates (docs/skill-pages.md#the-system-templates): every name of the vocabulary we own renders, the
 * legacy templates answer to their GUI-1 names and keys, and the gui1/ readers and adapters take
 * any key missing or of the wrong type.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { templateFor, SYSTEM_QT5_PAGES, type Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { readChoices, readGridItems, readListItems, readPlace, readTable } from '../../src/lib/templates/gui1/read';
import { conditionCode, readWeather } from '../../src/lib/templates/gui1/weather';
import { componentFor, isRendered, loadComponent, preloadTemplates } from '../../src/lib/templates/registry';
import { htmlFrameDocument, SKILL_FRAME_HOLDER } from '../../src/lib/templates/frame';

beforeAll(preloadTemplates, 60_000);

function html(name: string, data: Record<string, Json>, extra: Record<string, unknown> = {}): string {
	const props = { data, namespace: 'skill-gui1.test', page: { name, url: null }, send: () => true, ...extra };
	return render(Template, { props }).body;
}
const ODD: Json[] = [null, true, 3, 'x', {}, [], [null, 1, 'y', []]];

describe('names', () => {
	const OURS = ['SYSTEM_error', 'SYSTEM_list', 'SYSTEM_grid', 'SYSTEM_table', 'SYSTEM_weather', 'SYSTEM_map', 'SYSTEM_confirm', 'SYSTEM_select'];
	const LEGACY: Record<string, string> = {
		SYSTEM_text: 'SYSTEM_TextFrame',
		SYSTEM_image: 'SYSTEM_ImageFrame',
		SYSTEM_animated_image: 'SYSTEM_AnimatedImageFrame',
		SYSTEM_html: 'SYSTEM_HtmlFrame',
		SYSTEM_url: 'SYSTEM_UrlFrame',
		SYSTEM_loading: 'SYSTEM_Loading',
		SYSTEM_status: 'SYSTEM_Status',
		SYSTEM_face: 'SYSTEM_Face'
	};
	it('every GUI-1 name of ours renders, by its name and by the adapter server’s file name', async () => {
		for (const name of OURS) {
			expect(isRendered({ name, url: null }, 'any.skill'), name).toBe(true);
			const file = name.slice('SYSTEM_'.length).replace(/^./, (c) => c.toUpperCase());
			const component = await loadComponent({ name, url: null }, 'any.skill');
			expect(componentFor({ name: `${file}.qml`, url: `SYSTEM:${file}.qml` }, 'any.skill'), file).toBe(component);
		}
	});
	it('the legacy templates answer to every GUI-1 name', async () => {
		for (const [gui1, legacy] of Object.entries(LEGACY)) {
			expect(templateFor({ name: gui1, url: null })).toBe(legacy);
			expect(await loadComponent({ name: gui1, url: null }, 's')).toBe(await loadComponent({ name: legacy, url: null }, 's'));
		}
	});
	it('ovos-gui 1.3.4 has no QML for the GUI-1-only templates (the simulator gives them no url)', () => {
		for (const name of OURS) expect(SYSTEM_QT5_PAGES).not.toContain(name);
		expect(SYSTEM_QT5_PAGES).toContain('SYSTEM_TextFrame');
	});
});

describe('legacy templates read the GUI-1 keys', () => {
	it('SYSTEM_image fill fit / crop / stretch', () => {
		expect(html('SYSTEM_image', { image: 'https://h/i.png', fill: 'crop' })).toContain('object-fit: cover');
		expect(html('SYSTEM_image', { image: 'https://h/i.png', fill: 'stretch' })).toContain('object-fit: fill');
		expect(html('SYSTEM_animated_image', { image: 'https://h/i.gif', fill: 'fit' })).toContain('object-fit: contain');
	});
	it('SYSTEM_html resource_url is the base, as resourceLocation is', () => {
		// The document goes to the holder frame by message, so its base is read here, not in the markup.
		expect(htmlFrameDocument({ html: '<p>x</p>', resource_url: 'https://cdn.example.com/' })).toContain('<base href="https://cdn.example.com/"><p>x</p>');
		expect(htmlFrameDocument({ html: '<p>x</p>', resourceLocation: 'https://a.example/', resource_url: 'https://b.example/' })).toContain('<base href="https://a.example/">');
		expect(html('SYSTEM_html', { html: '<p>x</p>', resource_url: 'https://cdn.example.com/' })).toContain(`src="${SKILL_FRAME_HOLDER}"`);
		expect(html('Html.qml', { html: '<p>x</p>', resource_url: 'https://cdn.example.com/' })).toContain(`src="${SKILL_FRAME_HOLDER}"`);
	});
	it('SYSTEM_status success bool', () => {
		expect(html('SYSTEM_status', { label: 'Timer set', success: true })).toContain('data-outcome="success"');
		expect(html('SYSTEM_status', { label: 'No', success: false })).toContain('data-outcome="failure"');
	});
});

describe('gui1 readers', () => {
	it('list items: a title is required; subtitle and image optional', () => {
		expect(readListItems({ items: [{ title: 'A', subtitle: 'a', image: 'https://h/a.png' }, { title: 'B' }, { subtitle: 'no title' }, null, 'C', { title: 7 }] })).toEqual([
			{ primary: 'A', secondary: 'a', image: 'https://h/a.png' },
			{ primary: 'B', secondary: '', image: undefined },
			{ primary: '7', secondary: '', image: undefined }
		]);
		for (const v of ODD) expect(Array.isArray(readListItems({ items: v }))).toBe(true);
	});
	it('grid tiles: an image or at least a title', () => {
		expect(readGridItems({ items: [{ image: 'https://h/a.png', title: 'A' }, { title: 'only words' }, {}, 3] })).toEqual([
			{ image: 'https://h/a.png', title: 'A' },
			{ image: undefined, title: 'only words' }
		]);
	});
	it('table rows are as wide as the header; cells are text', () => {
		expect(readTable({ columns: ['City', 'Temp'], rows: [['Berlin', 8], ['London'], ['Madrid', 22, 'extra'], 'not a row', [null, { c: 1 }]] })).toEqual({
			columns: ['City', 'Temp'],
			rows: [
				['Berlin', '8'],
				['London', ''],
				['Madrid', '22'],
				['', '{"c":1}']
			]
		});
		expect(readTable({ rows: [['a', 'b'], ['c']] })).toEqual({ columns: [], rows: [['a', 'b'], ['c', '']] });
		for (const v of ODD) expect(() => readTable({ columns: v, rows: v })).not.toThrow();
	});
	it('map: coordinates in range, zoom 1–20, numeric strings accepted', () => {
		expect(readPlace({ latitude: 52.52, longitude: '13.405', zoom: 12, label: 'Berlin' })).toEqual({ latitude: 52.52, longitude: 13.405, zoom: 12, label: 'Berlin' });
		expect(readPlace({ latitude: 91, longitude: -181, zoom: 40 })).toEqual({ latitude: null, longitude: null, zoom: null, label: '' });
		for (const v of ODD) expect(readPlace({ latitude: v, longitude: v, zoom: v, label: v }).latitude === null || typeof v === 'number').toBe(true);
	});
	it('select choices: a value of any JSON type; no label shows the value; no value cannot be sent', () => {
		expect(readChoices({ items: [{ label: 'Celsius', value: 'celsius' }, { label: 'Ten', value: 10 }, { value: { unit: 'K' } }, { label: 'No value' }, { label: '', value: null }, 5] })).toEqual([
			{ label: 'Celsius', value: 'celsius' },
			{ label: 'Ten', value: 10 },
			{ label: '{"unit":"K"}', value: { unit: 'K' } },
			{ label: 'No value', value: undefined }
		]);
	});
	it('SYSTEM_weather: condition words pick our icon; an image icon is used as it is', () => {
		expect(conditionCode('Partly cloudy')).toBe(2);
		expect(conditionCode('Light rain')).toBe(10);
		expect(conditionCode('Rain showers')).toBe(8);
		expect(conditionCode('Thunderstorm with hail')).toBe(12);
		expect(conditionCode('Clear night')).toBe(1);
		expect(conditionCode('Overcast')).toBe(6);
		expect(conditionCode('Fog')).toBe(16);
		expect(conditionCode('A nice day')).toBeNull();
		expect(readWeather({ current_temp: 14, min_temp: 9, max_temp: 18, condition: 'Sunny', location: 'Lisbon' }, undefined)).toEqual({
			code: 0,
			iconSrc: null,
			condition: 'Sunny',
			temperature: '14°',
			high: '18°',
			low: '9°',
			location: 'Lisbon'
		});
		expect(readWeather({ icon: 'https://h/sun.png' }, undefined).iconSrc).toBe('https://h/sun.png');
		expect(readWeather({ icon: 'javascript:alert(1)' }, undefined).iconSrc).toBeNull();
	});
});

describe('gui1 templates render', () => {
	it('SYSTEM_weather through the weather pages’ view', () => {
		const out = html('SYSTEM_weather', { current_temp: 14, min_temp: 9, max_temp: 18, condition: 'Partly cloudy', location: 'Berlin' });
		expect(out).toMatch(/data-key="temperature"[^>]*>14°</);
		expect(out).toMatch(/data-key="high"[^>]*>18°</);
		expect(out).toMatch(/data-key="low"[^>]*>9°</);
		expect(out).toMatch(/data-key="condition"[^>]*>Partly cloudy</);
		expect(out).toMatch(/data-key="location"[^>]*>Berlin</);
		expect(out).toContain('aria-label="Partly cloudy"');
	});
	it('SYSTEM_error, list, grid, table, map, confirm, select show their keys', () => {
		expect(html('SYSTEM_error', { label: 'Service unavailable', detail: 'HTTP 503' })).toMatch(/role="alert"[\s\S]*Service unavailable[\s\S]*HTTP 503/);
		expect(html('SYSTEM_list', { title: 'Alarms', items: [{ title: 'Morning', subtitle: '07:30' }] })).toMatch(/Alarms[\s\S]*Morning[\s\S]*07:30/);
		expect(html('SYSTEM_grid', { title: 'Albums', items: [{ image: 'https://h/a.png', title: 'Abbey Road' }] })).toMatch(/src="https:\/\/h\/a.png"[\s\S]*Abbey Road/);
		expect(html('SYSTEM_table', { title: 'T', columns: ['City'], rows: [['Oslo']] })).toMatch(/<th scope="col"[^>]*>City<\/th>[\s\S]*<td[^>]*>Oslo<\/td>/);
		const map = html('SYSTEM_map', { latitude: -33.8688, longitude: 151.2093, zoom: 10, label: 'Sydney' });
		expect(map).toContain('33.8688° S, 151.2093° E');
		expect(map).toContain('Zoom 10');
		expect(map).toContain('href="https://www.openstreetmap.org/?mlat=-33.8688&amp;mlon=151.2093#map=10/-33.8688/151.2093"');
		expect(html('SYSTEM_map', { latitude: 1, longitude: 2 }, { mode: 'kiosk' })).not.toContain('<a ');
		expect(html('SYSTEM_confirm', { question: 'Delete all alarms?' })).toMatch(/Delete all alarms\?[\s\S]*>No<\/button>[\s\S]*>Yes<\/button>/);
		expect(html('SYSTEM_select', { prompt: 'Unit?', items: [{ label: 'Celsius', value: 'c' }, { label: 'Broken' }] })).toMatch(/Unit\?[\s\S]*>Celsius<\/button>[\s\S]*disabled[^>]*>Broken<\/button>/);
	});
	it('every template with no data or data of every wrong type: something readable, never "undefined", never a crash', () => {
		for (const name of ['SYSTEM_error', 'SYSTEM_list', 'SYSTEM_grid', 'SYSTEM_table', 'SYSTEM_weather', 'SYSTEM_map', 'SYSTEM_confirm', 'SYSTEM_select']) {
			for (const v of [undefined, ...ODD]) {
				const keys = ['label', 'detail', 'title', 'items', 'columns', 'rows', 'current_temp', 'min_temp', 'max_temp', 'condition', 'icon', 'location', 'latitude', 'longitude', 'zoom', 'question', 'prompt'];
				const out = html(name, v === undefined ? {} : Object.fromEntries(keys.map((k) => [k, v])));
				expect(out, `${name} ${JSON.stringify(v)}`).not.toMatch(/undefined|NaN|\[object Object\]|could not be shown/);
				expect(out.replace(/<[^>]+>/g, '').trim().length, name).toBeGreaterThan(0);
			}
		}
	});
});
