/**
 * The screen's live model for Svelte views: a thin rune store over the connection actor
 * (`$lib/connection`). It starts the actor, subscribes to it and publishes `state` (the actor's
 * model) and `shown` (its parts a screen draws, each its own signal) at the end of the task that
 * changed it; `conn` (status, logs) and `counters` (frames in and out) within STEP_PUBLISH_MS of a
 * step, each only when it changed, and with `state` when the status moved. It never writes the
 * model itself. GUI frames reach the actor in batches (at most every BATCH_MS, socket-frames.ts),
 * so the DOM is current a few ms after a frame came and before the next paint, instead of waiting
 * for the next animation frame (issue 27.1). It also tells the actor when the page woke or slept,
 * and keeps the timeline and the machine's transitions for the inspector.
 */
import { createActor, type InspectionEvent } from 'xstate';
import { decodeBus, type BusMessage, type ClientMessage } from '$lib/protocol';
import { emptyState, shownNamespace, type PageFocus, type ScreenState } from '$lib/screen';
import {
	connectionLogic,
	earlyTransport,
	workerTransport,
	httpProbe,
	serverCheck,
	serverFocus,
	serverWatch,
	socketAlive,
	browserTransport,
	type ConnectionActor,
	type ConnectionSnapshot,
	type PortWatchers,
	type Transport,
	type WireFrame
} from '$lib/connection';
import { busUrl, guiUrl, ovosOf, sameHost, socketUrl, type OvosAddress } from '$lib/protocol';
import { ShownScreen } from './shown.svelte';

export interface TimelineEntry {
	readonly time: number;
	readonly what: string;
}

/** One step of the machine, for the inspector: the event and the state it led to. */
export interface TransitionEntry {
	readonly time: number;
	readonly event: string;
	readonly state: string;
	readonly tags: readonly string[];
}

export interface ConnectionView {
	readonly status: 'connecting' | 'live' | 'offline';
	/** When `status` last changed (offline since …). */
	readonly since: number;
	/** Failed attempts since the GUI socket was last live. */
	readonly attempt: number;
	readonly mode: 'gui' | 'full';
	readonly guiUrl: string;
	/** The OVOS the screen talks to, as people write it: host:port of its GUI socket. */
	readonly ovos: string;
	readonly busUrl: string | null;
	readonly busLive: boolean;
	readonly timeline: readonly TimelineEntry[];
	/** The actor's state value, one line (`gui.connected.live.steady.listening / bus.off`). */
	readonly machine: string;
	readonly tags: readonly string[];
	readonly transitions: readonly TransitionEntry[];
}

/** Frames both ways and those that could not be read: the dashboard's, apart from `conn` (see `#publish`). */
export interface FrameCounters {
	readonly framesIn: number;
	readonly framesOut: number;
	readonly decodeErrors: number;
}

export type FrameListener = (frame: WireFrame) => void;

const TIMELINE_MAX = 200;
const TRANSITIONS_MAX = 200;
/** A timer that fires this much later than asked means the machine (or the page) slept. */
const TICK_MS = 2000;
const SLEPT_MS = 10_000;
/** At most this long before a step of the machine shows in `conn` and `counters` (`#later`). */
const STEP_PUBLISH_MS = 100;

export interface ScreenClientOptions {
	readonly transport?: Transport;
	/** How a socket that is down learns its port answers, and how a quiet one is checked (tests). */
	readonly watchers?: PortWatchers;
	/** Which page each namespace is on, from the app server (tests; by default asked of it when it watches this OVOS). */
	readonly focus?: () => Promise<PageFocus | null>;
	readonly pageHost?: string;
	/**
	 * The OVOS address the app server is configured with: when the screen talks to that host, the
	 * server's port watch tells it the moment a port answers again, and its port check says whether
	 * the device of a quiet socket is still there.
	 */
	readonly serverAddress?: OvosAddress;
	/**
	 * A model to show until the actor's first replay has spoken (the server-rendered first paint):
	 * the page stays as it is instead of going blank while the socket opens.
	 */
	readonly initial?: ScreenState;
	readonly guiId?: string;
	/** Keep a log of the machine's transitions (XState's inspection API; the dashboard asks for it). */
	readonly inspect?: boolean;
}

