/**
 * Starts what the browser tests share, once per worker (playwright.config.ts hands each worker its
 * own): a quiet simulator (skills on, no demo) on free ports, and the built app (`node build`) on a
 * free port pointed at it through the environment, exactly as a user would point it at a device.
 * Tests that need a private simulator start their own and open the page with
 * `?host=127.0.0.1&guiPort=…&busPort=…`.
 */
import type { FullConfig } from '@playwright/test';
import { startSimulator } from '../simulator';
import { startApp } from '../tests/support/app';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
	const pairs = await Promise.all(
		Array.from({ length: Math.max(1, config.workers) }, async (_, slot) => {
			const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false });
			const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort) });
			process.env[`APP_URL_${slot}`] = app.url;
			process.env[`SIM_BUS_PORT_${slot}`] = String(sim.busPort);
			process.env[`SIM_GUI_PORT_${slot}`] = String(sim.guiPort);
			return { sim, app };
		})
	);
	return async () => {
		for (const { app, sim } of pairs) {
			await app.stop();
			await sim.stop();
		}
	};
}
