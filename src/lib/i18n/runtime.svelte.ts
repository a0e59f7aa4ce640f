/**
 * The UI language at run time. Strings live in catalogues, one per area of the app (the screen's
 * chrome, the chat, the inspector, each skill's pages …) and language: `en/<area>.ts` ships with the
 * code that shows it; `pt/<area>.ts` and `de/<area>.ts` are fetched only when that language is on.
 * Brazilian Portuguese is `pt/<area>.ts` with `pt-BR/<area>.ts` laid over it: only the texts worded
 * otherwise in Brazil, for the areas that have any. An area is a reactive view of its current
 * catalogue: `AREA.key` or `AREA.key(params)` in a component follows a language change live.
 *
 * Switching loads every known area's catalogue first and then flips all of them at once, so a page
 * never shows two languages. Code loaded later (a skill page) waits for its catalogue through
 * `languageReady()` before it is shown. On the server the language is set synchronously by the root
 * layout just before its (synchronous) render, so concurrent requests cannot mix.
 */
import { catalogueOf, chooseLanguage, ENGLISH, isLang, LANG_KEY, type Catalogue, type Lang, type LanguageChoice } from './languages';
import type { Overrides } from './types';

type Loader<T> = () => Promise<{ readonly default: T }>;

/** The Portuguese and German catalogues of an area, as lazy imports, and its Brazilian wordings if it has any. */
export type Translations<T> = Readonly<Record<Exclude<Lang, 'en'>, Loader<T>>> & { readonly 'pt-BR'?: Loader<Overrides<T>> };

interface Area {
	load(catalogue: Catalogue): Promise<void>;
}

let current = $state<LanguageChoice>(ENGLISH);
/** The language areas should load as they appear (set before `current` flips to it). */
let wanted: Catalogue = 'en';
const areas: Area[] = [];
const pending = new Set<Promise<void>>();

function track(p: Promise<void>): void {
	pending.add(p);
	void p.finally(() => pending.delete(p));
}

/**
 * An area's messages: a live view of the current language's catalogue, English until (or unless)
 * the other one has loaded. Catalogues are typed by the English one, so a missing key is a type error.
 */
export function area<T extends object>(en: T, others: Translations<T>): T {
	const loaded: Partial<Record<Catalogue, T>> = { en };
	// Bumped when a catalogue arrives, so views showing English switch once theirs is in.
	let version = $state(0);
	const fetchCatalogue = (c: Exclude<Catalogue, 'en'>): Promise<T> =>
		c === 'pt-BR'
			? Promise.all([others.pt(), others['pt-BR']?.() ?? { default: {} }]).then(([pt, br]) => overlay(pt.default, br.default))
			: others[c]().then((m) => m.default);
	const a: Area = {
		load(catalogue) {
			if (loaded[catalogue]) return Promise.resolve();
			return fetchCatalogue(catalogue as Exclude<Catalogue, 'en'>).then(
				(t) => {
					loaded[catalogue] = t;
					version++;
				},
				// Offline and not cached: that area stays in English rather than blank.
				(e: unknown) => console.warn(`ovos-screen: the ${catalogue} texts could not be loaded`, e)
			);
		}
	};
	areas.push(a);
	if (wanted !== 'en') track(a.load(wanted));
	return new Proxy(en, {
		get(_, key) {
			void version;
			return Reflect.get(loaded[catalogueOf(current)] ?? en, key);
		}
	});
}

/** `base` with `over`'s texts in place of its own, group by group. */
export function overlay<T extends object>(base: T, over: Overrides<T>): T {
	const out = { ...base } as Record<string, unknown>;
	for (const [k, v] of Object.entries(over)) {
		const b = out[k];
		out[k] = v !== null && typeof v === 'object' && b !== null && typeof b === 'object' ? overlay(b, v as Overrides<object>) : v;
	}
	return out as T;
}

/** Loads every known area's catalogue for `choice` (and of areas that appear meanwhile). Never rejects. */
export async function loadLanguage(choice: LanguageChoice): Promise<void> {
	const catalogue = catalogueOf(choice);
	wanted = catalogue;
	await Promise.all(areas.map((a) => a.load(catalogue)));
	await languageReady();
}

/** Resolves once every catalogue being fetched has arrived (or failed). */
export async function languageReady(): Promise<void> {
	while (pending.size > 0) await Promise.all(pending);
}

/** Shows `choice` now (its catalogues should be loaded: `loadLanguage`); synchronous. */
export function useLanguage(choice: LanguageChoice): void {
	wanted = catalogueOf(choice);
	if (choice.lang !== current.lang || choice.locale !== current.locale) current = choice;
	if (typeof document !== 'undefined') document.documentElement.lang = choice.lang;
}

/** The language on screen. Reactive. */
export function currentLanguage(): Lang {
	return current.lang;
}

/** The locale for dates, times and numbers (Intl). Reactive. */
export function currentLocale(): string {
	return current.locale;
}

/** The choice saved in this browser, or null to follow the browser and the server's setting. */
export function savedLanguage(): Lang | null {
	try {
		const v = localStorage.getItem(LANG_KEY);
		return isLang(v) ? v : null;
	} catch {
		return null;
	}
}

/**
 * Saves a person's choice in this browser (null: back to the server's setting, if it has one, and
 * the browser's languages) and switches to it once its texts are loaded. The cookie lets the server
 * render every later page in it too.
 */
export async function setLanguage(code: Lang | null, serverSetting: string | null = null): Promise<void> {
	const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
	const choice = chooseLanguage({ saved: code, setting: serverSetting, browser });
	try {
		if (code) localStorage.setItem(LANG_KEY, code);
		else localStorage.removeItem(LANG_KEY);
		document.cookie = code ? `${LANG_KEY}=${code}; path=/; max-age=31536000; samesite=lax` : `${LANG_KEY}=; path=/; max-age=0`;
	} catch {
		/* storage disabled: the choice holds for this page only */
	}
	await loadLanguage(choice);
	useLanguage(choice);
}

/** A module loaded on demand, handed over once the texts it brought with it are in. */
export function withTexts<T>(module: Promise<T>): Promise<T> {
	return module.then(async (m) => {
		await languageReady();
		return m;
	});
}
