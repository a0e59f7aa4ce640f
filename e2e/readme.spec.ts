/**
 * The README's pictures, made from the running product so they stay current: the kiosk on the
 * simulated device's homescreen, weather, player and a small page of a skill we have no renderer for
 * (the generic card), and the dashboard with live traffic. A test run
 * writes them to the ignored e2e/screenshots/readme/ (it must leave the tree clean); `npm run
 * screenshots` runs this alone and copies them to docs/, on purpose.
 */
import { expect, test, type Page } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';
import { screenUrl, show } from './support/screen';

const OUT = 'e2e/screenshots/readme';

let sim: Simulator;
test.beforeAll(async () => {
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
});
test.afterAll(() => sim?.stop());

const say = (utterance: string) =>
	sim.emit(busMessage('recognizer_loop:utterance', { utterances: [utterance], lang: 'en-US' }, { session: { session_id: 'default' } }));
const shown = (page: Page, name: string) => expect(page.locator(`.tpl-root[data-page="${name}"]`)).toBeVisible({ timeout: 15_000 });

test('README pictures: the screen on a simulated device, and the dashboard', async ({ browser }) => {
	test.setTimeout(90_000);
	const screen = await (await browser.newContext({ viewport: { width: 800, height: 480 }, colorScheme: 'dark' })).newPage();
	await screen.goto(screenUrl(sim, '/kiosk'));
	await shown(screen, 'idle');
	await expect(screen.locator('.tpl-root img, .tpl-root [style*="background-image"]').first()).toBeVisible();
	await screen.waitForTimeout(800);
	await screen.screenshot({ path: `${OUT}/screen-home.png` });

	// The dashboard watches the same device in a context of its own (a background tab is throttled).
	const dash = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' })).newPage();
	await dash.goto(screenUrl(sim, '/inspect'));

	say("what's the weather");
	await shown(screen, 'CurrentWeather');
	await screen.waitForTimeout(800);
	await screen.screenshot({ path: `${OUT}/screen-weather.png` });

	say('play some jazz');
	await shown(screen, 'PlayerLoader');
	await screen.waitForTimeout(1500);
	await screen.screenshot({ path: `${OUT}/screen-player.png` });

	show(sim, 'skill-garden.example', ['status'], { title: 'Garden', moisture: '41 %', next_watering: 'tomorrow 07:00' });
	await shown(screen, 'status');
	await screen.waitForTimeout(500);
	await screen.screenshot({ path: `${OUT}/screen-generic.png` });

	await expect(dash.getByTestId('namespace').first()).toBeVisible();
	await expect(dash.getByTestId('log-row').first()).toBeVisible();
	await dash.waitForTimeout(500);
	await dash.screenshot({ path: `${OUT}/dashboard.png` });
});
