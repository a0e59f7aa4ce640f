/** The server's one bus window, on the shared core-bus connection the chat agent also uses. */
import { sharedBus } from '../bus';
import { defaultDeps, type WindowHttpDeps } from './http';
import { BusWindowServer } from './window';

export { FROM_BUS, TO_BUS, ANNOUNCED_ACTIONS, MAX_REQUEST_BYTES, MAX_EVENT_BYTES } from './allow-list';
export { Announced, sameJson } from './announced';
export { defaultDeps, postToBus, STREAM_SLOTS, streamFromBus, type WindowHttpDeps } from './http';
export { BusWindowServer, type WindowBus, type WindowFrame, type WindowLog, type WindowStats } from './window';

let deps: WindowHttpDeps | undefined;

/** What `/api/bus` runs with in this server (created on first use). */
export function busWindowDeps(): WindowHttpDeps {
	if (!deps) {
		const window = new BusWindowServer({ bus: sharedBus() });
		deps = defaultDeps(window);
		// adapter-node's graceful shutdown waits for open connections: end the event streams at once.
		for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => window.close());
	}
	return deps;
}
