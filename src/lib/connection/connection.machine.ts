/**
 * The heart of the client (the product's card: *an XState machine applies list insert/move/remove
 * and session set/delete to a reactive store*; docs/architecture.md, "The connection machine").
 *
 * - The sockets: each is a socket lifecycle (socket-lifecycle.machine.ts) this machine invokes, for
 *   the GUI socket and, in the full handshake, the core bus's. A lifecycle opens its socket, checks
 *   it when it is quiet, takes it for dead, waits for its port and backs off; it tells this machine
 *   when its socket is open or closed, and hands it every frame.
 * - Through the app, a page on the machine itself gives each lifecycle the same socket straight to
 *   OVOS too (address.ts, `fallbackAddress`): it goes there while the app server is down, and says
 *   so when it opens (`guiVia`), so the device's kiosk outlives an app server restart.
 * - The handshake: in `gui` mode the GUI socket straight away, announced flat; in `full` mode Qt's
 *   handshake on the core bus first — `mycroft.gui.connected` with our `gui_id`, re-sent every
 *   second until our `mycroft.gui.port` arrives and again on every bus reconnect — then the GUI
 *   socket on the port it was given.
 * - The replay and the model: every GUI connection starts from an empty model (ovos-gui replays
 *   everything on connect), and every frame is decoded and applied by `applyGuiFrame(s)` through
 *   `screen/reduce.ts`. Nothing else writes the model; the rune store subscribes to this actor. The
 *   replay is over when the relay's answer to the first ping comes (it follows ovos-gui's whole
 *   replay) or, straight to OVOS, REPLAY_MS after the open. A replay a live change cut into in a way
 *   that cannot be placed (screen/replay-race.ts) is replaced by a clean one. A replay carries no
 *   page focus: once it is over, a namespace with pages to choose from takes the page the app
 *   server's copy heard it focus (`focus`), unless this connection heard a focus of its own.
 *
 * It tells its owner what happens through emitted events: `wire` / `wires` (every frame both ways,
 * the inspector's log; its owner stamps the time) and `note` (the connection timeline). It reads no
 * clock: every wait is a delay on XState's clock.
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, raise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { announce, decode, decodeBus, encode, encodeBus, guiConnected, type BusMessage, type ClientMessage, type Decoded, type GuiMessage, type ProtocolError } from '../protocol';
import { busUrl, fallbackAddress, guiUrl, type OvosAddress, type Via } from '../protocol/address';
import { CLEAN_REPLAY, checkReplayFrame, emptyState, hasPageChoice, reduce, replayVerdict, withFocus, type PageFocus, type ReplayCheck, type ScreenState } from '../screen';
import { ALIVE_TIMEOUT_MS, httpProbe, type PortWatchers } from './port-watch';
import { lifecycleLogic, lifecycleMachine, type LifecycleEvent, type LifecycleInput, type LifecycleReport } from './socket-lifecycle.machine';
import { socketLogic, type FrameEvent, type SocketKind } from './socket';
import { browserTransport, type Transport } from './transport';

/** How often an unanswered handshake announce is repeated (Qt: 10 s; we want sub-second recovery). */
export const ANNOUNCE_EVERY_MS = 1000;
/**
 * Straight to OVOS, how long after a GUI socket opens its frames may still be ovos-gui's replay: a
 * frame in this window that a live change cut into the replay shows there (screen/replay-race.ts).
 * Through the app the relay's pong says when the replay is over; at the latest ALIVE_TIMEOUT_MS.
 */
export const REPLAY_MS = 300;
/** Clean replays asked for in a row at most (a server that always races is then taken as it is). */
export const MAX_RESYNCS = 2;

export interface ConnectionInput {
	readonly address: OvosAddress;
	/** The page's own host, used when the address names none. */
	readonly pageHost: string;
	readonly guiId: string;
}

