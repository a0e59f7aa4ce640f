/**
 * The screen's live model for Svelte views: runs the connection machine, applies frames through a
 * `WireSession`, and publishes `state` and `conn` at most once per animation frame.
 */
import { encode, encodeBus, type BusMessage, type ClientMessage } from '$lib/protocol';
import { emptyState, type ScreenState } from '$lib/screen';
import { browserTransport, Connection, earlyTransport, httpProbe, OPEN, serverWatch, WireSession, type ConnectionHooks, type FrameListener, type PortWatchers, type SocketKind, type SocketLike, type Transport } from '$lib/connection';
import { busUrl, guiUrl, type OvosAddress } from '$lib/protocol';

export interface TimelineEntry {
	readonly time: number;
	readonly what: string;
}

export interface ConnectionView {
	readonly status: 'connecting' | 'live' | 'offline';
	/** When `status` last changed (offline since …). */
	readonly since: number;
	/** Failed attempts since the GUI socket was last live. */
	readonly attempt: number;
	readonly mode: 'gui' | 'full';
	readonly guiUrl: string;
	readonly busUrl: string | null;
	readonly busLive: boolean;
	readonly framesIn: number;
	readonly framesOut: number;
	readonly decodeErrors: number;
	readonly timeline: readonly TimelineEntry[];
}

const TIMELINE_MAX = 200;
/** A timer that fires this much later than asked means the machine (or the page) slept. */
const TICK_MS = 2000;
const SLEPT_MS = 10_000;

export interface ScreenClientOptions {
	readonly transport?: Transport;
	readonly pageHost?: string;
	/**
	 * The OVOS address the app server is configured with: when the screen talks to that host, the
	 * server's long-poll tells it the moment a port answers again.
	 */
	readonly serverAddress?: OvosAddress;
}

export class ScreenClient {
	state = $state.raw<ScreenState>(emptyState());
	conn = $state.raw<ConnectionView>(idleView());

	readonly session = new WireSession();
	readonly guiId = `ovos-screen-${randomId()}`;
	#conn: Connection | null = null;
	#sockets: Partial<Record<SocketKind, SocketLike>> = {};
	#timeline: TimelineEntry[] = [];
	#status: ConnectionView['status'] = 'connecting';
	#since = Date.now();
	#scheduled = false;
	#address: OvosAddress | null = null;
	#pageHost = '';
	#unlisten: (() => void) | null = null;

	start(address: OvosAddress, options: ScreenClientOptions = {}): void {
		this.stop();
		this.#address = address;
		this.#pageHost = options.pageHost ?? (typeof location === 'undefined' ? '127.0.0.1' : location.hostname);
		this.#status = 'connecting';
		this.#since = Date.now();
		this.#note(`connecting to ${guiUrl(address, this.#pageHost)} (${address.handshake === 'full' ? 'full handshake' : 'GUI socket only'})`);
		const early = options.transport ? null : earlyTransport(browserTransport);
		const conn = new Connection({
			address,
			pageHost: this.#pageHost,
			guiId: this.guiId,
			transport: early ?? (options.transport as Transport),
			hooks: this.#hooks,
			watchers: watchersFor(address, options.serverAddress)
		});
		conn.subscribe((snap) => {
			const status = snap.gui === 'live' ? 'live' : this.#status === 'connecting' && snap.gui !== 'waiting' ? 'connecting' : 'offline';
			if (status !== this.#status) {
				this.#status = status;
				this.#since = Date.now();
			}
			this.#schedule();
		});
		this.#conn = conn;
		this.#listenToPage(conn);
		conn.start();
		// What ovos-gui replayed on app.html's early socket, applied now: the screen's first render
		// shows the page (and starts fetching its template) instead of waiting a task and a frame.
		if (early) {
			early.flush();
			this.#publish();
		}
	}

	stop(): void {
		this.#unlisten?.();
		this.#unlisten = null;
		this.#conn?.stop();
		this.#conn = null;
	}

	/** Sends on the GUI socket; false when it is not open (nothing is queued: the state is replayed on reconnect). */
	send(msg: ClientMessage): boolean {
		const socket = this.#sockets.gui;
		if (!socket || socket.readyState !== OPEN) return false;
		const raw = encode(msg);
		socket.send(raw);
		this.session.out('gui', raw, msg);
		this.#schedule();
		return true;
	}

