/**
 * The UI language, for pages and settings: the languages on offer, the current one, and how to
 * change it. Each area's texts are imported from its own module (`$lib/i18n/app`, `…/weather`),
 * never from here, so code loads only the texts it shows.
 */
export { LANGUAGES, chooseLanguage, fill, isLang, langOf, slots, type Lang, type LanguageChoice } from './languages';
export { plural } from './plural';
export { currentLanguage, currentLocale, languageReady, loadLanguage, savedLanguage, setLanguage, useLanguage } from './runtime.svelte';
