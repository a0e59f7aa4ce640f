/**
 * The weather skill's pages, DuckDuckGo's answer page and the OVOS-GUI-1 templates (ours, and the
 * legacy ones under their GUI-1 names and keys), each shown
 * through a private simulator with the keys the spec lists, asserting the values on screen in `/`
 * and `/kiosk`; touch answers asserted on the simulator's bus; screenshots at 800×480, 1280×800 and
 * 720×1280, dark and light, into e2e/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { busMessage, type JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import { CURRENT_WEATHER, WEATHER_SKILL } from '../tests/fixtures/weather';
import { type Assets, assets, collect, picturesAtEachSize, privateSim, screenUrl, setValues, show } from './support/screen';

const WEATHER = WEATHER_SKILL;
const DDG = 'ovos-skill-ddg.openvoiceos';
/** A skill speaking OVOS-GUI-1 (SYSTEM_* templates with the draft's keys: docs/skill-pages.md#the-system-templates). */
const GUI1 = 'skill-gui1-demo.openvoiceos';

interface Case {
	readonly name: string;
	readonly ns: string;
	readonly page: string;
	readonly data: (a: Assets) => JsonObject;
	/** Asserts the values on screen. */
	readonly check: (page: Page, a: Assets) => Promise<void>;
}

const keyed = (page: Page, key: string) => page.locator(`.tpl-root [data-key="${key}"]`);

const EIFFEL =
	'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower from 1887 to 1889. Locally nicknamed "La dame de fer" (French for "Iron Lady"), it was constructed as the centrepiece of the 1889 World\'s Fair, and to crown the centennial anniversary of the French Revolution. Although initially criticised by some of France\'s leading artists and intellectuals for its design, it has since become a global cultural icon of France and one of the most recognisable structures in the world.';

