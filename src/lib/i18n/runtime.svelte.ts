/**
 * The UI language at run time. Strings live in catalogues, one per area of the app (the screen's
 * chrome, the chat, the inspector, each skill's pages …) and language: `en/<area>.ts` ships with the
 * code that shows it; `pt/<area>.ts` and `de/<area>.ts` are fetched only when that language is on.
 * An area is a reactive view of its current catalogue: `AREA.key` or `AREA.key(params)` in a
 * component follows a language change live.
 *
 * Switching loads every known area's catalogue first and then flips all of them at once, so a page
 * never shows two languages. Code loaded later (a skill page) waits for its catalogue through
 * `languageReady()` before it is shown. On the server the language is set synchronously by the root
 * layout just before its (synchronous) render, so concurrent requests cannot mix.
 */
import { chooseLanguage, ENGLISH, isLang, LANG_KEY, type Lang, type LanguageChoice } from './languages';

type Loader<T> = () => Promise<{ readonly default: T }>;

/** The Portuguese and German catalogues of an area, as lazy imports. */
export type Translations<T> = Readonly<Record<Exclude<Lang, 'en'>, Loader<T>>>;

interface Area {
	load(lang: Lang): Promise<void>;
}

let current = $state<LanguageChoice>(ENGLISH);
/** The language areas should load as they appear (set before `current` flips to it). */
let wanted: Lang = 'en';
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
	const loaded: Partial<Record<Lang, T>> = { en };
	// Bumped when a catalogue arrives, so views showing English switch once theirs is in.
	let version = $state(0);
	const a: Area = {
		load(lang) {
			if (loaded[lang]) return Promise.resolve();
			return others[lang as Exclude<Lang, 'en'>]().then(
				(m) => {
					loaded[lang] = m.default;
					version++;
				},
				// Offline and not cached: that area stays in English rather than blank.
				(e: unknown) => console.warn(`ovos-screen: the ${lang} texts could not be loaded`, e)
			);
		}
	};
	areas.push(a);
	if (wanted !== 'en') track(a.load(wanted));
	return new Proxy(en, {
		get(_, key) {
			void version;
			return Reflect.get(loaded[current.lang] ?? en, key);
		}
	});
}

/** Loads every known area's catalogue of `lang` (and of areas that appear meanwhile). Never rejects. */
export async function loadLanguage(lang: Lang): Promise<void> {
	wanted = lang;
	await Promise.all(areas.map((a) => a.load(lang)));
	await languageReady();
}

/** Resolves once every catalogue being fetched has arrived (or failed). */
export async function languageReady(): Promise<void> {
	while (pending.size > 0) await Promise.all(pending);
}

/** Shows `choice` now (its catalogues should be loaded: `loadLanguage`); synchronous. */
export function useLanguage(choice: LanguageChoice): void {
	wanted = choice.lang;
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
	await loadLanguage(choice.lang);
	useLanguage(choice);
}

/** A module loaded on demand, handed over once the texts it brought with it are in. */
export function withTexts<T>(module: Promise<T>): Promise<T> {
	return module.then(async (m) => {
		await languageReady();
		return m;
	});
}
