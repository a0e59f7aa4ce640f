/**
 * Chats kept in the browser's localStorage: one key per chat (its entries, chat token and language)
 * plus an index. Anything unreadable in storage is dropped, never trusted or shown raw.
 */

/** How an assistant entry ended, for the look of its bubble. */
export type EntryState =
	| 'streaming'
	| 'answered'
	| 'awaiting'
	| 'unmatched'
	| 'timeout'
	| 'unreachable'
	| 'no-core'
	| 'busy'
	| 'core-busy'
	| 'stopped'
	| 'unauthorized'
	| 'error';

export interface ChatEntry {
	readonly id: string;
	readonly role: 'user' | 'assistant';
	readonly text: string;
	readonly skill?: string | null;
	readonly state?: EntryState;
	/** Extra words for a failure (the address tried, the server's message). */
	readonly detail?: string;
	/** A question: until when (epoch ms) OVOS waits for the answer. */
	readonly until?: number;
	/** The chat's earlier question had already ended: this reply is to a new request. */
	readonly stale?: boolean;
	/** OVOS does not understand the reader's language (`wanted`) and took the message in `heard`. */
	readonly notHeard?: { readonly wanted: string; readonly heard: string };
	/** While the message waits for its turn: its place in line (1 = next). Not kept. */
	readonly queued?: number;
	readonly at: number;
}

export interface StoredChat {
	readonly id: string;
	readonly title: string;
	/** The server's signed chat token (null until the first reply). */
	readonly token: string | null;
	/** The chosen language, or null for the reader's own (the page's), when the device has it. */
	readonly lang: string | null;
	/** Speak as the device (its own session) instead of in the chat's private one. */
	readonly device: boolean;
	readonly entries: readonly ChatEntry[];
	readonly updated: number;
}

export interface ChatSummary {
	readonly id: string;
	readonly title: string;
	readonly updated: number;
}

const PREFIX = 'ovos-screen.chat.';
const INDEX = `${PREFIX}index`;
const CURRENT = `${PREFIX}current`;
const MAX_ENTRIES = 200;
const MAX_CHATS = 30;

const STATES = new Set<string>(['streaming', 'answered', 'awaiting', 'unmatched', 'timeout', 'unreachable', 'no-core', 'busy', 'core-busy', 'stopped', 'unauthorized', 'error']);

export function newChatId(): string {
	return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function emptyChat(lang: string | null = null, device = false): StoredChat {
	return { id: newChatId(), title: '', token: null, lang, device, entries: [], updated: Date.now() };
}

/** A chat's title: its first user message, shortened; '' before there is one (shown as "New chat" in the UI's language). */
export function titleOf(entries: readonly ChatEntry[]): string {
	const first = entries.find((e) => e.role === 'user')?.text.trim();
	if (!first) return '';
	return first.length > 40 ? `${first.slice(0, 39)}…` : first;
}

function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function entryFrom(v: unknown): ChatEntry | null {
	if (!isRecord(v) || typeof v.id !== 'string' || typeof v.text !== 'string' || typeof v.at !== 'number') return null;
	if (v.role !== 'user' && v.role !== 'assistant') return null;
	const state = typeof v.state === 'string' && STATES.has(v.state) ? (v.state as EntryState) : undefined;
	return {
		id: v.id,
		role: v.role,
		text: v.text,
		at: v.at,
		skill: typeof v.skill === 'string' ? v.skill : null,
		// A reply that was still streaming when the page went away did not finish.
		state: state === 'streaming' ? 'stopped' : state,
		detail: typeof v.detail === 'string' ? v.detail : undefined,
		until: typeof v.until === 'number' ? v.until : undefined,
		stale: v.stale === true ? true : undefined,
		notHeard: isRecord(v.notHeard) && typeof v.notHeard.wanted === 'string' && typeof v.notHeard.heard === 'string' ? { wanted: v.notHeard.wanted, heard: v.notHeard.heard } : undefined
	};
}

export function chatFrom(v: unknown): StoredChat | null {
	if (!isRecord(v) || typeof v.id !== 'string' || !Array.isArray(v.entries)) return null;
	const entries = v.entries.map(entryFrom).filter((e): e is ChatEntry => e !== null);
	return {
		id: v.id,
		title: typeof v.title === 'string' ? v.title : titleOf(entries),
		token: typeof v.token === 'string' ? v.token : null,
		lang: typeof v.lang === 'string' ? v.lang : null,
		device: v.device === true,
		entries,
		updated: typeof v.updated === 'number' ? v.updated : 0
	};
}

export class ChatHistory {
	constructor(private readonly storage: Storage | null) {}

	#get(key: string): unknown {
		try {
			const raw = this.storage?.getItem(key);
			return raw ? (JSON.parse(raw) as unknown) : null;
		} catch {
			return null;
		}
	}

	#set(key: string, value: unknown): void {
		try {
			this.storage?.setItem(key, JSON.stringify(value));
		} catch {
			/* storage full or disabled: the chat still works, it just is not kept */
		}
	}

	list(): ChatSummary[] {
		const ids = this.#get(INDEX);
		if (!Array.isArray(ids)) return [];
		return ids
			.filter((id): id is string => typeof id === 'string')
			.map((id) => this.load(id))
			.filter((c): c is StoredChat => c !== null)
			.map((c) => ({ id: c.id, title: c.title, updated: c.updated }))
			.sort((a, b) => b.updated - a.updated);
	}

	load(id: string): StoredChat | null {
		const chat = chatFrom(this.#get(PREFIX + id));
		return chat && chat.id === id ? chat : null;
	}

	save(chat: StoredChat): void {
		const entries = chat.entries.slice(-MAX_ENTRIES);
		this.#set(PREFIX + chat.id, { ...chat, entries, title: titleOf(entries) });
		const ids = this.#get(INDEX);
		const list = [chat.id, ...(Array.isArray(ids) ? ids.filter((i) => i !== chat.id && typeof i === 'string') : [])];
		for (const dropped of list.splice(MAX_CHATS)) this.storage?.removeItem(PREFIX + String(dropped));
		this.#set(INDEX, list);
	}

	remove(id: string): void {
		this.storage?.removeItem(PREFIX + id);
		const ids = this.#get(INDEX);
		if (Array.isArray(ids)) this.#set(INDEX, ids.filter((i) => i !== id));
	}

	get currentId(): string | null {
		const v = this.#get(CURRENT);
		return typeof v === 'string' ? v : null;
	}

	set currentId(id: string | null) {
		if (id === null) this.storage?.removeItem(CURRENT);
		else this.#set(CURRENT, id);
	}
}
