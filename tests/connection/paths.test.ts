// Model-based: every state of the connection machine, and of the socket lifecycle it invokes, reached
// by its shortest path of events (XState's own graph traversal), replayed against the real actors
// over fake sockets. In every state a socket exists exactly while the state that invokes it lasts
// (a resource lives exactly as long as the state that invoked it), and the tags say what the views ask.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createEmptyActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { connectionLogic, connectionMachine, lifecycleLogic, lifecycleMachine, type ConnectionEvent, type ConnectionInput, type ConnectionSnapshot } from '../../src/lib/connection';
import { socketLogic } from '../../src/lib/connection/socket';
import type { LifecycleEvent, LifecycleInput } from '../../src/lib/connection/socket-lifecycle.machine';
import type { OvosAddress } from '../../src/lib/protocol';
import { fakeTransport, fakeWatchers, type FakeSocket } from './fake-socket';

const PORT = JSON.stringify({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
// What the sockets' lifecycles tell the connection machine, and what the page tells it. (A sleep's
// effect is the lifecycles': they are checked below and in liveness.test.ts.)
const EVENTS: ConnectionEvent[] = [
	{ type: 'gui.open', via: 'direct' },
	{ type: 'gui.closed', code: 1006, reason: '' },
	{ type: 'bus.open', via: 'direct' },
	{ type: 'bus.closed', code: 1006, reason: '' },
	{ type: 'bus.frame', raw: PORT },
	{ type: 'wake' }
];

const value = (s: { value: unknown }) => JSON.stringify(s.value);
const pending = (sockets: FakeSocket[], kind: 'gui' | 'core') => sockets.filter((s) => s.url.endsWith(`/${kind}`) && s.readyState !== 3);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each(['gui', 'full'] as const)('the connection machine: every state by its shortest path (%s handshake)', (handshake) => {
	const address: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake, via: 'direct' };
	const input: ConnectionInput = { address, pageHost: '10.0.0.5', guiId: 'me' };
	const paths = getShortestPaths(connectionMachine, { input, events: EVENTS, serializeState: value });

	it('reaches the states each mode has', () => {
		const states = new Set(paths.map((p) => value(p.state)));
		expect(states.size).toBeGreaterThanOrEqual(handshake === 'full' ? 12 : 3);
	});

	it.each(paths.map((p) => [value(p.state), p] as const))('%s', (_name, path) => {
		const t = fakeTransport();
		const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => false).watchers }), { input });
		actor.start();
		for (const step of path.steps) {
			// The first step is the machine's own start (`xstate.init`): nothing to send.
			if ((step.event as { type: string }).type === 'xstate.init') continue;
			const e = step.event as ConnectionEvent;
			// What a socket says comes from the fake socket itself, through its lifecycle; a socket
			// that is down is tried again when its lifecycle is woken.
			const socket = (kind: 'gui' | 'core') => {
				if (pending(t.sockets, kind).length === 0) actor.getSnapshot().children[kind === 'gui' ? 'guiSocket' : 'busSocket']?.send({ type: 'wake' });
				return pending(t.sockets, kind).at(-1);
			};
			if (e.type === 'gui.open') socket('gui')?.open();
			else if (e.type === 'gui.closed') pending(t.sockets, 'gui').at(-1)?.drop();
			else if (e.type === 'bus.open') socket('core')?.open();
			else if (e.type === 'bus.closed') pending(t.sockets, 'core').at(-1)?.drop();
			else if (e.type === 'bus.frame') pending(t.sockets, 'core').at(-1)?.receive(e.raw);
			else actor.send(e);
			const snap: ConnectionSnapshot = actor.getSnapshot();
			expect(value(snap)).toBe(value(step.state));
			expect(pending(t.sockets, 'gui').length).toBe(snap.matches({ gui: { socket: 'down' } }) || snap.matches({ gui: 'waitingForPort' }) ? 0 : 1);
			expect(pending(t.sockets, 'core').length).toBe(snap.matches({ bus: 'socket' }) && !snap.matches({ bus: { socket: 'down' } }) ? 1 : 0);
			expect(snap.hasTag('live')).toBe(snap.matches({ gui: { socket: 'live' } }));
			expect(snap.hasTag('offline')).toBe(snap.matches({ gui: { socket: 'down' } }));
			expect(snap.hasTag('bus-open')).toBe(snap.matches({ bus: { socket: 'open' } }));
		}
		actor.stop();
		expect(t.sockets.filter((s) => s.readyState !== 3)).toEqual([]);
	});
});

describe.each(['direct', 'app'] as const)('the socket lifecycle: every state by its shortest path (via %s)', (via) => {
	const LIFE: LifecycleEvent[] = [
		{ type: 'open' },
		{ type: 'closed', code: 1006, reason: '' },
		{ type: 'quiet' },
		{ type: 'heard' },
		{ type: 'pong' },
		{ type: 'wake' },
		{ type: 'slept' }
	];
	const input: LifecycleInput = { kind: 'gui', url: 'ws://10.0.0.5:18181/gui', direct: null, port: 18181, via, share: 1, owner: createEmptyActor() };
	const paths = getShortestPaths(lifecycleMachine, { input, events: LIFE, serializeState: value });

	it('reaches opening, live (listening, checking), and down', () => {
		const states = [...new Set(paths.map((p) => value(p.state)))].join(' ');
		for (const s of ['opening', 'listening', via === 'app' ? 'pinging' : 'asking', 'down']) expect(states).toContain(s);
	});

	it.each(paths.map((p) => [value(p.state), p] as const))('%s', (_name, path) => {
		const t = fakeTransport();
		const actor = createActor(lifecycleLogic({ socket: socketLogic(t.transport), watchers: fakeWatchers(() => false).watchers }), { input });
		actor.start();
		for (const step of path.steps) {
			if ((step.event as { type: string }).type === 'xstate.init') continue;
			const e = step.event as LifecycleEvent;
			// Open and close come from the fake socket itself; the rest as its socket actor would say them.
			if (e.type === 'open') pending(t.sockets, 'gui').at(-1)?.open();
			else if (e.type === 'closed') pending(t.sockets, 'gui').at(-1)?.drop();
			else actor.send(e);
			const snap = actor.getSnapshot();
			expect(value(snap)).toBe(value(step.state));
			expect(pending(t.sockets, 'gui').length).toBe(snap.matches('connected') ? 1 : 0);
			expect(snap.hasTag('connecting')).toBe(snap.matches({ connected: 'opening' }));
			expect(snap.hasTag('live')).toBe(snap.matches({ connected: 'live' }));
			expect(snap.hasTag('offline')).toBe(snap.matches('down'));
		}
		actor.stop();
		expect(t.sockets.filter((s) => s.readyState !== 3)).toEqual([]);
	});
});
