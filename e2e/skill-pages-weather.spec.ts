/**
 * The weather skill's pages, DuckDuckGo's answer page and the OVOS-GUI-1 templates, each shown
 * through a private simulator with the keys the spec lists, asserting the values on screen in `/`
 * and `/kiosk`; touch answers asserted on the simulator's bus; screenshots at 800×480, 1280×800 and
 * 720×1280, dark and light, into e2e/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { busMessage, type JsonObject } from '../src/lib/protocol';
import type { Simulator } from '../src/lib/server/simulator';
import { assets, privateSim, screenUrl, setValues, show, type Assets } from './support/screen';

const WEATHER = 'ovos-skill-weather.openvoiceos';
const DDG = 'ovos-skill-ddg.openvoiceos';

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
		data: () => ({
			weatherCode: 2,
			currentTimezone: 'Wed, 28 December 11:04',
			currentTemperature: 8,
			weatherCondition: 'images/partial_clouds_day.svg',
			weatherLocation: 'Emmen, Drenthe',
			highTemperature: 9,
			lowTemperature: 5,
			chanceOfPrecipitation: 14,
			windSpeed: 7,
			humidity: 87
		}),
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
		for (const c of CASES) {
			await present(page, c);
			await c.check(page, a);
		}
		// Fallback still as before for a page we do not render.
		show(sim, WEATHER, ['WeatherRadar'], {});
		await expect(page.locator('.tpl-root[data-page="WeatherRadar"]')).toBeVisible();
		await expect(page.getByText(path === '/' ? 'No template for this page' : 'This page can’t be shown on this screen.')).toBeVisible();
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

const SIZES = [
	{ width: 800, height: 480 },
	{ width: 1280, height: 800 },
	{ width: 720, height: 1280 }
];
for (const size of SIZES) {
	for (const theme of ['dark', 'light'] as const) {
		test.describe(`${size.width}x${size.height} ${theme}`, () => {
			test.use({ viewport: size, colorScheme: theme });
			test('screenshots', async ({ page }) => {
				await open(page, '/kiosk');
				for (const c of CASES) {
					await present(page, c);
					await expect(page.locator('.tpl-root [data-key]').first()).toBeVisible();
					await page.screenshot({ path: `e2e/screenshots/skill-${c.name}-${theme}-${size.width}x${size.height}.png`, animations: 'disabled' });
				}
			});
		});
	}
}
