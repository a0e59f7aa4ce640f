/** Plural forms, for the catalogues' message functions (its own module: only catalogues with counts load it). */
const rules = new Map<string, Intl.PluralRules>();

/**
 * The plural form of `n` in `locale`: `forms.one` when the language says "one", else `forms.other`.
 * English, Portuguese and German need no more forms than these two.
 */
export function plural(locale: string, n: number, forms: { readonly one: string; readonly other: string }): string {
	let r = rules.get(locale);
	if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
	return r.select(n) === 'one' ? forms.one : forms.other;
}
