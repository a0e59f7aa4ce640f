/**
 * One chat turn: collects what core says for one session until the turn ends (docs/chat.md#a-turn,
 * docs/chat-api.md#when-a-turn-ends). Pure bookkeeping over frames handed in by
 * the agent; the only I/O is the `send` callback (audio_output_end) and the injectable clock.
 */
import { isObject } from '../../protocol/json';
import type { BusMessage } from '../../protocol/types';
import type { Clock, TimerHandle } from '../../node/clock';
import { TwinFilter } from './dedup';
import { snapshotOf, type Snapshot } from './snapshot';
import { AUDIO_OUTPUT_END, kindOf } from './topics';
import type { Sentence, TurnOutcome, TurnResult } from './types';

/** The context key that tags every frame derived from one of our utterances (core copies context). */
export const TURN_MARKER = 'ovos_screen_turn';

export interface TurnTiming {
	/** Ends the turn when nothing was said for this long; restarts on every speak. */
	readonly idleMs: number;
	/**
	 * Core reacts to an utterance within ~20 ms (its first frame: an activate, a fallback ping, the
	 * intent); when nothing at all has come after this long, core is down or stuck.
	 */
	readonly reactMs: number;
	/**
	 * After core hands our text to a skill's `get_response` (`<skill>.converse.get_response`): a skill
	 * that still waits reacts within a fraction of a second (`get_response.disable`, a speak); one that
	 * no longer asks never does, and the turn is then retried as a fresh one.
	 */
	readonly answerProbeMs: number;
	/** Absolute cap from the moment the utterance is sent. */
	readonly deadlineMs: number;
	/** After `handled`: wait this long for trailing frames (0 = end at once). */
	readonly handledSettleMs: number;
	/** After a question (`expect_response`): catch the frames that follow it (session updates). */
	readonly awaitSettleMs: number;
	/** After an unmatched signal without `handled`: how long a late speak may still come. */
	readonly unmatchedWaitMs: number;
	readonly twinWindowMs: number;
}

export const DEFAULT_TIMING: TurnTiming = {
	idleMs: 20_000,
	reactMs: 2500,
	answerProbeMs: 1500,
	deadlineMs: 60_000,
	handledSettleMs: 0,
	awaitSettleMs: 100,
	unmatchedWaitMs: 1000,
	twinWindowMs: 1000
};

export interface TurnSetup {
	readonly sessionId: string;
	readonly marker: string;
	readonly snapshot: Snapshot;
	/** Markers of earlier turns whose handler still runs (a question waiting for this answer). */
	readonly open: readonly string[];
	readonly source: string;
	readonly clock: Clock;
	readonly timing: TurnTiming;
	/**
	 * Answer every speak with audio_output_end, so a skill waiting for it to be spoken goes on at once;
	 * never for `default` (ovos-audio's job).
	 */
	readonly answerAudio: boolean;
	/**
	 * Only frames carrying this turn's marker (or an open one) belong to it: in `default` the device's
	 * own traffic (voice turns, timers, the GUI) shares the session id.
	 */
	readonly strictMarker: boolean;
	/** The skill whose question this text answers, when one is known to be waiting. */
	readonly answering: string | null;
	readonly send: (msg: BusMessage) => boolean;
	readonly onSentence?: (s: Sentence) => void;
	/** Called once, at core's first reaction to the utterance. */
	readonly onReaction?: () => void;
	/**
	 * Called synchronously as the turn ends, before any later frame is routed: frames that arrive in
	 * the same read (a question right after a stop) find the agent's bookkeeping done.
	 */
	readonly onFinish?: (r: TurnRecord) => void;
}

/**
 * How a turn ended, including the two ends the agent never hands out: `no-core` (nothing reacted:
 * a typed 503) and `not-asking` (the skill the snapshot named is no longer asking: retried fresh).
 */
export type TurnEnd = TurnOutcome | 'no-core' | 'not-asking';

export interface TurnRecord extends Omit<TurnResult, 'outcome' | 'awaitingUntil' | 'staleQuestion'> {
	readonly outcome: TurnEnd;
	/** The skill that asked, when the turn ended on a question. */
	readonly asking: string | null;
	/** The skill core handed this turn's text to as the answer to its question, if any. */
	readonly answeredBy: string | null;
	readonly marker: string;
}

const COMPLETE: ReadonlySet<TurnEnd> = new Set(['answered', 'awaiting', 'unmatched', 'cancelled']);

