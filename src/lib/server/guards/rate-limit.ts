/**
 * Per-client token buckets: each client may burst `burst` requests, then `perSecond` more a second.
 * Keys are client addresses; the table is bounded so a spray of addresses cannot grow it (when full,
 * the longest-idle entry goes — it would have refilled to a full bucket anyway, or soon).
 */
export interface RateLimitOptions {
	readonly burst: number;
	readonly perSecond: number;
	/** Most clients tracked at once. */
	readonly maxClients?: number;
	readonly now?: () => number;
}

export type Taken = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

interface Bucket {
	tokens: number;
	at: number;
}

export class RateLimiter {
	readonly #burst: number;
	readonly #perMs: number;
	readonly #max: number;
	readonly #now: () => number;
	/** Insertion order = least recently used first (each take re-inserts). */
	readonly #buckets = new Map<string, Bucket>();

	constructor(o: RateLimitOptions) {
		this.#burst = o.burst;
		this.#perMs = o.perSecond / 1000;
		this.#max = o.maxClients ?? 10_000;
		this.#now = o.now ?? Date.now;
	}

	take(key: string): Taken {
		const now = this.#now();
		const old = this.#buckets.get(key);
		const b: Bucket = old
			? { tokens: Math.min(this.#burst, old.tokens + (now - old.at) * this.#perMs), at: now }
			: { tokens: this.#burst, at: now };
		this.#buckets.delete(key);
		if (this.#buckets.size >= this.#max) {
			const oldest = this.#buckets.keys().next().value;
			if (oldest !== undefined) this.#buckets.delete(oldest);
		}
		this.#buckets.set(key, b);
		if (b.tokens >= 1) {
			b.tokens -= 1;
			return { ok: true };
		}
		return { ok: false, retryAfterMs: Math.ceil((1 - b.tokens) / this.#perMs) };
	}

	get clients(): number {
		return this.#buckets.size;
	}
}
