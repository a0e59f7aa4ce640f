/**
 * The chat panel's state: the open chat (entries, token, language, private or on the device), the
 * list of kept chats, and whether a turn is running. Talks to the server through `sendChat`, keeps
 * chats in localStorage. Leaving a chat whose question is open tells the server, which ends it.
 */
import { CHAT } from '$lib/i18n/chat';
import { currentLocale } from '$lib/i18n/runtime.svelte';
import { ChatRequestError, endChat, sendChat, type ChatDone, type ChatOutcome } from './chat-client';
import { ChatHistory, emptyChat, newChatId, type ChatEntry, type ChatSummary, type EntryState, type StoredChat } from './history';

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
	'core-down': 'no-core',
	busy: 'busy',
	'core-busy': 'core-busy',
	'question-ended': 'core-busy',
	unauthorized: 'unauthorized',
	aborted: 'stopped'
};

export interface ChatControllerOptions {
	readonly storage?: Storage | null;
	readonly endpoint?: string;
	readonly fetch?: typeof fetch;
	/** New chats speak as the device (the kiosk: the device's own screen). Default: private. */
	readonly device?: boolean;
	/** Where `pagehide` is heard (the window; a stand-in in tests). */
	readonly page?: EventTarget | null;
}

/** The words under a failure: the server's own, or, where a person has something to do, ours in their language. */
function errorDetail(err: ChatRequestError): string {
	if (err.cause === 'bus-local-only') return CHAT.busLocalOnly;
	if (err.code === 'question-ended') return CHAT.questionEnded;
	return err.message;
}

export class ChatController {
	chat: StoredChat = $state.raw(emptyChat());
	chats: ChatSummary[] = $state.raw([]);
	busy = $state(false);
	readonly #history: ChatHistory;
	readonly #opts: ChatControllerOptions;
	#abort: AbortController | null = null;

	/** Moves on when an open question's time is up, so "waiting for your answer" goes away then. */
	#now = $state(Date.now());
	#tick: ReturnType<typeof setTimeout> | null = null;

	constructor(opts: ChatControllerOptions = {}) {
		this.#opts = opts;
		this.#history = new ChatHistory(opts.storage ?? null);
		const current = this.#history.currentId;
		const stored = current ? this.#history.load(current) : null;
		this.chat = stored ?? emptyChat(null, opts.device ?? false);
		this.chats = this.#history.list();
		this.#watchQuestion();
	}

	/**
	 * The entry OVOS is waiting on an answer to: the last reply, when it was a question still open.
	 * An earlier question was answered by what came after it.
	 */
	get waitingOn(): string | null {
		const last = this.chat.entries.at(-1);
		if (last?.state !== 'awaiting' || this.busy) return null;
		return last.until === undefined || last.until > this.#now ? last.id : null;
	}

