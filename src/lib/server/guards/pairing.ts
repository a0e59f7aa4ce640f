/**
 * Pairing a browser like a TV: the browser asks, the device shows (and says) a 6-digit code, the
 * person types it into that browser, which is then paired (identity.ts).
 *
 * A code belongs to the request that asked for it (a short-lived cookie of that browser), so a code
 * on the device's screen pairs only the browser that asked. Guessing is bounded three ways: a code
 * takes CODE_TRIES wrong entries and is void (a new one must be asked for, shown and spoken again);
 * each address may enter ENTER_PER_ADDRESS codes; and all clients together ENTER_GLOBAL. The
 * limits are taken before the code is compared, so even the right code waits once they are spent.
 * Odds and figures: docs/security.md, "Who is let in".
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { bare } from './address';
import { clientOf } from './client';
import { RateLimiter, type RateLimitOptions } from './rate-limit';
import type { Access } from './identity';

/** How long a code is good for. */
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong entries a code takes before it is void. */
export const CODE_TRIES = 3;
/** Codes entered per address: 5, then one every 5 minutes. */
export const ENTER_PER_ADDRESS: RateLimitOptions = { burst: 5, perSecond: 1 / 300 };
/** Codes entered from all clients together: 10, then one every 10 minutes (≤ 154 the first day, 144 a day after). */
export const ENTER_GLOBAL: RateLimitOptions = { burst: 10, perSecond: 1 / 600 };
/** Codes asked for per address (each is shown and spoken on the device): 3, then one a minute. */
export const ASK_PER_ADDRESS: RateLimitOptions = { burst: 3, perSecond: 1 / 60 };
/** Codes asked for from all clients: 10, then one every 30 s. */
export const ASK_GLOBAL: RateLimitOptions = { burst: 10, perSecond: 1 / 30 };
/** Requests waiting for their code at once. */
export const MAX_PENDING = 20;

/** The request cookie: which pending request (and so which code) is this browser's. */
export const REQUEST_COOKIE = 'ovos-screen-pairing';

/** A code waiting to be entered, as the device's screens show it. */
export interface PendingCode {
	readonly id: string;
	readonly code: string;
	/** The name the browser gave (or its User-Agent's), and the address it asked from. */
	readonly name: string;
	readonly address: string;
	readonly expiresAt: number;
}

interface Pending extends PendingCode {
	wrong: number;
}

export type Asked = { readonly ok: true; readonly request: string; readonly expiresAt: number } | Limited;
export type Entered =
	| { readonly ok: true; readonly credential: string; readonly name: string }
	| Limited
	| { readonly ok: false; readonly reason: 'wrong'; readonly triesLeft: number }
	| { readonly ok: false; readonly reason: 'no-code' | 'full' };
export interface Limited {
	readonly ok: false;
	readonly reason: 'limit';
	readonly retryAfterS: number;
}

export interface DeskOptions {
	readonly access: Access;
	/** A new code to show: the log and the device's voice (the screens listen with `watch`). */
	readonly announce?: (p: PendingCode) => void;
	readonly now?: () => number;
}

export class PairingDesk {
	readonly #o: DeskOptions;
	readonly #now: () => number;
	readonly #pending = new Map<string, Pending>();
	readonly #watchers = new Set<(codes: PendingCode[]) => void>();
	readonly #enterAddress: RateLimiter;
	readonly #enterAll: RateLimiter;
	readonly #askAddress: RateLimiter;
	readonly #askAll: RateLimiter;
	#expiry: ReturnType<typeof setTimeout> | null = null;
	readonly stats = { asked: 0, right: 0, wrong: 0, limited: 0 };

