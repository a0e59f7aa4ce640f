/**
 * The heart of the client (design.md; the product's card: *an XState machine applies list
 * insert/move/remove and session set/delete to a reactive store*). One actor owns:
 *
 * - the sockets, each an actor invoked by the state that needs it, so leaving the state closes it:
 *   in `gui` mode the GUI socket straight away, announced flat (spec §1.3); in `full` mode Qt's
 *   handshake on the core bus first — `mycroft.gui.connected` with our `gui_id`, re-sent every
 *   second until our `mycroft.gui.port` arrives and again on every bus reconnect — then the GUI
 *   socket on the port it was given;
 * - the waits: a socket that is down watches its port (`port-watch.ts`) instead of retrying by
 *   WebSocket, which Chromium throttles, and never gives up;
 * - the liveness checks: a live socket silent for SILENT_MS has its device checked; DEAD_AFTER
 *   unanswered checks in a row and it is taken for dead (a frozen, sleeping or unplugged device
 *   closes nothing); after the machine slept, open sockets are replaced (they can die unseen);
 * - the screen model: every GUI connection starts from an empty model (ovos-gui replays everything
 *   on connect, spec §1.4), and every frame is decoded and applied by `applyGuiFrame` through
 *   `screen/reduce.ts`. Nothing else writes the model; the rune store subscribes to this actor.
 *   A replay that a live change cut into (ovos-gui syncs a new connection without its lock, so a
 *   namespace moved or removed meanwhile is lost or doubled, issue 23.1) is replaced by a clean one.
 *   A replay carries no page focus (spec §3.9): once it is over, a namespace with pages to choose
 *   from takes the page the app server's copy heard it focus (`focus`, issue 23), unless this
 *   connection heard a focus of its own meanwhile.
 *
 * It tells its owner what happens through emitted events: `wire` (every frame both ways, the
 * inspector's log) and `note` (the connection timeline).
 */
import { assertEvent, assign, enqueueActions, emit, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { announce, decode, decodeBus, encode, encodeBus, guiConnected, type BusMessage, type ClientMessage, type Decoded, type GuiMessage, type ProtocolError } from '../protocol';
import { busUrl, guiUrl, type OvosAddress } from '../protocol/address';
import { CLEAN_REPLAY, checkReplayFrame, emptyState, hasPageChoice, reduce, replayVerdict, withFocus, type PageFocus, type ReplayCheck, type ScreenState } from '../screen';
import { aliveLogic, holdAfter, httpProbe, portWatchLogic, socketAlive, type PortWatchers } from './port-watch';
import { socketLogic, type SocketEvent, type SocketKind } from './socket';
import { browserTransport, type Transport } from './transport';

/** How often an unanswered handshake announce is repeated (Qt: 10 s; we want sub-second recovery). */
export const ANNOUNCE_EVERY_MS = 1000;
/** A live socket that has received nothing for this long gets its device checked. */
export const SILENT_MS = 12_000;
/** Unanswered checks in a row (each gives up after 4 s) that make a silent socket dead; 1 s apart. */
export const DEAD_AFTER = 2;
export const RECHECK_MS = 1000;
/** Every this many quiet checks in a row, one goes end to end (a frozen server still accepts TCP). */
export const DEEP_EVERY = 5;
/**
 * How long after a GUI socket opens its frames may still be ovos-gui's replay: a stack move or
 * removal, or a stack op that cannot apply, in this window means a live change cut into the replay.
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

export interface SocketStats {
	/** Failed connects since the socket was last open. */
	readonly attempt: number;
	/** Connects in a row made on the port watchers' word that failed: the watchers are held off. */
	readonly hold: number;
	/** Liveness checks in a row that got no answer. */
	readonly unanswered: number;
	/** Liveness checks since the socket last spoke. */
	readonly checks: number;
	readonly checkStartedAt: number;
	/** When its device last answered a liveness check. */
	readonly answeredAt: number;
}

export interface ConnectionContext extends ConnectionInput {
	readonly guiPort: number | null;
	readonly gui: SocketStats;
	readonly bus: SocketStats;
	/** When each socket last received a frame (or opened): numbers of their own, set on every frame. */
	readonly guiHeardAt: number;
	readonly busHeardAt: number;
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
	readonly frame: WireFrame | null;
	/** The last batch of GUI frames, for the wire log. */
	readonly batch: readonly WireFrame[];
	/** What the current replay's frames say about whether a live change cut into it. */
	readonly replay: ReplayCheck;
	readonly resyncs: number;
}

