/**
 * The life of one socket, as a machine the connection machine invokes twice: for the GUI socket
 * and, in the full handshake, for the core bus's (docs/architecture.md, "The connection machine").
 *
 *   connected.opening ──open──▶ connected.live (listening ⇄ checking, recheck) ──closed / dead──▶ down
 *         │                                                                                       │
 *         └──────────────────────── closed ─────────────────────────────────────────────────────▶│
 *   down: watching the port (the app server's watch, HTTP probes) and a blind attempt now and then ──▶ connected
 *
 * - Opening and live: the socket is an actor invoked by `connected`, so leaving it closes the socket.
 *   Its frames go straight to the owner (the connection machine), which keeps the handshake, the
 *   replay and the model; this machine says `<kind>.open`, `<kind>.closed`, `<kind>.pong` and notes.
 * - Quiet checks: a live socket silent for SILENT_MS is checked; DEAD_AFTER unanswered checks in a
 *   row, RECHECK_MS apart, and it is taken for dead (a frozen, sleeping or unplugged device closes
 *   nothing). Through the app server (`via: 'app'`) a check is a ping on the socket itself, which
 *   the relay answers once OVOS's end answered its own ping: it costs OVOS nothing. Straight to OVOS
 *   it is the app server's port check, or every DEEP_EVERY-th (and after an unanswered one) an HTTP
 *   request to the port (docs/protocol.md, "Connecting and the replay", says what each can tell).
 * - Down: the socket waits for its port instead of retrying by WebSocket, which Chromium throttles
 *   (port-watch.ts says why and how); the port watch's loop is the states of `down`.
 * - After a sleep (`slept`) an open socket is replaced: it can have died unseen.
 * - The app server down (`direct`, a page on the machine itself): a socket through the app whose
 *   app server does not answer goes straight to OVOS instead (`appDown`, below).
 *
 * Time is XState's: every wait is a delay (a SimulatedClock drives them in tests).
 */
import { assertEvent, assign, fromPromise, not, sendTo, setup, type AnyActorRef } from 'xstate';
import {
	ALIVE_TIMEOUT_MS,
	BLIND_RETRY_MS,
	holdAfter,
	httpProbe,
	LATE_PROBE_EVERY_MS,
	PROBE_EVERY_MS,
	PROBE_SCHEDULE_MS,
	SERVER_BLIND_MS,
	SERVER_HOLD_MS,
	SERVER_RETRY_MS,
	type PortWatchers,
	type ServerWatchResult
} from './port-watch';
import type { Via } from '../protocol/address';
import { socketLogic, type SocketCommand, type SocketEvent, type SocketKind } from './socket';
import { browserTransport } from './transport';

/** Unanswered checks in a row that make a silent socket dead; RECHECK_MS apart. */
export const DEAD_AFTER = 2;
export const RECHECK_MS = 1000;
/** Straight to OVOS, every this many quiet checks in a row one goes end to end (a frozen server still accepts TCP). */
export const DEEP_EVERY = 5;

export interface LifecycleInput {
	readonly kind: SocketKind;
	readonly url: string;
	/** The port behind `url` on the OVOS device (what the app server watches). */
	readonly port: number;
	readonly via: Via;
	/**
	 * The same socket straight to OVOS, for a page on the machine itself going through the app
	 * (address.ts, `fallbackAddress`): used while the app server seems down. Null: no fallback.
	 */
	readonly direct: string | null;
	/** The screen's sockets that share the ~1 failed attempt per 5 s (full handshake: 2). */
	readonly share: number;
	/** Who gets the frames and hears what happens to the socket. */
	readonly owner: AnyActorRef;
}

/** What the app server's watch said last: asked and not answered yet, watching, late, or not watching (probes instead). */
type ServerSays = 'asking' | 'watching' | 'late' | 'silent';

