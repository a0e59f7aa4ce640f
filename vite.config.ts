import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { staticPreloads } from './server/preloads.js';

export default defineConfig({
	plugins: [tailwindcss(), sveltekit(), staticPreloads()],
	test: {
		include: ['tests/**/*.test.ts'],
		environment: 'node',
		testTimeout: 20_000
	}
});
