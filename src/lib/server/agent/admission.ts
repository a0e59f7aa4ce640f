/**
 * Admission to core's skill pool (issue 21, spec chat-agent.md §8.2). Core runs every handler —
 * the intent step, each skill's handler, the delivery of an answer to a waiting question — on one
 * small thread pool (6 threads on a 2-CPU device); a question a skill waits on holds a thread until
 * it is answered, and once all are held core answers nobody, not even the "cancel" that would free
 * one. So the app lets only a share of that pool be held by its own turns at once: a turn in flight
 * holds a place, a question it ends on keeps it until answered or ended, and the answer reuses it.
 * Other turns wait in a bounded first-in-first-out queue, and past its length or its longest wait
 * they are refused with "busy, retry" — never by cancelling a question someone is answering.
 */
import type { Clock, TimerHandle } from '../clock';
import { ChatError } from './errors';

export interface AdmissionOptions {
	/** Places: how many of the app's turns and open questions may hold core's threads at once. */
	readonly share: number;
	/** Turns that may wait for a place; past that a new one is refused at once. */
	readonly queueLength: number;
	/** How long a turn waits for a place before it is refused. */
	readonly queueWaitMs: number;
	readonly clock: Clock;
}

/** A place in core's pool; `release` is idempotent. */
export interface Hold {
	release(): void;
	readonly released: boolean;
}

interface Waiter {
	readonly grant: (hold: Hold) => void;
	readonly refuse: (e: Error) => void;
	readonly onQueued?: (position: number) => void;
	readonly timer: TimerHandle;
}

/** The refusal a client sees: 503, "busy, retry", with when to try again. */
export function coreBusy(why: string, retryAfterS: number): ChatError {
	return new ChatError('core-busy', 503, `OVOS is busy with other chats (${why}); retry in ${retryAfterS} s`, retryAfterS);
}

export class CoreAdmission {
	readonly share: number;
	readonly queueLength: number;
	readonly queueWaitMs: number;
	readonly stats = { admitted: 0, queued: 0, refusedFull: 0, refusedWait: 0 };
	readonly #clock: Clock;
	#holding = 0;
	readonly #queue: Waiter[] = [];

	constructor(o: AdmissionOptions) {
		this.share = o.share;
		this.queueLength = o.queueLength;
		this.queueWaitMs = o.queueWaitMs;
		this.#clock = o.clock;
	}

	/** Places held now (turns in flight and open questions). */
	get holding(): number {
		return this.#holding;
	}

	/** Turns waiting for a place. */
	get queued(): number {
		return this.#queue.length;
	}

	/**
	 * A place now, or after those already waiting; `onQueued` hears the place in the queue (1 = next)
	 * when it has to wait and again as it moves up. Rejects with `core-busy` (queue full, waited too
	 * long) or with the signal's reason when the caller gives up.
	 */
	acquire(signal?: AbortSignal, onQueued?: (position: number) => void): Promise<Hold> {
		if (this.#holding < this.share && this.#queue.length === 0) return Promise.resolve(this.#grant());
		if (this.#queue.length >= this.queueLength) {
			this.stats.refusedFull++;
			return Promise.reject(coreBusy(`${this.#queue.length} waiting already`, this.#retryAfterS()));
		}
		return new Promise<Hold>((resolve, reject) => {
			const leave = () => {
				const i = this.#queue.indexOf(waiter);
				if (i < 0) return false;
				this.#queue.splice(i, 1);
				this.#clock.clearTimeout(waiter.timer);
				signal?.removeEventListener('abort', onAbort);
				this.#tellPositions(i);
				return true;
			};
			const onAbort = () => {
				if (leave()) reject(signal?.reason ?? new ChatError('aborted', 400, 'the client gave up while waiting'));
			};
			const waiter: Waiter = {
				grant: (hold) => {
					signal?.removeEventListener('abort', onAbort);
					resolve(hold);
				},
				refuse: reject,
				onQueued,
				timer: this.#clock.setTimeout(() => {
					if (!leave()) return;
					this.stats.refusedWait++;
					reject(coreBusy(`no place within ${Math.round(this.queueWaitMs / 1000)} s`, this.#retryAfterS()));
				}, this.queueWaitMs)
			};
			this.#queue.push(waiter);
			this.stats.queued++;
			signal?.addEventListener('abort', onAbort, { once: true });
			onQueued?.(this.#queue.length);
		});
	}

	/** Refuses everyone waiting (the server is going away). */
	close(): void {
		for (const w of this.#queue.splice(0)) {
			this.#clock.clearTimeout(w.timer);
			w.refuse(new ChatError('core-busy', 503, 'the server is stopping', 1));
		}
	}

	#grant(): Hold {
		this.#holding++;
		this.stats.admitted++;
		let released = false;
		return {
			get released() {
				return released;
			},
			release: () => {
				if (released) return;
				released = true;
				this.#holding--;
				this.#next();
			}
		};
	}

	/** A place came free: the first in line gets it. */
	#next(): void {
		if (this.#holding >= this.share) return;
		const w = this.#queue.shift();
		if (!w) return;
		this.#clock.clearTimeout(w.timer);
		w.grant(this.#grant());
		this.#tellPositions(0);
	}

	#tellPositions(from: number): void {
		for (let i = from; i < this.#queue.length; i++) this.#queue[i]?.onQueued?.(i + 1);
	}

	/** A few seconds: a dialogue holds a place for about that long when it is answered at once. */
	#retryAfterS(): number {
		return Math.max(1, Math.min(30, Math.ceil((this.#queue.length + 1) / this.share) * 2));
	}
}
