/**
 * The app server's own copy of the device's screen (for the first paint): one more GUI-socket
 * client of the configured OVOS, applying every frame with the browser's own `decode` + `reduce`,
 * so `/` and `/kiosk` can put the page that is up into their first HTML.
 *
 * To ovos-gui it is just another client: it gets every broadcast and a replay on
 * each connect. It sends nothing, ever — no announce (ovos-gui would forward it to the core bus as
 * `mycroft.gui.connected`, answered there with `mycroft.gui.port` and `mycroft.gui.available`), no
 * focus or interaction event (they move the page number and restart removal timers), no HTTP probe
 * of `/gui` (ovos-gui logs a 400 for each): a silent socket is checked with WebSocket pings, which
 * the server's WebSocket layer answers by itself. What it cannot avoid: ovos-gui counts it, so
 * `gui.status.request` answers `connected: true` while the app server runs.
 *
 * It holds the model as ovos-gui would replay it to a new client — what a screen opened now will
 * hold once its own socket has spoken: every namespace on page 0 (no focus is replayed), no events,
 * no voice status. While it is not connected, or its replay has not settled, it has nothing to give.
 * It also tells the page each namespace is on where it heard ovos-gui focus one (`focus`), which a
 * screen whose socket connected after that focus cannot learn from ovos-gui.
 */
import WebSocket from 'ws';
import { decode } from '../protocol/decode';
import { emptyState, IDLE_STATUS, type NamespaceState, type ScreenState } from '../screen/state';
import { reduce } from '../screen/reduce';
import { focusHeard, type PageFocus } from '../screen/focus';
import { failure } from './reachability';

/** After (re)connecting, the model is taken as replayed once no frame has come for this long… */
export const SETTLE_MS = 100;
/** …or this long after the socket opened, whatever keeps streaming. */
export const SETTLE_MAX_MS = 1000;
/** A socket silent this long gets a ping; one that does not answer within PONG_MS is dropped. */
export const PING_AFTER_MS = 15_000;
export const PONG_MS = 5000;
/**
 * A frame this long (characters) is held as it came and applied later: `HOLD_MS` after the first
 * frame held, or at once when a page asks for the model (`replayed`, `focus`), so a page always
 * gets every frame heard. The screens on this machine decode and draw the same frame the moment it
 * comes, and decoding it here then took a core from them: 100-300 ms of CPU for a 6-12 MB list,
 * during which a screen's task of 5 ms CPU took 119 ms. Frames that come while one
 * is held are held behind it, in order.
 */
export const HOLD_CHARS = 200_000;
export const HOLD_MS = 3000;
/** More than this held, and it is all applied at once (a device that never stops sending them). */
export const HOLD_MAX_CHARS = 64 * 1024 * 1024;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 4000;
const CONNECT_TIMEOUT_MS = 5000;

/** Told whether each connect reached the device (the server logs its comings and goings). */
export interface MirrorReach {
	connected(): void;
	failed(reason: string): void;
}

export interface MirrorStats {
	connects: number;
	framesIn: number;
	/** Frames that did not decode (counted and skipped, as the browser does). */
	bad: number;
	/** Frames held now, to be applied later (`HOLD_CHARS`). */
	held: number;
}

export class ScreenMirror {
	readonly stats: MirrorStats = { connects: 0, framesIn: 0, bad: 0, held: 0 };
	#ws: WebSocket | null = null;
	#state: ScreenState = emptyState();
	#settled = false;
	#stopped = true;
	#retryMs = RETRY_MIN_MS;
	#retry: ReturnType<typeof setTimeout> | undefined;
	#settle: ReturnType<typeof setTimeout> | undefined;
	#settleBy = 0;
	#tick: ReturnType<typeof setInterval> | undefined;
	#heard = 0;
	#pinged = 0;
	#replayed: { from: ScreenState; model: ScreenState } | null = null;
	/** Frames not applied yet, in the order they came (null: a binary one). */
	#held: (string | null)[] = [];
	#heldChars = 0;
	#holdTimer: ReturnType<typeof setTimeout> | undefined;

	readonly #pingAfterMs: number;
	readonly #pongMs: number;
	readonly #holdMs: number;

	readonly #reach: MirrorReach | undefined;

	constructor(
		readonly url: string,
		opts: { readonly pingAfterMs?: number; readonly pongMs?: number; readonly holdMs?: number; readonly reach?: MirrorReach } = {}
	) {
		this.#pingAfterMs = opts.pingAfterMs ?? PING_AFTER_MS;
		this.#pongMs = opts.pongMs ?? PONG_MS;
		this.#holdMs = opts.holdMs ?? HOLD_MS;
		this.#reach = opts.reach;
	}