export type ConnectionEvent =
	| SocketEvent
	/** A port watcher says the port answers again. */
	| { type: 'gui.answers' }
	| { type: 'bus.answers' }
	/** The port watch says it is time for a blind attempt (the watchers may not see what the socket can). */
	| { type: 'gui.retry' }
	| { type: 'bus.retry' }
	/** `online`, or the page became visible: try now, and check quiet sockets. */
	| { type: 'wake' }
	/** The page or the machine slept `ms`: open sockets are replaced. */
	| { type: 'slept'; ms: number }
	| { type: 'gui.send'; message: ClientMessage }
	| { type: 'bus.send'; message: BusMessage }
	/** Raised when the core bus brought our `mycroft.gui.port`. */
	| { type: 'bus.answered' };

export interface WireFrame {
	readonly seq: number;
	readonly time: number;
	readonly socket: SocketKind;
	readonly dir: 'in' | 'out';
	/** Which GUI connection the frame belongs to: bumped each time a GUI socket opens (a fresh model). */
	readonly connection: number;
	readonly raw: string;
	readonly message?: GuiMessage | BusMessage | ClientMessage;
	readonly error?: ProtocolError;
	/** Why a decoded GUI message could not apply (state unchanged). */
	readonly problem?: string;
}

export type ConnectionEmitted = { type: 'wire'; frame: WireFrame } | { type: 'wires'; frames: readonly WireFrame[] } | { type: 'note'; what: string };

const BINARY: ProtocolError = { code: 'json', message: 'binary frame (the protocol is JSON text)' };

const FRESH: SocketStats = { attempt: 0, hold: 0, unanswered: 0, checks: 0, checkStartedAt: 0, answeredAt: 0 };

const guiUrlOf = (c: ConnectionContext) => guiUrl({ ...c.address, guiPort: c.guiPort ?? c.address.guiPort }, c.pageHost);
const busUrlOf = (c: ConnectionContext) => busUrl(c.address, c.pageHost);
/** Both sockets of the full handshake share the budget of ~1 failed attempt per 5 s. */
const share = (c: ConnectionContext) => (c.address.handshake === 'full' ? 2 : 1);
const heardAt = (c: ConnectionContext, kind: SocketKind) => (kind === 'gui' ? c.guiHeardAt : c.busHeardAt);
const silentFor = (c: ConnectionContext, kind: SocketKind) => Date.now() - heardAt(c, kind);
/** Since the socket spoke or its device last answered a check: the next check is due SILENT_MS after. */
const quietFor = (c: ConnectionContext, kind: SocketKind) => Date.now() - Math.max(heardAt(c, kind), c[kind].answeredAt);
/** A socket that spoke: its checks start over (a new object only when there is something to reset). */
const spoke = (s: SocketStats) => (s.unanswered === 0 && s.checks === 0 ? s : { ...s, unanswered: 0, checks: 0 });

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
	const time = Date.now();
	const base = { seq: c.seq + 1, time, socket: 'gui' as const, dir: 'in' as const, connection: c.connection, raw: raw ?? '' };
	const gui = spoke(c.gui);
	if (raw === null) {
		return { framesIn: c.framesIn + 1, decodeErrors: c.decodeErrors + 1, seq: base.seq, gui, guiHeardAt: time, frame: { ...base, error: BINARY } };
	}
	const d = decoded ?? decode(raw);
	if (!d.ok) {
		return { framesIn: c.framesIn + 1, decodeErrors: c.decodeErrors + 1, seq: base.seq, gui, guiHeardAt: time, frame: { ...base, error: d.error } };
	}
	let problem: string | undefined;
	const model = reduce(c.model, d.value, (p) => (problem = p));
	const msg = d.value;
	const replay = replaying ? checkReplayFrame(c.replay, msg, c.model, model, problem) : c.replay;
	return {
		model,
		framesIn: c.framesIn + 1,
		problems: c.problems + (problem === undefined ? 0 : 1),
		seq: base.seq,
		gui,
		guiHeardAt: time,
		replay,
		frame: problem === undefined ? { ...base, message: msg } : { ...base, message: msg, problem }
	};
}

/**
 * Frames of a batch (steady state, so no replay checks) applied to the context: one pass with the
 * counters in locals and one new context at the end; each frame's wire record in `batch`.
 */