	/** True when the last reply is a question still open: the next message answers it. */
	get awaiting(): boolean {
		return this.waitingOn !== null;
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
		// The page going away (reload, another address) cancels the stream: that is the reader's doing,
		// so the turn is stopped here first and its reply kept as stopped, not as a failed connection.
		const page = this.#opts.page === undefined ? (typeof window === 'undefined' ? null : window) : this.#opts.page;
		const leave = () => abort.abort();
		page?.addEventListener('pagehide', leave);
		const patch = (p: Partial<ChatEntry>) => {
			if (this.chat.id !== chatId) return; // the user switched chats meanwhile
			this.#update({ entries: this.chat.entries.map((e) => (e.id === reply.id ? { ...e, ...p } : e)) });
		};
		let sentences: string[] = [];
		let skill: string | null = null;
		// No language chosen for the chat: the reader's own, the page's (OVOS uses it if the device has it).
		const readerLang = this.chat.lang || this.chat.device ? null : currentLocale();
		try {
			const done: ChatDone = await sendChat({
				text,
				token: this.chat.token,
				lang: this.chat.lang,
				readerLang,
				device: this.chat.device,
				signal: abort.signal,
				endpoint: this.#opts.endpoint,
				fetch: this.#opts.fetch,
				onQueued: (position) => patch({ queued: position }),
				onSentence: (s) => {
					sentences = [...sentences, s.text];
					skill = s.skill ?? skill;
					patch({ text: sentences.join('\n'), skill, queued: undefined });
				}
			});
			// Speaking as the device carries no token: the chat's private session stays as it was.
			if (this.chat.id === chatId && done.token !== null) this.#update({ token: done.token });
			patch({
				state: OUTCOME_STATE[done.outcome] ?? 'error',
				skill: done.skill ?? skill,
				text: done.text || sentences.join('\n'),
				until: done.awaitingUntil ?? undefined,
				stale: done.staleQuestion || undefined,
				notHeard: this.#notHeard(readerLang, done.lang, reply.id),
				queued: undefined
			});
		} catch (e) {
			const err = e instanceof ChatRequestError ? e : new ChatRequestError('error', String(e));
			// A token this server no longer accepts (new secret): the next message starts a new session.
			if (err.code === 'bad-token' && this.chat.id === chatId) this.#update({ token: null });
			patch({ state: ERROR_STATE[err.code] ?? 'error', detail: errorDetail(err), queued: undefined });
		} finally {
			page?.removeEventListener('pagehide', leave);
			if (this.#abort === abort) {
				this.#abort = null;
				this.busy = false;
			}
			this.#watchQuestion();
		}
	}

	/**
	 * When OVOS took the message in another language than the reader's (the device does not have
	 * theirs): said on the first such reply of a run of them, not on every one.
	 */
	#notHeard(wanted: string | null, heard: string | null, replyId: string): ChatEntry['notHeard'] {
		const primary = (tag: string) => tag.toLowerCase().split('-')[0];
		if (!wanted || !heard || primary(wanted) === primary(heard)) return undefined;
		const before = this.chat.entries.filter((e) => e.role === 'assistant' && e.id !== replyId && e.state !== 'streaming').at(-1);
		if (before?.notHeard && primary(before.notHeard.wanted) === primary(wanted) && primary(before.notHeard.heard) === primary(heard)) return undefined;
		return { wanted, heard };
	}

	/** Stops waiting for the running turn (the server frees the session). */
	stop(): void {
		this.#abort?.abort();
	}

	/** A new chat, in the same language and mode. A question left open in this one is ended. */
	newChat(): void {
		this.stop();
		this.#leave();
		this.chat = emptyChat(this.chat.lang, this.chat.device);
		this.#history.currentId = this.chat.id;
		this.#watchQuestion();
	}

	open(id: string): void {
		const stored = this.#history.load(id);
		if (!stored) return;
		this.stop();
		this.chat = stored;
		this.#history.currentId = id;
		this.#watchQuestion();
	}

	/**
	 * Private (the chat's own session: only this panel sees the replies) or on the device (its own
	 * session: spoken there and shown on its screens, as when you talk to it).
	 */
	setDevice(device: boolean): void {
		if (device === this.chat.device) return;
		this.#leave();
		this.#update({ device });
		this.#watchQuestion();
	}

	/** This chat's open question, if any, will not be answered from here: the server ends it. */
	#leave(): void {
		if (!this.awaiting || this.chat.device || !this.chat.token) return;
		endChat({ token: this.chat.token, endpoint: this.#opts.endpoint, fetch: this.#opts.fetch });
		const last = this.chat.entries.at(-1);
		if (last) this.#update({ entries: this.chat.entries.map((e) => (e.id === last.id ? { ...e, until: Date.now() } : e)) });
	}

	#watchQuestion(): void {
		if (this.#tick) clearTimeout(this.#tick);
		this.#tick = null;
		this.#now = Date.now();
		const until = this.chat.entries.at(-1)?.until;
		if (until !== undefined && until > this.#now) this.#tick = setTimeout(() => this.#watchQuestion(), Math.min(until - this.#now + 50, 2 ** 31 - 1));
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
