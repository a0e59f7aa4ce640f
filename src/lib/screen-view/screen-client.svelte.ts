/**
 * The screen's live model for Svelte views: a thin rune store over the connection actor
 * (`$lib/connection`). It starts the actor, subscribes to it and publishes `state` (the actor's
 * model) and `shown` (its parts a screen draws, each its own signal) at the end of the task that
 * changed it; `conn` (status, logs) and `counters` (frames in and out) within STEP_PUBLISH_MS of a
 * step, each only when it changed, and with `state` when the status moved. It never writes the
 * model itself. GUI frames reach the actor in batches (at most every BATCH_MS, socket-frames.ts),
 * so the DOM is current a few ms after a frame came and before the next paint, instead of waiting
 * for the next animation frame.
 *
 * Its concerns, each a small manager beside it: the page held while a replay has not spoken
 * (`ReplayedPage`), the status and logs `conn` shows (`ConnectionStatus`), and the page's sleeps
 * and wakes (`watchSleepWake`).
 */
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { decodeBus, type BusMessage, type ClientMessage } from '$lib/protocol';
import { emptyState, type PageFocus, type ScreenState } from '$lib/screen';
import {
	connectionLogic,
	earlyTransport,
	workerTransport,
	httpProbe,
	serverCheck,
	serverFocus,
	serverWatch,
	browserTransport,
	urlOf,
	type ConnectionActor,
	type ConnectionSnapshot,
	type LifecycleContext,
	type PortWatchers,
	type Transport,
	type WireFrame,
	type WireRecord
} from '$lib/connection';
import { busUrl, guiUrl, ovosOf, sameHost, socketUrl, type OvosAddress } from '$lib/protocol';
import { ConnectionStatus, idleView, stateLine, type ConnectionView } from './connection-status';
import { ReplayedPage } from './replayed-page';
import { ShownScreen } from './shown.svelte';
import { watchSleepWake } from './sleep-wake';

export type { ConnectionView, TimelineEntry, TransitionEntry } from './connection-status';

/** Frames both ways and those that could not be read: the dashboard's, apart from `conn` (see `#publish`). */
export interface FrameCounters {
	readonly framesIn: number;
	readonly framesOut: number;
	readonly decodeErrors: number;
}

export type FrameListener = (frame: WireFrame) => void;

/** At most this long before a step of the machine shows in `conn` and `counters` (`#later`). */
const STEP_PUBLISH_MS = 100;
/** The socket lifecycles the connection machine invokes, by their id. */
const SOCKETS = { gui: 'guiSocket', bus: 'busSocket' } as const;