export interface LifecycleContext extends LifecycleInput {
	/** Failed connects since the socket was last open. */
	readonly attempt: number;
	/** Connects in a row made on the port watch's word that failed: the watch is held off. */
	readonly hold: number;
	/** Checks in a row that got no answer. */
	readonly unanswered: number;
	/** Checks since the socket last spoke. */
	readonly checks: number;
	/** HTTP probes since the socket went down. */
	readonly probes: number;
	readonly server: ServerSays;
	/**
	 * The app server seems down: a socket through it failed before it opened (the app is down, or it
	 * refused, or its OVOS is down: a browser cannot tell), or its port watch could not be asked.
	 * With a `direct` URL the socket then goes straight to OVOS: its watchers probe that URL, and it
	 * is tried at once when the port watch fails for the first time (`appGoneNow`) or the relay
	 * closes it because the app is stopping (`appStopping`). Any answer of the port watch says the
	 * app is there (a refusal or OVOS down, then: the next attempt goes through the app again), and
	 * so does a straight socket that drops: it is not closed only to move it back (ovos-gui would
	 * replay everything and the screen blink), but its next connect tries the app first.
	 */
	readonly appDown: boolean;
}

/** Straight to OVOS now: a page with a fallback while its app server seems down. */
const straight = (c: LifecycleContext) => c.appDown && c.direct !== null;
/** The URL the socket connects to now. */
export const urlOf = (c: LifecycleContext): string => (straight(c) ? c.direct! : c.url);
/** How the socket connects now. */
export const viaOf = (c: LifecycleContext): Via => (straight(c) ? 'direct' : c.via);

export type LifecycleEvent =
	| SocketEvent
	/** From the owner: a frame to send, or "batch your frames". */
	| Extract<SocketCommand, { type: 'send' } | { type: 'batch' }>
	/** `online`, or the page became visible: a socket that is down tries now. */
	| { type: 'wake' }
	/** The page or the machine slept: an open socket is replaced. */
	| { type: 'slept' }
	/** Connect elsewhere from the next attempt on (ovos-gui named another GUI port). */
	| { type: 'target'; url: string; direct: string | null; port: number };

/** What the owner hears. */
export type LifecycleReport =
	/** `via`: how this socket reached OVOS (straight, after a fallback, when the app server is down). */
	| { type: `${SocketKind}.open`; via: Via }
	| { type: `${SocketKind}.closed`; code: number; reason: string }
	| { type: `${SocketKind}.pong` }
	| { type: 'note'; what: string };

interface ProbeInput {
	readonly url: string;
}
interface ServerInput {
	readonly kind: SocketKind;
	readonly port: number;
}
interface AliveInput extends ServerInput {
	readonly url: string;
	readonly deep: boolean;
}

