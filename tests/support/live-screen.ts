import { createActor } from 'xstate';
import type { OvosAddress } from '../../src/lib/protocol';
import { connectionLogic, type ConnectionEmitted, type PortWatchers, type Transport, type WireRecord } from '../../src/lib/connection';
import { wsTransport } from './ws-transport';

/**
 * The connection actor as ScreenClient runs it, over real sockets by default or over any transport
 * (a fake one in the machine tests): events in, snapshots and emitted effects out.
 */
export function liveScreen(address: OvosAddress, transport: Transport = wsTransport, guiId = `test-${Math.random()}`, watchers?: PortWatchers, pageHost = '127.0.0.1') {
	const actor = createActor(connectionLogic({ transport, watchers }), { input: { address, pageHost, guiId } });
	const notes: string[] = [];
	const frames: WireRecord[] = [];
	const emitted: ConnectionEmitted[] = [];
	actor.on('*', (e) => {
		emitted.push(e);
		if (e.type === 'note') notes.push(e.what);
		else if (e.type === 'wire') frames.push(e.frame);
		else frames.push(...e.frames);
	});
	let liveSince = 0;
	actor.subscribe((s) => {
		if (s.hasTag('live') && liveSince === 0) liveSince = performance.now();
		if (!s.hasTag('live')) liveSince = 0;
	});
	actor.start();
	return {
		actor,
		notes,
		frames,
		emitted,
		/** The screen model the actor holds. */
		model: () => actor.getSnapshot().context.model,
		isLive: () => actor.getSnapshot().hasTag('live'),
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