export interface ConnectionContext extends ConnectionInput {
	readonly guiPort: number | null;
	/** The screen: what ovos-gui has sent on the current GUI connection, applied through reduce. */
	readonly model: ScreenState;
	/** GUI connections so far; each one starts from an empty model. */
	readonly connection: number;
	readonly framesIn: number;
	readonly framesOut: number;
	readonly decodeErrors: number;
	/** Decoded GUI messages that could not apply (the model unchanged). */
	readonly problems: number;
	readonly seq: number;
	/** The last frame either way, for the wire log. */
	readonly frame: WireRecord | null;
	/** The GUI frames the last event brought (one, or a batch), for the wire log. */
	readonly batch: readonly WireRecord[];
	/** What the current replay's frames say about whether a live change cut into it. */
	readonly replay: ReplayCheck;
	readonly resyncs: number;
	/** How the current GUI socket reaches OVOS: the address's way, or straight after a fallback (the app server down). */
	readonly guiVia: Via;
}

export type ConnectionEvent =
	| FrameEvent
	| Exclude<LifecycleReport, { type: 'note' }>
	| { type: 'note'; what: string }
	/** `online`, or the page became visible: sockets that are down try now. */
	| { type: 'wake' }
	/** The page or the machine slept `ms`: open sockets are replaced. */
	| { type: 'slept'; ms: number }
	| { type: 'gui.send'; message: ClientMessage }
	| { type: 'bus.send'; message: BusMessage }
	/** Raised when the core bus brought our `mycroft.gui.port`. */
	| { type: 'bus.answered' };

/** One frame either way, as the machine logs it; its owner stamps when (`WireFrame`). */
export interface WireRecord {
	readonly seq: number;
	readonly socket: SocketKind;
	readonly dir: 'in' | 'out';
	/** Which GUI connection the frame belongs to: bumped each time a GUI socket opens (a fresh model). */
	readonly connection: number;
	readonly raw: string;
	readonly message?: GuiMessage | BusMessage | ClientMessage;
	readonly error?: ProtocolError;
	/** Why a decoded GUI message could not apply (state unchanged). */
	readonly problem?: string;
	/** `raw` is only the start of the frame's text: the frame was decoded in the socket's worker (socket-frames.ts). */
	readonly rawHead?: true;
}

/** A wire record with the time its owner saw it. */
export type WireFrame = WireRecord & { readonly time: number };

export type ConnectionEmitted = { type: 'wire'; frame: WireRecord } | { type: 'wires'; frames: readonly WireRecord[] } | { type: 'note'; what: string };

/** The lifecycles' ids: where `wake`, `slept` and frames to send go. */
type SocketId = 'guiSocket' | 'busSocket';

const BINARY: ProtocolError = { code: 'json', message: 'binary frame (the protocol is JSON text)' };

const guiPortOf = (c: ConnectionContext) => c.guiPort ?? c.address.guiPort;
const guiUrlOf = (c: ConnectionContext) => guiUrl({ ...c.address, guiPort: guiPortOf(c) }, c.pageHost);
const busUrlOf = (c: ConnectionContext) => busUrl(c.address, c.pageHost);
/** The same sockets straight to OVOS, where the page falls back to them while the app server is down (address.ts). */
const straightOf = (c: ConnectionContext) => fallbackAddress(c.address, c.pageHost);
const directGuiUrlOf = (c: ConnectionContext) => {
	const a = straightOf(c);
	return a && guiUrl({ ...a, guiPort: guiPortOf(c) }, c.pageHost);
};
const directBusUrlOf = (c: ConnectionContext) => {
	const a = straightOf(c);
	return a && busUrl(a, c.pageHost);
};
/** Both sockets of the full handshake share the budget of ~1 failed attempt per 5 s. */
const share = (c: ConnectionContext) => (c.address.handshake === 'full' ? 2 : 1);

/** Our `mycroft.gui.port` in a core-bus frame, or null (frames are not decoded unless they may be one). */
function ourPort(raw: string | null, guiId: string): number | null {
	if (raw === null || !raw.includes('mycroft.gui.port')) return null;
	const d = decodeBus(raw);
	if (!d.ok || d.value.type !== 'mycroft.gui.port') return null;
	const { port, gui_id } = d.value.data;
	return gui_id === guiId && typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
}

