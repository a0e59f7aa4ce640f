/**
 * Browser side of `POST /api/chat`: sends one message and reads the server-sent events as they
 * arrive (`queued` while it waits its turn, `sentence` …, then `done` or `error`). Plain TS, no
 * Svelte: the panel and tests use it.
 */
import { SseParser } from '$lib/sse';
import { CHAT } from '$lib/i18n/chat';

export { SseParser, type SseEvent } from '$lib/sse';

/** How a turn ended (mirrors the server's TurnOutcome). */
export type ChatOutcome = 'answered' | 'awaiting' | 'unmatched' | 'cancelled' | 'timeout' | 'deadline' | 'aborted' | 'bus-lost';

export interface ChatSentence {
	readonly text: string;
	readonly skill: string | null;
}

export interface ChatDone {
	readonly outcome: ChatOutcome;
	readonly complete: boolean;
	readonly text: string;
	readonly skill: string | null;
	/** The language OVOS took the message in, when it said. */
	readonly lang: string | null;
	/** The chat token for the next turn (opaque; signed by the server); none when speaking as the device. */
	readonly token: string | null;
	/** A question: until when (epoch ms) the server keeps it open for the answer. */
	readonly awaitingUntil: number | null;
	/** The chat's earlier question had already ended: this was taken as a new request. */
	readonly staleQuestion: boolean;
}

/** Why a request failed: the server's typed error code, or `network` / `aborted` / `protocol`. */
export class ChatRequestError extends Error {
	constructor(
		readonly code: string,
		message: string,
		readonly status = 0,
		/** What the server found behind it: `bus-local-only`, the device lets only its own programs onto its bus. */
		readonly cause: string | null = null
	) {
		super(message);
		this.name = 'ChatRequestError';
	}
}

export interface SendOptions {
	readonly text: string;
	readonly token: string | null;
	/** The language the reader chose for the chat: OVOS takes the message in it, whatever it has. */
	readonly lang: string | null;
	/** The reader's own language (the page's): OVOS uses it when the device has it. */
	readonly readerLang?: string | null;
	/** Speak as the device (its own session: spoken there, shown on its screens). */
	readonly device?: boolean;
	readonly signal?: AbortSignal;
	readonly onSentence: (s: ChatSentence) => void;
	/** The message waits for its turn (OVOS takes a few chats at a time): its place in line, 1 = next. */
	readonly onQueued?: (position: number) => void;
	readonly endpoint?: string;
	readonly fetch?: typeof fetch;
}

function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | null {
	return typeof v === 'string' ? v : null;
}

function errorFrom(body: unknown, status: number): ChatRequestError {
	const e = isRecord(body) && isRecord(body.error) ? body.error : {};
	return new ChatRequestError(str(e.code) ?? `http-${status}`, str(e.message) ?? `HTTP ${status}`, status, str(e.cause));
}

function doneFrom(v: unknown): ChatDone {
	if (!isRecord(v) || (typeof v.token !== 'string' && v.token !== null) || typeof v.outcome !== 'string')
		throw new ChatRequestError('protocol', CHAT.unreadable);
	return {
		outcome: v.outcome as ChatOutcome,
		complete: v.complete === true,
		text: str(v.text) ?? '',
		skill: str(v.skill),
		lang: str(v.lang),
		token: v.token,
		awaitingUntil: typeof v.awaitingUntil === 'number' ? v.awaitingUntil : null,
		staleQuestion: v.staleQuestion === true
	};
}

/** Sends one message; resolves with the `done` event, rejects with ChatRequestError. */
export async function sendChat(opts: SendOptions): Promise<ChatDone> {
	const doFetch = opts.fetch ?? fetch;
	const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
	const body: Record<string, string | boolean> = { text: opts.text };
	if (opts.token) body.token = opts.token;
	if (opts.lang) body.lang = opts.lang;
	else if (opts.readerLang && !opts.device) body.readerLang = opts.readerLang;
	if (opts.device) body.device = true;
	let res: Response;
	try {
		res = await doFetch(opts.endpoint ?? '/api/chat', { method: 'POST', headers, body: JSON.stringify(body), signal: opts.signal });
	} catch (e) {
		if (opts.signal?.aborted) throw new ChatRequestError('aborted', CHAT.stoppedDetail);
		throw new ChatRequestError('network', CHAT.unreachableServer((e as Error).message));
	}
	if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
		const parsed: unknown = await res.json().catch(() => null);
		throw errorFrom(parsed, res.status);
	}
	if (!res.body) throw new ChatRequestError('protocol', CHAT.emptyReply);
	const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
	const parser = new SseParser();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			for (const ev of parser.push(value)) {
				let data: unknown;
				try {
					data = JSON.parse(ev.data);
				} catch {
					continue; // a frame we cannot read is skipped, never shown raw
				}
				if (ev.event === 'sentence' && isRecord(data) && typeof data.text === 'string')
					opts.onSentence({ text: data.text, skill: str(data.skill) });
				else if (ev.event === 'queued' && isRecord(data) && typeof data.position === 'number' && data.position >= 1)
					opts.onQueued?.(Math.floor(data.position));
				else if (ev.event === 'done') {
					const done = doneFrom(data);
					await toItsEnd(reader);
					return done;
				}
				else if (ev.event === 'error') throw errorFrom({ error: data }, 200);
			}
		}
	} catch (e) {
		if (e instanceof ChatRequestError) throw e;
		if (opts.signal?.aborted) throw new ChatRequestError('aborted', CHAT.stoppedDetail);
		throw new ChatRequestError('network', CHAT.cutOff((e as Error).message));
	} finally {
		reader.cancel().catch(() => {});
	}
	if (opts.signal?.aborted) throw new ChatRequestError('aborted', CHAT.stoppedDetail);
	throw new ChatRequestError('network', CHAT.endedEarly);
}

/**
 * Tells the server this chat is left (a new chat, the other mode), so a question it left open in
 * OVOS is ended. Best effort: nothing depends on the answer.
 */
/**
 * After `done` the server closes the stream: read on to that close (a moment at most), so the
 * request ends as answered. Cancelled on the `done` event, every chat request showed in the
 * browser's network log as a failed one. A stream kept open longer is cancelled after END_WAIT_MS.
 */
const END_WAIT_MS = 1000;
async function toItsEnd(reader: ReadableStreamDefaultReader<string>): Promise<void> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), END_WAIT_MS)));
	try {
		for (;;) {
			const r = await Promise.race([reader.read(), late]);
			if (r === 'late' || r.done) return;
		}
	} catch {
		// A stream that fails after its answer changes nothing.
	} finally {
		clearTimeout(timer);
	}
}

export function endChat(opts: { token: string; endpoint?: string; fetch?: typeof fetch }): void {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	(opts.fetch ?? fetch)(`${opts.endpoint ?? '/api/chat'}/end`, { method: 'POST', headers, body: JSON.stringify({ token: opts.token }), keepalive: true }).catch(
		() => {}
	);
}
