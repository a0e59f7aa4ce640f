/**
 * Starts what the browser tests share: one quiet simulator (skills on, no demo) on free ports, and the
 * built app (`node build`) on a free port pointed at it through the environment, exactly as a user
 * would point it at a device. Tests that need a private simulator start their own and open the page
 * with `?host=127.0.0.1&guiPort=…&busPort=…`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { startSimulator } from '../src/lib/server/simulator';

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = createServer();
		srv.once('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

async function waitForHttp(url: string, ms: number): Promise<void> {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		try {
			const r = await fetch(url);
			if (r.ok || r.status < 500) return;
		} catch {
			/* not up yet */
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`app did not answer at ${url} within ${ms} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false });
	const port = await freePort();
	const app = spawn(process.execPath, ['build'], {
		env: {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: `http://127.0.0.1:${port}`,
			OVOS_HOST: '127.0.0.1',
			OVOS_BUS_PORT: String(sim.busPort),
			OVOS_GUI_PORT: String(sim.guiPort)
		},
		stdio: ['ignore', 'inherit', 'inherit']
	});
	const url = `http://127.0.0.1:${port}`;
	await waitForHttp(url, 15_000);
	process.env.APP_URL = url;
	process.env.SIM_BUS_PORT = String(sim.busPort);
	process.env.SIM_GUI_PORT = String(sim.guiPort);
	return async () => {
		app.kill('SIGTERM');
		await sim.stop();
	};
}
