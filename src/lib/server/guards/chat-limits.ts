/**
 * How much of the chat API one client, and all of them, may use (without limits, 31,351 turns in 30 s
 * were all accepted, and 3,000 streaming turns held open). Each turn costs core real work — a thread
 * of its small handler pool while a skill runs — so a client gets a burst and then a steady rate of
 * turns, a few at once, and the server a bounded number in flight, shared fairly between networks
 * (slots.ts: 240 turns held from 30 addresses locked the next client out). A refusal
 * says when to try again. Clients are told apart by address (behind a reverse proxy, set the
 * adapter's ADDRESS_HEADER).
 */
import type { Admission } from '.';
import { clientKey, clientOf, type Client } from './client';
import { RateLimiter } from './rate-limit';
import { FairSlots } from './slots';

export interface ChatLimitsOptions {
	/** Turns a client may start at once before the steady rate applies. */
	readonly burst?: number;
	/** Turns a client may start per second, steadily. */
	readonly perSecond?: number;
	/** Turns (streaming or not) one client may have running at once. */
	readonly perClient?: number;
	/**
	 * Turns one network (an IPv4 /24, an IPv6 /64) may have running at once. Default: a quarter of
	 * `total` (never fewer than `perClient`) — the one rule, whatever the server is sized to.
	 */
	readonly perNetwork?: number;
	/** Turns the server runs at once, from all clients. */
	readonly total?: number;
	/** Of `total`, kept for loopback clients and token holders. */
	readonly reserved?: number;
	/** Of `total`, kept for the others, the network's clients, so the device's own processes cannot take them all; as many as `reserved` unless given. */
	readonly networkShare?: number;
	readonly now?: () => number;
}

export const DEFAULT_CHAT_LIMITS = { burst: 30, perSecond: 2, perClient: 8, total: 200, reserved: 20 } as const;

/** A network's most turns at once: a quarter of the server's, so four networks can never fill it. */
export function networkCap(total: number, perClient: number): number {
	return Math.max(perClient, Math.ceil(total / 4));
}

export class ChatLimits {
	readonly perClient: number;
	readonly perNetwork: number;
	readonly total: number;
	readonly networkShare: number;
	readonly #rate: RateLimiter;
	readonly #slots: FairSlots;
	readonly stats = { admitted: 0, rateLimited: 0, tooManyAtOnce: 0, serverFull: 0 };

	constructor(o: ChatLimitsOptions = {}) {
		const d = DEFAULT_CHAT_LIMITS;
		this.perClient = o.perClient ?? d.perClient;
		this.total = o.total ?? d.total;
		this.perNetwork = o.perNetwork ?? networkCap(this.total, this.perClient);
		const reserved = Math.min(o.reserved ?? d.reserved, this.total);
		this.networkShare = Math.min(o.networkShare ?? reserved, this.total - reserved);
		this.#rate = new RateLimiter({ burst: o.burst ?? d.burst, perSecond: o.perSecond ?? d.perSecond, now: o.now });
		this.#slots = new FairSlots(
			{ total: this.total, perAddress: this.perClient, perNetwork: this.perNetwork, reserved, networkShare: this.networkShare },
			'chat turns at once'
		);
	}

	/**
	 * Limits sized to what the agent can take: its places in core's pool and its queue.
	 * Past those a turn is refused anyway ("core busy"), so the fair sharing must happen within them:
	 * an eighth kept for loopback and token holders (and as many for the network's clients), a quarter
	 * at most per network.
	 */
	static forCore(core: { readonly share: number; readonly queueLength: number }, o: ChatLimitsOptions = {}): ChatLimits {
		const total = core.share + core.queueLength;
		return new ChatLimits({ total, reserved: Math.max(1, Math.ceil(total / 8)), ...o });
	}

	/** Turns running now, from all clients. */
	get running(): number {
		return this.#slots.count;
	}

	get evicted(): number {
		return this.#slots.stats.evicted;
	}

	/**
	 * A turn for `client`: admitted (call `release` once when it is over) or refused with why.
	 * `onEvict` ends the turn if a lighter client later needs its slot.
	 */
	admit(who: Client | string, onEvict?: () => void): Admission {
		const client = typeof who === 'string' ? clientOf(who) : who;
		// The rate first: a refused turn must never have cost another client its slot.
		const rate = this.#rate.take(clientKey(client));
		if (!rate.ok) {
			this.stats.rateLimited++;
			const s = Math.max(1, Math.ceil(rate.retryAfterMs / 1000));
			return { ok: false, status: 429, code: 'rate-limited', message: `too many chat turns from this client; try again in ${s} s`, retryAfterS: s };
		}
		const taken = this.#slots.take(client, onEvict);
		if (!taken.ok) {
			if (taken.status === 429) this.stats.tooManyAtOnce++;
			else this.stats.serverFull++;
			return taken.status === 429
				? { ok: false, status: 429, code: 'rate-limited', message: `${taken.message}; wait for one to end`, retryAfterS: 1 }
				: { ok: false, status: 503, code: 'busy-server', message: taken.message, retryAfterS: 2 };
		}
		this.stats.admitted++;
		return { ok: true, release: taken.slot.release };
	}
}