/** A GUI frame applied to the context: the new fields, the frame for the wire log among them. */
function receiveGui(c: ConnectionContext, raw: string | null, replaying: boolean, decoded?: Decoded<GuiMessage>): Partial<ConnectionContext> {
	const base = { seq: c.seq + 1, socket: 'gui' as const, dir: 'in' as const, connection: c.connection, raw: raw ?? '', ...(decoded && { rawHead: true as const }) };
	const failed = (frame: WireRecord) => ({ framesIn: c.framesIn + 1, decodeErrors: c.decodeErrors + 1, seq: base.seq, frame, batch: [frame] });
	if (raw === null) return failed({ ...base, error: BINARY });
	const d = decoded ?? decode(raw);
	if (!d.ok) return failed({ ...base, error: d.error });
	let problem: string | undefined;
	const model = reduce(c.model, d.value, (p) => (problem = p));
	const msg = d.value;
	const frame: WireRecord = problem === undefined ? { ...base, message: msg } : { ...base, message: msg, problem };
	return {
		model,
		framesIn: c.framesIn + 1,
		problems: c.problems + (problem === undefined ? 0 : 1),
		seq: base.seq,
		replay: replaying ? checkReplayFrame(c.replay, msg, c.model, model, problem) : c.replay,
		frame,
		batch: [frame]
	};
}

/**
 * Frames of a batch (steady state, so no replay checks) applied to the context: one pass with the
 * counters in locals and one new context at the end; each frame's wire record in `batch`.
 */
function receiveGuiFrames(c: ConnectionContext, raws: readonly (string | null)[]): Partial<ConnectionContext> {
	const frames: WireRecord[] = [];
	let { model, seq, decodeErrors, problems } = c;
	const connection = c.connection;
	let problem: string | undefined;
	const report = (p: string) => void (problem = p);
	for (const raw of raws) {
		seq++;
		if (raw === null) {
			decodeErrors++;
			frames.push({ seq, socket: 'gui', dir: 'in', connection, raw: '', error: BINARY });
			continue;
		}
		const d = decode(raw);
		if (!d.ok) {
			decodeErrors++;
			frames.push({ seq, socket: 'gui', dir: 'in', connection, raw, error: d.error });
			continue;
		}
		problem = undefined;
		model = reduce(model, d.value, report);
		if (problem === undefined) frames.push({ seq, socket: 'gui', dir: 'in', connection, raw, message: d.value });
		else {
			problems++;
			frames.push({ seq, socket: 'gui', dir: 'in', connection, raw, message: d.value, problem });
		}
	}
	return { model, framesIn: c.framesIn + raws.length, decodeErrors, problems, seq, frame: frames.at(-1) ?? c.frame, batch: frames };
}

/** What a lifecycle is given: this machine gets its frames and its reports. */
function lifecycleInput(kind: SocketKind, c: ConnectionContext, self: LifecycleInput['owner']): LifecycleInput {
	return kind === 'gui'
		? { kind, url: guiUrlOf(c), direct: directGuiUrlOf(c), port: guiPortOf(c), via: c.address.via, share: share(c), owner: self }
		: { kind, url: busUrlOf(c), direct: directBusUrlOf(c), port: c.address.busPort, via: c.address.via, share: share(c), owner: self };
}