export class Turn {
	readonly result: Promise<TurnRecord>;
	#resolve!: (r: TurnRecord) => void;
	#snapshot: Snapshot;
	/** Whether core has sent us any snapshot yet (else the result keeps none: identity is not state). */
	#adopted = false;
	readonly #sentences: Sentence[] = [];
	#skill: string | null = null;
	#lang: string | null = null;
	#handler: string | null = null;
	#unmatched = false;
	#done = false;
	readonly #started: number;
	readonly #twins: TwinFilter;
	readonly #open: ReadonlySet<string>;
	#idle: TimerHandle | null = null;
	#deadline: TimerHandle | null = null;
	#settle: TimerHandle | null = null;
	/** What the pending settle ends the turn as. */
	#settleAs: TurnOutcome | null = null;
	#react: TimerHandle | null = null;
	#probe: TimerHandle | null = null;
	/** The skill core handed our text to as an answer: its frames belong to this turn. */
	#answeredBy: string | null = null;
	#asking: string | null = null;

	constructor(private readonly s: TurnSetup) {
		this.#snapshot = s.snapshot;
		this.#open = new Set(s.open);
		this.#twins = new TwinFilter(s.timing.twinWindowMs);
		this.#started = s.clock.now();
		this.result = new Promise((resolve) => (this.#resolve = resolve));
		this.#idle = s.clock.setTimeout(() => this.finish('timeout'), s.timing.idleMs);
		this.#deadline = s.clock.setTimeout(() => this.finish('deadline'), s.timing.deadlineMs);
		this.#react = s.clock.setTimeout(() => this.finish('no-core'), s.timing.reactMs);
	}

	get marker(): string {
		return this.s.marker;
	}

	get sessionId(): string {
		return this.s.sessionId;
	}

	get done(): boolean {
		return this.#done;
	}

	get snapshot(): Snapshot {
		return this.#snapshot;
	}

	/** A frame whose session is ours; false when it is not this turn's (a late frame of another). */
	handle(msg: BusMessage): boolean {
		if (this.#done || !this.#belongs(msg)) return false;
		this.#take(msg);
		return true;
	}

	#take(msg: BusMessage): void {
		const kind = kindOf(msg);
		if (kind === 'echo') return;
		if (this.#react) {
			this.s.clock.clearTimeout(this.#react);
			this.#react = null;
			this.s.onReaction?.();
		}
		this.#probeFrame(msg);
		const snap = snapshotOf(msg, this.s.sessionId);
		if (snap) {
			this.#snapshot = snap;
			this.#adopted = true;
		}
		// Core says the language it resolved on the frames it derives from the utterance.
		if (typeof msg.context.lang === 'string' && msg.context.lang) this.#lang = msg.context.lang;
		switch (kind) {
			case 'speak':
				return this.#speak(msg);
			case 'handled':
				if (typeof msg.data.name === 'string') this.#handler = msg.data.name;
				return this.#endAfter(this.s.timing.handledSettleMs, this.#unmatched && !this.#sentences.length ? 'unmatched' : 'answered');
			case 'unmatched':
				this.#unmatched = true;
				if (!this.#settle) this.#endAfter(this.s.timing.unmatchedWaitMs, 'unmatched');
				return;
			case 'cancelled':
				return this.finish('cancelled');
			case 'listening':
				// The skill core handed our answer to says it waits only now (its question was still being
				// spoken): it has the answer and takes it up next (~190 ms on a real core).
				if (this.#answeredBy !== null && askingPrefix(msg.type) === this.#answeredBy) return;
				this.#asking ??= skillOf(msg) ?? askingPrefix(msg.type);
				return this.#endAfter(this.s.timing.awaitSettleMs, 'awaiting');
			default:
				return;
		}
	}

	/**
	 * Whether a frame of our session is this turn's: late frames of an earlier, finished turn never
	 * spill into it. Frames of the skill core handed our answer to carry the marker of the turn that
	 * asked, whichever that was — ours only once core has handed it our text: before that they are
	 * the earlier turn's (a re-ask, a confirmation of an answer given before).
	 */
	#belongs(msg: BusMessage): boolean {
		const marker = msg.context[TURN_MARKER];
		if (marker === this.s.marker) return true;
		// Another turn's frame: ours only when that turn asked the question our text answers.
		if (typeof marker === 'string') return this.#open.has(marker) && this.#answeredBy !== null;
		// No marker (a question asked by voice on the device): the skill that has our answer.
		if (this.#answeredBy !== null && skillOf(msg) === this.#answeredBy) return true;
		return !this.s.strictMarker;
	}

	/**
	 * Notes the skill core hands our text to as an answer, and watches whether the one the carried
	 * snapshot named is still there to take it. Not in `default`: there core's own state routes the
	 * answer, and the question may still be being spoken aloud (its skill is silent until then).
	 */
	#probeFrame(msg: BusMessage): void {
		const suffix = '.converse.get_response';
		if (msg.type.endsWith(suffix) && msg.context[TURN_MARKER] === this.s.marker) this.#answeredBy = msg.type.slice(0, -suffix.length);
		const asked = this.s.answering;
		if (asked === null || this.s.strictMarker) return;
		if (msg.type === `${asked}${suffix}`) {
			this.#probe ??= this.s.clock.setTimeout(() => this.finish('not-asking'), this.s.timing.answerProbeMs);
		} else if (this.#probe && msg.type !== `${asked}.activate`) {
			this.s.clock.clearTimeout(this.#probe);
			this.#probe = null;
		}
	}

	#speak(msg: BusMessage): void {
		const raw = msg.data.utterance;
		const text = typeof raw === 'string' ? raw.trim() : '';
		if (this.#twins.isTwin(msg.type, text, this.s.clock.now())) return;
		// We are this session's audio output: "it has been spoken" lets a skill waiting in
		// speak(wait=True) / get_response go on at once instead of after 15 s.
		if (this.s.answerAudio)
			this.s.send({ type: AUDIO_OUTPUT_END, data: {}, context: { session: this.#snapshot, source: this.s.source } });
		if (text) {
			const skill = skillOf(msg);
			if (skill) this.#skill = skill;
			const sentence: Sentence = { text, skill };
			this.#sentences.push(sentence);
			this.s.onSentence?.(sentence);
		}
		this.#rearmIdle();
		if (msg.data.expect_response === true || msg.data.listen === true) {
			this.#asking = skillOf(msg) ?? this.#asking;
			this.#endAfter(this.s.timing.awaitSettleMs, 'awaiting');
		}
		else if (this.#settle && (this.#unmatched || this.#settleAs === 'awaiting')) {
			// Something answered after all: the unmatched soft end no longer applies. Or the skill went on
			// talking after `get_response.waiting`: the answer was already in (it came while the question
			// was spoken), so it is not waiting for the user.
			this.s.clock.clearTimeout(this.#settle);
			this.#settle = null;
			this.#settleAs = null;
		}
	}

	#rearmIdle(): void {
		if (this.#idle) this.s.clock.clearTimeout(this.#idle);
		this.#idle = this.s.clock.setTimeout(() => this.finish('timeout'), this.s.timing.idleMs);
	}

	#endAfter(ms: number, outcome: TurnOutcome): void {
		if (ms <= 0) return this.finish(outcome);
		if (this.#settle) this.s.clock.clearTimeout(this.#settle);
		this.#settleAs = outcome;
		this.#settle = this.s.clock.setTimeout(() => this.finish(outcome), ms);
	}

	finish(outcome: TurnEnd): void {
		if (this.#done) return;
		this.#done = true;
		for (const t of [this.#idle, this.#deadline, this.#settle, this.#react, this.#probe]) if (t) this.s.clock.clearTimeout(t);
		this.#idle = this.#deadline = this.#settle = this.#react = this.#probe = null;
		const record: TurnRecord = {
			sessionId: this.s.sessionId,
			outcome,
			complete: COMPLETE.has(outcome),
			sentences: this.#sentences,
			text: this.#sentences.map((s) => s.text).join('\n'),
			skill: this.#skill ?? skillFromHandler(this.#handler),
			lang: this.#lang,
			snapshot: this.#adopted ? this.#snapshot : null,
			openTurns: nextOpen(this.s.open, this.s.marker, outcome),
			asking: outcome === 'awaiting' ? (this.#asking ?? this.#skill) : null,
			answeredBy: this.#answeredBy,
			marker: this.s.marker,
			ms: this.s.clock.now() - this.#started
		};
		this.s.onFinish?.(record);
		this.#resolve(record);
	}
}

/**
 * A question leaves its handler running (it speaks the confirmation during the next turn), so its
 * marker stays open; a turn that was answered closes the dialogue. Cut-short turns change nothing.
 */
function nextOpen(open: readonly string[], marker: string, outcome: TurnEnd): string[] {
	if (outcome === 'awaiting') return [...open.filter((m) => m !== marker), marker].slice(-4);
	if (outcome === 'answered' || outcome === 'unmatched' || outcome === 'cancelled') return [];
	return [...open];
}

export function skillOf(msg: BusMessage): string | null {
	if (typeof msg.context.skill_id === 'string' && msg.context.skill_id) return msg.context.skill_id;
	const meta = msg.data.meta;
	if (isObject(meta) && typeof meta.skill === 'string' && meta.skill) return meta.skill;
	return null;
}

/** `<skill_id>.get_response.waiting` names the skill that waits. */
function askingPrefix(type: string): string | null {
	const suffix = '.get_response.waiting';
	return type.endsWith(suffix) ? type.slice(0, -suffix.length) : null;
}

/** `handled {name: "<Skill>.<handler>"}` names the handler; its first part is the skill. */
function skillFromHandler(name: string | null): string | null {
	if (!name) return null;
	const dot = name.indexOf('.');
	return dot > 0 ? name.slice(0, dot) : name;
}
