import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { devRelay } from './server/dev-relay.js';
import { formBindingsApart } from './server/form-bindings.js';
import { staticPreloads } from './server/preloads.js';
import { themeCss } from './scripts/theme-css.js';

export default defineConfig({
	plugins: [tailwindcss(), sveltekit(), staticPreloads(), formBindingsApart(), devRelay()],
	// Colour-scheme media queries also follow a theme chosen on <html data-theme> (scripts/theme-css.js).
	css: { postcss: { plugins: [themeCss()] } },
	// A lazily loaded part (a page's renderer, the chat, the overlays) brings its stylesheets with it,
	// but not a list of its code's own imports: the browser finds those as it loads it (the offline
	// shell has them all after the first visit; a server-rendered page preloads its own). Each list
	// sat in the screen's first chunk, ~2.3 KiB gzip of file names for every template (issue 22.4).
	build: { modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => d.endsWith('.css')) } },
	test: {
		include: ['tests/**/*.test.ts'],
		environment: 'node',
		// Most unit tests wait (sockets, child processes, timers) rather than compute: two files at a
		// time on two cores (Vitest's default there is one) take about a fifth less time.
		maxWorkers: 2,
		testTimeout: 20_000
	}
});
