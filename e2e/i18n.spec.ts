/**
 * The UI in Portuguese and German: chosen by `?lang=`, by the browser's languages
 * (Playwright's locale sets both navigator.languages and Accept-Language) and by the saved choice;
 * English when the browser asks for a language we do not have. The screen's chrome, the idle
 * clock's date, skill pages' fixed labels (weather's HOURLY, the alarm's Snooze), the chat, the
 * inspector and the 404 page; `<html lang>` from the first byte.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Simulator } from '../simulator';
import { APP_URL, live, privateSim, screenUrl, show } from './support/screen';

const WEATHER = 'ovos-skill-weather.openvoiceos';
const ALERTS = 'ovos-skill-alerts.openvoiceos';

const HOURLY = {
	currentTimezone: 'Mi, 28 Dezember',
	weatherCode: 2,
	weatherLocation: 'Emmen, Drenthe',
	hourlyForecast: {
		hours: [
			{ time: '11:00', precipitation: 14, temperature: 8, weatherCondition: 2 },
			{ time: '12:00', precipitation: 6, temperature: 8, weatherCondition: 2 }
		]
	}
};
const ALARMS = {
	activeAlarms: [{ alarmTime: '7:30', alarmAmPm: '', alarmName: 'Aufstehen', alarmExpired: true, alarmIndex: 'a-wake', alarmRepeat: true, alarmRepeatStr: 'Mo-Fr' }],
	activeAlarmCount: 1
};

const DE_DATE = /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)$/;
const PT_DATE = /^(segunda|terça|quarta|quinta|sexta)-feira|^(sábado|domingo)/;

let sim: Simulator;
test.beforeEach(async () => {
	sim = await privateSim();
});
test.afterEach(async () => {
	await sim.stop();
});

async function inLocale(browser: Browser, locale: string): Promise<Page> {
	const context = await browser.newContext({ locale, viewport: { width: 800, height: 480 } });
	return context.newPage();
}

test('/kiosk?lang=de: German from the first byte — <html lang>, the idle clock, skill labels, the offline note', async ({ page, request }) => {
	// The server's page, before any script: German already.
	const html = await (await request.get(screenUrl(sim, '/kiosk', '&lang=de'))).text();
	expect(html).toMatch(/<html lang="de"[ >]/);
	expect(html).toContain('<title>OVOS</title>');

	await page.goto(screenUrl(sim, '/kiosk', '&lang=de'));
	await live(page);
	expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
	// The idle clock: a German date, a 24-hour time with no AM/PM.
	const clock = page.getByRole('region', { name: 'Uhr' });
	await expect(clock).toBeVisible();
	await expect(clock.locator('.date')).toHaveText(DE_DATE);
	await expect(clock.locator('time')).toHaveText(/^\d{2}:\d{2}$/);

	show(sim, WEATHER, ['HourlyForecast'], HOURLY);
	await expect(page.getByText('STÜNDLICH', { exact: true })).toBeVisible();
	await expect(page.getByText('HOURLY', { exact: true })).toHaveCount(0);
	await expect(page.getByRole('region', { name: 'Stündliche Vorhersage' })).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/i18n-kiosk-de-hourly-800x480.png' });

	show(sim, ALERTS, ['AlarmsOverviewCard'], ALARMS);
	const wake = page.getByRole('article', { name: 'Wecker Aufstehen' });
	await expect(wake.getByRole('button', { name: 'Schlummern' })).toBeEnabled();
	await expect(wake.getByRole('button', { name: 'Beenden' })).toBeEnabled();
	await expect(page.getByRole('heading', { name: 'Wecker', exact: true })).toBeVisible();
	await page.screenshot({ path: 'e2e/screenshots/i18n-kiosk-de-alarms-800x480.png' });

	// The device goes away: the page is marked, and said so in German.
	await sim.stop();
	await expect(page.getByRole('status').filter({ hasText: /^Offline · warte auf OVOS unter 127\.0\.0\.1:\d+$/ })).toBeVisible({ timeout: 4000 });
	sim = await privateSim();
});

test('/ in a Portuguese browser: chrome, skill labels and the chat in Portuguese, dates in pt-BR', async ({ browser }) => {
	const page = await inLocale(browser, 'pt-BR');
	await page.goto(screenUrl(sim, '/'));
	await live(page);
	expect(await page.evaluate(() => [document.documentElement.lang, navigator.languages[0]])).toEqual(['pt', 'pt-BR']);
	await expect(page).toHaveTitle('Visor OVOS');
	await expect(page.getByRole('region', { name: 'Relógio' }).locator('.date')).toHaveText(PT_DATE);

	show(sim, WEATHER, ['HourlyForecast'], HOURLY);
	await expect(page.getByText('POR HORA', { exact: true })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
	show(sim, ALERTS, ['AlarmsOverviewCard'], ALARMS);
	await expect(page.getByRole('button', { name: 'Adiar' })).toBeEnabled();
	await page.screenshot({ path: 'e2e/screenshots/i18n-screen-pt-alarms-800x480.png' });

	// The chat: its own texts, fetched with it, in Portuguese; OVOS hears the reader's language unless another is chosen.
	await page.getByRole('button', { name: 'Conversa', exact: true }).click();
	const panel = page.getByRole('dialog', { name: 'Conversar com o OVOS' });
	await expect(panel.getByPlaceholder('Mensagem para o OVOS…')).toBeVisible();
	await expect(panel.getByRole('button', { name: 'Nova conversa' })).toBeVisible();
	await expect(panel.getByRole('combobox', { name: 'Idioma' })).toHaveValue('');
	await expect(panel.getByRole('combobox', { name: 'Idioma' }).locator('option:checked')).toHaveText('Seu idioma');
	await page.context().close();
});

test('a browser asking for French gets English; one asking for French then German gets German', async ({ browser, request }) => {
	const fr = await inLocale(browser, 'fr-FR');
	await fr.goto(screenUrl(sim, '/kiosk'));
	await live(fr);
	expect(await fr.evaluate(() => [document.documentElement.lang, navigator.languages[0]])).toEqual(['en', 'fr-FR']);
	show(sim, WEATHER, ['HourlyForecast'], HOURLY);
	await expect(fr.getByText('HOURLY', { exact: true })).toBeVisible();
	await fr.context().close();

	// Playwright's locale takes one language; a browser set to French, then German, says so in its header.
	const html = await (await request.get(screenUrl(sim, '/kiosk'), { headers: { 'accept-language': 'fr-FR,fr;q=0.9,de;q=0.8' } })).text();
	expect(html).toMatch(/<html lang="de"[ >]/);
	expect(html).toContain('i18n:{lang:"de",locale:"de-DE"}');
});

test('the saved choice (cookie and localStorage, as setLanguage writes them) beats the browser; ?lang= beats both', async ({ browser }) => {
	const page = await inLocale(browser, 'de-DE');
	await page.context().addCookies([{ name: 'ovos-screen.lang', value: 'pt', url: APP_URL() }]);
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
	await expect(page.getByRole('region', { name: 'Relógio' })).toBeVisible();
	await page.goto(screenUrl(sim, '/kiosk', '&lang=en'));
	await live(page);
	await expect(page.getByRole('region', { name: 'Clock' })).toBeVisible();
	await page.context().close();
});

test('the inspector, the chat page and the 404 page in German', async ({ browser }) => {
	const page = await inLocale(browser, 'de-DE');
	await page.goto(screenUrl(sim, '/inspect'));
	await expect(page.getByTestId('status')).toHaveText(/live/);
	await expect(page.getByRole('button', { name: 'Exportieren', exact: true })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Zeitreise' })).toBeVisible();
	await expect(page.getByLabel('Filtertext')).toBeVisible();
	await expect(page).toHaveTitle('Inspektor · ovos-screen');

	await page.goto(`${APP_URL()}/chat`);
	await expect(page.getByPlaceholder('Nachricht an OVOS …')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Senden' })).toBeDisabled();

	const res = await page.goto(`${APP_URL()}/gibt-es-nicht`);
	expect(res?.status()).toBe(404);
	await expect(page.getByRole('heading', { name: 'Diese Seite gibt es nicht' })).toBeVisible();
	await expect(page.getByRole('navigation', { name: 'Seiten von ovos-screen' }).getByRole('link', { name: /^Bildschirm/ })).toBeVisible();
	await page.context().close();
});

test('/settings in Portuguese; a language chosen there applies at once, to every page of this browser, until set back', async ({ browser }) => {
	const page = await inLocale(browser, 'pt-PT');
	await page.goto(`${APP_URL()}/settings`);
	await expect(page).toHaveTitle('Definições · ovos-screen');
	await expect(page.getByRole('button', { name: 'Testar a conexão' })).toBeEnabled();
	// The server's table: its sections and what each key is, translated; the key itself as written.
	const table = page.locator('tr[data-key="OVOS_SCREEN_LANG"]');
	await expect(table.locator('th')).toContainText('Idioma');
	await expect(table.locator('th code')).toHaveText('OVOS_SCREEN_LANG');

	const picker = page.getByRole('combobox', { name: /^Idioma/ });
	await expect(picker).toHaveValue('');
	await picker.selectOption('de');
	// The whole page switches, no reload: the heading, the buttons, the test's steps.
	await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Verbindung testen' })).toBeVisible();
	await expect(page.locator('tr[data-key="OVOS_SCREEN_LANG"] th')).toContainText('Sprache');
	expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
	// Saving a theme afterwards says so in German (the status line follows the language).
	await page.getByRole('button', { name: 'Speichern', exact: true }).click();
	await expect(page.getByTestId('save-status')).toHaveText(/^Gespeichert\./);

	// Every later page of this browser, from the server's first byte.
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
	await expect(page.getByRole('region', { name: 'Uhr' })).toBeVisible();

	// Back to the browser's own language (Portuguese here), and "Use the server's" does the same.
	await page.goto(`${APP_URL()}/settings`);
	await expect(page.locator('select[name="lang"]')).toHaveValue('de');
	await page.locator('select[name="lang"]').selectOption('');
	await expect(page.getByRole('heading', { name: 'Definições', level: 1 })).toBeVisible();
	await page.locator('select[name="lang"]').selectOption('en');
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
	await page.getByRole('button', { name: 'Use the server’s' }).click();
	await expect(page.getByRole('heading', { name: 'Definições', level: 1 })).toBeVisible();
	await expect(page.getByTestId('save-status')).toHaveText('Este navegador segue agora as definições do servidor.');
	await page.goto(screenUrl(sim, '/kiosk'));
	await live(page);
	expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
	await page.context().close();
});

test('a Brazilian browser gets Brazilian wording where it differs (Configurações, Salvar), a European one the European', async ({ browser }) => {
	const words = async (locale: string) => {
		const page = await inLocale(browser, locale);
		await page.goto(`${APP_URL()}/settings`);
		await expect(page.getByRole('button', { name: 'Testar a conexão' })).toBeEnabled();
		const out = [await page.title(), await page.locator('form button[type="submit"]').first().innerText(), await page.getByRole('heading', { level: 1 }).innerText()];
		await page.screenshot({ path: `e2e/screenshots/i18n-settings-${locale}-800x480.png` });
		await page.context().close();
		return out;
	};
	expect(await words('pt-BR')).toEqual(['Configurações · ovos-screen', 'Salvar', 'Configurações']);
	expect(await words('pt-PT')).toEqual(['Definições · ovos-screen', 'Guardar', 'Definições']);
});
