/**
 * OpenAI clients send the whole conversation in `messages` on every request, and no header of ours.
 * To keep one OVOS session across such a conversation, the server remembers, for each conversation
 * so far (its user and assistant turns up to our last reply), the chat token of its session: the next
 * request's history finds it. Bounded (least recently used out) and expiring; keyed by a hash, so no
 * text is kept. Two clients whose conversations are identical so far cannot be told apart: such a key
 * is marked ambiguous and starts a new session rather than joining another client's.
 */
import { createHash } from 'node:crypto';

export interface ConversationTurn {
	readonly role: string;
	readonly content: string;
}

interface Entry {
	/** null: two sessions claimed this conversation. */
	readonly sessionId: string | null;
	readonly token: string | null;
	readonly at: number;
}

export class ConversationMap {
	readonly #map = new Map<string, Entry>();

	constructor(
		readonly maxEntries = 5000,
		readonly ttlMs = 30 * 60_000,
		private readonly now: () => number = () => Date.now()
	) {}

	get size(): number {
		return this.#map.size;
	}

	/**
	 * The key of a conversation so far, for one client (its credentials and address). System,
	 * developer and tool messages are left out: clients rewrite them freely (a date in the prompt).
	 * Null when it has no assistant reply yet: a first request always starts a new session.
	 */
	static key(client: string, turns: readonly ConversationTurn[]): string | null {
		const kept = turns.filter((t) => t.role === 'user' || t.role === 'assistant');
		if (!kept.some((t) => t.role === 'assistant')) return null;
		const h = createHash('sha256').update(client);
		for (const t of kept) h.update(`\u0000${t.role}\u0000${t.content.replace(/\s+/g, ' ').trim()}`);
		return h.digest('base64url');
	}

	/** The token that continues this conversation, or null (unknown, expired or ambiguous). */
	get(key: string | null): string | null {
		if (key === null) return null;
		const e = this.#map.get(key);
		if (!e) return null;
		if (this.now() - e.at > this.ttlMs) {
			this.#map.delete(key);
			return null;
		}
		this.#map.delete(key);
		this.#map.set(key, e);
		return e.token;
	}

	set(key: string | null, sessionId: string, token: string): void {
		if (key === null) return;
		const old = this.#map.get(key);
		const live = old && this.now() - old.at <= this.ttlMs;
		const clash = live && old.sessionId !== sessionId;
		this.#map.delete(key);
		this.#map.set(key, clash ? { sessionId: null, token: null, at: this.now() } : { sessionId, token, at: this.now() });
		for (const k of this.#map.keys()) {
			if (this.#map.size <= this.maxEntries) break;
			this.#map.delete(k);
		}
	}
}
