import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './scripts/chromium.mjs';

export default defineConfig({
	testDir: 'e2e',
	// Two cores: the app server, simulators and Chromium share them.
	workers: 1,
	timeout: 30_000,
	expect: { timeout: 5_000 },
	retries: process.env.CI ? 1 : 0,
	reporter: [['list']],
	globalSetup: './e2e/global-setup.ts',
	use: {
		browserName: 'chromium',
		viewport: { width: 800, height: 480 },
		launchOptions: CHROMIUM_LAUNCH,
		trace: 'off'
	}
});
