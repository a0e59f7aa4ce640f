import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run'
];

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
		launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
		trace: 'off'
	}
});
