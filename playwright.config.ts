import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './scripts/chromium.mjs';

// Two workers on two cores: most of a browser test is waiting (on a socket, a timer, a render), so a
// second one fills that time. Each worker has its own shared app and simulator (global-setup.ts): a
// test's load, connection limits and shared-simulator state stay within its worker. The config is
// read again in every worker, which picks its own pair here.
const WORKERS = 2;
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined) {
	for (const key of ['APP_URL', 'SIM_BUS_PORT', 'SIM_GUI_PORT']) process.env[key] = process.env[`${key}_${slot}`];
}

export default defineConfig({
	testDir: 'e2e',
	workers: WORKERS,
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
