/**
 * Owns the sockets (design.md): in `gui` mode it connects straight to ovos-gui's GUI socket and
 * announces itself flat (spec §1.3); in `full` mode it first does Qt's handshake on the core bus —
 * `mycroft.gui.connected` with our `gui_id`, re-sent until the matching `mycroft.gui.port` arrives
 * and again on every bus reconnect (the first announce is lost if ovos-gui starts after the bus) —
 * then opens the GUI socket on the port it was given. A socket that is down waits for its port to
 * answer (`port-watch.ts`) instead of retrying by WebSocket, which Chromium throttles; it never
 * gives up.
 *
 * A live socket can die without closing — ovos-gui frozen, its machine asleep or unplugged: the TCP
 * connection stays "open" and nothing more arrives. A live socket that has been silent for
 * SILENT_MS is checked by probing its port; when the port has not answered DEAD_AFTER probes in a
 * row, the socket is taken for dead, closed, and waits for its port like any dropped socket. After
 * the machine slept (`slept()`), an open socket cannot be trusted even when its port answers — the
 * connection may have died meanwhile with the server alive — so it is replaced by a fresh one (the
 * replay rebuilds the state).
 *
 * A small state machine by hand, two states of which own a resource (an open socket, a port watch)
 * that leaving them releases. It was an XState machine: XState was 12.7 KiB of the kiosk's 60 KiB
 * of JavaScript (issue 11) for two sockets of four states each.
 */
import { announce, decodeBus, guiConnected, type BusMessage, type ClientMessage } from '../protocol';
import { busUrl, guiUrl, type OvosAddress } from '$lib/protocol/address';
import { BLIND_RETRY_MS, holdAfter, httpProbe, watchPort, type PortWatchers } from './port-watch';
import { openSocket, type SocketEvent, type SocketKind } from './socket';
import type { SocketLike, Transport } from './transport';

/** How often an unanswered handshake announce is repeated (Qt: 10 s; we want sub-second recovery). */
export const ANNOUNCE_EVERY_MS = 1000;
/** A live socket that has received nothing for this long gets its port probed. */
export const SILENT_MS = 12_000;
/** Unanswered probes in a row (each gives up after 4 s) that make a silent socket dead; 1 s apart. */
export const DEAD_AFTER = 2;
const RECHECK_MS = 1000;

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

/** What the connection tells its owner; the owner (ScreenClient) keeps the model and the log. */
export interface ConnectionHooks {
	open(kind: SocketKind, socket: SocketLike): void;
	frame(kind: SocketKind, raw: string | null): void;
	closed(kind: SocketKind): void;
	/** Send on the open sockets (the connection's own announces). */
	sendBus(msg: BusMessage): void;
	sendGui(msg: ClientMessage): void;
	note(what: string): void;
}

/** `waiting`: down, watching its port; `waitingForPort`: the handshake has not told the GUI port yet. */
export type GuiState = 'waitingForPort' | 'opening' | 'live' | 'waiting';
export type BusState = 'off' | 'opening' | 'announcing' | 'live' | 'waiting';

export interface ConnectionSnapshot {
	readonly gui: GuiState;
	readonly bus: BusState;
	readonly guiPort: number | null;
	/** Failed connects since that socket was last live. */
	readonly guiAttempt: number;
	readonly busAttempt: number;
}

type Timer = ReturnType<typeof setTimeout> | undefined;

/** One socket's resource (open socket or port watch) and its timer; replacing either releases the old. */
class Slot {
	#release: (() => void) | null = null;
	#timer: Timer;
	/** Connects in a row made because the port answered, that failed: the watchers are held off. */
	hold = 0;
	attempt = 0;

	set(release: () => void, timer?: Timer): void {
		this.clear();
		this.#release = release;
		this.#timer = timer;
	}
	clear(): void {
		const r = this.#release;
		this.#release = null;
		clearTimeout(this.#timer);
		r?.();
	}
}

export class Connection {
	#gui: GuiState = 'waitingForPort';
	#bus: BusState = 'off';
	#guiPort: number | null;
	#announceTimer: Timer;
	#stopped = false;
	readonly #g = new Slot();
	readonly #b = new Slot();
	readonly #listeners = new Set<(s: ConnectionSnapshot) => void>();
	readonly #watchers: PortWatchers;
	/** When each socket last received a frame (or opened). */
	readonly #heard: Record<SocketKind, number> = { gui: 0, bus: 0 };
	readonly #liveness: Record<SocketKind, Timer> = { gui: undefined, bus: undefined };
	/** Checks a live socket now (after a wake: a sleep may have killed it without a word). */
	readonly #checkNow: Record<SocketKind, (() => void) | null> = { gui: null, bus: null };

	constructor(readonly input: ConnectionInput) {
		this.#guiPort = this.#full ? null : input.address.guiPort;
		this.#watchers = input.watchers ?? { probe: httpProbe };
	}

