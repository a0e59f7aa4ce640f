/**
 * Time for Node code, the app server's and the simulator's. Every timer of the simulator (namespace
 * removal, speech, the 15 s `wait=True` of a question, demo pacing) and of the chat agent (idle
 * timeout, deadline) goes through a `Clock`, so tests drive time with one `ManualClock` instead of
 * sleeping.
 */
export interface TimerHandle {
	readonly id: number;
}

export interface Clock {
	/** Milliseconds since the epoch (real) or since the clock started (manual). */
	now(): number;
	setTimeout(fn: () => void, ms: number): TimerHandle;
	clearTimeout(handle: TimerHandle | null | undefined): void;
}

export function realClock(): Clock {
	const live = new Map<number, ReturnType<typeof setTimeout>>();
	let next = 1;
	return {
		now: () => Date.now(),
		setTimeout(fn, ms) {
			const id = next++;
			live.set(
				id,
				setTimeout(() => {
					live.delete(id);
					fn();
				}, Math.max(0, ms))
			);
			return { id };
		},
		clearTimeout(handle) {
			if (!handle) return;
			const t = live.get(handle.id);
			if (t !== undefined) clearTimeout(t);
			live.delete(handle.id);
		}
	};
}

interface Pending {
	readonly id: number;
	readonly due: number;
	readonly fn: () => void;
}

/** A clock that moves only when told to. Timers due at the same instant fire in the order they were set. */
export class ManualClock implements Clock {
	private time: number;
	private timers: Pending[] = [];
	private next = 1;

	constructor(start = 0) {
		this.time = start;
	}

	now(): number {
		return this.time;
	}

	setTimeout(fn: () => void, ms: number): TimerHandle {
		const id = this.next++;
		this.timers.push({ id, due: this.time + Math.max(0, ms), fn });
		return { id };
	}

	clearTimeout(handle: TimerHandle | null | undefined): void {
		if (handle) this.timers = this.timers.filter((t) => t.id !== handle.id);
	}

	/** Timers still waiting. */
	pending(): number {
		return this.timers.length;
	}

	/**
	 * Moves time forward by `ms`, firing every timer that falls due, in order. Between two timers it
	 * yields to the event loop, so async code woken by one timer can set the next one before time
	 * moves on (a chain of sleeps lands where real time would put it).
	 */
	async advance(ms: number): Promise<void> {
		const target = this.time + Math.max(0, ms);
		await settle();
		for (;;) {
			const due = this.earliest();
			if (!due || due.due > target) break;
			this.timers = this.timers.filter((t) => t !== due);
			this.time = due.due;
			due.fn();
			await settle();
		}
		this.time = target;
	}

	private earliest(): Pending | undefined {
		let best: Pending | undefined;
		for (const t of this.timers) if (!best || t.due < best.due || (t.due === best.due && t.id < best.id)) best = t;
		return best;
	}
}

/** Lets pending promise continuations and I/O callbacks run. */
export function settle(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}

/** Resolves after `ms` of `clock` time; `signal` cancels it (the promise then never resolves). */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		if (signal?.aborted) return;
		const handle = clock.setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => clock.clearTimeout(handle);
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}
