/**
 * OpenAI clients send the whole conversation in `messages` on every request, and no header of ours.
 * To keep one OVOS session across such a conversation, the server remembers, for each conversation
 * so far (its user and assistant turns up to our last reply), the chat token of its session: the next
 * request's history finds it. Bounded (least recently used out) and expiring; keyed by a hash, so no
 * text is kept.
 *
 * The same history can come from two sessions of one client: the README's example run twice, or two
 * tabs of a chat tool. The newer one takes the key over — the same script run again continues its own
 * run — unless the older is still at that point with a question open (two conversations waiting on
 * the same question cannot be told apart): the key is then ambiguous and starts a new session rather
 * than answering the other's question.
 */
import { createHash } from 'node:crypto';

export interface ConversationTurn {
	readonly role: string;
	readonly content: string;
}

interface Entry {
	/** null: ambiguous — `rivals` are at this point with a question open. */
	readonly sessionId: string | null;
	readonly token: string | null;
	readonly rivals: readonly string[];
	readonly at: number;
}

export class ConversationMap {
	readonly #map = new Map<string, Entry>();
	/** Each session's latest key: a session that has a later one has moved on from the earlier. */
	readonly #latest = new Map<string, string>();

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

	/**
	 * `sessionId` has reached this point of the conversation. `asking(id)`: whether session `id`
	 * still has a question open (it could still be answered from this point).
	 */
	set(key: string | null, sessionId: string, token: string, asking: (id: string) => boolean = () => true): void {
		if (key === null) return;
		const old = this.#map.get(key);
		const live = old && this.now() - old.at <= this.ttlMs ? old : null;
		// Still here, not moved on, and waiting on its question: this point cannot say which is meant.
		const waitingHere = (id: string) => id !== sessionId && this.#latest.get(id) === key && asking(id);
		const rivals = live ? (live.sessionId === null ? live.rivals : [live.sessionId]).filter(waitingHere) : [];
		this.#map.delete(key);
		this.#map.set(
			key,
			rivals.length ? { sessionId: null, token: null, rivals: [...rivals, sessionId], at: this.now() } : { sessionId, token, rivals: [], at: this.now() }
		);
		this.#latest.delete(sessionId);
		this.#latest.set(sessionId, key);
		for (const k of this.#map.keys()) {
			if (this.#map.size <= this.maxEntries) break;
			this.#map.delete(k);
		}
		for (const s of this.#latest.keys()) {
			if (this.#latest.size <= this.maxEntries) break;
			this.#latest.delete(s);
		}
	}
}