	get #full(): boolean {
		return this.input.address.handshake === 'full';
	}

	/** Both sockets of the full handshake share the budget of ~1 failed attempt per 5 s. */
	get #share(): number {
		return this.#full ? 2 : 1;
	}

	get live(): boolean {
		return this.#gui === 'live';
	}

	snapshot(): ConnectionSnapshot {
		return { gui: this.#gui, bus: this.#bus, guiPort: this.#guiPort, guiAttempt: this.#g.attempt, busAttempt: this.#b.attempt };
	}

	subscribe(fn: (s: ConnectionSnapshot) => void): () => void {
		this.#listeners.add(fn);
		return () => this.#listeners.delete(fn);
	}

	start(): void {
		if (this.#full) this.#busConnect();
		if (this.#guiPort !== null) this.#guiConnect();
		this.#changed();
	}

	stop(): void {
		this.#stopped = true;
		clearTimeout(this.#announceTimer);
		clearTimeout(this.#liveness.gui);
		clearTimeout(this.#liveness.bus);
		this.#g.clear();
		this.#b.clear();
	}

	/** `online`, or the page became visible: try now instead of waiting for a sign of the port. */
	wake(): void {
		if (this.#stopped) return;
		this.input.hooks.note('woken: retrying now');
		if (this.#bus === 'waiting') this.#busConnect();
		if (this.#gui === 'waiting') this.#guiConnect();
		// An open socket that has been quiet a while may have died meanwhile (a laptop's sleep): check it.
		for (const kind of ['gui', 'bus'] as const) if (Date.now() - this.#heard[kind] >= SILENT_MS) this.#checkNow[kind]?.();
	}

	/**
	 * The page or the machine slept (a frozen page resumed, timers that jumped): open sockets are
	 * replaced, since a connection can die in a sleep without a word while its server stays up.
	 */
	slept(ms: number): void {
		if (this.#stopped) return;
		this.input.hooks.note(`asleep for ${Math.round(ms / 1000)} s: reconnecting`);
		if (this.#bus === 'waiting' || this.#bus === 'announcing' || this.#bus === 'live') this.#busConnect();
		if (this.#gui === 'waiting' || this.#gui === 'live') this.#guiConnect();
	}

	#changed(): void {
		if (this.#stopped) return;
		const s = this.snapshot();
		for (const fn of this.#listeners) fn(s);
	}

	#guiUrl(): string {
		return guiUrl({ ...this.input.address, guiPort: this.#guiPort ?? this.input.address.guiPort }, this.input.pageHost);
	}

	#guiConnect(): void {
		const { transport, hooks } = this.input;
		clearTimeout(this.#liveness.gui);
		this.#gui = 'opening';
		this.#g.set(
			openSocket(
				{
					kind: 'gui',
					url: this.#guiUrl(),
					transport,
					onOpen: (s) => hooks.open('gui', s),
					onFrame: (raw) => {
						this.#heard.gui = Date.now();
						hooks.frame('gui', raw);
					},
					onClose: () => hooks.closed('gui')
				},
				(e) => this.#guiEvent(e)
			)
		);
		this.#changed();
	}

	#guiEvent(e: SocketEvent): void {
		if (this.#stopped) return;
		if (e.type === 'socket.open') {
			this.#gui = 'live';
			this.#g.attempt = this.#g.hold = 0;
			this.#watchLive('gui');
			// GUI-socket-only clients announce flat so ovos-gui knows their framework (spec §1.3).
			if (!this.#full) this.input.hooks.sendGui(announce(this.input.guiId));
			this.#changed();
		} else if (e.type === 'socket.closed') {
			this.#noteClosed(e);
			if (this.#gui === 'opening') this.#g.attempt++;
			this.#wait('gui');
		}
	}

	#busConnect(): void {
		const { transport, hooks, address, pageHost } = this.input;
		clearTimeout(this.#liveness.bus);
		clearTimeout(this.#announceTimer);
		this.#bus = 'opening';
		this.#b.set(
			openSocket(
				{
					kind: 'bus',
					url: busUrl(address, pageHost),
					transport,
					onOpen: (s) => hooks.open('bus', s),
					onFrame: (raw) => {
						this.#heard.bus = Date.now();
						hooks.frame('bus', raw);
					},
					onClose: () => hooks.closed('bus'),
					watch: watchPortAnswer
				},
				(e) => this.#busEvent(e)
			)
		);
		this.#changed();
	}

	#busEvent(e: SocketEvent): void {
		if (this.#stopped) return;
		if (e.type === 'socket.open') {
			this.#bus = 'announcing';
			this.#b.attempt = this.#b.hold = 0;
			this.#watchLive('bus');
			this.#announce();
		} else if (e.type === 'bus.port') {
			// Also when live: another screen's announce made ovos-gui answer again, maybe with a new port.
			if (e.guiId !== this.input.guiId || !(e.port > 0 && e.port <= 65535)) return;
			this.#guiPort = e.port;
			this.input.hooks.note(`mycroft.gui.port ${e.port} for our gui_id`);
			if (this.#bus === 'announcing') {
				this.#bus = 'live';
				clearTimeout(this.#announceTimer);
			}
			if (this.#gui === 'waitingForPort') this.#guiConnect();
		} else {
			this.#noteClosed(e);
			clearTimeout(this.#announceTimer);
			if (this.#bus === 'opening') this.#b.attempt++;
			this.#wait('bus');
			return;
		}
		this.#changed();
	}

	#announce(): void {
		const { guiId, hooks } = this.input;
		hooks.sendBus(guiConnected(guiId));
		hooks.note(`announced gui_id ${guiId} on the core bus`);
		this.#announceTimer = setTimeout(() => this.#announce(), ANNOUNCE_EVERY_MS);
	}

	/**
	 * While `kind` is open: after SILENT_MS without a frame, probe its port; DEAD_AFTER unanswered
	 * probes in a row and the socket is closed as dead (the server stopped answering without closing).
	 */
	#watchLive(kind: SocketKind): void {
		this.#heard[kind] = Date.now();
		let failed = 0;
		const open = () => (kind === 'gui' ? this.#gui === 'live' : this.#bus === 'announcing' || this.#bus === 'live');
		const check = async () => {
			if (this.#stopped || !open()) return;
			const quiet = Date.now() - this.#heard[kind];
			if (failed === 0 && quiet < SILENT_MS) return void (this.#liveness[kind] = setTimeout(check, SILENT_MS - quiet));
			const heardBefore = this.#heard[kind];
			const answered = await this.#watchers.probe(kind === 'gui' ? this.#guiUrl() : busUrl(this.input.address, this.input.pageHost));
			if (this.#stopped || !open()) return;
			// Anything that arrived meanwhile is an answer too.
			failed = answered || this.#heard[kind] !== heardBefore ? 0 : failed + 1;
			if (failed < DEAD_AFTER) return void (this.#liveness[kind] = setTimeout(check, failed ? RECHECK_MS : SILENT_MS));
			this.input.hooks.note(`${kind} socket silent for ${Math.round((Date.now() - this.#heard[kind]) / 1000)} s and its port does not answer: taken for dead`);
			if (kind === 'gui') this.#guiEvent({ type: 'socket.closed', kind, code: 0, reason: 'no answer' });
			else this.#busEvent({ type: 'socket.closed', kind, code: 0, reason: 'no answer' });
		};
		clearTimeout(this.#liveness[kind]);
		this.#liveness[kind] = setTimeout(check, SILENT_MS);
		this.#checkNow[kind] = () => {
			if (failed > 0) return; // a check is under way
			clearTimeout(this.#liveness[kind]);
			void check();
		};
	}

	/** Down: watch the port, connect when it answers (or blindly now and then, or on wake). */
	#wait(kind: SocketKind): void {
		clearTimeout(this.#liveness[kind]);
		this.#checkNow[kind] = null;
		const slot = kind === 'gui' ? this.#g : this.#b;
		const connect = () => (kind === 'gui' ? this.#guiConnect() : this.#busConnect());
		if (kind === 'gui') this.#gui = 'waiting';
		else this.#bus = 'waiting';
		const stopWatch = watchPort(
			{
				kind,
				url: kind === 'gui' ? this.#guiUrl() : busUrl(this.input.address, this.input.pageHost),
				port: kind === 'gui' ? (this.#guiPort ?? this.input.address.guiPort) : this.input.address.busPort,
				watchers: this.#watchers,
				holdMs: holdAfter(slot.hold),
				quick: slot.attempt <= 1,
				share: this.#share
			},
			() => {
				slot.hold++;
				connect();
			}
		);
		slot.set(stopWatch, setTimeout(connect, BLIND_RETRY_MS * this.#share));
		this.#changed();
	}

	#noteClosed(e: { kind: SocketKind; code: number; reason: string }): void {
		this.input.hooks.note(`${e.kind} socket closed (${e.code || 'no code'}: ${e.reason})`);
	}
}

/** Picks our handshake answer out of the bus traffic without decoding every frame. */
function watchPortAnswer(raw: string): SocketEvent | null {
	if (!raw.includes('mycroft.gui.port')) return null;
	const d = decodeBus(raw);
	if (!d.ok || d.value.type !== 'mycroft.gui.port') return null;
	const { port, gui_id } = d.value.data;
	return typeof port === 'number' && typeof gui_id === 'string' ? { type: 'bus.port', port, guiId: gui_id } : null;
}
