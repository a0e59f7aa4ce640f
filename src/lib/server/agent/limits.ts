/**
 * How much of the chat API one client, and all of them, may use (issue 14: 31,351 turns in 30 s
 * were all accepted, and 3,000 streaming turns held open). Each turn costs core real work — a thread
 * of its small handler pool while a skill runs — so a client gets a burst and then a steady rate of
 * turns, a few at once, and the server a bounded number in flight. A refusal says when to try again.
 * Clients are told apart by address (behind a reverse proxy, set the adapter's ADDRESS_HEADER).
 */
import { RateLimiter } from '../rate-limit';

export interface ChatLimitsOptions {
	/** Turns a client may start at once before the steady rate applies. */
	readonly burst?: number;
	/** Turns a client may start per second, steadily. */
	readonly perSecond?: number;
	/** Turns (streaming or not) one client may have running at once. */
	readonly perClient?: number;
	/** Turns the server runs at once, from all clients. */
	readonly total?: number;
	readonly now?: () => number;
}

export type Admission =
	| { readonly ok: true; release(): void }
	| { readonly ok: false; readonly status: 429 | 503; readonly code: 'rate-limited' | 'busy-server'; readonly message: string; readonly retryAfterS: number };

export const DEFAULT_CHAT_LIMITS = { burst: 30, perSecond: 2, perClient: 8, total: 200 } as const;

export class ChatLimits {
	readonly perClient: number;
	readonly total: number;
	readonly #rate: RateLimiter;
	readonly #running = new Map<string, number>();
	#all = 0;
	readonly stats = { admitted: 0, rateLimited: 0, tooManyAtOnce: 0, serverFull: 0 };

	constructor(o: ChatLimitsOptions = {}) {
		this.perClient = o.perClient ?? DEFAULT_CHAT_LIMITS.perClient;
		this.total = o.total ?? DEFAULT_CHAT_LIMITS.total;
		this.#rate = new RateLimiter({ burst: o.burst ?? DEFAULT_CHAT_LIMITS.burst, perSecond: o.perSecond ?? DEFAULT_CHAT_LIMITS.perSecond, now: o.now });
	}

	/** Turns running now, from all clients. */
	get running(): number {
		return this.#all;
	}

	/** A turn for `client`: admitted (call `release` once when it is over) or refused with why. */
	admit(client: string): Admission {
		const mine = this.#running.get(client) ?? 0;
		if (mine >= this.perClient) {
			this.stats.tooManyAtOnce++;
			return { ok: false, status: 429, code: 'rate-limited', message: `at most ${this.perClient} chat turns at once per client; wait for one to end`, retryAfterS: 1 };
		}
		if (this.#all >= this.total) {
			this.stats.serverFull++;
			return { ok: false, status: 503, code: 'busy-server', message: `the server is running its most chat turns at once (${this.total}); try again shortly`, retryAfterS: 2 };
		}
		const taken = this.#rate.take(client);
		if (!taken.ok) {
			this.stats.rateLimited++;
			const s = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
			return { ok: false, status: 429, code: 'rate-limited', message: `too many chat turns from this client; try again in ${s} s`, retryAfterS: s };
		}
		this.stats.admitted++;
		this.#running.set(client, mine + 1);
		this.#all++;
		let released = false;
		return {
			ok: true,
			release: () => {
				if (released) return;
				released = true;
				const n = (this.#running.get(client) ?? 1) - 1;
				if (n <= 0) this.#running.delete(client);
				else this.#running.set(client, n);
				this.#all--;
			}
		};
	}
}
