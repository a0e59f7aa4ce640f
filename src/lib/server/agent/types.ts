/** Shapes of the chat agent's API (a TypeScript take on OPM's ChatEngine; docs/chat.md). */
import type { Snapshot } from './snapshot';

export type Role = 'system' | 'developer' | 'user' | 'assistant';

export interface AgentMessage {
	readonly role: Role;
	readonly content: string;
}

/**
 * How a turn ended.
 * - `answered`: `ovos.utterance.handled` for our session.
 * - `awaiting`: a skill asked a question (`expect_response`/`listen`) and waits for the user.
 * - `unmatched`: `complete_intent_failure` / `ovos.intent.unmatched` and nothing was said.
 * - `cancelled`: core cancelled the utterance.
 * - `timeout`: nothing was said for the idle time; `deadline`: the absolute cap passed.
 * - `aborted`: the caller gave up; `bus-lost`: the bus connection dropped mid-turn.
 */
export type TurnOutcome = 'answered' | 'awaiting' | 'unmatched' | 'cancelled' | 'timeout' | 'deadline' | 'aborted' | 'bus-lost';

export interface Sentence {
	readonly text: string;
	/** The skill that spoke it (`context.skill_id` or `data.meta.skill`), when known. */
	readonly skill: string | null;
}

export interface TurnResult {
	readonly sessionId: string;
	readonly outcome: TurnOutcome;
	/** False when the turn was cut short (timeout, deadline, abort, bus lost). */
	readonly complete: boolean;
	readonly sentences: readonly Sentence[];
	/** The sentences joined with `\n` (the Python agent's reply text). */
	readonly text: string;
	/** The skill that answered: the last one that spoke, else the handler named by `handled`. */
	readonly skill: string | null;
	/** The language core took the turn in (what it said it resolved), when it said. */
	readonly lang: string | null;
	/** The latest session snapshot core sent for this chat: the next turn carries it. */
	readonly snapshot: Snapshot | null;
	/** Turn markers whose late frames still belong to the chat (an unanswered question's handler). */
	readonly openTurns: readonly string[];
	/**
	 * When the turn ended on a question: until when (epoch ms) the server keeps it open for the answer.
	 * A question no answer has arrived for by then is ended in its session ("cancel").
	 */
	readonly awaitingUntil: number | null;
	/**
	 * The carried snapshot said a skill was waiting for an answer, but that question is no longer
	 * open: the text was answered as a fresh turn instead.
	 */
	readonly staleQuestion: boolean;
	readonly ms: number;
}

export interface TurnOptions {
	/** The chat's own session id (a UUID the server minted); `default` only with `device`. */
	readonly sessionId: string;
	/**
	 * Speak as the device: the turn runs in core's own `default` session (voiced on the device, its
	 * pages shown on every screen). Core keeps that session's state itself: no snapshot is carried.
	 */
	readonly device?: boolean;
	/** The language the user chose: sent as the utterance's `lang`, which core takes as it is. */
	readonly lang?: string;
	/**
	 * The reader's own language (their UI's): asked for as `request_lang`, which core uses only when
	 * it is one of the device's languages (`lang`, `secondary_langs`), else keeps its own.
	 */
	readonly readerLang?: string;
	readonly units?: 'metric' | 'imperial';
	readonly signal?: AbortSignal;
	/**
	 * Who asks (guards' `shareKey`): places in core's pool are shared fairly between clients. Turns
	 * without one share the key `unknown`.
	 */
	readonly client?: string;
	/** The snapshot to carry (from the chat token). Without it the agent's cache is used, else identity. */
	readonly snapshot?: Snapshot | null;
	readonly openTurns?: readonly string[];
	/** Called once core reacted to the utterance (the turn really started). */
	readonly onStarted?: () => void;
	/**
	 * Called when the turn has to wait for a place in core's pool, with its place in line (1 = next),
	 * and again as it moves up.
	 */
	readonly onQueued?: (position: number) => void;
}

export interface AssistantReply extends AgentMessage {
	readonly role: 'assistant';
	readonly turn: TurnResult;
}
