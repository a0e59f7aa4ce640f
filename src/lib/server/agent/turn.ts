/**
 * One chat turn: collects what core says for one session until the turn ends (spec chat-agent.md §6,
 * "suggested turn algorithm", with the §7 observations). Pure bookkeeping over frames handed in by
 * the agent; the only I/O is the `send` callback (audio_output_end) and the injectable clock.
 */
import { isObject } from '../../protocol/json';
import type { BusMessage } from '../../protocol/types';
import type { Clock, TimerHandle } from '../clock';
import { TwinFilter } from './dedup';
import { snapshotOf, type Snapshot } from './snapshot';
import { AUDIO_OUTPUT_END, kindOf } from './topics';
import type { Sentence, TurnOutcome, TurnResult } from './types';

/** The context key that tags every frame derived from one of our utterances (core copies context). */
export const TURN_MARKER = 'ovos_screen_turn';

export interface TurnTiming {
	/** Ends the turn when nothing was said for this long; restarts on every speak. */
	readonly idleMs: number;
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
	/** Answer every speak with audio_output_end (spec §7.5); off only to prove the stall in tests. */
	readonly answerAudio: boolean;
	readonly send: (msg: BusMessage) => boolean;
	readonly onSentence?: (s: Sentence) => void;
}

const COMPLETE: ReadonlySet<TurnOutcome> = new Set(['answered', 'awaiting', 'unmatched', 'cancelled']);

export class Turn {
	readonly result: Promise<TurnResult>;
	#resolve!: (r: TurnResult) => void;
	#snapshot: Snapshot;
	/** Whether core has sent us any snapshot yet (else the result keeps none: identity is not state). */
	#adopted = false;
	readonly #sentences: Sentence[] = [];
	#skill: string | null = null;
	#handler: string | null = null;
	#unmatched = false;
	#done = false;
	readonly #started: number;
	readonly #twins: TwinFilter;
	readonly #open: ReadonlySet<string>;
	#idle: TimerHandle | null = null;
	#deadline: TimerHandle | null = null;
	#settle: TimerHandle | null = null;

	constructor(private readonly s: TurnSetup) {
		this.#snapshot = s.snapshot;
		this.#open = new Set(s.open);
		this.#twins = new TwinFilter(s.timing.twinWindowMs);
		this.#started = s.clock.now();
		this.result = new Promise((resolve) => (this.#resolve = resolve));
		this.#idle = s.clock.setTimeout(() => this.finish('timeout'), s.timing.idleMs);
		this.#deadline = s.clock.setTimeout(() => this.finish('deadline'), s.timing.deadlineMs);
	}

	get done(): boolean {
		return this.#done;
	}

	get snapshot(): Snapshot {
		return this.#snapshot;
	}

	/** A frame whose session is ours. */
	handle(msg: BusMessage): void {
		if (this.#done) return;
		const marker = msg.context[TURN_MARKER];
		// A late frame of an earlier, finished turn: never let it spill into this one.
		if (typeof marker === 'string' && marker !== this.s.marker && !this.#open.has(marker)) return;
		const kind = kindOf(msg);
		if (kind === 'echo') return;
		const snap = snapshotOf(msg, this.s.sessionId);
		if (snap) {
			this.#snapshot = snap;
			this.#adopted = true;
		}
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
				return this.#endAfter(this.s.timing.awaitSettleMs, 'awaiting');
			default:
				return;
		}
	}

	#speak(msg: BusMessage): void {
		const raw = msg.data.utterance;
		const text = typeof raw === 'string' ? raw.trim() : '';
		if (this.#twins.isTwin(msg.type, text, this.s.clock.now())) return;
		// We are this session's audio output: "it has been spoken" lets a skill waiting in
		// speak(wait=True) / get_response go on at once instead of after 15 s (spec §7.5).
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
		if (msg.data.expect_response === true || msg.data.listen === true) this.#endAfter(this.s.timing.awaitSettleMs, 'awaiting');
		else if (this.#settle && this.#unmatched) {
			// Something answered after all: the unmatched soft end no longer applies.
			this.s.clock.clearTimeout(this.#settle);
			this.#settle = null;
		}
	}

	#rearmIdle(): void {
		if (this.#idle) this.s.clock.clearTimeout(this.#idle);
		this.#idle = this.s.clock.setTimeout(() => this.finish('timeout'), this.s.timing.idleMs);
	}

	#endAfter(ms: number, outcome: TurnOutcome): void {
		if (ms <= 0) return this.finish(outcome);
		if (this.#settle) this.s.clock.clearTimeout(this.#settle);
		this.#settle = this.s.clock.setTimeout(() => this.finish(outcome), ms);
	}

	finish(outcome: TurnOutcome): void {
		if (this.#done) return;
		this.#done = true;
		for (const t of [this.#idle, this.#deadline, this.#settle]) if (t) this.s.clock.clearTimeout(t);
		this.#idle = this.#deadline = this.#settle = null;
		const complete = COMPLETE.has(outcome);
		this.#resolve({
			sessionId: this.s.sessionId,
			outcome,
			complete,
			sentences: this.#sentences,
			text: this.#sentences.map((s) => s.text).join('\n'),
			skill: this.#skill ?? skillFromHandler(this.#handler),
			snapshot: this.#adopted ? this.#snapshot : null,
			openTurns: nextOpen(this.s.open, this.s.marker, outcome),
			ms: this.s.clock.now() - this.#started
		});
	}
}

/**
 * A question leaves its handler running (it speaks the confirmation during the next turn), so its
 * marker stays open; a turn that was answered closes the dialogue. Cut-short turns change nothing.
 */
function nextOpen(open: readonly string[], marker: string, outcome: TurnOutcome): string[] {
	if (outcome === 'awaiting') return [...open.filter((m) => m !== marker), marker].slice(-4);
	if (outcome === 'answered' || outcome === 'unmatched' || outcome === 'cancelled') return [];
	return [...open];
}

function skillOf(msg: BusMessage): string | null {
	if (typeof msg.context.skill_id === 'string' && msg.context.skill_id) return msg.context.skill_id;
	const meta = msg.data.meta;
	if (isObject(meta) && typeof meta.skill === 'string' && meta.skill) return meta.skill;
	return null;
}

/** `handled {name: "<Skill>.<handler>"}` names the handler; its first part is the skill. */
function skillFromHandler(name: string | null): string | null {
	if (!name) return null;
	const dot = name.indexOf('.');
	return dot > 0 ? name.slice(0, dot) : name;
}
