import { languageReady } from '$lib/i18n/runtime.svelte';

// The dashboard is a live client of the device: nothing to render on the server.
export const ssr = false;

/** The page's own texts (fetched with it when the language is not English) are in before it shows. */
export async function load({ parent }) {
	await parent();
	await languageReady();
}