	start(): void {
		if (!this.#stopped) return;
		this.#stopped = false;
		this.#connect();
	}

	stop(): void {
		this.#stopped = true;
		clearTimeout(this.#retry);
		this.#down();
		this.#ws?.terminate();
		this.#ws = null;
	}

	/** True while connected and the replay is in. */
	get ready(): boolean {
		return this.#settled;
	}

	/** The model a client connecting now would hold after ovos-gui's replay, or null when unknown. */
	replayed(): ScreenState | null {
		if (!this.#settled) return null;
		this.#applyHeld();
		if (this.#replayed?.from !== this.#state) this.#replayed = { from: this.#state, model: asReplayed(this.#state) };
		return this.#replayed.model;
	}

	/** The pages focus events put the namespaces on, as heard on this connection; null when unknown. */
	focus(): PageFocus | null {
		if (!this.#settled) return null;
		this.#applyHeld();
		return focusHeard(this.#state);
	}

	#connect(): void {
		if (this.#stopped) return;
		const ws = new WebSocket(this.url, { handshakeTimeout: CONNECT_TIMEOUT_MS, perMessageDeflate: false });
		this.#ws = ws;
		// Whether the device answers, for the server's log (reachability.ts).
		let opened = false;
		let why = 'closed before it opened';
		ws.on('open', () => {
			opened = true;
			this.#reach?.connected();
			this.stats.connects++;
			this.#retryMs = RETRY_MIN_MS;
			// Every connection starts from nothing: ovos-gui replays everything.
			this.#state = emptyState();
			this.#heard = Date.now();
			this.#pinged = 0;
			this.#settleBy = Date.now() + SETTLE_MAX_MS;
			this.#rearmSettle();
			this.#tick = setInterval(() => this.#check(ws), Math.min(this.#pongMs, this.#pingAfterMs));
			this.#tick.unref();
		});
		ws.on('message', (data, binary) => {
			this.stats.framesIn++;
			this.#heard = Date.now();
			this.#pinged = 0;
			const raw = binary ? null : String(data);
			if (this.#held.length > 0 || (raw !== null && raw.length >= HOLD_CHARS)) this.#hold(raw);
			else this.#apply(raw);
			if (!this.#settled) this.#rearmSettle();
		});
		ws.on('pong', () => {
			this.#heard = Date.now();
			this.#pinged = 0;
		});
		// A failed connect emits 'error' then 'close'; a live socket that drops, 'close'.
		ws.on('error', (e) => (why = failure(e)));
		ws.on('close', () => {
			if (!opened && !this.#stopped) this.#reach?.failed(why);
			if (this.#ws !== ws) return;
			this.#ws = null;
			this.#down();
			if (this.#stopped) return;
			const wait = this.#retryMs * (0.8 + Math.random() * 0.4);
			this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
			this.#retry = setTimeout(() => this.#connect(), wait);
			this.#retry.unref();
		});
	}

	#apply(raw: string | null): void {
		const d = raw === null ? null : decode(raw);
		if (!d?.ok) {
			this.stats.bad++;
			return;
		}
		this.#state = reduce(this.#state, d.value);
	}

	#hold(raw: string | null): void {
		this.#held.push(raw);
		this.#heldChars += raw?.length ?? 0;
		this.stats.held = this.#held.length;
		if (this.#heldChars > HOLD_MAX_CHARS) return this.#applyHeld();
		if (this.#holdTimer === undefined) {
			this.#holdTimer = setTimeout(() => this.#applyHeld(), this.#holdMs);
			this.#holdTimer.unref();
		}
	}

	/** Every held frame applied, in order. */
	#applyHeld(): void {
		clearTimeout(this.#holdTimer);
		this.#holdTimer = undefined;
		const held = this.#held;
		this.#held = [];
		this.#heldChars = 0;
		this.stats.held = 0;
		for (const raw of held) this.#apply(raw);
	}

	#rearmSettle(): void {
		clearTimeout(this.#settle);
		const wait = Math.min(SETTLE_MS, Math.max(0, this.#settleBy - Date.now()));
		this.#settle = setTimeout(() => (this.#settled = true), wait);
		this.#settle.unref();
	}

	/** Liveness: ping a silent socket, drop one whose ping went unanswered (a half-open connection). */
	#check(ws: WebSocket): void {
		const now = Date.now();
		if (this.#pinged && now - this.#pinged >= this.#pongMs) return void ws.terminate();
		if (!this.#pinged && now - this.#heard >= this.#pingAfterMs) {
			this.#pinged = now;
			ws.ping();
		}
	}

	/** Not connected: nothing to give until the next replay has settled. */
	#down(): void {
		clearTimeout(this.#settle);
		clearInterval(this.#tick);
		clearTimeout(this.#holdTimer);
		this.#holdTimer = undefined;
		this.#held = [];
		this.#heldChars = 0;
		this.stats.held = 0;
		this.#settled = false;
		this.#state = emptyState();
		this.#replayed = null;
	}
}

/** A model as a fresh client holds it after the replay: page 0 of each namespace, no events, idle voice. */
export function asReplayed(state: ScreenState): ScreenState {
	const namespaces: Record<string, NamespaceState> = Object.create(null);
	for (const id of state.stack) {
		const ns = Object.hasOwn(state.namespaces, id) ? state.namespaces[id] : undefined;
		if (ns) namespaces[id] = { pages: ns.pages, pageTotal: ns.pageTotal, currentPage: ns.pages.length > 0 ? 0 : null, data: ns.data, events: {}, cuts: ns.cuts };
	}
	return { stack: state.stack, stackTotal: state.stackTotal, namespaces, status: IDLE_STATUS, lastEvents: [] };
}

const KEY = Symbol.for('ovos-screen.screen-mirror');
type Holder = { [KEY]?: ScreenMirror };

/** Starts the server's mirror of `url` once per process (a dev-server reload reuses it). */
export function startScreenMirror(url: string, reach?: MirrorReach): ScreenMirror {
	const g = globalThis as Holder;
	let m = g[KEY];
	if (!m || m.url !== url) {
		m?.stop();
		m = g[KEY] = new ScreenMirror(url, { reach });
		m.start();
		const mirror = m;
		process.once('sveltekit:shutdown', () => mirror.stop());
	}
	return m;
}

/** The running mirror, if the server started one. */
export function screenMirror(): ScreenMirror | null {
	return (globalThis as Holder)[KEY] ?? null;
}
