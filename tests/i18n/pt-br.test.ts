// Brazilian Portuguese: chosen for a pt-BR browser, setting or link; `pt-BR/<area>.ts` holds only
// the texts worded otherwise in Brazil (each one a real difference, with the European text's slots
// and parameters), laid over the European catalogue, and no European-only word is left on screen.
import { afterEach, describe, expect, it } from 'vitest';
import { APP } from '../../src/lib/i18n/app';
import { catalogueOf, chooseLanguage, requestLanguage, type LanguageChoice } from '../../src/lib/i18n/languages';
import { loadLanguage, overlay, useLanguage } from '../../src/lib/i18n/runtime.svelte';
import { SETTINGS_TEXT } from '../../src/lib/i18n/settings';
import { SKILL_PAGE_LABELS } from '../../src/lib/i18n/skill-pages';
import { WEATHER_LABELS } from '../../src/lib/i18n/weather';

const pt = import.meta.glob<{ default: Record<string, unknown> }>('../../src/lib/i18n/pt/*.ts', { eager: true });
const br = import.meta.glob<{ default: Record<string, unknown> }>('../../src/lib/i18n/pt-BR/*.ts', { eager: true });
const areaOf = (path: string) => /\/([\w-]+)\.ts$/.exec(path)?.[1] as string;
const ptAreas = new Map(Object.entries(pt).map(([p, m]) => [areaOf(p), m.default]));
const brAreas = new Map(Object.entries(br).map(([p, m]) => [areaOf(p), m.default]));

function leaves(v: unknown, at = ''): [string, unknown][] {
	if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => leaves(x, at ? `${at}.${k}` : k));
	return [[at, v]];
}
const get = (o: unknown, key: string) => key.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown> | undefined)?.[k], o);
const slotsOf = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
/** A message's text with sample arguments (what a person reads). */
const text = (v: unknown): string => (typeof v === 'function' ? String(v(...Array.from({ length: v.length }, (_, i) => (i === 0 ? 2 : `x${i}`)))) : String(v));

describe('which Portuguese', () => {
	it('Brazilian for a pt-BR browser, setting or link; European otherwise', () => {
		const br = (c: LanguageChoice) => catalogueOf(c);
		expect(br(chooseLanguage({ browser: ['pt-BR', 'pt', 'en'] }))).toBe('pt-BR');
		expect(br(chooseLanguage({ browser: ['pt-br'] }))).toBe('pt-BR');
		expect(br(requestLanguage(new URL('http://x/'), new Headers({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })))).toBe('pt-BR');
		expect(br(chooseLanguage({ setting: 'pt-BR', browser: ['en-US'] }))).toBe('pt-BR');
		expect(br(chooseLanguage({ url: 'pt-BR' }))).toBe('pt-BR');
		// Portuguese picked on /settings in a Brazilian browser: Brazilian.
		expect(br(chooseLanguage({ saved: 'pt', browser: ['pt-BR'] }))).toBe('pt-BR');
		expect(br(chooseLanguage({ browser: ['pt-PT'] }))).toBe('pt');
		expect(br(chooseLanguage({ browser: ['pt'] }))).toBe('pt');
		expect(br(chooseLanguage({ setting: 'pt', browser: ['en-US'] }))).toBe('pt');
		// A Brazilian locale does not make German or English Brazilian.
		expect(br({ lang: 'de', locale: 'pt-BR' })).toBe('de');
		expect(br(chooseLanguage({ browser: ['en-US', 'pt-BR'] }))).toBe('en');
	});
});

describe('pt-BR catalogues', () => {
	it('hold only texts the European catalogue has, worded otherwise, with its slots and parameters', () => {
		expect(brAreas.size).toBeGreaterThan(5);
		for (const [area, over] of brAreas) {
			const base = ptAreas.get(area);
			expect(base, `pt/${area}.ts`).toBeDefined();
			for (const [key, v] of leaves(over)) {
				const eu = get(base, key);
				expect(typeof v, `pt-BR/${area}.${key}`).toBe(typeof eu);
				if (typeof v === 'function') expect(v.length, `pt-BR/${area}.${key}`).toBe((eu as () => string).length);
				expect(text(v), `pt-BR/${area}.${key} is the European text`).not.toBe(text(eu));
				expect(slotsOf(text(v)), `pt-BR/${area}.${key}`).toEqual(slotsOf(text(eu)));
			}
		}
	});

	// European words and forms with another one in Brazil (the progressive "a ouvir" is "ouvindo").
	const EUROPEAN = /\b(ficheiros?|guardar|guardad[oa]|ecrã|utilizador(es)?|transferir|definições|contactar|multimédia|à espera|introduza-?\w*|banda desenhada|predefinição|aguaceiros|disseres|astronómica|a (ouvir|falar|pensar|estabelecer|procurar|abrir|responder|tocar|funcionar))\b/i;
	it('leave no European-only word in any area', () => {
		for (const [area, base] of ptAreas) {
			const shown = overlay<object>(base, brAreas.get(area) ?? {});
			for (const [key, v] of leaves(shown)) expect(text(v), `pt-BR ${area}.${key}`).not.toMatch(EUROPEAN);
		}
	});
});

describe('at run time', () => {
	const use = async (choice: LanguageChoice) => {
		await loadLanguage(choice);
		useLanguage(choice);
	};
	afterEach(() => use({ lang: 'en', locale: 'en-US' }));

	it('lays the Brazilian texts over the European ones, group by group', async () => {
		await use({ lang: 'pt', locale: 'pt-BR' });
		expect([SETTINGS_TEXT.save, SETTINGS_TEXT.title, APP.listening, APP.back, WEATHER_LABELS.sky.shower, WEATHER_LABELS.sky.rain]).toEqual([
			'Salvar',
			'Configurações',
			'Ouvindo',
			'Voltar',
			'Pancadas de chuva',
			'Chuva'
		]);
		// Within a group, the texts not worded otherwise stay the European ones.
		expect([SKILL_PAGE_LABELS.browser.title, SKILL_PAGE_LABELS.parrot.page]).toEqual(['Explorador de arquivos', 'Modo papagaio']);
		await use({ lang: 'pt', locale: 'pt-PT' });
		expect([SETTINGS_TEXT.save, APP.listening, SKILL_PAGE_LABELS.browser.title]).toEqual(['Guardar', 'A ouvir', 'Explorador de ficheiros']);
	});
});
