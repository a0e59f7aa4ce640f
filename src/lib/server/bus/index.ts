/** The server's one shared core-bus connection, addressed only by server configuration. */
import { config } from '../config';
import { BusClient } from './client';

export { BusClient, BusUnavailableError, type BusClientOptions, type BusListener, type BusStats } from './client';

export function coreBusUrl(host: string, port: number): string {
	const h = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
	return `ws://${h}:${port}/core`;
}

let shared: BusClient | undefined;

/** The process-wide bus client, created (and started) on first use from `config()`. */
export function sharedBus(): BusClient {
	if (!shared) {
		const c = config();
		shared = new BusClient({ url: coreBusUrl(c.busHost, c.ovos.busPort) });
		shared.start();
	}
	return shared;
}
