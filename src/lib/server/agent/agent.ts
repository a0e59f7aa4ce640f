/**
 * The chat agent: a TypeScript port of OVOSMessagebusChatAgent (spec chat-agent.md §1) with the
 * fixes of §6/§7 — own session per chat, identity-only first turn then core's latest snapshot,
 * real idle timeout + absolute deadline, immediate streaming, one turn at a time per session,
 * audio_output_end for our speaks, twin dedup, abort without `mycroft.stop`.
 *
 * All turns share one bus connection; each inbound frame is routed by its session id in O(1).
 */
import { randomUUID } from 'node:crypto';
import { sessionIdOf } from '../../protocol/bus';
import { isObject } from '../../protocol/json';
import type { BusMessage } from '../../protocol/types';
import { BusUnavailableError, type BusClient } from '../bus/client';
import { realClock, type Clock } from '../clock';
import { badInput, busy } from './errors';
import { outgoingSnapshot, type Snapshot } from './snapshot';
import { SPEECH_STOP, UTTERANCE } from './topics';
import { DEFAULT_TIMING, Turn, TURN_MARKER, type TurnTiming } from './turn';
import type { AgentMessage, AssistantReply, Sentence, TurnOptions, TurnResult } from './types';

/** The part of BusClient the agent needs (tests may hand in a fake). */
export type AgentBus = Pick<BusClient, 'url' | 'ensureOpen' | 'send' | 'onMessage' | 'onClose'>;

export interface ChatAgentOptions {
	readonly bus: AgentBus;
	readonly clock?: Clock;
	readonly timing?: Partial<TurnTiming>;
	/** `context.source` of our utterances. */
	readonly source?: string;
	/** How long a request waits for a down bus before failing (fail fast). */
	readonly connectWaitMs?: number;
	/** Send audio_output_end for each speak (default true; false only to show the stall it fixes). */
	readonly answerAudio?: boolean;
	/** Cached snapshots kept for callers that pass none (optimisation; tokens are the real store). */
	readonly cacheSize?: number;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newSessionId(): string {
	return randomUUID();
}

/** Only server-minted UUIDs are chat sessions; `default` is the device's own (spoken aloud). */
export function isChatSessionId(id: string): boolean {
	return SESSION_ID.test(id);
}

/** The text to send: the last user message (earlier history lives in core's session, not here). */
export function lastUserText(messages: readonly AgentMessage[]): string {
	for (let i = messages.length - 1; i >= 0; i--) {
		const m = messages[i];
		if (m && m.role === 'user') return m.content;
	}
	throw badInput('no user message to send');
}

export class ChatAgent {
	readonly source: string;
	readonly timing: TurnTiming;
	readonly #bus: AgentBus;
	readonly #clock: Clock;
	readonly #connectWaitMs: number;
	readonly #answerAudio: boolean;
	readonly #active = new Map<string, Turn>();
	readonly #reserved = new Set<string>();
	readonly #cache = new Map<string, { snapshot: Snapshot | null; open: readonly string[] }>();
	readonly #cacheSize: number;

	constructor(opts: ChatAgentOptions) {
		this.#bus = opts.bus;
		this.#clock = opts.clock ?? realClock();
		this.timing = { ...DEFAULT_TIMING, ...opts.timing };
		this.source = opts.source ?? 'ovos_screen_chat';
		this.#connectWaitMs = opts.connectWaitMs ?? 2000;
		this.#answerAudio = opts.answerAudio ?? true;
		this.#cacheSize = opts.cacheSize ?? 1000;
		this.#bus.onMessage((msg) => this.#route(msg));
		this.#bus.onClose(() => {
			for (const turn of this.#active.values()) turn.finish('bus-lost');
		});
	}

	/** Whether a turn of this session is running now. */
	isBusy(sessionId: string): boolean {
		return this.#reserved.has(sessionId);
	}

	get activeTurns(): number {
		return this.#active.size;
	}

	/** Fails fast (BusUnavailableError with the address tried) when the bus is down. */
	ready(): Promise<void> {
		return this.#bus.ensureOpen(this.#connectWaitMs);
	}

