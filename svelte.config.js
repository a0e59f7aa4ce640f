import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
export default {
	preprocess: vitePreprocess(),
	kit: {
		// Small stylesheets (each template's own) go inline: no render-blocking request per component.
		inlineStyleThreshold: 4096,
		adapter: adapter(),
		// Cross-origin form/JSON posts are refused by SvelteKit's own origin check.
		csrf: { trustedOrigins: [] },
		// Browser tests and benchmarks are type-checked with the rest (`npm run check`).
		typescript: {
			config: (tsconfig) => {
				tsconfig.include.push('../e2e/**/*.ts', '../bench/**/*.ts', '../playwright.config.ts');
			}
		}
	}
};
