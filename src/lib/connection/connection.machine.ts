/**
 * Owns the sockets (design.md): in `gui` mode it connects straight to ovos-gui's GUI socket and
 * announces itself flat (spec §1.3); in `full` mode it first does Qt's handshake on the core bus —
 * `mycroft.gui.connected` with our `gui_id`, re-sent until the matching `mycroft.gui.port` arrives
 * and again on every bus reconnect (the first announce is lost if ovos-gui starts after the bus) —
 * then opens the GUI socket on the port it was given. Both sockets retry forever with `retryDelay`.
 */
import { assign, setup } from 'xstate';
import { announce, decodeBus, guiConnected, type BusMessage, type ClientMessage } from '../protocol';
import { busUrl, guiUrl, type OvosAddress } from '$lib/protocol/address';
import { retryDelay } from './backoff';
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
	readonly random?: () => number;
	readonly visible?: boolean;
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
	/** `online`, or the page became visible: retry now instead of waiting out the delay. */
	| { type: 'wake' }
	| { type: 'visibility'; visible: boolean };

interface Context {
	readonly input: ConnectionInput;
	readonly guiPort: number | null;
	readonly guiAttempt: number;
	readonly busAttempt: number;
	readonly visible: boolean;
}

export const connectionMachine = setup({
	types: {
		context: {} as Context,
		events: {} as ConnectionEvent,
		input: {} as ConnectionInput
	},
	actors: { socket: socketActor },
	delays: {
		guiRetry: ({ context }) => retryDelay(context.guiAttempt, context.visible, context.input.random),
		busRetry: ({ context }) => retryDelay(context.busAttempt, context.visible, context.input.random),
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
		busOpened: ({ event }) => event.type === 'socket.open' && event.kind === 'bus'
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
		guiPort: input.address.handshake === 'full' ? null : input.address.guiPort,
		guiAttempt: 0,
		busAttempt: 0,
		visible: input.visible ?? true
	}),
	on: {
		wake: { actions: ({ context }) => context.input.hooks.note('woken: retrying now') },
		visibility: { actions: assign({ visible: ({ event }) => (event.type === 'visibility' ? event.visible : true) }) }
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
							on: { 'socket.open': { guard: 'busOpened', target: 'announcing', actions: assign({ busAttempt: 0 }) } }
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
					entry: assign({ busAttempt: ({ context }) => context.busAttempt + 1 }),
					after: { busRetry: 'connecting' },
					on: { wake: 'connecting' }
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
							url: guiUrl({ ...context.input.address, guiPort: context.guiPort ?? context.input.address.guiPort }, context.input.pageHost),
							transport: context.input.transport,
							onOpen: (s: SocketLike) => context.input.hooks.open('gui', s),
							onFrame: (raw: string | null) => context.input.hooks.frame('gui', raw),
							onClose: () => context.input.hooks.closed('gui')
						})
					},
					initial: 'opening',
					states: {
						opening: {
							on: { 'socket.open': { guard: 'guiOpened', target: 'live', actions: assign({ guiAttempt: 0 }) } }
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
					entry: assign({ guiAttempt: ({ context }) => context.guiAttempt + 1 }),
					after: { guiRetry: 'connecting' },
					on: { wake: 'connecting' }
				}
			}
		}
	}
});

/** Picks our handshake answer out of the bus traffic without decoding every frame. */
function watchPort(raw: string): SocketEvent | null {
	if (!raw.includes('mycroft.gui.port')) return null;
	const d = decodeBus(raw);
	if (!d.ok || d.value.type !== 'mycroft.gui.port') return null;
	const { port, gui_id } = d.value.data;
	return typeof port === 'number' && typeof gui_id === 'string' ? { type: 'bus.port', port, guiId: gui_id } : null;
}