export interface ScreenClientOptions {
	readonly transport?: Transport;
	/** How a socket that is down learns its port answers, and how a quiet one straight to OVOS is checked (tests). */
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
	/** Keep a log of the machines' transitions (XState's inspection API; the dashboard asks for it). */
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
	readonly #status = new ConnectionStatus();
	readonly #replayed = new ReplayedPage();
	#listeners = new Set<FrameListener>();
	#scheduled = false;
	#laterAsked = false;
	/** A publish of `state` is due at the end of this task; `#moved`: the status too. */
	#soonAsked = false;
	#moved = false;
	#address: OvosAddress | null = null;
	#pageHost = '';
	#unlisten: (() => void) | null = null;

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
		this.#status.start();
		this.#replayed.start(options.initial, this.state);
		if (options.initial) this.state = options.initial;
		// The GUI socket in a worker where there are workers (worker-socket.ts): app.html's early one, then each reconnect's.
		const early = options.transport ? null : earlyTransport(workerTransport(browserTransport));
		const transport = options.transport ?? browserTransport;
		const logic = connectionLogic({
			transport,
			guiTransport: early ?? transport,
			watchers: options.watchers ?? watchersFor(address, options.serverAddress),
			focus: options.focus ?? focusFor(address, options.serverAddress),
			batch: !options.transport
		});
		const actor = createActor(logic, {
			input: { address, pageHost: this.#pageHost, guiId: options.guiId ?? this.guiId },
			// Every event and action is reported to an inspector: only the dashboard pays for it.
			...(options.inspect ? { inspect: (e: InspectionEvent) => this.#inspect(e) } : {})
		});
		actor.on('note', (e) => {
			this.#status.note(e.what);
			this.#schedule();
		});
		actor.on('wire', (e) => this.#wire(e.frame));
		actor.on('wires', (e) => {
			if (this.#listeners.size > 0) for (const f of e.frames) this.#wire(f);
		});
		actor.subscribe((snap) => this.#changed(snap));
		this.#actor = actor;
		if (typeof window !== 'undefined') this.#unlisten = this.#watchPage(actor);
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

	#wire(record: WireRecord): void {
		if (this.#listeners.size === 0) return;
		// Stamped as it arrives here (the machine reads no clock); core-bus frames decoded only for the log.
		let f: WireFrame = { ...record, time: Date.now() };
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
		const live = snap.hasTag('live') && !this.#replayed.waiting(stage(snap), this.state);
		if (this.#status.derive(live, snap.hasTag('offline'))) this.#moved = true;
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
			const model = this.#replayed.shown(stage(snap), this.state);
			if (this.state !== model) this.state = model;
		});
	}

	#inspect(e: InspectionEvent): void {
		if (e.type !== '@xstate.snapshot') return;
		const actor = this.#actor;
		const root = e.actorRef === actor;
		const children = actor?.getSnapshot().children ?? {};
		const kind = root ? null : e.actorRef === children[SOCKETS.gui] ? 'gui' : e.actorRef === children[SOCKETS.bus] ? 'bus' : null;
		if ((!root && kind === null) || !isMachineSnapshot(e.snapshot)) return;
		const line = stateLine(e.snapshot.value);
		this.#status.step(e.event.type, kind ? `${kind} socket: ${line}` : line, [...e.snapshot.tags].sort());
	}

	/**
	 * `conn` and `counters` after a step of the machine, within STEP_PUBLISH_MS: a stream of frames
	 * steps it hundreds of times a second, and publishing them each animation frame cost a 4x slower
	 * CPU a tenth of its frame's work. What people wait for goes sooner: a status that moved at the
	 * end of the task (`#soon`), a note in the timeline at the next frame (`#schedule`).
	 */
	#later(): void {
		if (this.#laterAsked) return;
		this.#laterAsked = true;
		setTimeout(() => {
			this.#laterAsked = false;
			this.#publish();
		}, STEP_PUBLISH_MS);
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
			const model = this.#replayed.shown(stage(snap), this.state);
			if (this.state !== model) this.state = model;
		}
		const c = snap?.context;
		const framesIn = c?.framesIn ?? 0;
		const framesOut = c?.framesOut ?? 0;
		const decodeErrors = c?.decodeErrors ?? 0;
		const n = this.counters;
		if (n.framesIn !== framesIn || n.framesOut !== framesOut || n.decodeErrors !== decodeErrors) this.counters = { framesIn, framesOut, decodeErrors };
		const a = this.#address;
		const gui = snap ? lifecycleOf(snap, 'gui') : undefined;
		const bus = snap ? lifecycleOf(snap, 'bus') : undefined;
		const guiPort = c?.guiPort ?? a?.guiPort ?? 0;
		// As a WebSocket opens it: a relay path on this page's origin, or straight while the app server is down.
		const opened = (url: string) => (typeof location === 'undefined' ? url : socketUrl(url, location.href));
		this.conn = this.#status.view(
			{
				attempt: gui?.context.attempt ?? 0,
				mode: a?.handshake ?? 'gui',
				guiUrl: a ? opened(gui ? urlOf(gui.context) : guiUrl({ ...a, guiPort }, this.#pageHost)) : '',
				ovos: a ? ovosOf(a, this.#pageHost, guiPort) : '',
				busUrl: a && a.handshake === 'full' ? opened(bus ? urlOf(bus.context) : busUrl(a, this.#pageHost)) : null,
				busLive: snap?.hasTag('bus-live') ?? false,
				machine: snap ? stateLine(snap.value) : '',
				sockets: { gui: gui ? stateLine(gui.value) : null, bus: bus ? stateLine(bus.value) : null },
				tags: snap ? [...snap.tags].sort() : []
			},
			this.conn
		);
	}

	#watchPage(actor: ConnectionActor): () => void {
		return watchSleepWake({
			wake: () => {
				actor.send({ type: 'wake' });
				this.#schedule();
			},
			slept: (ms) => {
				// The page before the reconnect stays until the new replay has spoken.
				this.#replayed.keep(this.state);
				actor.send({ type: 'slept', ms });
			},
			// A hidden page gets no animation frames: what waits for one runs now, later ones on timers.
			hidden: () => this.#frame()
		});
	}
}

function stage(snap: ConnectionSnapshot) {
	return { live: snap.hasTag('live'), replaying: snap.hasTag('replaying'), model: snap.context.model };
}

/** A socket lifecycle's snapshot, when the machine runs one for that socket. */
function lifecycleOf(snap: ConnectionSnapshot, kind: keyof typeof SOCKETS): { value: unknown; context: LifecycleContext } | undefined {
	const child: AnyActorRef | undefined = snap.children[SOCKETS[kind]];
	return child?.getSnapshot();
}

function isMachineSnapshot(s: object): s is { value: unknown; tags: Set<string> } {
	return 'value' in s && 'tags' in s && s.tags instanceof Set;
}

/**
 * How this page watches a port that is down and checks a quiet socket straight to OVOS: through
 * the app server when it is configured with this OVOS (its port watch; its port check, which
 * leaves nothing in the device's log, with an HTTP request to the port every few checks), else
 * directly (HTTP requests to the port). Never a second GUI connection: ovos-gui replays its whole
 * state to each. Through the app the quiet check is a ping on the socket itself (socket.ts).
 */
function watchersFor(address: OvosAddress, server: OvosAddress | undefined): PortWatchers {
	const viaServer = server !== undefined && typeof location !== 'undefined' && sameOvos(address, server);
	if (!viaServer) return { probe: httpProbe, alive: (_kind, url) => httpProbe(url) };
	const check = serverCheck(location.origin);
	return {
		probe: httpProbe,
		server: serverWatch(location.origin),
		alive: async (_kind, url, port, deep) => (deep ? httpProbe(url) : ((await check(port)) ?? httpProbe(url)))
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

function randomId(): string {
	return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}
