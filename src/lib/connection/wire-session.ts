/**
 * The model behind one screen: applies every GUI-socket frame with `decode` + `reduce`, counts what
 * was bad, and tells listeners about every frame of both sockets in both directions (the inspector's
 * wire log). Plain TypeScript: the Svelte store and the benchmarks wrap the same object.
 */
import { decode, decodeBus, type BusMessage, type ClientMessage, type GuiMessage, type ProtocolError } from '../protocol';
import { emptyState, reduce, type ScreenState } from '../screen';
import type { SocketKind } from './socket';

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

export type FrameListener = (frame: WireFrame) => void;

const BINARY: ProtocolError = { code: 'json', message: 'binary frame (the protocol is JSON text)' };

export class WireSession {
	state: ScreenState = emptyState();
	framesIn = 0;
	framesOut = 0;
	decodeErrors = 0;
	problems = 0;
	/** GUI connections so far; each one starts from an empty model. */
	connection = 0;
	#seq = 0;
	#listeners = new Set<FrameListener>();
	#problem: string | undefined;
	readonly #now: () => number;
	readonly #report = (p: string) => {
		this.#problem = p;
	};

	constructor(now: () => number = Date.now) {
		this.#now = now;
	}

	onFrame(fn: FrameListener): () => void {
		this.#listeners.add(fn);
		return () => this.#listeners.delete(fn);
	}

	/** A new GUI connection: the server replays everything, so start from nothing (spec §1.4). */
	reset(): void {
		this.state = emptyState();
		this.connection++;
	}

	/** One frame from the GUI socket. Returns true when the state changed. */
	guiIn(raw: string | null): boolean {
		this.framesIn++;
		if (raw === null) return this.#bad('gui', '', BINARY);
		const d = decode(raw);
		if (!d.ok) return this.#bad('gui', raw, d.error);
		this.#problem = undefined;
		const before = this.state;
		this.state = reduce(before, d.value, this.#report);
		if (this.#problem !== undefined) this.problems++;
		if (this.#listeners.size > 0) this.#emit({ socket: 'gui', dir: 'in', raw, message: d.value, problem: this.#problem });
		return this.state !== before;
	}

	/** One frame from the core bus (full handshake mode): logged, never applied to the screen. */
	busIn(raw: string | null): void {
		this.framesIn++;
		if (raw === null) {
			this.#bad('bus', '', BINARY);
			return;
		}
		if (this.#listeners.size === 0) return;
		const d = decodeBus(raw);
		if (!d.ok) this.#bad('bus', raw, d.error);
		else this.#emit({ socket: 'bus', dir: 'in', raw, message: d.value });
	}

	out(socket: SocketKind, raw: string, message: ClientMessage | BusMessage): void {
		this.framesOut++;
		if (this.#listeners.size > 0) this.#emit({ socket, dir: 'out', raw, message });
	}

	#bad(socket: SocketKind, raw: string, error: ProtocolError): false {
		this.decodeErrors++;
		if (this.#listeners.size > 0) this.#emit({ socket, dir: 'in', raw, error });
		return false;
	}

	#emit(f: Omit<WireFrame, 'seq' | 'time' | 'connection'>): void {
		const frame: WireFrame = { seq: ++this.#seq, time: this.#now(), connection: this.connection, ...f };
		for (const fn of this.#listeners) {
			try {
				fn(frame);
			} catch (e) {
				// A broken listener must not stop the screen.
				console.error('wire listener failed', e);
			}
		}
	}
}