export const lifecycleMachine = setup({
	types: {
		context: {} as LifecycleContext,
		events: {} as LifecycleEvent,
		input: {} as LifecycleInput
	},
	actors: {
		socket: socketLogic(browserTransport),
		probe: fromPromise<boolean, ProbeInput>(({ input }) => httpProbe(input.url)),
		serverWatch: fromPromise<ServerWatchResult, ServerInput>(async () => 'unwatched'),
		alive: fromPromise<boolean, AliveInput>(({ input }) => httpProbe(input.url))
	},
	delays: {
		hold: ({ context }) => holdAfter(context.hold),
		probe: ({ context }) => {
			// Standing in for a server whose answers are stuck in the browser: as often as it would answer.
			const every = context.server === 'late' ? LATE_PROBE_EVERY_MS : PROBE_EVERY_MS * context.share;
			if (context.probes === 0 && holdAfter(context.hold) > 0) return 0; // the hold was the wait
			// Just dropped, or the first connect failed: soon, a restart takes a moment.
			return context.attempt <= 1 ? Math.min(PROBE_SCHEDULE_MS[context.probes] ?? every, every) : every;
		},
		blind: ({ context }) => BLIND_RETRY_MS * context.share,
		serverBlind: SERVER_BLIND_MS,
		serverHold: SERVER_HOLD_MS,
		serverRetry: SERVER_RETRY_MS,
		recheck: RECHECK_MS,
		aliveTimeout: ALIVE_TIMEOUT_MS
	},
	guards: {
		pings: ({ context }) => viaOf(context) === 'app',
		straight: ({ context }) => straight(context),
		/**
		 * The relay closed a live socket with 1001, the app is stopping (docs/protocol.md, "Through the
		 * app"): a page with a fallback goes straight now. An ovos-gui that itself closes with 1001
		 * (mirrored) costs one straight attempt; the port watch's answer then brings the app back.
		 */
		appStopping: ({ context, event }) => event.type === 'closed' && event.code === 1001 && viaOf(context) === 'app' && context.direct !== null,
		/** The port watch could not be asked, and the app server was thought up: a page with a fallback tries straight now. */
		appGoneNow: ({ context }, params: { result: ServerWatchResult }) => params.result === 'error' && context.direct !== null && !context.appDown,
		/** The app server watches ports for this page (`lifecycleLogic`). */
		watched: () => false,
		deadNow: ({ context }) => context.unanswered + 1 >= DEAD_AFTER,
		yes: (_, params: { answer: boolean }) => params.answer,
		says: (_, params: { result: ServerWatchResult; is: ServerWatchResult }) => params.result === params.is,
		probing: ({ context }) => context.server === 'late' || context.server === 'silent',
		serverWatching: ({ context }) => context.server === 'asking' || context.server === 'watching'
	},
	actions: {
		forward: sendTo('socket', ({ event }) => {
			assertEvent(event, ['send', 'batch']);
			return event;
		}),
		check: sendTo('socket', { type: 'check' } satisfies SocketCommand),
		listen: sendTo('socket', { type: 'listen' } satisfies SocketCommand),
		fresh: assign({ attempt: 0, hold: 0, unanswered: 0, checks: 0 }),
		countFailure: assign({ attempt: ({ context }) => context.attempt + 1 }),
		countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
		answered: assign({ unanswered: 0 }),
		unanswered: assign({ unanswered: ({ context }) => context.unanswered + 1 }),
		/** The socket spoke: its checks start over. */
		spoke: assign({ unanswered: 0, checks: 0 }),
		/** Down: no probe yet, and the app server's watch not asked yet, when there is one (`lifecycleLogic`). */
		watchFrom: assign({ probes: 0, server: 'silent' }),
		countProbe: assign({ probes: ({ context }) => context.probes + 1 }),
		serverSaid: assign({ server: (_, params: { result: ServerWatchResult }): ServerSays => (params.result === 'timeout' ? 'watching' : params.result === 'late' ? 'late' : 'silent') }),
		/** The app server answered (whatever it said), or could not be asked (a late answer says neither). */
		appSaid: assign({ appDown: ({ context }, params: { result: ServerWatchResult }) => (params.result === 'late' ? context.appDown : params.result === 'error') }),
		/** Failed before it opened: through the app, the app server may be down. */
		appMaybeDown: assign({ appDown: ({ context }) => context.appDown || viaOf(context) === 'app' }),
		appGone: assign({ appDown: true }),
		/** A straight socket dropped (or was replaced): its next connect tries the app first. */
		appAgain: assign({ appDown: false }),
		noteStraight: sendTo(
			({ context }) => context.owner,
			({ context }) => ({ type: 'note', what: `${context.kind} socket straight to OVOS (${urlOf(context)}): the app server does not answer` }) satisfies LifecycleReport
		),
		holdMore: assign({ hold: ({ context }) => context.hold + 1 }),
		notePortAnswers: sendTo(({ context }) => context.owner, ({ context }) => ({ type: 'note', what: `${context.kind} port answers` }) satisfies LifecycleReport),
		retarget: assign(({ event }) => {
			assertEvent(event, 'target');
			return { url: event.url, direct: event.direct, port: event.port };
		}),
		reportOpen: sendTo(({ context }) => context.owner, ({ context }) => ({ type: `${context.kind}.open`, via: viaOf(context) }) satisfies LifecycleReport),
		reportPong: sendTo(({ context }) => context.owner, ({ context }) => ({ type: `${context.kind}.pong` }) satisfies LifecycleReport),
		reportClosed: sendTo(
			({ context }) => context.owner,
			({ context, event }) => {
				assertEvent(event, 'closed');
				return { type: `${context.kind}.closed`, code: event.code, reason: event.reason } satisfies LifecycleReport;
			}
		),
		reportDead: sendTo(
			({ context }) => context.owner,
			({ context }) => ({ type: `${context.kind}.closed`, code: 0, reason: `silent and its device did not answer ${DEAD_AFTER} checks: taken for dead` }) satisfies LifecycleReport
		),
		reportReplaced: sendTo(({ context }) => context.owner, ({ context }) => ({ type: `${context.kind}.closed`, code: 0, reason: 'replaced after a sleep' }) satisfies LifecycleReport)
	}
}).createMachine({
	id: 'socket',
	context: ({ input }) => ({ ...input, attempt: 0, hold: 0, unanswered: 0, checks: 0, probes: 0, server: 'asking', appDown: false }),
	initial: 'connected',
	on: { target: { actions: 'retarget' } },
	states: {
		connected: {
			invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ kind: context.kind, url: urlOf(context), owner: context.owner, pings: viaOf(context) === 'app' }) },
			on: {
				closed: [
					// Not through the port watch: a stopping app server still answers it for a moment.
					{ guard: 'appStopping', target: 'connected', reenter: true, actions: ['appGone', 'reportClosed'] },
					{ target: 'down', actions: 'reportClosed' }
				],
				send: { actions: 'forward' },
				batch: { actions: 'forward' },
				slept: { target: 'connected', reenter: true, actions: 'reportReplaced' }
			},
			initial: 'opening',
			states: {
				opening: {
					tags: ['connecting'],
					on: {
						open: [{ guard: 'straight', target: 'live', actions: 'noteStraight' }, { target: 'live' }],
						closed: { target: '#socket.down', actions: ['countFailure', 'appMaybeDown', 'reportClosed'] }
					}
				},
				live: {
					tags: ['live'],
					entry: ['fresh', 'reportOpen'],
					exit: 'appAgain',
					// The relay's answer to the ping at open follows ovos-gui's whole replay: the owner waits for it.
					on: { pong: { actions: 'reportPong' } },
					initial: 'opened',
					states: {
						// Through the app the first check is at once: its answer says the replay is over.
						opened: { always: [{ guard: 'pings', target: 'pinging' }, { target: 'listening' }] },
						listening: {
							entry: 'listen',
							on: {
								quiet: [{ guard: 'pings', target: 'pinging' }, { target: 'asking' }],
								heard: { actions: 'spoke' }
							}
						},
						/** A ping on the socket, which the relay answers once OVOS's end has answered its own. */
						pinging: {
							entry: ['countCheck', 'check'],
							on: {
								pong: { target: 'listening', actions: ['answered', 'reportPong'] },
								// Anything that arrives during a check is an answer too.
								heard: { target: 'listening', actions: 'spoke' }
							},
							after: {
								aliveTimeout: [
									{ guard: 'deadNow', target: '#socket.down', actions: 'reportDead' },
									{ target: 'recheck', actions: 'unanswered' }
								]
							}
						},
						/** Straight to OVOS: the app server's port check, or an HTTP request to the port. */
						asking: {
							entry: ['countCheck', 'check'],
							invoke: {
								src: 'alive',
								input: ({ context }) => ({
									kind: context.kind,
									url: urlOf(context),
									port: context.port,
									// A check after an unanswered one goes end to end too: a frozen server still accepts TCP.
									deep: context.unanswered > 0 || context.checks % DEEP_EVERY === 0
								}),
								onDone: [
									{ guard: { type: 'yes', params: ({ event }) => ({ answer: event.output }) }, target: 'listening', actions: 'answered' },
									{ guard: 'deadNow', target: '#socket.down', actions: 'reportDead' },
									{ target: 'recheck', actions: 'unanswered' }
								],
								onError: [
									{ guard: 'deadNow', target: '#socket.down', actions: 'reportDead' },
									{ target: 'recheck', actions: 'unanswered' }
								]
							},
							on: { heard: { target: 'listening', actions: 'spoke' } }
						},
						recheck: {
							after: { recheck: [{ guard: 'pings', target: 'pinging' }, { target: 'asking' }] },
							on: { heard: { target: 'listening', actions: 'spoke' } }
						}
					}
				}
			}
		},
		/** Down: the port watch, and a blind attempt now and then (the watch may not see what the socket can). */
		down: {
			tags: ['offline'],
			type: 'parallel',
			entry: 'watchFrom',
			on: { wake: 'connected', slept: 'connected' },
			states: {
				watch: {
					initial: 'holding',
					states: {
						/** Held off after connects made on the watch's word failed (a port that answers HTTP, not the WebSocket). */
						holding: { after: { hold: 'watching' } },
						watching: {
							type: 'parallel',
							states: {
								/** The app server's watch (`/api/ovos/port`): answers the moment the port accepts, or after a hold. */
								server: {
									initial: 'start',
									states: {
										start: { always: [{ guard: 'watched', target: 'asking' }, { target: 'unwatched' }] },
										asking: {
											type: 'parallel',
											// Asked again once both are over: an answer and the hold (not more often than that).
											onDone: { target: 'asking', reenter: true },
											states: {
												request: {
													initial: 'waiting',
													states: {
														waiting: {
															invoke: {
																src: 'serverWatch',
																input: ({ context }) => ({ kind: context.kind, port: context.port }),
																onDone: [
																	{
																		guard: { type: 'says', params: ({ event }) => ({ result: event.output, is: 'open' }) },
																		target: '#socket.connected',
																		actions: [{ type: 'appSaid', params: { result: 'open' } }, 'holdMore', 'notePortAnswers']
																	},
																	{
																		// Not on the watch's word that the port answers: no hold if it fails (then it probes, straight).
																		guard: { type: 'appGoneNow', params: ({ event }) => ({ result: event.output }) },
																		target: '#socket.connected',
																		actions: [{ type: 'serverSaid', params: { result: 'error' } }, { type: 'appSaid', params: { result: 'error' } }]
																	},
																	{
																		guard: { type: 'says', params: ({ event }) => ({ result: event.output, is: 'error' }) },
																		target: '#socket.down.watch.watching.server.failed',
																		actions: [{ type: 'serverSaid', params: { result: 'error' } }, { type: 'appSaid', params: { result: 'error' } }]
																	},
																	{
																		guard: { type: 'says', params: ({ event }) => ({ result: event.output, is: 'unwatched' }) },
																		target: '#socket.down.watch.watching.server.unwatched',
																		actions: [{ type: 'serverSaid', params: { result: 'unwatched' } }, { type: 'appSaid', params: { result: 'unwatched' } }]
																	},
																	{
																		target: 'answered',
																		actions: [
																			{ type: 'serverSaid', params: ({ event }) => ({ result: event.output }) },
																			{ type: 'appSaid', params: ({ event }) => ({ result: event.output }) }
																		]
																	}
																]
															}
														},
														answered: { type: 'final' }
													}
												},
												pace: {
													initial: 'early',
													states: { early: { after: { serverHold: 'due' } }, due: { type: 'final' } }
												}
											}
										},
										/** The app server is down too: asked again later, the page probes meanwhile. */
										failed: { after: { serverRetry: 'asking' } },
										/** Not a port it watches: probes only. */
										unwatched: {}
									}
								},
								/** HTTP requests to the port while no server watches (or its answers are late). */
								probe: {
									initial: 'idle',
									states: {
										idle: { always: { guard: 'probing', target: 'waiting' } },
										waiting: {
											always: { guard: not('probing'), target: 'idle' },
											after: { probe: 'probing' }
										},
										probing: {
											entry: 'countProbe',
											invoke: {
												src: 'probe',
												input: ({ context }) => ({ url: urlOf(context) }),
												onDone: [{ guard: { type: 'yes', params: ({ event }) => ({ answer: event.output }) }, target: '#socket.connected', actions: ['holdMore', 'notePortAnswers'] }, { target: 'waiting' }]
											}
										}
									}
								}
							}
						}
					}
				},
				blind: {
					// While the app server watches it has seen the port closed: a blind attempt only this rarely.
					after: { serverBlind: '#socket.connected' },
					initial: 'waiting',
					states: {
						waiting: {
							after: { blind: [{ guard: 'serverWatching', target: 'waiting', reenter: true }, { target: '#socket.connected' }] }
						}
					}
				}
			}
		}
	}
});

export interface LifecycleDeps {
	readonly socket: ReturnType<typeof socketLogic>;
	readonly watchers: PortWatchers;
}

/** The machine with the sockets and watchers a page (or a test) has. */
export function lifecycleLogic({ socket, watchers }: LifecycleDeps) {
	const server = watchers.server;
	return lifecycleMachine.provide({
		guards: { watched: () => server !== undefined },
		actions: { watchFrom: assign({ probes: 0, server: server ? 'asking' : 'silent' }) },
		actors: {
			socket,
			probe: fromPromise<boolean, ProbeInput>(({ input }) => watchers.probe(input.url)),
			serverWatch: fromPromise<ServerWatchResult, ServerInput>(async ({ input, signal }) => (server ? server(input.kind, input.port, signal) : 'unwatched')),
			alive: fromPromise<boolean, AliveInput>(({ input }) => watchers.alive(input.kind, input.url, input.port, input.deep))
		}
	});
}
