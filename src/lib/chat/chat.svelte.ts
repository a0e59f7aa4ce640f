/**
 * The chat panel's state: the open chat (entries, token, language), the list of kept chats, and
 * whether a turn is running. Talks to the server through `sendChat`, keeps chats in localStorage.
 */
import { ChatRequestError, sendChat, type ChatDone, type ChatOutcome } from './chat-client';
import { ChatHistory, emptyChat, newChatId, type ChatEntry, type ChatSummary, type EntryState, type StoredChat } from './history';

const API_TOKEN_KEY = 'ovos-screen.api-token';

const OUTCOME_STATE: Record<ChatOutcome, EntryState> = {
	answered: 'answered',
	awaiting: 'awaiting',
	unmatched: 'unmatched',
	cancelled: 'stopped',
	aborted: 'stopped',
	timeout: 'timeout',
	deadline: 'timeout',
	'bus-lost': 'unreachable'
};

const ERROR_STATE: Record<string, EntryState> = {
	'bus-down': 'unreachable',
	busy: 'busy',
	unauthorized: 'unauthorized',
	aborted: 'stopped'
};

export interface ChatControllerOptions {
	readonly storage?: Storage | null;
	readonly endpoint?: string;
	readonly fetch?: typeof fetch;
}

export class ChatController {
	chat: StoredChat = $state.raw(emptyChat());
	chats: ChatSummary[] = $state.raw([]);
	busy = $state(false);
	readonly #history: ChatHistory;
	readonly #opts: ChatControllerOptions;
	#abort: AbortController | null = null;

	constructor(opts: ChatControllerOptions = {}) {
		this.#opts = opts;
		this.#history = new ChatHistory(opts.storage ?? null);
		const current = this.#history.currentId;
		const stored = current ? this.#history.load(current) : null;
		if (stored) this.chat = stored;
		this.chats = this.#history.list();
	}

	/** True when the last reply was a question: the next message answers it. */
	get awaiting(): boolean {
		return this.chat.entries.at(-1)?.state === 'awaiting';
	}

	/** The OVOS_SCREEN_TOKEN this browser was given (`?token=` once, then kept). */
	get apiToken(): string | null {
		try {
			return this.#opts.storage?.getItem(API_TOKEN_KEY) ?? null;
		} catch {
			return null;
		}
	}

	set apiToken(token: string | null) {
		if (token) this.#opts.storage?.setItem(API_TOKEN_KEY, token);
		else this.#opts.storage?.removeItem(API_TOKEN_KEY);
	}

	async send(raw: string): Promise<void> {
		const text = raw.trim();
		if (!text || this.busy) return;
		const abort = new AbortController();
		this.#abort = abort;
		this.busy = true;
		const reply: ChatEntry = { id: newChatId(), role: 'assistant', text: '', state: 'streaming', skill: null, at: Date.now() };
		this.#update({ entries: [...this.chat.entries, { id: newChatId(), role: 'user', text, at: Date.now() }, reply] });
		const chatId = this.chat.id;
		const patch = (p: Partial<ChatEntry>) => {
			if (this.chat.id !== chatId) return; // the user switched chats meanwhile
			this.#update({ entries: this.chat.entries.map((e) => (e.id === reply.id ? { ...e, ...p } : e)) });
		};
		let sentences: string[] = [];
		let skill: string | null = null;
		try {
			const done: ChatDone = await sendChat({
				text,
				token: this.chat.token,
				lang: this.chat.lang,
				signal: abort.signal,
				apiToken: this.apiToken,
				endpoint: this.#opts.endpoint,
				fetch: this.#opts.fetch,
				onSentence: (s) => {
					sentences = [...sentences, s.text];
					skill = s.skill ?? skill;
					patch({ text: sentences.join('\n'), skill });
				}
			});
			if (this.chat.id === chatId) this.#update({ token: done.token });
			patch({ state: OUTCOME_STATE[done.outcome] ?? 'error', skill: done.skill ?? skill, text: done.text || sentences.join('\n') });
		} catch (e) {
			const err = e instanceof ChatRequestError ? e : new ChatRequestError('error', String(e));
			// A token this server no longer accepts (new secret): the next message starts a new session.
			if (err.code === 'bad-token' && this.chat.id === chatId) this.#update({ token: null });
			patch({ state: ERROR_STATE[err.code] ?? 'error', detail: err.address ?? err.message });
		} finally {
			if (this.#abort === abort) {
				this.#abort = null;
				this.busy = false;
			}
		}
	}

	/** Stops waiting for the running turn (the server frees the session). */
	stop(): void {
		this.#abort?.abort();
	}

	newChat(): void {
		this.stop();
		this.chat = emptyChat(this.chat.lang);
		this.#history.currentId = this.chat.id;
	}

	open(id: string): void {
		const stored = this.#history.load(id);
		if (!stored) return;
		this.stop();
		this.chat = stored;
		this.#history.currentId = id;
	}

	remove(id: string): void {
		this.#history.remove(id);
		this.chats = this.#history.list();
		if (this.chat.id === id) this.newChat();
	}

	setLang(lang: string | null): void {
		this.#update({ lang });
	}

	#update(p: Partial<StoredChat>): void {
		this.chat = { ...this.chat, ...p, updated: Date.now() };
		// An untouched new chat is not kept: only chats with something in them are.
		if (!this.chat.entries.length) return;
		this.#history.save(this.chat);
		this.#history.currentId = this.chat.id;
		this.chats = this.#history.list();
	}
}
