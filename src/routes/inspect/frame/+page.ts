import { languageReady } from '$lib/i18n/runtime.svelte';

// The page workbench's preview: drawn in the browser from what the workbench posts; nothing to render on the server.
export const ssr = false;

export async function load({ parent }) {
	await parent();
	await languageReady();
}
