/**
 * Time as the agent sees it, injectable so tests can drive timeouts without waiting. Same shape as
 * the simulator's Clock, so one manual clock can drive both.
 */
export interface TimerHandle {
	readonly id: number;
}

export interface Clock {
	now(): number;
	setTimeout(fn: () => void, ms: number): TimerHandle;
	clearTimeout(handle: TimerHandle | null | undefined): void;
}

const live = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export const systemClock: Clock = {
	now: () => performance.now(),
	setTimeout(fn, ms) {
		const id = nextId++;
		live.set(
			id,
			setTimeout(() => {
				live.delete(id);
				fn();
			}, ms)
		);
		return { id };
	},
	clearTimeout(handle) {
		if (!handle) return;
		clearTimeout(live.get(handle.id));
		live.delete(handle.id);
	}
};

/** A clock that only moves when told to; timers fire in due order inside `advance`. */
export class ManualClock implements Clock {
	#now = 0;
	#seq = 0;
	readonly #timers = new Map<number, { at: number; fn: () => void }>();

	now(): number {
		return this.#now;
	}

	setTimeout(fn: () => void, ms: number): TimerHandle {
		const id = ++this.#seq;
		this.#timers.set(id, { at: this.#now + Math.max(0, ms), fn });
		return { id };
	}

	clearTimeout(handle: TimerHandle | null | undefined): void {
		if (handle) this.#timers.delete(handle.id);
	}

	/** Number of timers still waiting. */
	get pending(): number {
		return this.#timers.size;
	}

	advance(ms: number): void {
		const end = this.#now + ms;
		for (;;) {
			let next: [number, { at: number; fn: () => void }] | undefined;
			for (const entry of this.#timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
			if (!next) break;
			this.#timers.delete(next[0]);
			this.#now = next[1].at;
			next[1].fn();
		}
		this.#now = end;
	}
}