export class ScreenClient {
	#state = $state.raw<ScreenState>(emptyState());
	/** The model's parts a screen draws, each its own signal (shown.svelte.ts): the screen reads these. */
	readonly shown = new ShownScreen();
	/** The model shown (the inspector's, the console's); setting it moves `shown` too. */
	get state(): ScreenState {
		return this.#state;
	}
	set state(model: ScreenState) {
		this.#state = model;
		this.shown.set(model);
	}
	conn = $state.raw<ConnectionView>(idleView());
	counters = $state.raw<FrameCounters>({ framesIn: 0, framesOut: 0, decodeErrors: 0 });

	readonly guiId: string;
	#actor: ConnectionActor | null = null;
	#timeline: TimelineEntry[] = [];
	#transitions: TransitionEntry[] = [];
	/** Bumped when the timeline or the transitions grow: `conn` is new only when something in it is. */
	#logs = 0;
	#logsPublished = -1;
	#listeners = new Set<FrameListener>();
	#status: ConnectionView['status'] = 'connecting';
	#since = Date.now();
	#scheduled = false;
	#laterAsked = false;
	/** A publish of `state` is due at the end of this task; `#moved`: the status too. */
	#soonAsked = false;
	#moved = false;
	#address: OvosAddress | null = null;
	#pageHost = '';
	#unlisten: (() => void) | null = null;
	/** Shown instead of the actor's model until a GUI connection's replay has spoken (`#waiting`). */
	#held: ScreenState | null = null;

	constructor(guiId = `ovos-screen-${randomId()}`) {
		this.guiId = guiId;
	}

	/** The actor (for tests and the console); null when stopped. */
	get actor(): ConnectionActor | null {
		return this.#actor;
	}

