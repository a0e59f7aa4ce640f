import type { OvosAddress } from '../../src/lib/protocol';
import { Connection, WireSession, type ConnectionHooks, type PortWatchers, type SocketLike, type Transport } from '../../src/lib/connection';
import { wsTransport } from './ws-transport';

/**
 * The connection and a wire session wired as ScreenClient wires them, over real sockets by
 * default or over any transport (a fake one in the machine tests).
 */
export function liveScreen(address: OvosAddress, transport: Transport = wsTransport, guiId = `test-${Math.random()}`, watchers?: PortWatchers) {
	const session = new WireSession();
	const sockets: Record<string, SocketLike | undefined> = {};
	let liveSince = 0;
	const hooks: ConnectionHooks = {
		open: (kind, s) => {
			sockets[kind] = s;
			if (kind === 'gui') session.reset();
		},
		frame: (kind, raw) => (kind === 'gui' ? session.guiIn(raw) : session.busIn(raw)),
		closed: (kind) => (sockets[kind] = undefined),
		sendBus: (m) => sockets.bus?.send(JSON.stringify(m)),
		sendGui: (m) => sockets.gui?.send(JSON.stringify(m)),
		note: () => {}
	};
	const actor = new Connection({ address, pageHost: '127.0.0.1', guiId, transport, hooks, watchers });
	actor.subscribe((s) => {
		if (s.gui === 'live' && liveSince === 0) liveSince = performance.now();
		if (s.gui !== 'live') liveSince = 0;
	});
	actor.start();
	return {
		session,
		actor,
		isLive: () => actor.live,
		liveSince: () => liveSince,
		stop: () => actor.stop()
	};
}

export async function until(cond: () => boolean, ms = 5000, step = 5): Promise<number> {
	const t0 = performance.now();
	while (!cond()) {
		if (performance.now() - t0 > ms) throw new Error(`condition not met within ${ms} ms`);
		await new Promise((r) => setTimeout(r, step));
	}
	return performance.now() - t0;
}