export const connectionMachine = setup({
	types: {
		context: {} as ConnectionContext,
		events: {} as ConnectionEvent,
		input: {} as ConnectionInput,
		emitted: {} as ConnectionEmitted
	},
	// Real sockets and watchers by default; `connectionLogic` provides the ones a page (or a test) has.
	actors: {
		lifecycle: lifecycleMachine,
		focus: focusLogic()
	},
	delays: {
		announceEvery: ANNOUNCE_EVERY_MS,
		replayWindow: ({ context }) => (context.guiVia === 'app' ? ALIVE_TIMEOUT_MS : REPLAY_MS)
	},
	guards: {
		fullHandshake: ({ context }) => context.address.handshake === 'full',
		knowsGuiPort: ({ context }) => context.guiPort !== null,
		portIsOurs: ({ context, event }) => event.type === 'bus.frame' && ourPort(event.raw, context.guiId) !== null,
		replayRaced: ({ context }) => replayVerdict(context.replay, context.model) !== null && context.resyncs < MAX_RESYNCS
	},
	actions: {
		noteStart: emit(({ context }) => ({
			type: 'note' as const,
			what: `connecting to ${guiUrlOf(context)} (${context.address.handshake === 'full' ? 'full handshake' : 'GUI socket only'}${context.address.via === 'app' ? ', through the app' : ''})`
		})),
		noteWake: emit({ type: 'note', what: 'woken: retrying now' }),
		noteSlept: emit(({ event }) => {
			assertEvent(event, 'slept');
			return { type: 'note' as const, what: `asleep for ${Math.round(event.ms / 1000)} s: reconnecting` };
		}),
		noteClosed: emit(({ event }) => {
			assertEvent(event, ['gui.closed', 'bus.closed']);
			return { type: 'note' as const, what: `${event.type.slice(0, 3)} socket closed (${event.code || 'no code'}: ${event.reason})` };
		}),
		/** A note of a socket lifecycle, in the timeline. */
		relayNote: emit(({ event }) => {
			assertEvent(event, 'note');
			return { type: 'note' as const, what: event.what };
		}),
		/** `wake` and `slept` go on to a socket's lifecycle, which knows what they mean for it. */
		tellSocket: sendTo(
			(_, params: { socket: SocketId }) => params.socket,
			({ event }) => {
				assertEvent(event, ['wake', 'slept']);
				return { type: event.type } satisfies LifecycleEvent;
			}
		),
		/** ovos-gui named a GUI port (maybe another one): the next connect goes there. */
		retargetGui: sendTo('guiSocket', ({ context }) => ({ type: 'target', url: guiUrlOf(context), direct: directGuiUrlOf(context), port: guiPortOf(context) }) satisfies LifecycleEvent),

		/** A new GUI connection: the server replays everything, so the model starts from nothing. */
		startGuiConnection: assign({
			model: () => emptyState(),
			connection: ({ context }) => context.connection + 1,
			replay: CLEAN_REPLAY,
			guiVia: ({ context, event }) => (event.type === 'gui.open' ? event.via : context.address.via)
		}),
		noteGuiOpen: emit({ type: 'note', what: 'gui socket open' }),
		/** GUI-socket-only clients announce flat so ovos-gui knows their framework. */
		announceFlat: enqueueActions(({ context, enqueue }) => {
			if (context.address.handshake === 'gui') enqueue.raise({ type: 'gui.send', message: announce(context.guiId) });
		}),
		// The hot path, one event per frame: plain assign and emit (cheaper than enqueueActions).
		applyGuiFrame: assign(({ context, event }) => {
			assertEvent(event, 'gui.frame');
			return receiveGui(context, event.raw, false, event.decoded);
		}),
		applyReplayFrame: assign(({ context, event }) => {
			assertEvent(event, 'gui.frame');
			return receiveGui(context, event.raw, true, event.decoded);
		}),
		/** Once the replay is over, a batching screen's frames come in batches (socket.ts). */
		batchFrames: sendTo('guiSocket', { type: 'batch' } satisfies LifecycleEvent),
		// Plain assign and emit here too: enqueueActions cost a third of the machine's time per batch.
		applyGuiFrames: assign(({ context, event }) => {
			assertEvent(event, 'gui.frames');
			return receiveGuiFrames(context, event.raws);
		}),
		emitBatch: emit(({ context }) => ({ type: 'wires' as const, frames: context.batch })),
		replayClean: assign({ resyncs: 0 }),
		takeFocus: enqueueActions(({ context, enqueue }, params: { focus: PageFocus | null }) => {
			if (!params.focus) return;
			let bad = 0;
			const model = withFocus(context.model, params.focus, () => bad++);
			if (bad > 0) enqueue.assign({ problems: context.problems + bad });
			if (model === context.model) return;
			enqueue.assign({ model });
			enqueue.emit({ type: 'note', what: "page focus from the app server's copy of the screen (the replay has none)" });
		}),
		noteResync: emit(({ context }) => ({ type: 'note' as const, what: `replay not trusted (${replayVerdict(context.replay, context.model)}): reconnecting for a clean one` })),
		countResync: assign({ resyncs: ({ context }) => context.resyncs + 1 }),
		/** A message out, encoded, counted and recorded as `frame`; `transmit` sends it, `emitFrame` logs it. */
		recordOut: assign(({ context, event }) => {
			assertEvent(event, ['gui.send', 'bus.send']);
			const base = { seq: context.seq + 1, dir: 'out' as const, connection: context.connection, message: event.message };
			const frame: WireRecord =
				event.type === 'gui.send' ? { ...base, socket: 'gui', raw: encode(event.message) } : { ...base, socket: 'bus', raw: encodeBus(event.message) };
			return { framesOut: context.framesOut + 1, seq: frame.seq, frame };
		}),
		transmit: sendTo((_, params: { socket: SocketId }) => params.socket, ({ context }) => ({ type: 'send', raw: context.frame?.raw ?? '' }) satisfies LifecycleEvent),
		/** The wire log's record of the frame `recordOut` or `receiveBus` has just set. */
		emitFrame: emit(({ context }) => ({ type: 'wire' as const, frame: context.frame! })),

		announce: raise(({ context }) => ({ type: 'bus.send' as const, message: guiConnected(context.guiId) })),
		noteAnnounce: emit(({ context }) => ({ type: 'note' as const, what: `announced gui_id ${context.guiId} on the core bus` })),
		/** Core-bus frames are logged, never applied to the screen; the log decodes them if it wants. */
		receiveBus: assign(({ context, event }) => {
			assertEvent(event, 'bus.frame');
			const binary = event.raw === null;
			const frame: WireRecord = { seq: context.seq + 1, socket: 'bus', dir: 'in', connection: context.connection, raw: event.raw ?? '', ...(binary ? { error: BINARY } : {}) };
			return { framesIn: context.framesIn + 1, decodeErrors: context.decodeErrors + (binary ? 1 : 0), seq: frame.seq, frame };
		}),
		/** Also when live (`portIsOurs`): another screen's announce made ovos-gui answer again, maybe with a new port. */
		takePort: assign({
			guiPort: ({ context, event }) => {
				assertEvent(event, 'bus.frame');
				return ourPort(event.raw, context.guiId);
			}
		}),
		notePort: emit(({ context }) => ({ type: 'note' as const, what: `mycroft.gui.port ${context.guiPort} for our gui_id` })),
		busAnswered: raise({ type: 'bus.answered' })
	}
}).createMachine({
	id: 'connection',
	type: 'parallel',
	context: ({ input }) => ({
		...input,
		guiPort: input.address.handshake === 'full' ? null : input.address.guiPort,
		model: emptyState(),
		connection: 0,
		framesIn: 0,
		framesOut: 0,
		decodeErrors: 0,
		problems: 0,
		seq: 0,
		frame: null,
		batch: [],
		replay: CLEAN_REPLAY,
		resyncs: 0,
		guiVia: input.address.via
	}),
	entry: 'noteStart',
	on: { note: { actions: 'relayNote' } },
	states: {
		gui: {
			initial: 'waitingForPort',
			// Wake and sleep are noted here once (the GUI region is always somewhere), whatever else they do.
			on: { wake: { actions: 'noteWake' }, slept: { actions: 'noteSlept' } },
			states: {
				/** Full handshake: the core bus has not told the GUI port yet. */
				waitingForPort: {
					tags: ['connecting'],
					always: { guard: 'knowsGuiPort', target: 'socket' }
				},
				/** The GUI socket's lifecycle runs; this region follows it and keeps the replay and the model. */
				socket: {
					invoke: { id: 'guiSocket', src: 'lifecycle', input: ({ context, self }) => lifecycleInput('gui', context, self) },
					on: {
						wake: { actions: ['noteWake', { type: 'tellSocket', params: { socket: 'guiSocket' } }] },
						slept: { actions: ['noteSlept', { type: 'tellSocket', params: { socket: 'guiSocket' } }] },
						'gui.closed': { target: '.down', actions: 'noteClosed' },
						'bus.answered': { actions: 'retargetGui' }
					},
					initial: 'connecting',
					states: {
						connecting: { tags: ['connecting'], on: { 'gui.open': 'live' } },
						/** Down: the lifecycle watches the port and tries again. */
						down: { tags: ['offline'], on: { 'gui.open': 'live' } },
						live: {
							tags: ['live'],
							entry: ['startGuiConnection', 'noteGuiOpen', 'announceFlat'],
							on: { 'gui.send': { actions: ['recordOut', { type: 'transmit', params: { socket: 'guiSocket' } }, 'emitFrame'] } },
							initial: 'replaying',
							states: {
								replaying: {
									tags: ['replaying'],
									on: {
										'gui.frame': { actions: ['applyReplayFrame', 'emitBatch'] },
										// Through the app: the relay's answer to the ping at open follows ovos-gui's whole replay.
										'gui.pong': 'replayed'
									},
									after: { replayWindow: 'replayed' }
								},
								replayed: {
									always: [{ guard: 'replayRaced', target: '#connection.gui.socket', reenter: true, actions: ['noteResync', 'countResync'] }, { target: 'steady', actions: 'replayClean' }]
								},
								steady: {
									entry: 'batchFrames',
									invoke: { src: 'focus', input: ({ context }) => context.model, onDone: { actions: { type: 'takeFocus', params: ({ event }) => ({ focus: event.output }) } } },
									on: { 'gui.frame': { actions: ['applyGuiFrame', 'emitBatch'] }, 'gui.frames': { actions: ['applyGuiFrames', 'emitBatch'] } }
								}
							}
						}
					}
				}
			}
		},
		bus: {
			initial: 'start',
			states: {
				start: { always: [{ guard: 'fullHandshake', target: 'socket' }, { target: 'off' }] },
				/** GUI-socket-only mode: no core bus. */
				off: {},
				socket: {
					invoke: { id: 'busSocket', src: 'lifecycle', input: ({ context, self }) => lifecycleInput('bus', context, self) },
					on: {
						wake: { actions: { type: 'tellSocket', params: { socket: 'busSocket' } } },
						slept: { actions: { type: 'tellSocket', params: { socket: 'busSocket' } } },
						'bus.closed': { target: '.down', actions: 'noteClosed' }
					},
					initial: 'connecting',
					states: {
						connecting: { on: { 'bus.open': 'open' } },
						/** Down: the lifecycle watches the port and tries again. */
						down: { on: { 'bus.open': 'open' } },
						open: {
							tags: ['bus-open'],
							on: {
								'bus.frame': [{ guard: 'portIsOurs', actions: ['receiveBus', 'emitFrame', 'takePort', 'notePort', 'busAnswered'] }, { actions: ['receiveBus', 'emitFrame'] }],
								'bus.send': { actions: ['recordOut', { type: 'transmit', params: { socket: 'busSocket' } }, 'emitFrame'] }
							},
							initial: 'announcing',
							states: {
								announcing: {
									entry: ['announce', 'noteAnnounce'],
									after: { announceEvery: { target: 'announcing', reenter: true } },
									on: { 'bus.answered': 'answered' }
								},
								answered: { tags: ['bus-live'] }
							}
						}
					}
				}
			}
		}
	}
});

