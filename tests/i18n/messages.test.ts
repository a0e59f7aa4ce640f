// The texts at run time: switching languages (all areas at once, areas that appear later, a
// catalogue that cannot be fetched), and parameters and plurals in each language.
import { render } from 'svelte/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP } from '../../src/lib/i18n/app';
import { ALERTS_LABELS } from '../../src/lib/i18n/alerts';
import { INSPECT } from '../../src/lib/i18n/inspect';
import type { Lang } from '../../src/lib/i18n/languages';
import { MEDIA_LABELS } from '../../src/lib/i18n/media';
import { NOTICES } from '../../src/lib/i18n/notices';
import { area, currentLanguage, currentLocale, languageReady, loadLanguage, useLanguage } from '../../src/lib/i18n/runtime.svelte';
import { SYSTEM_TEXT } from '../../src/lib/i18n/system';
import { WEATHER_LABELS } from '../../src/lib/i18n/weather';
import Template from '../../src/lib/templates/Template.svelte';
import { spokenTime } from '../../src/lib/templates/parts/media/time';
import { localDate } from '../../src/lib/templates/parts/clock';
import { clock } from '../../src/lib/inspector/format';
import { preloadTemplates } from '../../src/lib/templates/registry';

const LOCALES: Record<Lang, string> = { en: 'en-US', pt: 'pt-PT', de: 'de-DE' };
async function use(lang: Lang): Promise<void> {
	const choice = { lang, locale: LOCALES[lang] };
	await loadLanguage(choice);
	useLanguage(choice);
}

beforeAll(preloadTemplates, 60_000);
afterEach(() => use('en'));

describe('switching', () => {
	it('starts in English and switches every area at once', async () => {
		expect(currentLanguage()).toBe('en');
		expect([APP.back, WEATHER_LABELS.hourly, ALERTS_LABELS.snooze]).toEqual(['Back', 'HOURLY', 'Snooze']);
		await use('de');
		expect([APP.back, WEATHER_LABELS.hourly, ALERTS_LABELS.snooze, WEATHER_LABELS.stat.precipitation]).toEqual(['Zurück', 'STÜNDLICH', 'Schlummern', 'Niederschlag']);
		expect(currentLocale()).toBe('de-DE');
		await use('pt');
		expect([APP.back, WEATHER_LABELS.hourly, ALERTS_LABELS.snooze, WEATHER_LABELS.sky.rain]).toEqual(['Voltar', 'POR HORA', 'Adiar', 'Chuva']);
		await use('en');
		expect(APP.back).toBe('Back');
	});

	it('an area that appears while another language is on fetches its texts; languageReady waits for them', async () => {
		await use('de');
		let resolve!: () => void;
		const gate = new Promise<void>((r) => (resolve = r));
		const late = area({ hello: 'Hello' }, { pt: async () => ({ default: { hello: 'Olá' } }), de: async () => (await gate, { default: { hello: 'Hallo' } }) });
		expect(late.hello).toBe('Hello');
		let ready = false;
		void languageReady().then(() => (ready = true));
		await new Promise((r) => setTimeout(r, 20));
		expect(ready).toBe(false);
		resolve();
		await languageReady();
		expect(late.hello).toBe('Hallo');
	});

	it('a catalogue that cannot be fetched leaves that area in English, and nothing hangs', async () => {
		const broken = area({ word: 'Word' }, { pt: () => Promise.reject(new Error('offline')), de: () => Promise.reject(new Error('offline')) });
		await use('pt');
		expect(broken.word).toBe('Word');
		expect(APP.back).toBe('Voltar');
	});

	it('a template renders in the language on (here, server-side like a first paint)', async () => {
		await use('de');
		const props = { data: { hourlyForecast: [] }, namespace: 'ovos-skill-weather.openvoiceos', page: { name: 'HourlyForecast', url: null }, send: () => true };
		const html = render(Template, { props }).body;
		expect(html).toContain('STÜNDLICH');
		expect(html).toContain('Noch keine stündliche Vorhersage');
		await use('pt');
		expect(render(Template, { props }).body).toContain('POR HORA');
	});
});

