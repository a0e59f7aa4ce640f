/**
 * Admission to core's skill pool, shared fairly between clients (docs/chat.md, "Admission and
 * fairness"). Core runs every handler — the intent step, each skill's handler, the delivery of an
 * answer to a waiting question — on one small thread pool (6 threads on a 2-CPU device); a question
 * a skill waits on holds a thread until it is answered, and once all are held core answers nobody,
 * not even the "cancel" that would free one. So the app holds at most `share` places in that pool:
 * a turn in flight holds one, a question it ends on keeps it until answered or ended, and the answer
 * takes it over.
 *
 * Open questions may hold all places but one, so a turn that asks nothing finds a place at once and
 * holds it for the milliseconds it runs. When a question is asked with the question places full, the
 * client holding more than its fair share of them (the places divided between the clients holding
 * questions) loses its oldest — a client's own questions count against it first; when nobody holds
 * more than its share, the new question stays only for a moment (the caller's short idle limit) and
 * gets a place of its own as soon as one frees. Turns that find no place wait in line, the client
 * holding least first, and past the line's length or longest wait are refused with when a place is
 * expected to free.
 */
import type { Clock, TimerHandle } from '../../node/clock';
import { ChatError } from '../http/errors';

export interface AdmissionOptions {
	/** Places: how many of the app's turns and open questions may hold core's threads at once. */
	readonly share: number;
	/** Turns that may wait for a place; past that a new one is refused at once. */
	readonly queueLength: number;
	/** How long a turn waits for a place before it is refused. */
	readonly queueWaitMs: number;
	readonly clock: Clock;
}

/**
 * Whether a question got a question place (`fits`), may stay only a moment (`over`), or must be
 * withdrawn at once because a turn is waiting for the place it holds (`none`).
 */
export type Fit = 'fits' | 'over' | 'none';

/** What the holder of a question is told about it. */
export interface QuestionHooks {
	/** When its idle limit ends it (epoch ms): the time its place is expected to free. */
	readonly until: number;
	/** End the question now: its client holds more than its share and someone needs the place. */
	readonly preempt: () => void;
	/** An `over` question got a question place after all. */
	readonly room: () => void;
}

/** A place in core's pool, held by one client; `release` is idempotent. */
export interface Hold {
	readonly client: string;
	readonly released: boolean;
	release(): void;
	/** The turn ended on a question, which now holds the place. */
	question(hooks: QuestionHooks): Fit;
	/** The question's idle limit moved (its place is expected to free then). */
	expires(until: number): void;
	/** The question is being answered (or ended): the place is a turn's again. */
	running(): void;
}

interface Place {
	readonly client: string;
	kind: 'turn' | 'question';
	hooks: QuestionHooks | null;
	/** A question beyond the question places, kept only a moment. */
	over: boolean;
	released: boolean;
}

interface Waiter {
	readonly client: string;
	readonly grant: (hold: Hold) => void;
	readonly refuse: (e: Error) => void;
	readonly onQueued?: (position: number) => void;
	readonly timer: TimerHandle;
	/** The place in line it was last told. */
	told: number;
}

/** A running turn's place is expected to free about this soon (a skill answers in milliseconds). */
const TURN_FREES_MS = 1000;

/** The refusal a client sees: 503, "busy, retry", with when to try again. */
export function coreBusy(why: string, retryAfterS: number): ChatError {
	return new ChatError('core-busy', 503, `OVOS is busy with other chats (${why}); retry in ${retryAfterS} s`, retryAfterS);
}

export class CoreAdmission {
	readonly share: number;
	/** Of the places, how many open questions may hold: all but one (with one place, that one). */
	readonly questionPlaces: number;
	readonly queueLength: number;
	readonly queueWaitMs: number;
	readonly stats = { admitted: 0, queued: 0, refusedFull: 0, refusedWait: 0, preempted: 0, over: 0, withdrawn: 0 };
	readonly #clock: Clock;
	/** Every place held, oldest first. */
	readonly #places = new Set<Place>();
	readonly #queue: Waiter[] = [];

