import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { formBindingsApart } from './server/form-bindings.js';
import { staticPreloads } from './server/preloads.js';
import { themeCss } from './scripts/theme-css.js';

export default defineConfig({
	plugins: [tailwindcss(), sveltekit(), staticPreloads(), formBindingsApart()],
	// Colour-scheme media queries also follow a theme chosen on <html data-theme> (scripts/theme-css.js).
	css: { postcss: { plugins: [themeCss()] } },
	test: {
		include: ['tests/**/*.test.ts'],
		environment: 'node',
		testTimeout: 20_000
	}
});
