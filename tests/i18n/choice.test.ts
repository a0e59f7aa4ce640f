// How the UI language is chosen: URL option, saved choice, server setting, the browser's languages.
import { describe, expect, it } from 'vitest';
import { acceptLanguages, chooseLanguage, cookieLanguage, langOf, requestLanguage } from '../../src/lib/i18n/languages';

describe('chooseLanguage', () => {
	it('follows the browser: the first of its languages that we have, in its own variant', () => {
		expect(chooseLanguage({ browser: ['de-DE', 'de', 'en-US'] })).toEqual({ lang: 'de', locale: 'de-DE' });
		expect(chooseLanguage({ browser: ['pt-BR', 'pt', 'en'] })).toEqual({ lang: 'pt', locale: 'pt-BR' });
		expect(chooseLanguage({ browser: ['pt'] })).toEqual({ lang: 'pt', locale: 'pt-PT' });
		expect(chooseLanguage({ browser: ['de-AT'] })).toEqual({ lang: 'de', locale: 'de-AT' });
		expect(chooseLanguage({ browser: ['en-GB', 'de'] })).toEqual({ lang: 'en', locale: 'en-GB' });
	});

	it('keeps English when the browser asks only for languages we do not have', () => {
		expect(chooseLanguage({ browser: ['fr-FR', 'fr'] })).toEqual({ lang: 'en', locale: 'en-US' });
		expect(chooseLanguage({ browser: [] })).toEqual({ lang: 'en', locale: 'en-US' });
		expect(chooseLanguage({})).toEqual({ lang: 'en', locale: 'en-US' });
		// Playwright's Chromium
		expect(chooseLanguage({ browser: ['en-US'] })).toEqual({ lang: 'en', locale: 'en-US' });
	});

	it('takes a later language of the browser over English when English is not on its list', () => {
		expect(chooseLanguage({ browser: ['fr-FR', 'fr', 'de-CH', 'de'] })).toEqual({ lang: 'de', locale: 'de-CH' });
		// …but English wins when the browser puts it first of ours
		expect(chooseLanguage({ browser: ['fr-FR', 'en-US', 'de'] }).lang).toBe('en');
	});

	it('puts the URL option before the saved choice, the saved choice before the setting, the setting before the browser', () => {
		const browser = ['de-DE'];
		expect(chooseLanguage({ url: 'pt', saved: 'en', setting: 'de', browser }).lang).toBe('pt');
		expect(chooseLanguage({ saved: 'en', setting: 'pt', browser })).toEqual({ lang: 'en', locale: 'en-US' });
		expect(chooseLanguage({ setting: 'pt', browser }).lang).toBe('pt');
		// a choice of the browser's own language keeps its variant
		expect(chooseLanguage({ saved: 'de', browser: ['de-AT'] }).locale).toBe('de-AT');
		// an explicit variant is the locale itself
		expect(chooseLanguage({ url: 'pt-BR', browser })).toEqual({ lang: 'pt', locale: 'pt-BR' });
	});

	it('ignores what it does not know, whatever it is', () => {
		expect(chooseLanguage({ url: 'xx', saved: 'klingon', setting: '', browser: ['de'] }).lang).toBe('de');
		expect(chooseLanguage({ url: '<script>', browser: ['*', '', 'de-DE'] }).lang).toBe('de');
		// a malformed variant never reaches Intl
		expect(chooseLanguage({ url: 'de-!!', browser: [] })).toEqual({ lang: 'de', locale: 'de-DE' });
		expect(langOf('PT_br')).toBe('pt');
		expect(langOf(undefined)).toBeNull();
	});
});

describe('what a request says', () => {
	it('reads Accept-Language in order of preference', () => {
		expect(acceptLanguages('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['de-DE', 'de', 'en-US', 'en']);
		expect(acceptLanguages('en;q=0.2, pt-BR, de;q=0.5')).toEqual(['pt-BR', 'de', 'en']);
		expect(acceptLanguages('*, fr;q=0')).toEqual([]);
		expect(acceptLanguages(null)).toEqual([]);
	});

	it('reads the saved choice from the cookie', () => {
		expect(cookieLanguage('a=1; ovos-screen.lang=pt; b=2')).toBe('pt');
		expect(cookieLanguage('a=1')).toBeNull();
	});

	it('decides a request: ?lang= over the cookie over Accept-Language', () => {
		const headers = new Headers({ 'accept-language': 'de-DE,de;q=0.9', cookie: 'ovos-screen.lang=pt' });
		expect(requestLanguage(new URL('http://h/kiosk?lang=en'), headers).lang).toBe('en');
		expect(requestLanguage(new URL('http://h/kiosk'), headers).lang).toBe('pt');
		expect(requestLanguage(new URL('http://h/kiosk'), new Headers({ 'accept-language': 'de-DE,de;q=0.9' }))).toEqual({ lang: 'de', locale: 'de-DE' });
		expect(requestLanguage(new URL('http://h/'), new Headers()).lang).toBe('en');
	});
});