export type ConnectionMachine = typeof connectionMachine;
export type ConnectionSnapshot = SnapshotFrom<ConnectionMachine>;
export type ConnectionActor = ActorRefFrom<ConnectionMachine>;

export interface ConnectionDeps {
	readonly transport?: Transport;
	/** Opens the GUI socket (default `transport`): the screen's is in a worker (worker-socket.ts). */
	readonly guiTransport?: Transport;
	readonly watchers?: PortWatchers;
	/** GUI frames in batches once the replay is over (socket.ts; the screen's); otherwise one event each. */
	readonly batch?: boolean;
	/** The page each namespace is on, from someone who heard ovos-gui's focus events (the app server); null when unknown. Never throws. */
	readonly focus?: () => Promise<PageFocus | null>;
}

/** Asks `focus` after a replay, only when a namespace has pages to choose from (most replays: no request). */
function focusLogic(focus?: () => Promise<PageFocus | null>) {
	return fromPromise<PageFocus | null, ScreenState>(async ({ input }) => (focus && hasPageChoice(input) ? focus().catch(() => null) : null));
}

/** The machine with the sockets and watchers a page (or a test) has. */
export function connectionLogic({ transport = browserTransport, guiTransport = transport, watchers = { probe: httpProbe, alive: (_kind, url) => httpProbe(url) }, batch = false, focus }: ConnectionDeps = {}) {
	return connectionMachine.provide({
		actors: { lifecycle: lifecycleLogic({ socket: socketLogic(transport, batch, guiTransport), watchers }), focus: focusLogic(focus) }
	});
}
