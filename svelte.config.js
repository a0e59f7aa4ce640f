import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
export default {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter(),
		// Cross-origin form/JSON posts are refused by SvelteKit's own origin check.
		csrf: { trustedOrigins: [] }
	}
};
