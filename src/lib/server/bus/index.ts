/** The server's one shared core-bus connection, addressed only by server configuration. */
import { hostPart } from '../../protocol/address';
import { config } from '../config';
import { reachability } from '../reachability';
import { BusClient } from './client';

export { BusClient, BusUnavailableError, type BusClientOptions, type BusListener, type BusStats, type OpenListener } from './client';

export function coreBusUrl(host: string, port: number): string {
	return `ws://${hostPart(host)}:${port}/core`;
}

let shared: BusClient | undefined;

/** The process-wide bus client, created (and started) on first use from `config()`. */
export function sharedBus(): BusClient {
	if (!shared) {
		const c = config();
		const bus = new BusClient({ url: coreBusUrl(c.busHost, c.ovos.busPort) });
		const reach = reachability(c.busHost);
		bus.onOpen(() => reach.connected('messagebus'));
		bus.onFail((why) => reach.failed('messagebus', c.ovos.busPort, why));
		bus.start();
		// The server entry emits this on SIGINT/SIGTERM (server/index.js); a reconnecting
		// socket left open would keep the process alive.
		process.once('sveltekit:shutdown', () => void bus.close());
		shared = bus;
	}
	return shared;
}