	start(address: OvosAddress, options: ScreenClientOptions = {}): void {
		this.stop();
		this.#address = address;
		this.#pageHost = options.pageHost ?? (typeof location === 'undefined' ? '127.0.0.1' : location.hostname);
		this.#status = 'connecting';
		this.#since = Date.now();
		this.#held = options.initial ?? (shownNamespace(this.state) !== null ? this.state : null);
		if (options.initial) this.state = options.initial;
		// The GUI socket in a worker where there are workers (worker-socket.ts): app.html's early one, then each reconnect's.
		const early = options.transport ? null : earlyTransport(workerTransport(browserTransport));
		const transport = options.transport ?? browserTransport;
		const logic = connectionLogic({
			transport,
			guiTransport: early ?? transport,
			watchers: options.watchers ?? watchersFor(address, options.serverAddress, transport),
			focus: options.focus ?? focusFor(address, options.serverAddress),
			batch: !options.transport
		});
		const actor = createActor(logic, {
			input: { address, pageHost: this.#pageHost, guiId: options.guiId ?? this.guiId },
			// Every event and action is reported to an inspector: only the dashboard pays for it.
			...(options.inspect ? { inspect: (e: InspectionEvent) => this.#inspect(e) } : {})
		});
		actor.on('note', (e) => this.#note(e.what));
		actor.on('wire', (e) => this.#wire(e.frame));
		actor.on('wires', (e) => {
			if (this.#listeners.size > 0) for (const f of e.frames) this.#wire(f);
		});
		actor.subscribe((snap) => this.#changed(snap));
		this.#actor = actor;
		this.#listenToPage(actor);
		actor.start();
		// What ovos-gui replayed on app.html's early socket, applied now: the screen's first render
		// shows the page (and starts fetching its template) instead of waiting a task and a frame.
		// A server-rendered page is hydrated as the server drew it; the actor's model follows a frame later.
		if (early) {
			early.flush();
			if (options.initial) this.#schedule();
			else this.#publish();
		}
	}

	stop(): void {
		this.#unlisten?.();
		this.#unlisten = null;
		this.#actor?.stop();
		this.#actor = null;
	}

	/** Sends on the GUI socket; false when it is not open (nothing is queued: the state is replayed on reconnect). */
	send(msg: ClientMessage): boolean {
		const a = this.#actor;
		if (!a || !a.getSnapshot().hasTag('live')) return false;
		a.send({ type: 'gui.send', message: msg });
		return true;
	}

	/** Sends on the core bus; false without a bus connection (GUI-socket-only mode, or bus down). */
	sendBus(msg: BusMessage): boolean {
		const a = this.#actor;
		if (!a || !a.getSnapshot().hasTag('bus-open')) return false;
		a.send({ type: 'bus.send', message: msg });
		return true;
	}

	/** A GUI frame as if the socket had received it (the inspector's benchmark feeds the model this way). */
	receive(raw: string): void {
		this.#actor?.send({ type: 'gui.frame', raw });
	}

	/** Every frame of both sockets in both directions (the inspector's wire log). */
	onFrame(fn: FrameListener): () => void {
		this.#listeners.add(fn);
		return () => this.#listeners.delete(fn);
	}

	#wire(frame: WireFrame): void {
		if (this.#listeners.size === 0) return;
		// Core-bus frames are decoded only for the log.
		let f = frame;
		if (f.socket === 'bus' && f.dir === 'in' && f.message === undefined && f.error === undefined) {
			const d = decodeBus(f.raw);
			f = d.ok ? { ...f, message: d.value } : { ...f, error: d.error };
		}
		for (const fn of this.#listeners) {
			try {
				fn(f);
			} catch (e) {
				// A broken listener must not stop the screen.
				console.error('wire listener failed', e);
			}
		}
	}

	#changed(snap: ConnectionSnapshot): void {
		// Live once the replay has spoken: until then the screen stays as it was, offline look and all.
		const live = snap.hasTag('live') && !this.#waiting(snap);
		const status = live ? 'live' : snap.hasTag('offline') || this.#status !== 'connecting' ? 'offline' : 'connecting';
		if (status !== this.#status) {
			this.#status = status;
			this.#since = Date.now();
			this.#moved = true;
		}
		this.#soon();
		this.#later();
	}

	/** `state` (and `conn`, when the status moved) at the end of this task: one publish for all its events. */
	#soon(): void {
		if (this.#soonAsked) return;
		this.#soonAsked = true;
		queueMicrotask(() => {
			this.#soonAsked = false;
			const snap = this.#actor?.getSnapshot();
			if (!snap) return;
			if (this.#moved) return this.#publish();
			const model = this.#shown(snap);
			if (this.state !== model) this.state = model;
		});
	}

	#inspect(e: InspectionEvent): void {
		if (e.type !== '@xstate.snapshot' || e.actorRef !== this.#actor) return;
		const snap = e.snapshot as ConnectionSnapshot;
		const state = stateLine(snap.value);
		// Frames that change only the model are the wire log's; the machine's log keeps what moved it.
		if (this.#transitions.at(-1)?.state === state) return;
		this.#transitions.push({ time: Date.now(), event: e.event.type, state, tags: [...snap.tags].sort() });
		if (this.#transitions.length > TRANSITIONS_MAX) this.#transitions.splice(0, this.#transitions.length - TRANSITIONS_MAX);
		this.#logs++;
	}

	/**
	 * `conn` and `counters` after a step of the machine, within STEP_PUBLISH_MS: a stream of frames
	 * steps it hundreds of times a second, and publishing them each animation frame cost a 4x slower
	 * CPU a tenth of its frame's work (issue 27.1). What people wait for goes sooner: a status that
	 * moved at the end of the task (`#soon`), a note in the timeline at the next frame (`#schedule`).
	 */
	#later(): void {
		if (this.#laterAsked) return;
		this.#laterAsked = true;
		setTimeout(() => {
			this.#laterAsked = false;
			this.#publish();
		}, STEP_PUBLISH_MS);
	}

	#note(what: string): void {
		this.#timeline.push({ time: Date.now(), what });
		if (this.#timeline.length > TIMELINE_MAX) this.#timeline.splice(0, this.#timeline.length - TIMELINE_MAX);
		this.#logs++;
		this.#schedule();
	}

	/** A publish of both at the next animation frame (soon, on a hidden page, which gets none). */
	#schedule(): void {
		if (this.#scheduled) return;
		this.#scheduled = true;
		if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState !== 'hidden') {
			requestAnimationFrame(() => this.#frame());
		} else setTimeout(() => this.#frame(), 0);
	}

	#frame(): void {
		if (!this.#scheduled) return;
		this.#scheduled = false;
		this.#publish();
	}

	#publish(): void {
		this.#moved = false;
		const snap = this.#actor?.getSnapshot();
		if (snap) {
			const model = this.#shown(snap);
			if (this.state !== model) this.state = model;
		}
		const c = snap?.context;
		const framesIn = c?.framesIn ?? 0;
		const framesOut = c?.framesOut ?? 0;
		const decodeErrors = c?.decodeErrors ?? 0;
		const n = this.counters;
		if (n.framesIn !== framesIn || n.framesOut !== framesOut || n.decodeErrors !== decodeErrors) this.counters = { framesIn, framesOut, decodeErrors };
		// `conn` is new only when something in it is: under a stream of frames only the counters move,
		// and a new `conn` every animation frame reran everything that reads it (issue 27.1).
		const a = this.#address;
		const guiPort = c?.guiPort ?? a?.guiPort ?? 0;
		// As a WebSocket opens it: a relay path on this page's origin.
		const opened = (url: string) => (typeof location === 'undefined' ? url : socketUrl(url, location.href));
		const gui = a ? opened(guiUrl({ ...a, guiPort }, this.#pageHost)) : '';
		const machine = snap ? stateLine(snap.value) : '';
		const was = this.conn;
		const next = {
			status: this.#status,
			since: this.#since,
			attempt: c?.gui.attempt ?? 0,
			mode: a?.handshake ?? 'gui',
			guiUrl: gui,
			ovos: a ? ovosOf(a, this.#pageHost, guiPort) : '',
			busUrl: a && a.handshake === 'full' ? opened(busUrl(a, this.#pageHost)) : null,
			busLive: snap?.hasTag('bus-live') ?? false,
			machine
		} as const;
		const same = this.#logsPublished === this.#logs && (Object.keys(next) as (keyof typeof next)[]).every((k) => was[k] === next[k]);
		if (same) return;
		this.#logsPublished = this.#logs;
		this.conn = {
			...next,
			timeline: this.#timeline.slice(),
			tags: snap ? [...snap.tags].sort() : [],
			transitions: this.#transitions.slice()
		};
	}

	/**
	 * Whether the screen keeps what it shows instead of the actor's model: a GUI connection is open
	 * and the page on screen waits for its replay to speak (show a page, or close its window), or a
	 * held page (the server-rendered one, the page before a sleep) waits for a connection. Each new
	 * connection's model starts empty (spec §1.4): shown at once, the page went blank and was built
	 * again from nothing a frame later, and on a loaded machine that blank frame's work alone held
	 * the replay's frames back 20-40 ms (bench:reconnect). The status stays as it was meanwhile
	 * (`#changed`), so a page the kiosk put away as stale is not shown live for that moment.
	 */
	#waiting(snap: ConnectionSnapshot): boolean {
		if (!snap.hasTag('live')) return this.#held !== null;
		return snap.hasTag('replaying') && shownNamespace(snap.context.model) === null && shownNamespace(this.#held ?? this.state) !== null;
	}

	/** The model to show: the actor's, or what the screen showed while `#waiting`. */
	#shown(snap: ConnectionSnapshot): ScreenState {
		if (!this.#waiting(snap)) {
			this.#held = null;
			return snap.context.model;
		}
		return (this.#held ??= this.state);
	}

	/**
	 * Retry at once when the network or the page comes back (design.md); reconnect after a sleep —
	 * a frozen page resuming, or a tick that comes far too late (the machine slept) — since a socket
	 * can die in a sleep without a word.
	 */
	#listenToPage(actor: ConnectionActor): void {
		if (typeof window === 'undefined') return;
		const wake = () => actor.send({ type: 'wake' });
		const slept = (ms: number) => {
			// The page before the reconnect stays until the new replay has spoken.
			if (shownNamespace(this.state) !== null) this.#held = this.state;
			actor.send({ type: 'slept', ms });
		};
		let tick = Date.now();
		const visibility = () => {
			tick = Date.now();
			// A hidden page gets no animation frames: what waits for one runs now, later ones on timers.
			if (document.visibilityState === 'hidden') return this.#frame();
			wake();
			this.#schedule();
		};
		let frozenAt = 0;
		const freeze = () => (frozenAt = Date.now());
		const resume = () => {
			slept(frozenAt ? Date.now() - frozenAt : SLEPT_MS);
			tick = Date.now();
		};
		const drift = setInterval(() => {
			const gap = Date.now() - tick;
			tick = Date.now();
			// Hidden pages' timers are throttled (to once a minute after a while): no sign of sleep there.
			if (gap > SLEPT_MS && document.visibilityState === 'visible') slept(gap);
		}, TICK_MS);
		window.addEventListener('online', wake);
		document.addEventListener('visibilitychange', visibility);
		document.addEventListener('freeze', freeze);
		document.addEventListener('resume', resume);
		this.#unlisten = () => {
			clearInterval(drift);
			window.removeEventListener('online', wake);
			document.removeEventListener('visibilitychange', visibility);
			document.removeEventListener('freeze', freeze);
			document.removeEventListener('resume', resume);
		};
	}
}

/**
 * How this page watches a port that is down and checks a quiet socket: through the app server when
 * it is configured with this OVOS (its port watch; its port check, which leaves nothing in the
 * device's log), else directly (HTTP probes while down; a second WebSocket to check a quiet one).
 */
function watchersFor(address: OvosAddress, server: OvosAddress | undefined, transport: Transport): PortWatchers {
	const viaServer = server !== undefined && typeof location !== 'undefined' && sameOvos(address, server);
	const direct = (url: string) => socketAlive(url, transport);
	if (!viaServer) return { probe: httpProbe, alive: (_kind, url) => direct(url) };
	const check = serverCheck(location.origin);
	return {
		probe: httpProbe,
		server: serverWatch(location.origin),
		alive: async (_kind, url, port, deep) => (deep ? direct(url) : ((await check(port)) ?? direct(url)))
	};
}

function sameOvos(address: OvosAddress, server: OvosAddress): boolean {
	return address.host === server.host || (address.host !== null && server.host !== null && sameHost(address.host, server.host));
}

/** The app server's copy of the screen is of its own OVOS's GUI port: only a screen of that one asks it for the page focus. */
function focusFor(address: OvosAddress, server: OvosAddress | undefined): (() => Promise<PageFocus | null>) | undefined {
	if (server === undefined || typeof location === 'undefined' || !sameOvos(address, server) || address.guiPort !== server.guiPort) return undefined;
	return serverFocus(location.origin);
}

function stateLine(value: unknown): string {
	if (typeof value === 'string') return value;
	const parts: string[] = [];
	for (const [k, v] of Object.entries(value as Record<string, unknown>)) parts.push(`${k}.${stateLine(v)}`);
	return parts.join(' / ');
}

function idleView(): ConnectionView {
	return {
		status: 'connecting',
		since: Date.now(),
		attempt: 0,
		mode: 'gui',
		guiUrl: '',
		ovos: '',
		busUrl: null,
		busLive: false,
		timeline: [],
		machine: '',
		tags: [],
		transitions: []
	};
}

function randomId(): string {
	return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}
