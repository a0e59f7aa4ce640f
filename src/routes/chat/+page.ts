import { languageReady } from '$lib/i18n/runtime.svelte';

// The chat lives in localStorage: render it in the browser only.
export const ssr = false;

/** The page's own texts (fetched with it when the language is not English) are in before it shows. */
export async function load({ parent }) {
	await parent();
	await languageReady();
}
