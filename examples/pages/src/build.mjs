/**
 * Builds the Svelte example into a page file: `npm run build:example-pages` (`-- DIR`: into DIR
 * instead, as the test that checks the committed file is this build does). One self-contained ES
 * module (Svelte's runtime inside, nothing imported at run time), compiled with this project's own
 * Svelte as a custom element. Its output is committed beside the hand-written example, so the
 * folder works as OVOS_SCREEN_PAGES as it is.
 */
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

// The same output whoever runs it (a test runner sets NODE_ENV=test, which would build Svelte's development runtime).
process.env.NODE_ENV = 'production';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

await build({
	configFile: false,
	mode: 'production',
	logLevel: 'warn',
	plugins: [svelte({ configFile: false, compilerOptions: { customElement: true } })],
	build: {
		lib: { entry: here('./date-time-time/index.js'), formats: ['es'], fileName: () => 'time.js' },
		outDir: process.argv[2] ?? here('../ovos-skill-date-time.openvoiceos'),
		emptyOutDir: false,
		minify: true,
		copyPublicDir: false
	}
});
