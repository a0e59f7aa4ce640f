import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { freshBuilds } from './server/builds.js';

/** @type {import('@sveltejs/kit').Config} */
export default {
	preprocess: vitePreprocess(),
	kit: {
		// Small stylesheets (each template's own) go inline: no render-blocking request per component.
		inlineStyleThreshold: 4096,
		// Each build in a fresh folder, `build` switched to it when complete: a running app survives any later build.
		adapter: freshBuilds((out) => adapter({ out })),
		// Cross-site posts are refused by our own check (hooks.server.ts), which knows the address the
		// browser used; SvelteKit's guesses https when ORIGIN is unset and refused the app's own pages.
		csrf: { trustedOrigins: ['*'] },
		// The offline shell is registered by app.html after the first paint, with its update rules.
		serviceWorker: { register: false },
		// Browser tests and benchmarks are type-checked with the rest (`npm run check`).
		typescript: {
			config: (tsconfig) => {
				tsconfig.include.push('../e2e/**/*.ts', '../bench/**/*.ts', '../playwright.config.ts');
			}
		}
	}
};
