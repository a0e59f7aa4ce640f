// Every catalogue has every key of its English original, with the same kind of value (text, message
// function with as many parameters, or a group), the same `{slots}`, and no blank text; the
// parameters and plurals come out right in each language. (A missing key is also a type error:
// types.check.ts.)
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/lib/i18n/languages';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../src/lib/i18n/{en,pt,de}/*.ts', { eager: true });
const catalogues = new Map<string, Partial<Record<Lang, Record<string, unknown>>>>();
for (const [path, mod] of Object.entries(files)) {
	const m = /\/(en|pt|de)\/([\w-]+)\.ts$/.exec(path);
	if (!m) continue;
	const area = catalogues.get(m[2] as string) ?? {};
	area[m[1] as Lang] = mod.default;
	catalogues.set(m[2] as string, area);
}

type Shape = string | { fn: number } | { [k: string]: Shape };
function shape(v: unknown): Shape {
	if (typeof v === 'string') return 'text';
	if (typeof v === 'function') return { fn: v.length };
	return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, shape(x)]));
}
function texts(v: unknown, at = ''): [string, string][] {
	if (typeof v === 'string') return [[at, v]];
	if (typeof v === 'function' || v === null || typeof v !== 'object') return [];
	return Object.entries(v).flatMap(([k, x]) => texts(x, at ? `${at}.${k}` : k));
}
const slotsOf = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('catalogues', () => {
	it('exist for every area in English, Portuguese and German', () => {
		expect(catalogues.size).toBeGreaterThanOrEqual(10);
		for (const [area, langs] of catalogues) expect(Object.keys(langs).sort(), area).toEqual(['de', 'en', 'pt']);
	});

	for (const [area, langs] of catalogues) {
		it(`${area}: pt and de have exactly the English keys, kinds, parameters and {slots}`, () => {
			const en = langs.en as Record<string, unknown>;
			for (const lang of ['pt', 'de'] as const) {
				const other = langs[lang] as Record<string, unknown>;
				expect(shape(other), `${lang}/${area}`).toEqual(shape(en));
				const enTexts = new Map(texts(en));
				for (const [key, text] of texts(other)) {
					expect(text.trim(), `${lang}/${area}.${key} is blank`).not.toBe('');
					expect(slotsOf(text), `${lang}/${area}.${key}`).toEqual(slotsOf(enTexts.get(key) ?? ''));
				}
			}
		});

		it(`${area}: pt and de are translations, not copies`, () => {
			const en = new Map(texts(langs.en));
			for (const lang of ['pt', 'de'] as const) {
				const all = texts(langs[lang]);
				const same = all.filter(([k, t]) => en.get(k) === t && /[a-z]{3}/.test(t));
				// Words like "Chat", "Apps", "Offline" or "Pause" may stay; most may not.
				expect(same.length, `${lang}/${area}: ${same.map(([k]) => k).join(', ')}`).toBeLessThanOrEqual(Math.max(3, all.length * 0.15));
			}
		});
	}
});