const CASES: Case[] = [
	{
		name: 'current',
		ns: WEATHER,
		page: 'CurrentWeather',
		// What _display_current_conditions sets.
		data: () => ({ ...CURRENT_WEATHER }),
		check: async (page) => {
			await expect(keyed(page, 'date')).toHaveText('Wed, 28 December 11:04');
			await expect(keyed(page, 'location')).toHaveText('Emmen, Drenthe');
			await expect(keyed(page, 'temperature')).toHaveText('8°');
			await expect(keyed(page, 'high')).toHaveText('9°');
			await expect(keyed(page, 'low')).toHaveText('5°');
			await expect(keyed(page, 'precipitation')).toHaveText('14%');
			await expect(keyed(page, 'wind')).toHaveText('7');
			await expect(keyed(page, 'humidity')).toHaveText('87%');
			await expect(page.getByRole('img', { name: 'Few clouds' })).toBeVisible();
		}
	},
	{
		name: 'hourly',
		ns: WEATHER,
		page: 'HourlyForecast',
		data: () => ({
			currentTimezone: 'Wed, 28 December',
			weatherCode: 2,
			weatherLocation: 'Emmen, Drenthe',
			hourlyForecast: {
				hours: [
					{ time: '11:00', precipitation: 14, temperature: 8, weatherCondition: 2 },
					{ time: '12:00', precipitation: 6, temperature: 8, weatherCondition: 2 },
					{ time: '13:00', precipitation: 26, temperature: 7, weatherCondition: 10 },
					{ time: '14:00', precipitation: 62, temperature: 6, weatherCondition: 8 }
				]
			}
		}),
		check: async (page) => {
			await expect(page.getByText('HOURLY', { exact: true })).toBeVisible();
			await expect(keyed(page, 'heading')).toHaveText(['11:00', '12:00', '13:00', '14:00']);
			await expect(keyed(page, 'main')).toHaveText(['8°', '8°', '7°', '6°']);
			await expect(keyed(page, 'sub')).toHaveText([/14%/, /6%/, /26%/, /62%/]);
			await expect(page.getByRole('img', { name: 'Showers' })).toBeVisible();
		}
	},
	{
		name: 'daily',
		ns: WEATHER,
		page: 'DailyForecast',
		data: () => ({
			currentTimezone: 'Wed, 28 December',
			weatherCode: 0,
			weatherLocation: 'Emmen, Drenthe',
			forecast: {
				all: [
					{ date: 'Thu', weatherCondition: 0, highTemperature: 12, lowTemperature: 4 },
					{ date: 'Fri', weatherCondition: 6, highTemperature: 10, lowTemperature: 3 },
					{ date: 'Sat', weatherCondition: 12, highTemperature: 9, lowTemperature: 2 },
					{ date: 'Sun', weatherCondition: 14, highTemperature: 1, lowTemperature: -4 }
				]
			}
		}),
		check: async (page) => {
			await expect(page.getByText('DAILY', { exact: true })).toBeVisible();
			await expect(keyed(page, 'heading')).toHaveText(['Thu', 'Fri', 'Sat', 'Sun']);
			await expect(keyed(page, 'main')).toHaveText(['12°', '10°', '9°', '1°']);
			await expect(keyed(page, 'sub')).toHaveText([/4°/, /3°/, /2°/, /-4°/]);
			await expect(page.getByRole('img', { name: 'Thunderstorm' })).toBeVisible();
		}
	},
	{
		name: 'single-day',
		// An older id of the same skill.
		ns: 'skill-ovos-weather.openvoiceos',
		page: 'SingleDay',
		data: () => ({
			weatherLocation: 'Emmen, Drenthe',
			weatherCode: 11,
			weatherDate: 'Fri, 30 December',
			highTemperature: 10,
			lowTemperature: 3,
			chanceOfPrecipitation: '70',
			windSpeed: 18,
			humidity: 91
		}),
		check: async (page) => {
			await expect(keyed(page, 'date')).toHaveText('Fri, 30 December');
			await expect(keyed(page, 'high')).toHaveText('10°');
			await expect(keyed(page, 'low')).toHaveText('3°');
			await expect(keyed(page, 'precipitation')).toHaveText('70%');
			await expect(keyed(page, 'wind')).toHaveText('18');
			await expect(keyed(page, 'humidity')).toHaveText('91%');
			await expect(keyed(page, 'temperature')).toHaveCount(0);
			await expect(page.getByRole('img', { name: 'Rain, night' })).toBeVisible();
		}
	},
	{
		name: 'sunrise-sunset',
		ns: WEATHER,
		page: 'SunriseSunset',
		data: () => ({ currentTimezone: 'Wed, 28 December', weatherLocation: 'Emmen, Drenthe', sunrise: '8:47 AM', sunset: '4:31 PM' }),
		check: async (page) => {
			await expect(keyed(page, 'sunrise')).toHaveText('8:47 AM');
			await expect(keyed(page, 'sunset')).toHaveText('4:31 PM');
			await expect(keyed(page, 'location')).toHaveText('Emmen, Drenthe');
		}
	},
	{
		name: 'ddg',
		ns: DDG,
		page: 'DuckDelegate',
		data: (a) => ({ summary: EIFFEL, imgLink: `${a.url}/clock.png` }),
		check: async (page, a) => {
			await expect(page.locator('img[data-key="imgLink"]')).toHaveAttribute('src', `${a.url}/clock.png`);
			await expect(keyed(page, 'text')).toHaveText(EIFFEL);
			// Longer than a screen: paginated, and a tap turns the page.
			const where = page.getByText(/^1 \/ \d$/);
			await expect(where).toBeVisible();
			await page.getByRole('button', { name: 'Next page' }).click();
			await expect(page.getByText(/^2 \/ \d$/)).toBeVisible();
			await page.getByRole('button', { name: 'Previous page' }).click();
			await expect(where).toBeVisible();
		}
	},
	{
		name: 'gui1-weather',
		ns: GUI1,
		page: 'SYSTEM_weather',
		data: () => ({ current_temp: 14, min_temp: 9, max_temp: 18, condition: 'Partly cloudy', location: 'Berlin' }),
		check: async (page) => {
			await expect(keyed(page, 'temperature')).toHaveText('14°');
			await expect(keyed(page, 'high')).toHaveText('18°');
			await expect(keyed(page, 'low')).toHaveText('9°');
			await expect(keyed(page, 'condition')).toHaveText('Partly cloudy');
			await expect(keyed(page, 'location')).toHaveText('Berlin');
			await expect(page.getByRole('img', { name: 'Partly cloudy' })).toBeVisible();
		}
	},
	{
		name: 'gui1-list',
		ns: GUI1,
		page: 'SYSTEM_list',
		data: (a) => ({
			title: 'Active alarms',
			items: [
				{ title: 'Morning alarm', subtitle: '07:30, weekdays', image: `${a.url}/clock.png` },
				{ title: 'Pasta timer', subtitle: '12 minutes remaining' },
				{ title: 'Dentist' }
			] as JsonObject[]
		}),
		check: async (page, a) => {
			await expect(keyed(page, 'title')).toHaveText('Active alarms');
			await expect(keyed(page, 'primary')).toHaveText(['Morning alarm', 'Pasta timer', 'Dentist']);
			await expect(keyed(page, 'secondary')).toHaveText(['07:30, weekdays', '12 minutes remaining']);
			await expect(page.locator(`.tpl-root img[src="${a.url}/clock.png"]`)).toBeVisible();
		}
	},
	{
		name: 'gui1-grid',
		ns: GUI1,
		page: 'SYSTEM_grid',
		data: (a) => ({
			title: 'Recent albums',
			items: ['Abbey Road', 'Blue Train', 'Kind of Blue', 'Dark Side of the Moon', 'Rumours'].map((title) => ({ image: `${a.url}/clock.png`, title }))
		}),
		check: async (page) => {
			await expect(keyed(page, 'title')).toHaveText('Recent albums');
			await expect(keyed(page, 'tile')).toHaveText(['Abbey Road', 'Blue Train', 'Kind of Blue', 'Dark Side of the Moon', 'Rumours']);
			await expect(page.locator('.tpl-root img')).toHaveCount(5);
		}
	},
	{
		name: 'gui1-table',
		ns: GUI1,
		page: 'SYSTEM_table',
		data: () => ({
			title: 'Europe weather',
			columns: ['City', 'Temp', 'Condition'],
			rows: [
				['Berlin', '8°C', 'Cloudy'],
				['London', '12°C', 'Rain'],
				['Madrid', 22, 'Sunny']
			]
		}),
		check: async (page) => {
			await expect(page.getByRole('columnheader')).toHaveText(['City', 'Temp', 'Condition']);
			await expect(page.getByRole('row').nth(3)).toHaveText(/Madrid\s*22\s*Sunny/);
			await expect(page.getByRole('cell', { name: '12°C' })).toBeVisible();
		}
	},
	{
		name: 'gui1-error',
		ns: GUI1,
		page: 'SYSTEM_error',
		data: () => ({ label: 'Service unavailable', detail: 'HTTP 503 from api.example.com' }),
		check: async (page) => {
			await expect(page.getByRole('alert')).toBeVisible();
			await expect(keyed(page, 'label')).toHaveText('Service unavailable');
			await expect(keyed(page, 'detail')).toHaveText('HTTP 503 from api.example.com');
		}
	},
	{
		name: 'gui1-map',
		ns: GUI1,
		page: 'SYSTEM_map',
		data: () => ({ latitude: 52.52, longitude: 13.405, zoom: 12, label: 'Berlin' }),
		check: async (page) => {
			await expect(keyed(page, 'label')).toHaveText('Berlin');
			await expect(keyed(page, 'coordinates')).toHaveText('52.5200° N, 13.4050° E');
			await expect(keyed(page, 'zoom')).toHaveText('Zoom 12');
		}
	},
	{
		name: 'gui1-confirm',
		ns: GUI1,
		page: 'SYSTEM_confirm',
		data: () => ({ question: 'Do you want to delete all alarms?' }),
		check: async (page) => {
			await expect(keyed(page, 'question')).toHaveText('Do you want to delete all alarms?');
			await expect(page.getByRole('button', { name: 'Yes' })).toBeVisible();
			await expect(page.getByRole('button', { name: 'No' })).toBeVisible();
		}
	},
	{
		name: 'gui1-select',
		ns: GUI1,
		page: 'SYSTEM_select',
		data: () => ({
			prompt: 'Choose a temperature unit',
			items: [
				{ label: 'Celsius', value: 'celsius' },
				{ label: 'Fahrenheit', value: 'fahrenheit' },
				{ label: 'Kelvin', value: 'kelvin' }
			]
		}),
		check: async (page) => {
			await expect(keyed(page, 'prompt')).toHaveText('Choose a temperature unit');
			await expect(page.locator('.tpl-root button')).toHaveText(['Celsius', 'Fahrenheit', 'Kelvin']);
		}
	}
];

