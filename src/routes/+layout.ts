// The chrome's texts are known before the first language load, so they arrive with it.
import '$lib/i18n/app';
import { loadLanguage } from '$lib/i18n/runtime.svelte';
import { setPageFiles } from '$lib/templates/page-files.svelte';

/** The page's language (decided by the server: +layout.server.ts) has its texts in before anything renders or hydrates. */
export async function load({ data }) {
	setPageFiles(data.pageFiles);
	await loadLanguage(data.i18n);
	return data;
}