	constructor(o: AdmissionOptions) {
		this.share = o.share;
		this.questionPlaces = Math.max(1, o.share - 1);
		this.queueLength = o.queueLength;
		this.queueWaitMs = o.queueWaitMs;
		this.#clock = o.clock;
	}

	/** Places held now (turns in flight and open questions). */
	get holding(): number {
		return this.#places.size;
	}

	/** Places held by open questions. */
	get questions(): number {
		let n = 0;
		for (const p of this.#places) if (p.kind === 'question') n++;
		return n;
	}

	/** Turns waiting for a place. */
	get queued(): number {
		return this.#queue.length;
	}

	/**
	 * A place for `client` now, or once one frees (the client holding least first, then first come).
	 * `onQueued` hears the place in line (1 = next) when it has to wait and as it moves up. Rejects
	 * with `core-busy` (line full, waited too long) or the signal's reason when the caller gives up.
	 */
	acquire(client: string, signal?: AbortSignal, onQueued?: (position: number) => void): Promise<Hold> {
		// Anyone who could take a free place already has it: a free place is this client's.
		if (this.#places.size < this.share) return Promise.resolve(this.#grant(client));
		if (this.#queue.length >= this.queueLength) {
			this.stats.refusedFull++;
			return Promise.reject(coreBusy(`${this.#queue.length} waiting already`, this.#retryAfterS(this.#queue.length)));
		}
		return new Promise<Hold>((resolve, reject) => {
			const leave = () => {
				const i = this.#queue.indexOf(waiter);
				if (i < 0) return false;
				this.#queue.splice(i, 1);
				this.#clock.clearTimeout(waiter.timer);
				signal?.removeEventListener('abort', onAbort);
				this.#tellPositions();
				return true;
			};
			const onAbort = () => {
				if (leave()) reject(signal?.reason ?? new ChatError('aborted', 400, 'the client gave up while waiting'));
			};
			const waiter: Waiter = {
				client,
				grant: (hold) => {
					signal?.removeEventListener('abort', onAbort);
					resolve(hold);
				},
				refuse: reject,
				onQueued,
				told: 0,
				timer: this.#clock.setTimeout(() => {
					const ahead = this.#order().indexOf(waiter);
					if (!leave()) return;
					this.stats.refusedWait++;
					reject(coreBusy(`no place within ${Math.round(this.queueWaitMs / 1000)} s`, this.#retryAfterS(Math.max(0, ahead))));
				}, this.queueWaitMs)
			};
			this.#queue.push(waiter);
			this.stats.queued++;
			signal?.addEventListener('abort', onAbort, { once: true });
			this.#tellPositions();
			// A question kept only a moment gives its place up as soon as a turn waits for one.
			for (const p of this.#places) if (p.kind === 'question' && p.over) return void p.hooks?.preempt();
		});
	}

	/** Refuses everyone waiting (the server is going away). */
	close(): void {
		for (const w of this.#queue.splice(0)) {
			this.#clock.clearTimeout(w.timer);
			w.refuse(new ChatError('core-busy', 503, 'the server is stopping', 1));
		}
	}

	/**
	 * Seconds until a place is expected to free for a turn with `ahead` turns before it in line: each
	 * open question's idle limit (it is ended then, unless answered sooner), a running turn's in about
	 * a second. What a Retry-After says, so a client that obeys it finds its place.
	 */
	retryAfterS(): number {
		return this.#retryAfterS(this.#queue.length);
	}

	/** Seconds until a question place is expected to free: the soonest idle limit of the questions in them. */
	questionRetryAfterS(): number {
		const now = this.#clock.now();
		let soonest = Infinity;
		for (const p of this.#places) if (p.kind === 'question' && !p.over && p.hooks) soonest = Math.min(soonest, p.hooks.until - now);
		return Math.max(1, Math.ceil((soonest === Infinity ? TURN_FREES_MS : soonest) / 1000));
	}

	#retryAfterS(ahead: number): number {
		const now = this.#clock.now();
		const frees = [...this.#places].map((p) => (p.kind === 'question' && p.hooks ? p.hooks.until - now : TURN_FREES_MS)).sort((a, b) => a - b);
		// Each place that frees takes one turn of the line; past the places held, a round of them per turn.
		const ms = frees.length ? (frees[Math.min(ahead, frees.length - 1)] ?? 0) + Math.floor(ahead / frees.length) * TURN_FREES_MS : 0;
		return Math.max(1, Math.ceil(ms / 1000));
	}

	#grant(client: string): Hold {
		const place: Place = { client, kind: 'turn', hooks: null, over: false, released: false };
		this.#places.add(place);
		this.stats.admitted++;
		return {
			client,
			get released() {
				return place.released;
			},
			release: () => {
				if (place.released) return;
				place.released = true;
				this.#places.delete(place);
				this.#roomCheck();
				this.#next();
			},
			question: (hooks) => this.#question(place, hooks),
			expires: (until) => {
				if (place.hooks) place.hooks = { ...place.hooks, until };
			},
			running: () => {
				if (place.kind === 'turn') return;
				place.kind = 'turn';
				place.hooks = null;
				place.over = false;
				this.#roomCheck();
			}
		};
	}

	#question(place: Place, hooks: QuestionHooks): Fit {
		if (place.released) return 'fits';
		place.kind = 'question';
		place.hooks = hooks;
		const asked = [...this.#places].filter((p) => p.kind === 'question');
		if (asked.length <= this.questionPlaces) return 'fits';
		// The question places are full: whoever holds more than its share gives up its oldest.
		const victim = this.#overShare(asked, place);
		if (victim?.hooks) {
			this.stats.preempted++;
			victim.hooks.preempt();
			// Ended in its session now: its place is a turn's (the "cancel") until that is done.
			if (victim.kind === 'turn' || victim.released) return 'fits';
		}
		// Nobody holds more than its share. A turn already waiting for a place goes first.
		if (this.#queue.length > 0) {
			this.stats.withdrawn++;
			place.kind = 'turn';
			place.hooks = null;
			return 'none';
		}
		this.stats.over++;
		place.over = true;
		return 'over';
	}

	/** The oldest question of the client holding the most questions above its fair share, if any. */
	#overShare(asked: readonly Place[], asking: Place): Place | null {
		const byClient = new Map<string, Place[]>();
		for (const p of asked) byClient.set(p.client, [...(byClient.get(p.client) ?? []), p]);
		const fair = Math.max(1, Math.floor(this.questionPlaces / byClient.size));
		let worst: Place[] | null = null;
		for (const qs of byClient.values()) {
			if (qs.length <= fair) continue;
			// Most held first; of equals, the one whose oldest question is oldest (places keep age order).
			if (!worst || qs.length > worst.length) worst = qs;
		}
		return worst?.find((p) => p !== asking) ?? null;
	}

	/** Questions kept only a moment get a question place when one frees. */
	#roomCheck(): void {
		let asked = 0;
		for (const p of this.#places) if (p.kind === 'question' && !p.over) asked++;
		for (const p of this.#places) {
			if (asked >= this.questionPlaces) return;
			if (p.kind !== 'question' || !p.over) continue;
			p.over = false;
			asked++;
			p.hooks?.room();
		}
	}

	/** Places came free: the first in line of the clients holding least gets each. */
	#next(): void {
		while (this.#places.size < this.share) {
			const w = this.#order()[0];
			if (!w) return;
			this.#queue.splice(this.#queue.indexOf(w), 1);
			this.#clock.clearTimeout(w.timer);
			w.grant(this.#grant(w.client));
		}
		this.#tellPositions();
	}

	/** The line as it will be served: clients holding fewer places first, then first come. */
	#order(): Waiter[] {
		const held = new Map<string, number>();
		for (const p of this.#places) held.set(p.client, (held.get(p.client) ?? 0) + 1);
		return this.#queue
			.map((w, i) => ({ w, i, n: held.get(w.client) ?? 0 }))
			.sort((a, b) => a.n - b.n || a.i - b.i)
			.map((x) => x.w);
	}

	/** Tells each waiter its place in line when it changed. */
	#tellPositions(): void {
		this.#order().forEach((w, i) => {
			if (w.told === i + 1) return;
			w.told = i + 1;
			w.onQueued?.(i + 1);
		});
	}
}