function receiveGuiFrames(c: ConnectionContext, raws: readonly (string | null)[]): Partial<ConnectionContext> {
	const frames: WireFrame[] = [];
	const time = Date.now();
	let { model, seq, decodeErrors, problems } = c;
	const connection = c.connection;
	let problem: string | undefined;
	const report = (p: string) => void (problem = p);
	for (const raw of raws) {
		seq++;
		if (raw === null) {
			decodeErrors++;
			frames.push({ seq, time, socket: 'gui', dir: 'in', connection, raw: '', error: BINARY });
			continue;
		}
		const d = decode(raw);
		if (!d.ok) {
			decodeErrors++;
			frames.push({ seq, time, socket: 'gui', dir: 'in', connection, raw, error: d.error });
			continue;
		}
		problem = undefined;
		model = reduce(model, d.value, report);
		if (problem === undefined) frames.push({ seq, time, socket: 'gui', dir: 'in', connection, raw, message: d.value });
		else {
			problems++;
			frames.push({ seq, time, socket: 'gui', dir: 'in', connection, raw, message: d.value, problem });
		}
	}
	return { model, framesIn: c.framesIn + raws.length, decodeErrors, problems, seq, gui: spoke(c.gui), guiHeardAt: time, frame: frames.at(-1) ?? c.frame, batch: frames };
}

/** Liveness of one socket while it is open: quiet → check its device → answered, or again, or dead. */
function liveness(kind: SocketKind) {
	const k = kind === 'gui' ? 'Gui' : 'Bus';
	return {
		initial: 'listening' as const,
		states: {
			listening: {
				after: { [`${kind}QuietCheck`]: [{ guard: `${kind}Silent`, target: 'checking' }, { target: 'listening', reenter: true }] },
				on: { wake: { guard: `${kind}Silent`, target: 'checking', actions: kind === 'gui' ? 'noteWake' : [] } }
			},
			checking: {
				entry: `start${k}Check`,
				invoke: {
					src: 'alive',
					input: ({ context }: { context: ConnectionContext }) => ({
						kind,
						url: kind === 'gui' ? guiUrlOf(context) : busUrlOf(context),
						port: kind === 'gui' ? (context.guiPort ?? context.address.guiPort) : context.address.busPort,
						// A check after an unanswered one goes end to end too: a frozen server still accepts TCP.
						deep: context[kind].unanswered > 0 || context[kind].checks % DEEP_EVERY === DEEP_EVERY - 1
					}),
					onDone: [
						{ guard: `${kind}Answered`, target: 'listening', actions: `${kind}Answered` },
						{ guard: `${kind}DeadNow`, target: `#connection.${kind}.down`, actions: `${kind}TakenForDead` },
						{ target: 'recheck', actions: `${kind}Unanswered` }
					],
					onError: { target: 'recheck', actions: `${kind}Unanswered` }
				}
			},
			recheck: { after: { recheck: 'checking' } }
		}
	} as const;
}