	/** Sends on the core bus; false without a bus connection (GUI-socket-only mode, or bus down). */
	sendBus(msg: BusMessage): boolean {
		const socket = this.#sockets.bus;
		if (!socket || socket.readyState !== OPEN) return false;
		const raw = encodeBus(msg);
		socket.send(raw);
		this.session.out('bus', raw, msg);
		this.#schedule();
		return true;
	}

	onFrame(fn: FrameListener): () => void {
		return this.session.onFrame(fn);
	}

	readonly #hooks: ConnectionHooks = {
		open: (kind, socket) => {
			this.#sockets[kind] = socket;
			if (kind === 'gui') {
				this.session.reset();
				this.#schedule();
			}
			this.#note(`${kind} socket open`);
		},
		frame: (kind, raw) => {
			if (kind === 'gui') this.session.guiIn(raw);
			else this.session.busIn(raw);
			this.#schedule();
		},
		closed: (kind) => {
			delete this.#sockets[kind];
		},
		sendBus: (msg) => void this.sendBus(msg),
		sendGui: (msg) => void this.send(msg),
		note: (what) => this.#note(what)
	};

	#note(what: string): void {
		this.#timeline.push({ time: Date.now(), what });
		if (this.#timeline.length > TIMELINE_MAX) this.#timeline.splice(0, this.#timeline.length - TIMELINE_MAX);
		this.#schedule();
	}

	#schedule(): void {
		if (this.#scheduled) return;
		this.#scheduled = true;
		const run = () => {
			this.#scheduled = false;
			this.#publish();
		};
		if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState !== 'hidden') {
			requestAnimationFrame(run);
		} else setTimeout(run, 0);
	}

	#publish(): void {
		if (this.state !== this.session.state) this.state = this.session.state;
		const a = this.#address;
		const snap = this.#conn?.snapshot();
		this.conn = {
			status: this.#status,
			since: this.#since,
			attempt: snap?.guiAttempt ?? 0,
			mode: a?.handshake ?? 'gui',
			guiUrl: a ? guiUrl({ ...a, guiPort: snap?.guiPort ?? a.guiPort }, this.#pageHost) : '',
			busUrl: a && a.handshake === 'full' ? busUrl(a, this.#pageHost) : null,
			busLive: snap?.bus === 'live',
			framesIn: this.session.framesIn,
			framesOut: this.session.framesOut,
			decodeErrors: this.session.decodeErrors,
			timeline: this.#timeline.slice()
		};
	}

	/**
	 * Retry at once when the network or the page comes back (design.md); reconnect after a sleep —
	 * a frozen page resuming, or a tick that comes far too late (the machine slept) — since a socket
	 * can die in a sleep without a word.
	 */
	#listenToPage(conn: Connection): void {
		if (typeof window === 'undefined') return;
		const wake = () => conn.wake();
		let tick = Date.now();
		const visibility = () => {
			tick = Date.now();
			if (document.visibilityState === 'hidden') return;
			wake();
			this.#schedule();
		};
		let frozenAt = 0;
		const freeze = () => (frozenAt = Date.now());
		const resume = () => {
			conn.slept(frozenAt ? Date.now() - frozenAt : SLEPT_MS);
			tick = Date.now();
		};
		const drift = setInterval(() => {
			const gap = Date.now() - tick;
			tick = Date.now();
			// Hidden pages' timers are throttled (to once a minute after a while): no sign of sleep there.
			if (gap > SLEPT_MS && document.visibilityState === 'visible') conn.slept(gap);
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

function watchersFor(address: OvosAddress, server: OvosAddress | undefined): PortWatchers {
	const sameHost = server !== undefined && server.host === address.host && typeof location !== 'undefined';
	return sameHost ? { probe: httpProbe, server: serverWatch(location.origin) } : { probe: httpProbe };
}

function idleView(): ConnectionView {
	return {
		status: 'connecting',
		since: Date.now(),
		attempt: 0,
		mode: 'gui',
		guiUrl: '',
		busUrl: null,
		busLive: false,
		framesIn: 0,
		framesOut: 0,
		decodeErrors: 0,
		timeline: []
	};
}

function randomId(): string {
	return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}