	/**
	 * Runs one turn: sends `text` as an utterance in the chat's session and resolves when core is done
	 * (see TurnOutcome). `onSentence` gets each speak as it arrives. Throws ChatError `busy` when the
	 * session already has a turn, BusUnavailableError when the bus is down.
	 */
	async turn(text: string, opts: TurnOptions, onSentence?: (s: Sentence) => void): Promise<TurnResult> {
		const { sessionId, signal } = opts;
		if (!isChatSessionId(sessionId)) throw badInput(`not a chat session id: ${JSON.stringify(sessionId)}`);
		if (!text.trim()) throw badInput('empty message');
		// Reserved synchronously, so of two requests racing for one session exactly one gets it.
		if (this.#reserved.has(sessionId)) throw busy();
		this.#reserved.add(sessionId);
		try {
			signal?.throwIfAborted();
			await this.ready();
			return await this.#run(text, opts, onSentence);
		} finally {
			this.#reserved.delete(sessionId);
		}
	}

	async #run(text: string, opts: TurnOptions, onSentence?: (s: Sentence) => void): Promise<TurnResult> {
		const { sessionId, signal } = opts;
		const cached = this.#cache.get(sessionId);
		const stored = opts.snapshot !== undefined ? opts.snapshot : (cached?.snapshot ?? null);
		const open = opts.openTurns ?? cached?.open ?? [];
		const snapshot = outgoingSnapshot(sessionId, stored, opts.lang, opts.units);
		const marker = randomUUID();
		const turn = new Turn({
			sessionId,
			marker,
			snapshot,
			open,
			source: this.source,
			clock: this.#clock,
			timing: this.timing,
			answerAudio: this.#answerAudio,
			send: (m) => this.#bus.send(m),
			onSentence
		});
		this.#active.set(sessionId, turn);
		const onAbort = () => {
			turn.finish('aborted');
			// Stops this session's speech only; never `mycroft.stop` (global stop of every skill, spec §6.16).
			this.#bus.send({ type: SPEECH_STOP, data: {}, context: { session: turn.snapshot, source: this.source } });
		};
		signal?.addEventListener('abort', onAbort, { once: true });
		try {
			const data: BusMessage['data'] = { utterances: [text] };
			if (opts.lang) data.lang = opts.lang;
			const sent = this.#bus.send({
				type: UTTERANCE,
				data,
				context: { session: snapshot, source: this.source, destination: ['skills'], [TURN_MARKER]: marker }
			});
			if (!sent) turn.finish('bus-lost');
			else opts.onSent?.();
			const result = await turn.result;
			if (result.outcome === 'bus-lost' && !result.sentences.length)
				throw new BusUnavailableError(this.#bus.url, 'connection lost during the turn');
			this.#remember(sessionId, result.snapshot ?? stored, result.openTurns);
			return result;
		} finally {
			signal?.removeEventListener('abort', onAbort);
			this.#active.delete(sessionId);
		}
	}

	/** ChatEngine.continue_chat: the reply to the last user message, as one assistant message. */
	async continueChat(messages: readonly AgentMessage[], opts: TurnOptions): Promise<AssistantReply> {
		const turn = await this.turn(lastUserText(messages), opts);
		return { role: 'assistant', content: turn.text, turn };
	}

	/**
	 * Yields each sentence the moment core speaks it; the generator's return value is the TurnResult.
	 * Breaking out of the loop aborts the turn.
	 */
	async *streamSentences(messages: readonly AgentMessage[], opts: TurnOptions): AsyncGenerator<Sentence, TurnResult> {
		const text = lastUserText(messages);
		const queue: Sentence[] = [];
		let wake: (() => void) | null = null;
		const local = new AbortController();
		const signal = opts.signal ? AbortSignal.any([opts.signal, local.signal]) : local.signal;
		let finished = false;
		const running = this.turn(text, { ...opts, signal }, (s) => {
			queue.push(s);
			wake?.();
		}).finally(() => {
			finished = true;
			wake?.();
		});
		running.catch(() => {});
		try {
			for (;;) {
				while (queue.length) yield queue.shift() as Sentence;
				if (finished) break;
				await new Promise<void>((r) => (wake = r));
				wake = null;
			}
			return await running;
		} finally {
			if (!finished) local.abort();
		}
	}

	#route(msg: BusMessage): void {
		if (this.#active.size === 0) return;
		// `ovos.session.sync` carries its session in data (spec §2.2); every other frame in context.
		const sync = msg.type === 'ovos.session.sync' && isObject(msg.data.session) ? msg.data.session.session_id : null;
		const turn = this.#active.get(typeof sync === 'string' ? sync : sessionIdOf(msg));
		turn?.handle(msg);
	}

	#remember(sessionId: string, snapshot: Snapshot | null, open: readonly string[]): void {
		this.#cache.delete(sessionId);
		this.#cache.set(sessionId, { snapshot, open });
		if (this.#cache.size > this.#cacheSize) {
			const oldest = this.#cache.keys().next().value;
			if (oldest !== undefined) this.#cache.delete(oldest);
		}
	}
}
