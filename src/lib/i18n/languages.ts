/**
 * The UI languages and how one is chosen. Pure. The server decides for each page it serves
 * (`requestLanguage`), so the page it renders and the browser that hydrates it always agree; a
 * choice made in the browser (`setLanguage`) goes through the same `chooseLanguage`.
 */

export type Lang = 'en' | 'pt' | 'de';

/** Every UI language, in its own name: what a language picker lists. */
export const LANGUAGES: readonly { readonly code: Lang; readonly name: string }[] = [
	{ code: 'en', name: 'English' },
	{ code: 'pt', name: 'Português' },
	{ code: 'de', name: 'Deutsch' }
];

/** Where a language choice is kept in the browser (localStorage and a cookie the server reads). */
export const LANG_KEY = 'ovos-screen.lang';

/** The locale for dates and numbers when the browser names none of the chosen language's. */
const DEFAULT_LOCALE: Readonly<Record<Lang, string>> = { en: 'en-US', pt: 'pt-PT', de: 'de-DE' };

export interface LanguageChoice {
	readonly lang: Lang;
	/** BCP 47 locale for Intl (the browser's own variant of `lang` when it has one: en-GB, pt-BR, de-AT). */
	readonly locale: string;
}

export const ENGLISH: LanguageChoice = { lang: 'en', locale: 'en-US' };

/**
 * The texts a choice is shown in: its language, or a regional variant of it that words some texts
 * its own way. Brazilian Portuguese ("arquivo", "Salvar", "tela") is the only one: European
 * Portuguese texts with the Brazilian ones laid over them where the two differ.
 */
export type Catalogue = Lang | 'pt-BR';

export function catalogueOf(choice: LanguageChoice): Catalogue {
	return choice.lang === 'pt' && /^pt-br\b/i.test(choice.locale) ? 'pt-BR' : choice.lang;
}

export function isLang(v: unknown): v is Lang {
	return v === 'en' || v === 'pt' || v === 'de';
}

/** The UI language of a BCP 47 tag ("pt-BR" → pt, "DE" → de), or null when we have none for it. */
export function langOf(tag: string | null | undefined): Lang | null {
	if (typeof tag !== 'string') return null;
	const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
	return isLang(primary) ? primary : null;
}

/** A well-formed locale tag, or null (a hostile header must not reach Intl, which throws on junk). */
function validLocale(tag: string): string | null {
	try {
		return Intl.getCanonicalLocales(tag.trim())[0] ?? null;
	} catch {
		return null;
	}
}

export interface ChoiceInputs {
	/** The page's `?lang=` option (this page only). */
	readonly url?: string | null;
	/** The choice a person saved in this browser (localStorage / cookie). */
	readonly saved?: string | null;
	/** The server's configured language (its settings), if any. */
	readonly setting?: string | null;
	/** The browser's languages, most wanted first (navigator.languages, or Accept-Language). */
	readonly browser?: readonly string[];
}

/**
 * The UI language: the URL option, else the saved choice, else the server's setting, else the
 * first of the browser's languages we have (["fr-FR", "de"] → de), else English. The locale is
 * the browser's own tag for that language when it lists one, else the language's usual one.
 */
export function chooseLanguage(inputs: ChoiceInputs): LanguageChoice {
	const browser = inputs.browser ?? [];
	const lang = langOf(inputs.url) ?? langOf(inputs.saved) ?? langOf(inputs.setting) ?? firstOf(browser) ?? 'en';
	// An explicit regional tag ("?lang=pt-BR") is the locale itself.
	const explicit = [inputs.url, inputs.saved, inputs.setting].find((t) => langOf(t) === lang && t?.includes('-'));
	const local = explicit ?? browser.find((t) => langOf(t) === lang && t.includes('-'));
	return { lang, locale: (local && validLocale(local)) || DEFAULT_LOCALE[lang] };
}

function firstOf(tags: readonly string[]): Lang | null {
	for (const t of tags) {
		const l = langOf(t);
		if (l) return l;
	}
	return null;
}

/** An Accept-Language header as tags, most wanted first ("de-DE,de;q=0.9,en;q=0.8" → [de-DE, de, en]). */
export function acceptLanguages(header: string | null | undefined): string[] {
	if (!header) return [];
	return header
		.slice(0, 512)
		.split(',')
		.map((part, i) => {
			const [tag = '', ...params] = part.trim().split(';');
			const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
			return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
		})
		.filter((t) => t.tag !== '' && t.tag !== '*' && Number.isFinite(t.q) && t.q > 0)
		.sort((a, b) => b.q - a.q || a.i - b.i)
		.map((t) => t.tag);
}

/**
 * The language a request asks for: its `?lang=`, the browser's saved choice (the cookie that
 * `setLanguage` writes beside localStorage), the server's setting, then the browser's own
 * languages as it sends them with every request (Accept-Language: navigator.languages, in order).
 */
export function requestLanguage(url: URL, headers: Headers, setting: string | null = null): LanguageChoice {
	return chooseLanguage({
		url: url.searchParams.get('lang'),
		saved: cookieLanguage(headers.get('cookie')),
		setting,
		browser: acceptLanguages(headers.get('accept-language'))
	});
}

/** The saved choice in a Cookie header, if any. */
export function cookieLanguage(header: string | null | undefined): string | null {
	if (!header) return null;
	for (const part of header.split(';')) {
		const [k, v] = part.split('=');
		if (k?.trim() === LANG_KEY) return v?.trim() ?? null;
	}
	return null;
}

/**
 * A message with `{name}` slots (where a component puts markup, e.g. a code span) as pieces:
 * "Nothing lives at {path}." → [{text: 'Nothing lives at '}, {slot: 'path'}, {text: '.'}].
 */
export function slots(message: string): { readonly text?: string; readonly slot?: string }[] {
	return message
		.split(/(\{\w+\})/)
		.filter((p) => p !== '')
		.map((p) => (/^\{\w+\}$/.test(p) ? { slot: p.slice(1, -1) } : { text: p }));
}

/** A message with `{name}` slots filled in as text ("Server: {value}" → "Server: dark"); an unknown slot stays as written. */
export function fill(message: string, values: Readonly<Record<string, string | number>>): string {
	return message.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