/** The legacy templates under their OVOS-GUI-1 names, with GUI-1 keys where they differ. */
const ALIASES: Case[] = [
	{
		name: 'text',
		ns: GUI1,
		page: 'SYSTEM_text',
		data: () => ({ text: 'Plain text by its GUI-1 name', title: 'Text' }),
		check: async (page) => await expect(keyed(page, 'text')).toHaveText('Plain text by its GUI-1 name')
	},
	{
		name: 'image',
		ns: GUI1,
		page: 'SYSTEM_image',
		data: (a) => ({ image: `${a.url}/clock.png`, caption: 'Cropped', fill: 'crop' }),
		check: async (page) => expect(await page.locator('.tpl-root img').evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover')
	},
	{
		name: 'animated-image',
		ns: GUI1,
		page: 'SYSTEM_animated_image',
		data: (a) => ({ image: `${a.url}/boiling.svg`, fill: 'stretch' }),
		check: async (page) => {
			await expect(page.locator('.tpl-root img')).toHaveAttribute('data-animated', 'true');
			expect(await page.locator('.tpl-root img').evaluate((el) => getComputedStyle(el).objectFit)).toBe('fill');
		}
	},
	{
		name: 'html',
		ns: GUI1,
		page: 'SYSTEM_html',
		data: (a) => ({ html: '<h1>Hi</h1><img src="clock.png" alt="relative">', resource_url: `${a.url}/` }),
		check: async (page) => {
			const frame = page.frameLocator('.tpl-root iframe').frameLocator('iframe');
			await expect(frame.getByRole('heading', { name: 'Hi' })).toBeVisible();
			// resource_url is the base: the relative picture loads from the skill's server.
			await expect.poll(() => frame.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
		}
	},
	{
		name: 'url',
		ns: GUI1,
		page: 'SYSTEM_url',
		data: (a) => ({ url: `${a.url}/page.html` }),
		check: async (page) => await expect(page.frameLocator('.tpl-root iframe').getByRole('heading', { name: 'A page from a skill' })).toBeVisible()
	},
	{
		name: 'loading',
		ns: GUI1,
		page: 'SYSTEM_loading',
		data: () => ({ label: 'Fetching weather data…' }),
		check: async (page) => await expect(keyed(page, 'label')).toHaveText('Fetching weather data…')
	},
	{
		name: 'status',
		ns: GUI1,
		page: 'SYSTEM_status',
		data: () => ({ label: 'Timer set!', success: true }),
		check: async (page) => {
			await expect(page.locator('.tpl-root [data-outcome="success"]')).toBeVisible();
			await expect(keyed(page, 'label')).toHaveText('Timer set!');
		}
	},
	{
		name: 'face',
		ns: GUI1,
		page: 'SYSTEM_face',
		data: () => ({ sleeping: true }),
		check: async (page) => await expect(page.getByRole('img', { name: 'Face, asleep' })).toBeVisible()
	}
];

let sim: Simulator;
let a: Assets;
test.beforeAll(async () => {
	a = await assets();
});
test.afterAll(async () => {
	await a.close();
});
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

async function open(page: Page, path: string): Promise<void> {
	await page.goto(screenUrl(sim, path));
	await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
}

/** The skill shows its page afresh (its namespace cleared first, as the weather skill's gui.clear() does). */
async function present(page: Page, c: Case): Promise<void> {
	sim.emit(busMessage('gui.clear.namespace', { __from: c.ns }));
	show(sim, c.ns, [c.page], c.data(a));
	await expect(page.locator(`.tpl-root[data-page="${c.page}"][data-namespace="${c.ns}"]`)).toBeVisible();
}

for (const path of ['/', '/kiosk']) {
	test(`every page shows its values on ${path}`, async ({ page }) => {
		await open(page, path);
		for (const c of [...CASES, ...ALIASES]) {
			await present(page, c);
			await c.check(page, a);
		}
		// A page we do not render is read from the namespace's data.
		show(sim, WEATHER, ['WeatherRadar'], { weatherLocation: 'Lawrence, United States' });
		await expect(page.locator('.tpl-root[data-page="WeatherRadar"] [data-generic]')).toBeVisible();
		await expect(page.getByText(/No template for this page|can’t be shown on this screen/)).toHaveCount(0);
	});
}

test('weather values update live', async ({ page }) => {
	await open(page, '/kiosk');
	const current = CASES[0] as Case;
	await present(page, current);
	setValues(sim, WEATHER, { currentTemperature: 11.5, weatherCode: 13, humidity: null, weatherLocation: 'Assen' });
	await expect(keyed(page, 'temperature')).toHaveText('11.5°');
	await expect(keyed(page, 'location')).toHaveText('Assen');
	await expect(keyed(page, 'humidity')).toHaveText('—');
	await expect(page.getByRole('img', { name: 'Thunderstorm, night' })).toBeVisible();
});

test('SYSTEM_confirm and SYSTEM_select answer on the bus as ovos-gui-api-client expects', async ({ page }) => {
	await open(page, '/kiosk');
	const confirmed = collect(sim, `${GUI1}.confirm.response`);
	const selected = collect(sim, `${GUI1}.select.response`);
	await present(page, CASES.find((c) => c.name === 'gui1-confirm') as Case);
	await page.getByRole('button', { name: 'Yes' }).click();
	await expect.poll(() => confirmed.map((m) => m.data)).toEqual([{ confirmed: true }]);
	await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
	await page.getByRole('button', { name: 'No' }).click();
	await expect.poll(() => confirmed.map((m) => m.data)).toEqual([{ confirmed: true }, { confirmed: false }]);
	await expect(page.getByText('Sent.')).toBeVisible();

	await present(page, CASES.find((c) => c.name === 'gui1-select') as Case);
	await page.getByRole('button', { name: 'Fahrenheit' }).click();
	await expect.poll(() => selected.map((m) => m.data)).toEqual([{ value: 'fahrenheit' }]);
	// Values of any JSON type go back as they came.
	setValues(sim, GUI1, { items: [{ label: 'Ten minutes', value: 10 }, { label: 'Custom', value: { minutes: 7 } }] });
	await page.getByRole('button', { name: 'Custom' }).click();
	await page.getByRole('button', { name: 'Ten minutes' }).click();
	await expect.poll(() => selected.map((m) => m.data)).toEqual([{ value: 'fahrenheit' }, { value: { minutes: 7 } }, { value: 10 }]);
});

// Each page presented afresh at each size.
picturesAtEachSize(
	(page) => open(page, '/kiosk'),
	async (page, size, theme) => {
		for (const c of CASES) {
			await present(page, c);
			await expect(page.locator('.tpl-root [data-key]').first()).toBeVisible();
			await page.screenshot({ path: `e2e/screenshots/${c.ns === GUI1 ? '' : 'skill-'}${c.name}-${theme}-${size.width}x${size.height}.png`, animations: 'disabled' });
		}
	}
);
