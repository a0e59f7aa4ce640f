/**
 * Long-lived slots (event streams, chat turns in flight) shared fairly (45 addresses × 10
 * event streams took all 256 and every new screen got 429 until they left; 240 held chat turns from
 * 30 addresses made the next client's 503). Each client (an address, or a paired browser or token
 * wherever it connects from: client.ts) may hold `perAddress`, each network `perNetwork`, all
 * clients `total`, of which `reserved` only privileged clients (the device, token holders) may use,
 * and `networkShare` only the others: the device's own processes are privileged, each of its
 * loopback addresses a network of its own, and 45 of them × 10 event streams took every place from
 * the screens of the network. When a newcomer finds no room, the heaviest network gives up its
 * oldest slot — if the newcomer's network would still be lighter than it, so equals never evict
 * each other and a screen holding one or two is never the one to go while a flood holds more. A
 * privileged newcomer may evict any unprivileged slot beyond the network's share.
 */
import { clientKey, type Client } from './client';

export interface SlotOptions {
	readonly total: number;
	readonly perAddress: number;
	readonly perNetwork: number;
	/** Of `total`, kept for privileged clients. */
	readonly reserved: number;
	/** Of `total`, kept for the others (the network's clients); default none. */
	readonly networkShare?: number;
}

/** A slot held; `release` is idempotent. */
export interface Slot {
	release(): void;
}

export type Taken = { readonly ok: true; readonly slot: Slot } | { readonly ok: false; readonly status: 429 | 503; readonly message: string };

interface Held {
	readonly client: Client;
	/** Called when the slot is taken for a newcomer: the holder ends what it held. */
	readonly onEvict: () => void;
	released: boolean;
}

export class FairSlots {
	readonly stats = { taken: 0, evicted: 0, refusedAddress: 0, refusedNetwork: 0, refusedFull: 0 };
	/** Every slot held, oldest first. */
	readonly #held = new Set<Held>();
	/** Slots per client (clientKey: a paired browser or a token as one, else the address). */
	readonly #byClient = new Map<string, number>();
	readonly #byNetwork = new Map<string, number>();
	#unprivileged = 0;
	#privileged = 0;

	constructor(
		readonly o: SlotOptions,
		/** What the slots are, for refusals: "event streams", "chat turns at once". */
		readonly what: string
	) {}

	get count(): number {
		return this.#held.size;
	}

	/** A slot for `client`, or why not; `onEvict` runs if a newcomer later takes it. */
	take(client: Client, onEvict: () => void = () => {}): Taken {
		if ((this.#byClient.get(clientKey(client)) ?? 0) >= this.o.perAddress) {
			this.stats.refusedAddress++;
			return { ok: false, status: 429, message: `at most ${this.o.perAddress} ${this.what} per client` };
		}
		if (!client.privileged && (this.#byNetwork.get(client.network) ?? 0) >= this.o.perNetwork) {
			this.stats.refusedNetwork++;
			return { ok: false, status: 429, message: `at most ${this.o.perNetwork} ${this.what} per network` };
		}
		// Privileged clients at their most give room only among themselves.
		const privilegedFull = client.privileged && this.#privileged >= this.o.total - (this.o.networkShare ?? 0);
		const full = privilegedFull || this.#held.size >= this.o.total || (!client.privileged && this.#unprivileged >= this.o.total - this.o.reserved);
		if (full && !(privilegedFull ? this.#evictAmong(client, (c) => c.privileged) : this.#evictFor(client))) {
			this.stats.refusedFull++;
			return { ok: false, status: 503, message: `the server holds its most ${this.what} (${this.o.total}); try again shortly` };
		}
		const held: Held = { client, onEvict, released: false };
		this.#held.add(held);
		this.#count(held, 1);
		this.stats.taken++;
		return { ok: true, slot: { release: () => this.#release(held) } };
	}

	/** Frees the oldest slot of the heaviest network a newcomer may take from; false when none may go. */
	#evictFor(client: Client): boolean {
		// Unprivileged slots go first; a privileged newcomer may take one whatever its network's weight.
		const open = this.#heaviest((c) => !c.privileged);
		if (open.network !== null && (client.privileged || this.#mayTake(client, open))) return this.#evictOldest(open.network, (c) => !c.privileged);
		return client.privileged && this.#evictAmong(client, () => true);
	}

	/** Frees the oldest slot of the heaviest network among `which` clients, if the newcomer's is lighter. */
	#evictAmong(client: Client, which: (c: Client) => boolean): boolean {
		const heaviest = this.#heaviest(which);
		return this.#mayTake(client, heaviest) && this.#evictOldest(heaviest.network!, which);
	}

	/** Whether `client` may take from network `w`: another network, heavier than the newcomer's would be. */
	#mayTake(client: Client, w: { network: string | null; n: number }): boolean {
		return w.network !== null && w.network !== client.network && (this.#byNetwork.get(client.network) ?? 0) + 1 < w.n;
	}

	/** The network holding the most slots of `which` clients. */
	#heaviest(which: (c: Client) => boolean): { network: string | null; n: number } {
		const weight = new Map<string, number>();
		for (const h of this.#held) if (which(h.client)) weight.set(h.client.network, (weight.get(h.client.network) ?? 0) + 1);
		let best: { network: string | null; n: number } = { network: null, n: 0 };
		for (const [network, n] of weight) if (n > best.n) best = { network, n };
		return best;
	}

	#evictOldest(network: string, which: (c: Client) => boolean): boolean {
		for (const h of this.#held) {
			if (h.client.network !== network || !which(h.client)) continue;
			this.#release(h);
			this.stats.evicted++;
			try {
				h.onEvict();
			} catch {
				/* the holder's own cleanup failing must not cost the newcomer its slot */
			}
			return true;
		}
		return false;
	}

	#release(h: Held): void {
		if (h.released) return;
		h.released = true;
		this.#held.delete(h);
		this.#count(h, -1);
	}

	#count(h: Held, d: 1 | -1): void {
		const add = (m: Map<string, number>, k: string) => {
			const n = (m.get(k) ?? 0) + d;
			if (n <= 0) m.delete(k);
			else m.set(k, n);
		};
		add(this.#byClient, clientKey(h.client));
		add(this.#byNetwork, h.client.network);
		if (h.client.privileged) this.#privileged += d;
		else this.#unprivileged += d;
	}
}