export const connectionMachine = setup({
	types: {
		context: {} as ConnectionContext,
		events: {} as ConnectionEvent,
		input: {} as ConnectionInput,
		emitted: {} as ConnectionEmitted
	},
	// Real sockets and watchers by default; `createConnection` provides the ones a page (or a test) has.
	actors: {
		socket: socketLogic(browserTransport),
		portWatch: portWatchLogic({ probe: httpProbe }),
		alive: aliveLogic((_kind, url) => socketAlive(url)),
		focus: focusLogic()
	},
	delays: {
		announceEvery: ANNOUNCE_EVERY_MS,
		recheck: RECHECK_MS,
		replayWindow: REPLAY_MS,
		guiQuietCheck: ({ context }) => Math.max(0, SILENT_MS - quietFor(context, 'gui')),
		busQuietCheck: ({ context }) => Math.max(0, SILENT_MS - quietFor(context, 'bus'))
	},
	guards: {
		fullHandshake: ({ context }) => context.address.handshake === 'full',
		knowsGuiPort: ({ context }) => context.guiPort !== null,
		portIsOurs: ({ context, event }) => event.type === 'bus.frame' && ourPort(event.raw, context.guiId) !== null,
		guiSilent: ({ context }) => quietFor(context, 'gui') >= SILENT_MS,
		busSilent: ({ context }) => quietFor(context, 'bus') >= SILENT_MS,
		// Anything that arrived during the check is an answer too.
		guiAnswered: ({ context, event }) => (event as { output?: unknown }).output === true || context.guiHeardAt > context.gui.checkStartedAt,
		busAnswered: ({ context, event }) => (event as { output?: unknown }).output === true || context.busHeardAt > context.bus.checkStartedAt,
		guiDeadNow: ({ context }) => context.gui.unanswered + 1 >= DEAD_AFTER,
		busDeadNow: ({ context }) => context.bus.unanswered + 1 >= DEAD_AFTER,
		replayRaced: ({ context }) => replayVerdict(context.replay, context.model) !== null && context.resyncs < MAX_RESYNCS
	},
	actions: {
		noteStart: emit(({ context }) => ({
			type: 'note' as const,
			what: `connecting to ${guiUrlOf(context)} (${context.address.handshake === 'full' ? 'full handshake' : 'GUI socket only'})`
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
		countGuiFailure: enqueueActions(({ context, enqueue }) => enqueue.assign({ gui: { ...context.gui, attempt: context.gui.attempt + 1 } })),
		countBusFailure: enqueueActions(({ context, enqueue }) => enqueue.assign({ bus: { ...context.bus, attempt: context.bus.attempt + 1 } })),
		guiHeld: enqueueActions(({ context, enqueue }) => {
			enqueue.assign({ gui: { ...context.gui, hold: context.gui.hold + 1 } });
			enqueue.emit({ type: 'note', what: 'gui port answers' });
		}),
		busHeld: enqueueActions(({ context, enqueue }) => {
			enqueue.assign({ bus: { ...context.bus, hold: context.bus.hold + 1 } });
			enqueue.emit({ type: 'note', what: 'bus port answers' });
		}),

		/** A new GUI connection: the server replays everything, so the model starts from nothing (spec §1.4). */
		startGuiConnection: enqueueActions(({ context, enqueue }) => {
			enqueue.assign({ model: emptyState(), connection: context.connection + 1, gui: FRESH, guiHeardAt: Date.now(), replay: CLEAN_REPLAY });
			enqueue.emit({ type: 'note', what: 'gui socket open' });
		}),
		/** GUI-socket-only clients announce flat so ovos-gui knows their framework (spec §1.3). */
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
		emitFrame: emit(({ context }) => ({ type: 'wire' as const, frame: context.frame as WireFrame })),
		/** Once the replay is over, a batching screen's frames come in batches (socket.ts). */
		batchFrames: sendTo('guiSocket', { type: 'batch' as const }),
		// Plain assign and emit here too: enqueueActions cost a third of the machine's time per batch.
		applyGuiFrames: assign(({ context, event }) => {
			assertEvent(event, 'gui.frames');
			return receiveGuiFrames(context, event.raws);
		}),
		emitBatch: emit(({ context }) => ({ type: 'wires' as const, frames: context.batch })),
		replayClean: enqueueActions(({ enqueue }) => enqueue.assign({ resyncs: 0 })),
		takeFocus: enqueueActions(({ context, event, enqueue }) => {
			const focus = (event as { output?: PageFocus | null }).output;
			if (!focus) return;
			let bad = 0;
			const model = withFocus(context.model, focus, () => bad++);
			if (bad > 0) enqueue.assign({ problems: context.problems + bad });
			if (model === context.model) return;
			enqueue.assign({ model });
			enqueue.emit({ type: 'note', what: "page focus from the app server's copy of the screen (the replay has none)" });
		}),
		resync: enqueueActions(({ context, enqueue }) => {
			enqueue.assign({ resyncs: context.resyncs + 1 });
			enqueue.emit({ type: 'note', what: `replay not trusted (${replayVerdict(context.replay, context.model)}): reconnecting for a clean one` });
		}),
		sendGui: enqueueActions(({ context, event, enqueue }) => {
			assertEvent(event, 'gui.send');
			const raw = encode(event.message);
			enqueue.sendTo('guiSocket', { type: 'send', raw });
			enqueue.assign({ framesOut: context.framesOut + 1, seq: context.seq + 1 });
			enqueue.emit({ type: 'wire', frame: { seq: context.seq + 1, time: Date.now(), socket: 'gui', dir: 'out', connection: context.connection, raw, message: event.message } });
		}),
		sendBus: enqueueActions(({ context, event, enqueue }) => {
			assertEvent(event, 'bus.send');
			const raw = encodeBus(event.message);
			enqueue.sendTo('busSocket', { type: 'send', raw });
			enqueue.assign({ framesOut: context.framesOut + 1, seq: context.seq + 1 });
			enqueue.emit({ type: 'wire', frame: { seq: context.seq + 1, time: Date.now(), socket: 'bus', dir: 'out', connection: context.connection, raw, message: event.message } });
		}),

		startBus: enqueueActions(({ enqueue }) => enqueue.assign({ bus: FRESH, busHeardAt: Date.now() })),
		announce: enqueueActions(({ context, enqueue }) => {
			enqueue.raise({ type: 'bus.send', message: guiConnected(context.guiId) });
			enqueue.emit({ type: 'note', what: `announced gui_id ${context.guiId} on the core bus` });
		}),
		/** Core-bus frames are logged, never applied to the screen; the log decodes them if it wants. */
		receiveBus: enqueueActions(({ context, event, enqueue }) => {
			assertEvent(event, 'bus.frame');
			const time = Date.now();
			const binary = event.raw === null;
			enqueue.assign({ framesIn: context.framesIn + 1, decodeErrors: context.decodeErrors + (binary ? 1 : 0), seq: context.seq + 1, bus: spoke(context.bus), busHeardAt: time });
			const frame: WireFrame = { seq: context.seq + 1, time, socket: 'bus', dir: 'in', connection: context.connection, raw: event.raw ?? '', ...(binary ? { error: BINARY } : {}) };
			enqueue.emit({ type: 'wire', frame });
		}),
		/** Also when live: another screen's announce made ovos-gui answer again, maybe with a new port. */
		takePort: enqueueActions(({ context, event, enqueue }) => {
			assertEvent(event, 'bus.frame');
			const port = ourPort(event.raw, context.guiId);
			if (port === null) return;
			enqueue.assign({ guiPort: port });
			enqueue.emit({ type: 'note', what: `mycroft.gui.port ${port} for our gui_id` });
			enqueue.raise({ type: 'bus.answered' });
		}),

		startGuiCheck: enqueueActions(({ context, enqueue }) => enqueue.assign({ gui: { ...context.gui, checks: context.gui.checks + 1, checkStartedAt: Date.now() } })),
		startBusCheck: enqueueActions(({ context, enqueue }) => enqueue.assign({ bus: { ...context.bus, checks: context.bus.checks + 1, checkStartedAt: Date.now() } })),
		guiAnswered: enqueueActions(({ context, enqueue }) => enqueue.assign({ gui: { ...context.gui, unanswered: 0, answeredAt: Date.now() } })),
		busAnswered: enqueueActions(({ context, enqueue }) => enqueue.assign({ bus: { ...context.bus, unanswered: 0, answeredAt: Date.now() } })),
		guiUnanswered: enqueueActions(({ context, enqueue }) => enqueue.assign({ gui: { ...context.gui, unanswered: context.gui.unanswered + 1 } })),
		busUnanswered: enqueueActions(({ context, enqueue }) => enqueue.assign({ bus: { ...context.bus, unanswered: context.bus.unanswered + 1 } })),
		guiTakenForDead: emit(({ context }) => ({
			type: 'note' as const,
			what: `gui socket silent for ${Math.round(silentFor(context, 'gui') / 1000)} s and its device does not answer: taken for dead`
		})),
		busTakenForDead: emit(({ context }) => ({
			type: 'note' as const,
			what: `bus socket silent for ${Math.round(silentFor(context, 'bus') / 1000)} s and its device does not answer: taken for dead`
		}))
	}
}).createMachine({
	id: 'connection',
	type: 'parallel',
	context: ({ input }) => ({
		...input,
		guiPort: input.address.handshake === 'full' ? null : input.address.guiPort,
		gui: FRESH,
		bus: FRESH,
		guiHeardAt: 0,
		busHeardAt: 0,
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
		resyncs: 0
	}),
	entry: 'noteStart',
	states: {
		gui: {
			initial: 'waitingForPort',
			// Wake and sleep are noted here once (the GUI region is always somewhere), whatever else they do.
			on: { wake: { actions: 'noteWake' }, slept: { actions: 'noteSlept' } },
			states: {
				/** Full handshake: the core bus has not told the GUI port yet. */
				waitingForPort: {
					tags: ['connecting'],
					always: { guard: 'knowsGuiPort', target: 'connected' }
				},
				connected: {
					invoke: { id: 'guiSocket', src: 'socket', input: ({ context }) => ({ kind: 'gui' as const, url: guiUrlOf(context) }) },
					initial: 'opening',
					on: { 'gui.closed': { target: 'down', actions: 'noteClosed' } },
					states: {
						opening: {
							tags: ['connecting'],
							on: {
								'gui.open': 'live',
								'gui.closed': { target: '#connection.gui.down', actions: ['noteClosed', 'countGuiFailure'] }
							}
						},
						live: {
							tags: ['live'],
							entry: ['startGuiConnection', 'announceFlat'],
							on: {
								'gui.send': { actions: 'sendGui' },
								slept: { target: '#connection.gui.connected', reenter: true, actions: 'noteSlept' }
							},
							initial: 'replaying',
							states: {
								replaying: {
									tags: ['replaying'],
									on: { 'gui.frame': { actions: ['applyReplayFrame', 'emitFrame'] } },
									after: {
										replayWindow: [
											{ guard: 'replayRaced', target: '#connection.gui.connected', reenter: true, actions: 'resync' },
											{ target: 'steady', actions: 'replayClean' }
										]
									}
								},
								steady: {
									entry: 'batchFrames',
									invoke: { src: 'focus', input: ({ context }) => context.model, onDone: { actions: 'takeFocus' } },
									on: { 'gui.frame': { actions: ['applyGuiFrame', 'emitFrame'] }, 'gui.frames': { actions: ['applyGuiFrames', 'emitBatch'] } },
									...liveness('gui')
								}
							}
						}
					}
				},
				/** Down: watch the port, connect when it answers (or blindly now and then, or on wake). */
				down: {
					tags: ['offline'],
					invoke: {
						src: 'portWatch',
						input: ({ context }) => ({
							kind: 'gui' as const,
							url: guiUrlOf(context),
							port: context.guiPort ?? context.address.guiPort,
							holdMs: holdAfter(context.gui.hold),
							quick: context.gui.attempt <= 1,
							share: share(context)
						})
					},
					on: {
						'gui.answers': { target: 'connected', actions: 'guiHeld' },
						'gui.retry': 'connected',
						wake: { target: 'connected', actions: 'noteWake' },
						slept: { target: 'connected', actions: 'noteSlept' }
					}
				}
			}
		},
		bus: {
			initial: 'start',
			states: {
				start: { always: [{ guard: 'fullHandshake', target: 'connected' }, { target: 'off' }] },
				/** GUI-socket-only mode: no core bus. */
				off: {},
				connected: {
					invoke: { id: 'busSocket', src: 'socket', input: ({ context }) => ({ kind: 'bus' as const, url: busUrlOf(context) }) },
					initial: 'opening',
					on: { 'bus.closed': { target: 'down', actions: 'noteClosed' } },
					states: {
						opening: {
							on: {
								'bus.open': 'open',
								'bus.closed': { target: '#connection.bus.down', actions: ['noteClosed', 'countBusFailure'] }
							}
						},
						open: {
							tags: ['bus-open'],
							type: 'parallel',
							entry: 'startBus',
							on: {
								'bus.frame': [{ guard: 'portIsOurs', actions: ['receiveBus', 'takePort'] }, { actions: 'receiveBus' }],
								'bus.send': { actions: 'sendBus' },
								slept: { target: '#connection.bus.connected', reenter: true }
							},
							states: {
								handshake: {
									initial: 'announcing',
									states: {
										announcing: {
											entry: 'announce',
											after: { announceEvery: { target: 'announcing', reenter: true } },
											on: { 'bus.answered': 'answered' }
										},
										answered: { tags: ['bus-live'] }
									}
								},
								liveness: liveness('bus')
							}
						}
					}
				},
				down: {
					invoke: {
						src: 'portWatch',
						input: ({ context }) => ({
							kind: 'bus' as const,
							url: busUrlOf(context),
							port: context.address.busPort,
							holdMs: holdAfter(context.bus.hold),
							quick: context.bus.attempt <= 1,
							share: share(context)
						})
					},
					on: {
						'bus.answers': { target: 'connected', actions: 'busHeld' },
						'bus.retry': 'connected',
						wake: 'connected',
						slept: 'connected'
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
export function connectionLogic({ transport = browserTransport, guiTransport = transport, watchers = { probe: httpProbe, alive: (_kind, url) => socketAlive(url, transport) }, batch = false, focus }: ConnectionDeps = {}) {
	return connectionMachine.provide({
		actors: { socket: socketLogic(transport, batch, guiTransport), portWatch: portWatchLogic(watchers), alive: aliveLogic(watchers.alive), focus: focusLogic(focus) }
	});
}
