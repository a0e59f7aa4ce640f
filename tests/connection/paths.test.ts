// Model-based: every state of the connection machine reached by its shortest path of events (XState's
// own graph traversal), replayed against the real actor over fake sockets. In every state a socket
// exists exactly while the state that invokes it lasts: one GUI socket in gui.connected, none
// elsewhere; one bus socket in bus.connected, none elsewhere (issue 22: a resource lives exactly as
// long as the state that invoked it). And the tags say what the views ask.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { connectionLogic, connectionMachine, type ConnectionEvent, type ConnectionInput, type ConnectionSnapshot } from '../../src/lib/connection';
import type { OvosAddress } from '../../src/lib/protocol';
import { fakeTransport, fakeWatchers, type FakeSocket } from './fake-socket';

const PORT = JSON.stringify({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
const EVENTS: ConnectionEvent[] = [
	{ type: 'gui.open' },
	{ type: 'gui.closed', code: 1006, reason: '' },
	{ type: 'gui.answers' },
	{ type: 'gui.retry' },
	{ type: 'bus.open' },
	{ type: 'bus.closed', code: 1006, reason: '' },
	{ type: 'bus.answers' },
	{ type: 'bus.retry' },
	{ type: 'bus.frame', raw: PORT },
	{ type: 'wake' },
	{ type: 'slept', ms: 60_000 }
];

const value = (s: ConnectionSnapshot) => JSON.stringify(s.value);
const pending = (sockets: FakeSocket[], kind: 'gui' | 'core') => sockets.filter((s) => s.url.endsWith(`/${kind}`) && s.readyState !== 3);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each(['gui', 'full'] as const)('every state by its shortest path (%s handshake)', (handshake) => {
	const address: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake, via: 'direct' };
	const input: ConnectionInput = { address, pageHost: '10.0.0.5', guiId: 'me' };
	const paths = getShortestPaths(connectionMachine, { input, events: EVENTS, serializeState: value });

	it('reaches the states each mode has', () => {
		const states = new Set(paths.map((p) => value(p.state)));
		expect(states.size).toBeGreaterThanOrEqual(handshake === 'full' ? 15 : 3);
	});

	it.each(paths.map((p) => [value(p.state), p] as const))('%s', (_name, path) => {
		const t = fakeTransport();
		const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => false).watchers }), { input });
		actor.start();
		for (const step of path.steps) {
			// The first step is the machine's own start (`xstate.init`): nothing to send.
			if ((step.event as { type: string }).type === 'xstate.init') continue;
			const e = step.event as ConnectionEvent;
			// What a socket says comes from the fake socket itself, through the socket actor.
			if (e.type === 'gui.open') pending(t.sockets, 'gui').at(-1)?.open();
			else if (e.type === 'gui.closed') pending(t.sockets, 'gui').at(-1)?.drop();
			else if (e.type === 'bus.open') pending(t.sockets, 'core').at(-1)?.open();
			else if (e.type === 'bus.closed') pending(t.sockets, 'core').at(-1)?.drop();
			else if (e.type === 'bus.frame') pending(t.sockets, 'core').at(-1)?.receive(e.raw);
			else actor.send(e);
			const snap = actor.getSnapshot();
			expect(value(snap)).toBe(value(step.state));
			expect(pending(t.sockets, 'gui').length).toBe(snap.matches({ gui: 'connected' }) ? 1 : 0);
			expect(pending(t.sockets, 'core').length).toBe(snap.matches({ bus: 'connected' }) ? 1 : 0);
			expect(snap.hasTag('live')).toBe(snap.matches({ gui: { connected: 'live' } }));
			expect(snap.hasTag('offline')).toBe(snap.matches({ gui: 'down' }));
		}
		actor.stop();
		expect(t.sockets.filter((s) => s.readyState !== 3)).toEqual([]);
	});
});