	constructor(o: DeskOptions) {
		this.#o = o;
		this.#now = o.now ?? Date.now;
		const lim = (l: RateLimitOptions) => new RateLimiter({ ...l, now: this.#now });
		this.#enterAddress = lim(ENTER_PER_ADDRESS);
		this.#enterAll = lim(ENTER_GLOBAL);
		this.#askAddress = lim(ASK_PER_ADDRESS);
		this.#askAll = lim(ASK_GLOBAL);
	}

	/** The codes waiting now, newest first. */
	pending(): PendingCode[] {
		this.#dropExpired();
		return [...this.#pending.values()].map(({ wrong: _, ...p }) => p).reverse();
	}

	/** When the code of `request` (a browser's request cookie) runs out; null when none waits for it. */
	expiresAt(request: string | null): number | null {
		this.#dropExpired();
		return (request && this.#pending.get(request)?.expiresAt) || null;
	}

	/** `fn` gets the waiting codes now and at every change; returns the unsubscribe. */
	watch(fn: (codes: PendingCode[]) => void): () => void {
		this.#watchers.add(fn);
		fn(this.pending());
		return () => this.#watchers.delete(fn);
	}

	/**
	 * A browser asks for a code (`request`: its request cookie, if it has one). The same request asking
	 * again while its code is good shows that code again; otherwise a new one.
	 */
	ask(request: string | null, address: string, name: string): Asked {
		this.#dropExpired();
		const limited = take(this.#askAddress, this.#askAll, address);
		if (limited) {
			this.stats.limited++;
			return limited;
		}
		let p = request ? this.#pending.get(request) : undefined;
		if (!p) {
			if (this.#pending.size >= MAX_PENDING) return { ok: false, reason: 'limit', retryAfterS: Math.ceil(CODE_TTL_MS / 1000) };
			p = { id: randomBytes(16).toString('base64url'), code: String(randomInt(0, 1_000_000)).padStart(6, '0'), name, address, expiresAt: this.#now() + CODE_TTL_MS, wrong: 0 };
			this.#pending.set(p.id, p);
		}
		this.stats.asked++;
		this.#o.announce?.(p);
		this.#changed();
		return { ok: true, request: p.id, expiresAt: p.expiresAt };
	}

	/** A browser enters a code for its request: paired (its cookie's value), or why not. */
	enter(request: string | null, code: string, address: string): Entered {
		this.#dropExpired();
		const limited = take(this.#enterAddress, this.#enterAll, address);
		if (limited) {
			this.stats.limited++;
			return limited;
		}
		const p = request ? this.#pending.get(request) : undefined;
		if (!p) return { ok: false, reason: 'no-code' };
		const given = Buffer.from(code.replace(/\D/g, '').padEnd(6, 'x').slice(0, 6));
		if (!timingSafeEqual(given, Buffer.from(p.code))) {
			this.stats.wrong++;
			p.wrong++;
			const triesLeft = CODE_TRIES - p.wrong;
			if (triesLeft <= 0) {
				this.#pending.delete(p.id);
				this.#changed();
			}
			return { ok: false, reason: 'wrong', triesLeft: Math.max(0, triesLeft) };
		}
		this.#pending.delete(p.id);
		this.#changed();
		const paired = this.#o.access.pair({ name: p.name, address, via: 'code' });
		if (!paired) return { ok: false, reason: 'full' };
		this.stats.right++;
		return { ok: true, credential: paired.credential, name: p.name };
	}

	#dropExpired(): void {
		const now = this.#now();
		let dropped = false;
		for (const [id, p] of this.#pending) {
			if (p.expiresAt > now) continue;
			this.#pending.delete(id);
			dropped = true;
		}
		if (dropped) this.#changed();
	}

	/** Tells the screens, and wakes when the next code runs out so they stop showing it. */
	#changed(): void {
		const codes = this.pending();
		for (const fn of [...this.#watchers]) fn(codes);
		if (this.#expiry !== null) clearTimeout(this.#expiry);
		this.#expiry = null;
		const next = Math.min(...codes.map((c) => c.expiresAt));
		if (Number.isFinite(next)) {
			this.#expiry = setTimeout(() => this.#dropExpired(), Math.max(0, next - this.#now()) + 50);
			this.#expiry.unref?.();
		}
	}
}

/** One from the address's budget, then one from everyone's: null, or how long to wait. */
function take(perAddress: RateLimiter, all: RateLimiter, address: string): Limited | null {
	// An IPv6 client has a /64 to pick addresses from: that is its "address" here.
	const mine = perAddress.take(isIPv6(bare(address)) ? clientOf(address).network : address);
	if (!mine.ok) return { ok: false, reason: 'limit', retryAfterS: Math.max(1, Math.ceil(mine.retryAfterMs / 1000)) };
	const any = all.take('*');
	if (!any.ok) return { ok: false, reason: 'limit', retryAfterS: Math.max(1, Math.ceil(any.retryAfterMs / 1000)) };
	return null;
}
