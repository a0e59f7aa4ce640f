/**
 * Owns the sockets (design.md): in `gui` mode it connects straight to ovos-gui's GUI socket and
 * announces itself flat (spec §1.3); in `full` mode it first does Qt's handshake on the core bus —
 * `mycroft.gui.connected` with our `gui_id`, re-sent until the matching `mycroft.gui.port` arrives
 * and again on every bus reconnect (the first announce is lost if ovos-gui starts after the bus) —
 * then opens the GUI socket on the port it was given. A socket that is down waits for its port to
 * answer (`port-watch.ts`) instead of retrying by WebSocket, which Chromium throttles; it never
 * gives up.
 */
import { assign, setup } from 'xstate';
import { announce, decodeBus, guiConnected, type BusMessage, type ClientMessage } from '../protocol';
import { busUrl, guiUrl, type OvosAddress } from '$lib/protocol/address';
import { BLIND_RETRY_MS, holdAfter, httpProbe, portWatchActor, type PortWatchers, type PortWatchEvent } from './port-watch';
import { socketActor, type SocketEvent, type SocketKind } from './socket.actor';
import type { SocketLike, Transport } from './transport';

/** How often an unanswered handshake announce is repeated (Qt: 10 s; we want sub-second recovery). */
export const ANNOUNCE_EVERY_MS = 1000;

export interface ConnectionInput {
	readonly address: OvosAddress;
	/** The page's own host, used when the address names none. */
	readonly pageHost: string;
	readonly guiId: string;
	readonly transport: Transport;
	readonly hooks: ConnectionHooks;
	/** How a socket that is down learns that its port answers again (default: HTTP probes only). */
	readonly watchers?: PortWatchers;
}

/** What the machine tells its owner; the owner (ScreenClient) keeps the model and the log. */
export interface ConnectionHooks {
	open(kind: SocketKind, socket: SocketLike): void;
	frame(kind: SocketKind, raw: string | null): void;
	closed(kind: SocketKind): void;
	/** Send on the open sockets (the machine's own announces). */
	sendBus(msg: BusMessage): void;
	sendGui(msg: ClientMessage): void;
	note(what: string): void;
}

export type ConnectionEvent =
	| SocketEvent
	| PortWatchEvent
	/** `online`, or the page became visible: try now instead of waiting for a sign of the port. */
	| { type: 'wake' };

interface Context {
	readonly input: ConnectionInput;
	readonly watchers: PortWatchers;
	readonly guiPort: number | null;
	/** Failed GUI connects since the GUI socket was last live. */
	readonly guiAttempt: number;
	readonly busAttempt: number;
	/** Connects in a row made because the port answered, that failed: the watchers are held off. */
	readonly guiHold: number;
	readonly busHold: number;
}

