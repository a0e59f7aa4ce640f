/**
 * The embedded default (issue 3): with no OVOS_HOST, the app's server runs the simulator itself on
 * the configured ports, with the demo on, so a fresh `npm start` opens on a live screen.
 */
import { join } from 'node:path';
import type { OvosAddress } from '../../protocol/address';
import { dataDir } from '../agent/secret';
import { consoleLogger } from './log';
import { PortInUseError } from './listen';
import { startSimulator, type Simulator } from './index';

const KEY = Symbol.for('ovos-screen.embedded-simulator');
type Holder = { [KEY]?: Promise<Simulator> };

/** Starts once per process (a dev-server reload reuses the running one). */
export function startEmbedded(address: OvosAddress): Promise<Simulator> {
	const g = globalThis as Holder;
	g[KEY] ??= (async () => {
		try {
			const sim = await startSimulator({
				host: '127.0.0.1',
				busPort: address.busPort,
				guiPort: address.guiPort,
				skills: true,
				demo: true,
				// A GUI cache of its own, never a real ovos-gui's `~/.cache/ovos_gui` on the same machine.
				guiCache: join(dataDir(), 'ovos_gui'),
				log: (level, message) => {
					if (level === 'warn' || level === 'error') consoleLogger()(level, message);
				}
			});
			// adapter-node closes its HTTP server on SIGINT/SIGTERM and then emits this; the simulator's
			// sockets must close too, or they would keep the process alive.
			process.once('sveltekit:shutdown', () => void sim.stop());
			const port = process.env.PORT ?? '3000';
			console.log(`ovos-screen: no OVOS_HOST set, running the embedded OVOS simulator (messagebus ${sim.busUrl}, ovos-gui ${sim.guiUrl}, demo on)`);
			console.log(`ovos-screen: open http://localhost:${port}/  (set OVOS_HOST to use a real device; OVOS_SIMULATOR=off to disable)`);
			return sim;
		} catch (e) {
			delete g[KEY];
			if (e instanceof PortInUseError) {
				console.error(`ovos-screen: ${e.message} Set OVOS_BUS_PORT / OVOS_GUI_PORT, or OVOS_HOST to use that OVOS instead.`);
			}
			throw e;
		}
	})();
	return g[KEY];
}
