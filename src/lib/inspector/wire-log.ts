/**
 * The wire log: every frame of both sockets in a ring buffer (default 5,000 rows), identical
 * consecutive frames coalesced into one row (×N). Frames that fall off the ring are not lost to
 * the model: server → client GUI frames are folded into `base`, the state before the oldest row,
 * so an export can still rebuild the live state (see `trace.ts`).
 */
import { decode } from '../protocol';
import { emptyState, reduce, type ScreenState } from '../screen';
import { toEntry, type FrameLike, type LogEntry } from './entry';
import { Ring } from './ring';
import { Tally } from './tally';

export const DEFAULT_CAPACITY = 5000;

export interface PushResult {
	readonly entry: LogEntry;
	/** False when the frame only raised the count of the newest row. */
	readonly fresh: boolean;
}

export function isGuiIn(e: { socket: string; dir: string }): boolean {
	return e.socket === 'gui' && e.dir === 'in';
}

export class WireLog {
	readonly #ring: Ring<LogEntry>;
	readonly types = new Tally();
	readonly namespaces = new Tally();
	/** Frames ever pushed (coalesced repeats included). */
	frames = 0;
	/** Frames whose rows were evicted (a coalesced row counts all its frames). */
	droppedFrames = 0;
	/** GUI state before the oldest row still in the ring, for the current GUI connection. */
	#base: ScreenState = emptyState();
	/** Seq of the first frame of the current GUI connection (the server replays all state on connect). */
	#connectionSeq = 0;

	constructor(capacity = DEFAULT_CAPACITY) {
		this.#ring = new Ring(capacity);
	}

	get capacity(): number {
		return this.#ring.capacity;
	}
	get length(): number {
		return this.#ring.length;
	}
	/** Rows evicted from the ring. */
	get dropped(): number {
		return this.#ring.dropped;
	}
	at(i: number): LogEntry | undefined {
		return this.#ring.at(i);
	}
	get oldest(): LogEntry | undefined {
		return this.#ring.oldest;
	}
	get newest(): LogEntry | undefined {
		return this.#ring.newest;
	}
	[Symbol.iterator](): IterableIterator<LogEntry> {
		return this.#ring[Symbol.iterator]();
	}

	/** Frames from here on belong to a new GUI connection, whose model starts empty. */
	markConnection(seq: number): void {
		this.#connectionSeq = seq;
		this.#base = emptyState();
	}

	get connectionSeq(): number {
		return this.#connectionSeq;
	}

	/** The model before the oldest retained row of the current connection. */
	get base(): ScreenState {
		return this.#base;
	}

	push(frame: FrameLike): PushResult {
		this.frames++;
		const last = this.#ring.newest;
		// A big frame's text is only its start here: two that start alike may differ.
		if (last && !frame.rawHead && !last.rawHead && last.raw === frame.raw && last.socket === frame.socket && last.dir === frame.dir && frame.seq >= last.lastSeq) {
			last.count++;
			last.lastSeq = frame.seq;
			last.lastTime = frame.time;
			return { entry: last, fresh: false };
		}
		const entry = toEntry(frame);
		const evicted = this.#ring.push(entry);
		this.types.add(entry.type);
		this.namespaces.add(entry.namespace);
		if (evicted) this.#evict(evicted);
		return { entry, fresh: true };
	}

	#evict(e: LogEntry): void {
		this.droppedFrames += e.count;
		this.types.remove(e.type);
		this.namespaces.remove(e.namespace);
		if (!isGuiIn(e) || e.seq < this.#connectionSeq || e.error) return;
		const d = e.gui ? { ok: true as const, value: e.gui } : decode(e.raw);
		if (!d.ok) return;
		for (let i = 0; i < e.count; i++) this.#base = reduce(this.#base, d.value);
	}

	/**
	 * Empties the log. `live` is the model at this moment, so an export made afterwards still
	 * rebuilds it (its frames are gone, their effect is not).
	 */
	clear(live: ScreenState = emptyState()): void {
		this.#ring.clear();
		this.types.clear();
		this.namespaces.clear();
		this.frames = 0;
		this.droppedFrames = 0;
		this.#base = live;
	}
}