export const connectionMachine = setup({
	types: {
		context: {} as Context,
		events: {} as ConnectionEvent,
		input: {} as ConnectionInput
	},
	actors: { socket: socketActor, portWatch: portWatchActor },
	delays: {
		// Both sockets of the full handshake share the budget of failed attempts.
		blindRetry: ({ context }) => BLIND_RETRY_MS * sockets(context),
		announce: ANNOUNCE_EVERY_MS
	},
	guards: {
		fullHandshake: ({ context }) => context.input.address.handshake === 'full',
		hasPort: ({ context }) => context.guiPort !== null,
		portIsOurs: ({ context, event }) =>
			event.type === 'bus.port' && event.guiId === context.input.guiId && event.port > 0 && event.port <= 65535,
		guiClosed: ({ event }) => event.type === 'socket.closed' && event.kind === 'gui',
		busClosed: ({ event }) => event.type === 'socket.closed' && event.kind === 'bus',
		guiOpened: ({ event }) => event.type === 'socket.open' && event.kind === 'gui',
		busOpened: ({ event }) => event.type === 'socket.open' && event.kind === 'bus',
		guiPortOpen: ({ event }) => event.type === 'port.open' && event.kind === 'gui',
		busPortOpen: ({ event }) => event.type === 'port.open' && event.kind === 'bus'
	},
	actions: {
		announce: ({ context }) => {
			const { guiId, hooks } = context.input;
			hooks.sendBus(guiConnected(guiId));
			hooks.note(`announced gui_id ${guiId} on the core bus`);
		},
		assignPort: assign({ guiPort: ({ context, event }) => (event.type === 'bus.port' ? event.port : context.guiPort) }),
		notePort: ({ context, event }) => {
			if (event.type === 'bus.port') context.input.hooks.note(`mycroft.gui.port ${event.port} for our gui_id`);
		},
		noteClosed: ({ context, event }) => {
			if (event.type === 'socket.closed') {
				context.input.hooks.note(`${event.kind} socket closed (${event.code || 'no code'}: ${event.reason})`);
			}
		}
	}
}).createMachine({
	id: 'connection',
	type: 'parallel',
	context: ({ input }) => ({
		input,
		watchers: input.watchers ?? { probe: httpProbe },
		guiPort: input.address.handshake === 'full' ? null : input.address.guiPort,
		guiAttempt: 0,
		busAttempt: 0,
		guiHold: 0,
		busHold: 0
	}),
	on: {
		wake: { actions: ({ context }) => context.input.hooks.note('woken: retrying now') }
	},
	states: {
		bus: {
			initial: 'start',
			states: {
				start: { always: [{ guard: 'fullHandshake', target: 'connecting' }, { target: 'off' }] },
				off: {},
				connecting: {
					invoke: {
						src: 'socket',
						input: ({ context }) => ({
							kind: 'bus' as const,
							url: busUrl(context.input.address, context.input.pageHost),
							transport: context.input.transport,
							onOpen: (s: SocketLike) => context.input.hooks.open('bus', s),
							onFrame: (raw: string | null) => context.input.hooks.frame('bus', raw),
							onClose: () => context.input.hooks.closed('bus'),
							watch: watchPort
						})
					},
					initial: 'opening',
					states: {
						opening: {
							on: {
								'socket.open': { guard: 'busOpened', target: 'announcing', actions: assign({ busAttempt: 0, busHold: 0 }) },
								'socket.closed': { guard: 'busClosed', target: '#connection.bus.waiting', actions: ['noteClosed', assign({ busAttempt: ({ context }) => context.busAttempt + 1 })] }
							}
						},
						announcing: {
							entry: 'announce',
							after: { announce: { target: 'announcing', reenter: true } },
							on: { 'bus.port': { guard: 'portIsOurs', target: 'live', actions: ['assignPort', 'notePort'] } }
						},
						live: { tags: ['bus-live'] }
					},
					on: {
						'socket.closed': { guard: 'busClosed', target: 'waiting', actions: 'noteClosed' },
						// A later answer (another screen's announce made ovos-gui reply again) may move the port.
						'bus.port': { guard: 'portIsOurs', actions: ['assignPort', 'notePort'] }
					}
				},
				waiting: {
					invoke: {
						src: 'portWatch',
						input: ({ context }) => ({
							kind: 'bus' as const,
							url: busUrl(context.input.address, context.input.pageHost),
							port: context.input.address.busPort,
							watchers: context.watchers,
							holdMs: holdAfter(context.busHold),
							quick: context.busAttempt <= 1,
							share: sockets(context)
						})
					},
					after: { blindRetry: 'connecting' },
					on: {
						wake: 'connecting',
						'port.open': { guard: 'busPortOpen', target: 'connecting', actions: assign({ busHold: ({ context }) => context.busHold + 1 }) }
					}
				}
			}
		},
		gui: {
			initial: 'waitingForPort',
			states: {
				waitingForPort: {
					always: { guard: 'hasPort', target: 'connecting' }
				},
				connecting: {
					invoke: {
						src: 'socket',
						input: ({ context }) => ({
							kind: 'gui' as const,
							url: currentGuiUrl(context),
							transport: context.input.transport,
							onOpen: (s: SocketLike) => context.input.hooks.open('gui', s),
							onFrame: (raw: string | null) => context.input.hooks.frame('gui', raw),
							onClose: () => context.input.hooks.closed('gui')
						})
					},
					initial: 'opening',
					states: {
						opening: {
							on: {
								'socket.open': { guard: 'guiOpened', target: 'live', actions: assign({ guiAttempt: 0, guiHold: 0 }) },
								'socket.closed': { guard: 'guiClosed', target: '#connection.gui.waiting', actions: ['noteClosed', assign({ guiAttempt: ({ context }) => context.guiAttempt + 1 })] }
							}
						},
						live: {
							tags: ['live'],
							entry: ({ context }) => {
								// GUI-socket-only clients announce flat so ovos-gui knows their framework (spec §1.3).
								if (context.input.address.handshake === 'gui') context.input.hooks.sendGui(announce(context.input.guiId));
							}
						}
					},
					on: { 'socket.closed': { guard: 'guiClosed', target: 'waiting', actions: 'noteClosed' } }
				},
				waiting: {
					invoke: {
						src: 'portWatch',
						input: ({ context }) => ({
							kind: 'gui' as const,
							url: currentGuiUrl(context),
							port: context.guiPort ?? context.input.address.guiPort,
							watchers: context.watchers,
							holdMs: holdAfter(context.guiHold),
							quick: context.guiAttempt <= 1,
							share: sockets(context)
						})
					},
					after: { blindRetry: 'connecting' },
					on: {
						wake: 'connecting',
						'port.open': { guard: 'guiPortOpen', target: 'connecting', actions: assign({ guiHold: ({ context }) => context.guiHold + 1 }) }
					}
				}
			}
		}
	}
});

function sockets(context: Context): number {
	return context.input.address.handshake === 'full' ? 2 : 1;
}

function currentGuiUrl(context: Context): string {
	return guiUrl({ ...context.input.address, guiPort: context.guiPort ?? context.input.address.guiPort }, context.input.pageHost);
}

/** Picks our handshake answer out of the bus traffic without decoding every frame. */
function watchPort(raw: string): SocketEvent | null {
	if (!raw.includes('mycroft.gui.port')) return null;
	const d = decodeBus(raw);
	if (!d.ok || d.value.type !== 'mycroft.gui.port') return null;
	const { port, gui_id } = d.value.data;
	return typeof port === 'number' && typeof gui_id === 'string' ? { type: 'bus.port', port, guiId: gui_id } : null;
}