describe('parameters and plurals', () => {
	it('durations for screen readers, in each language', async () => {
		expect([spokenTime(1000), spokenTime(65_000), spokenTime(3_720_000)]).toEqual(['1 second', '1 minute 5 seconds', '1 hour 2 minutes']);
		await use('de');
		expect([spokenTime(1000), spokenTime(65_000), spokenTime(3_720_000)]).toEqual(['1 Sekunde', '1 Minute 5 Sekunden', '1 Stunde 2 Minuten']);
		await use('pt');
		expect([spokenTime(1000), spokenTime(65_000), spokenTime(0)]).toEqual(['1 segundo', '1 minuto 5 segundos', '0 segundos']);
	});

	it('counts agree with their nouns', async () => {
		expect([INSPECT.decodeErrors(1), INSPECT.decodeErrors(2), SYSTEM_TEXT.liveData(1), SYSTEM_TEXT.liveData(3)]).toEqual([
			'1 decode error',
			'2 decode errors',
			'Live data (1 key)',
			'Live data (3 keys)'
		]);
		expect([SYSTEM_TEXT.more(1, '1'), SYSTEM_TEXT.more(12_000, '12,000')]).toEqual(['More (1 character left)', 'More (12,000 characters left)']);
		await use('pt');
		expect([INSPECT.decodeErrors(1), INSPECT.decodeErrors(0), SYSTEM_TEXT.liveData(1), SYSTEM_TEXT.more(2, '2')]).toEqual([
			'1 erro de descodificação',
			'0 erros de descodificação',
			'Dados ao vivo (1 chave)',
			'Mais (faltam 2 caracteres)'
		]);
		await use('de');
		expect([INSPECT.dataKeys(1), INSPECT.dataKeys(2), SYSTEM_TEXT.more(12_000, '12.000')]).toEqual(['Daten (1 Schlüssel)', 'Daten (2 Schlüssel)', 'Mehr (noch 12.000 Zeichen)']);
	});

	it('parameters land where each language puts them', async () => {
		expect([APP.offlineSince('10:04:05', 1, '10.0.0.5:18181'), APP.offlineSince('10:04:05', 3, '10.0.0.5:18181'), MEDIA_LABELS.trackOf(2, 5), NOTICES.bell(4)]).toEqual([
			'Offline since 10:04:05 · waiting for OVOS at 10.0.0.5:18181',
			'Offline since 10:04:05 · waiting for OVOS at 10.0.0.5:18181 (attempt 3)',
			'Track 2 of 5',
			'Notifications: 4'
		]);
		await use('de');
		expect([APP.offlineSince('10:04:05', 3, '10.0.0.5:18181'), MEDIA_LABELS.trackOf(2, 5), WEATHER_LABELS.atNight(WEATHER_LABELS.sky.rain)]).toEqual([
			'Offline seit 10:04:05 · warte auf OVOS unter 10.0.0.5:18181 (3. Versuch)',
			'Titel 2 von 5',
			'Regen, nachts'
		]);
		await use('pt');
		expect([MEDIA_LABELS.trackOf(2, 5), APP.pagesOf('skill-x', 1, 3), NOTICES.volume('40 %'), APP.offlineWaiting('10.0.0.5:18181')]).toEqual([
			'Faixa 2 de 5',
			'skill-x, página 1 de 3',
			'Volume 40 %',
			'Sem conexão · à espera do OVOS em 10.0.0.5:18181'
		]);
	});

	it('dates and times the app writes follow the locale', async () => {
		const at = new Date(2025, 2, 3, 14, 5, 6, 789);
		expect(localDate(at)).toBe('Monday, March 3, 2025');
		expect(clock(at.getTime())).toBe('14:05:06.789');
		await use('de');
		expect(localDate(at)).toBe('Montag, 3. März 2025');
		expect(clock(at.getTime())).toBe('14:05:06,789');
		await use('pt');
		expect(localDate(at)).toBe('segunda-feira, 3 de março de 2025');
	});
});
