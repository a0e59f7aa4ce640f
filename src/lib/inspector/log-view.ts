/**
 * The rows the log panel shows: the log through a filter, optionally paused. Appends are tested
 * one by one as they arrive; a filter change re-scans the ring (at most `capacity` rows): while
 * paused, only the rows that had come before the pause, so a filter works on what is on screen
 * without letting newer frames in. Rows evicted from the ring leave the view too, so the view never
 * outgrows the log.
 */
import type { LogEntry } from './entry';
import { compileFilter, NO_FILTER, type FilterSpec, type RowPredicate } from './filter';
import type { PushResult, WireLog } from './wire-log';

export class LogView {
	#rows: LogEntry[] = [];
	#head = 0;
	#spec: FilterSpec = NO_FILTER;
	#match: RowPredicate = compileFilter(NO_FILTER);
	#paused = false;
	/** While paused, the newest frame before the pause: a filter change shows none after it. */
	#frozenAt = Infinity;
	/** Frames that arrived while paused (coalesced repeats included). */
	#meanwhile = 0;
	/** Bumped on every change a renderer must see (new rows, ×N counts, eviction, filter). */
	version = 0;

	constructor(readonly log: WireLog) {}

	get length(): number {
		return this.#rows.length - this.#head;
	}

	at(i: number): LogEntry | undefined {
		return i < 0 ? undefined : this.#rows[this.#head + i];
	}

	get filter(): FilterSpec {
		return this.#spec;
	}

	get paused(): boolean {
		return this.#paused;
	}

	get arrivedWhilePaused(): number {
		return this.#meanwhile;
	}

	setFilter(spec: FilterSpec): void {
		this.#spec = spec;
		this.#match = compileFilter(spec);
		this.rebuild();
	}

	/** Freezes the rows on screen; the log keeps recording underneath. */
	pause(): void {
		if (this.#paused) return;
		this.#paused = true;
		this.#frozenAt = this.log.newest?.seq ?? -1;
		this.#meanwhile = 0;
		this.version++;
	}

	resume(): void {
		if (!this.#paused) return;
		this.#paused = false;
		this.#frozenAt = Infinity;
		this.#meanwhile = 0;
		this.rebuild();
	}

	/** Tells the view about a frame the log took. */
	add(r: PushResult): void {
		if (this.#paused) {
			this.#meanwhile++;
			return;
		}
		this.#trimEvicted();
		if (r.fresh) {
			if (this.#match(r.entry)) this.#rows.push(r.entry);
		}
		this.version++;
	}

	rebuild(): void {
		const rows: LogEntry[] = [];
		for (const e of this.log) if (e.seq <= this.#frozenAt && this.#match(e)) rows.push(e);
		this.#rows = rows;
		this.#head = 0;
		this.version++;
	}

	/** Position of the row whose first frame is `seq`, or -1. */
	indexOfSeq(seq: number): number {
		let lo = this.#head;
		let hi = this.#rows.length - 1;
		while (lo <= hi) {
			const mid = (lo + hi) >> 1;
			const s = (this.#rows[mid] as LogEntry).seq;
			if (s === seq) return mid - this.#head;
			if (s < seq) lo = mid + 1;
			else hi = mid - 1;
		}
		return -1;
	}

	/** Position of the last row whose first frame is at or before `seq` (trace line lookup), or -1. */
	indexAtOrBefore(seq: number): number {
		let lo = this.#head;
		let hi = this.#rows.length - 1;
		let found = -1;
		while (lo <= hi) {
			const mid = (lo + hi) >> 1;
			if ((this.#rows[mid] as LogEntry).seq <= seq) {
				found = mid;
				lo = mid + 1;
			} else hi = mid - 1;
		}
		return found < 0 ? -1 : found - this.#head;
	}

	/** Rows shown, oldest first (for exporting the filtered view). */
	rows(): LogEntry[] {
		return this.#rows.slice(this.#head);
	}

	#trimEvicted(): void {
		const oldest = this.log.oldest?.seq ?? Infinity;
		while (this.#head < this.#rows.length && (this.#rows[this.#head] as LogEntry).seq < oldest) this.#head++;
		// Compact now and then rather than shifting on every eviction.
		if (this.#head > 1024 && this.#head * 2 > this.#rows.length) {
			this.#rows = this.#rows.slice(this.#head);
			this.#head = 0;
		}
	}
}
