/**
 * OpenAI clients send the whole conversation in `messages` on every request, and no header of ours.
 * To keep one OVOS session across such a conversation, the server remembers where each session is:
 * the conversation so far (its user and assistant turns up to our last reply) → the sessions at that
 * point, with their chat tokens. A request continues a session that was at the point it extends, and
 * takes it from there (it is at the next point once the turn is over), so two runs of the same script
 * at once — identical histories — each take a session of their own: they cannot be told apart, and
 * need not be, since each continues a session that is exactly where its conversation is. A session
 * waiting on a question it no longer has (ended, answered elsewhere) is not continued. Bounded (least
 * recently used out) and expiring; keyed by a hash, so no text is kept. See docs/chat.md.
 */
import { createHash } from 'node:crypto';

export interface ConversationTurn {
	readonly role: string;
	readonly content: string;
}

interface Entry {
	readonly sessionId: string;
	readonly token: string;
	/** Our reply at this point was a question: the session goes on only while it is still open. */
	readonly awaiting: boolean;
	readonly at: number;
}

/** What a session at this point still is, for a request continuing from it. */
export type SessionState = 'live' | 'question-ended' | 'gone';

/** A session taken from a point of a conversation; `restore` puts it back (its turn never ran). */
export interface Claim {
	readonly sessionId: string;
	readonly token: string;
	readonly awaiting: boolean;
	restore(): void;
}

/** How many sessions one point of a conversation keeps (identical runs at once). */
const PER_POINT = 16;

export class ConversationMap {
	/** Point (key) → the sessions there, oldest first; the map itself least recently used first. */
	readonly #map = new Map<string, Entry[]>();
	/** Each session's point: a session is at one point at a time. */
	readonly #at = new Map<string, string>();

	constructor(
		readonly maxEntries = 5000,
		readonly ttlMs = 30 * 60_000,
		private readonly now: () => number = () => Date.now()
	) {}

	/** Sessions remembered, at every point. */
	get size(): number {
		return this.#at.size;
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

	/**
	 * Takes a session at this point for a request that continues from it: the newest one still able
	 * to go on (`state` of a session whose reply here was a question: is it still open?), else one
	 * whose question was ended to make room (its turn says so), else none (start a new session).
	 */
	claim(key: string | null, state: (sessionId: string) => SessionState): Claim | null {
		if (key === null) return null;
		const list = this.#map.get(key);
		if (!list) return null;
		const now = this.now();
		let pick: Entry | null = null;
		let ended: Entry | null = null;
		for (const e of [...list]) {
			const s = now - e.at > this.ttlMs ? 'gone' : e.awaiting ? state(e.sessionId) : 'live';
			if (s === 'gone') this.#drop(key, e);
			else if (s === 'live') pick = e;
			else ended ??= e;
		}
		const e = pick ?? ended;
		if (!e) return null;
		this.#drop(key, e);
		return { sessionId: e.sessionId, token: e.token, awaiting: e.awaiting, restore: () => this.set(key, e.sessionId, e.token, e.awaiting) };
	}

	/** `sessionId` is at this point of the conversation now (and no longer where it was). */
	set(key: string | null, sessionId: string, token: string, awaiting: boolean): void {
		const before = this.#at.get(sessionId);
		if (before !== undefined) {
			const old = this.#map.get(before)?.find((e) => e.sessionId === sessionId);
			if (old) this.#drop(before, old);
		}
		if (key === null) return;
		const list = [...(this.#map.get(key) ?? []), { sessionId, token, awaiting, at: this.now() }];
		for (const gone of list.splice(0, Math.max(0, list.length - PER_POINT))) this.#at.delete(gone.sessionId);
		this.#map.delete(key);
		this.#map.set(key, list);
		this.#at.set(sessionId, key);
		for (const [k, l] of this.#map) {
			if (this.#at.size <= this.maxEntries) break;
			this.#map.delete(k);
			for (const e of l) this.#at.delete(e.sessionId);
		}
	}

	#drop(key: string, e: Entry): void {
		const list = this.#map.get(key);
		if (!list) return;
		const rest = list.filter((x) => x !== e);
		if (rest.length) this.#map.set(key, rest);
		else this.#map.delete(key);
		if (this.#at.get(e.sessionId) === key) this.#at.delete(e.sessionId);
	}
}
