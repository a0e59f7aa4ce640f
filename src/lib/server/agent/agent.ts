/**
 * The chat agent: a TypeScript port of the Python OVOSMessagebusChatAgent
 * (`ovos_messagebus_chat_plugin`) with what that agent lacks — own session per chat, identity-only
 * first turn then core's latest snapshot, real idle timeout + absolute deadline, immediate
 * streaming, one turn at a time per session, audio_output_end for our speaks, twin dedup, abort
 * without `mycroft.stop` — and what it met on a real core (docs/chat.md): no snapshot, however old,
 * can route a turn to a skill that no longer asks; the app's turns and the questions they leave
 * open hold at most a share of core's few skill threads (admission.ts: the rest wait in a queue or
 * are told to retry), and a question nobody answers is ended in its session after an idle limit; a
 * core that does not react is reported within seconds; and a turn may speak as the device, in
 * core's own `default` session.
 *
 * All turns share one bus connection; each inbound frame is routed by its session id in O(1).
 */
import { randomUUID } from 'node:crypto';
import { sessionIdOf } from '../../protocol/bus';
import { isObject } from '../../protocol/json';
import type { BusMessage } from '../../protocol/types';
import { BusUnavailableError, type BusClient } from '../bus/client';
import { realClock, type Clock, type TimerHandle } from '../../node/clock';
import { CoreAdmission, coreBusy, type Fit, type Hold } from './admission';
import { cancelWord } from './cancel-words';
import type { SessionState } from './conversations';
import { badInput } from '../http/errors';
import { busy, coreDown, questionEnded } from './errors';
import { askingSkills, outgoingSnapshot, snapshotOf, withoutResponseMode, type Snapshot } from './snapshot';
import { AUDIO_OUTPUT_END, kindOf, SPEECH_STOP, UTTERANCE } from './topics';
import { DEFAULT_TIMING, skillOf, Turn, TURN_MARKER, type TurnRecord, type TurnTiming } from './turn';
import type { AgentMessage, AssistantReply, Sentence, TurnOptions, TurnOutcome, TurnResult } from './types';

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
	/** Latest snapshots kept per session (newer than any token of it; tokens are the store across restarts). */
	readonly cacheSize?: number;
	/**
	 * How many of the app's turns may hold core's skill threads at once: a turn in flight holds a
	 * place, a question it leaves open keeps it until answered or ended (its answer reuses it). Core
	 * has min(32, CPUs + 4) threads — 6 on a 2-CPU device — and once every one is held it answers
	 * nobody, not even the "cancel" that would free one (docs/chat.md#admission-cores-pool-is-small).
	 * 3 is half the smallest: the device's own voice turns, other bus clients and the delivery of
	 * answers always find a thread.
	 */
	readonly coreShare?: number;
	/** Turns that may wait for a place; past that one is refused at once (503, retry). Default 64. */
	readonly queueLength?: number;
	/** How long a turn waits for a place before it is refused (503, retry). Default 30 s. */
	readonly queueWaitMs?: number;
	/**
	 * How long a question may wait for its answer with none arriving before it is ended ("cancel" in
	 * its session), freeing its place and core's thread. Default 60 s: time to read a question and
	 * type an answer (a voice user would have been asked again at 20 and 40 s).
	 */
	readonly questionIdleMs?: number;
	/**
	 * How long a question asked with every question place taken, and nobody holding more than its
	 * share, stays open (unless a place frees meanwhile): the moment turns that ask nothing may wait
	 * for it. Default 1 s.
	 */
	readonly crowdedQuestionMs?: number;
	/** How long a session whose turn was cut short is watched for a question it asks after all. */
	readonly watchMs?: number;
}

/** A question a chat has not answered yet: a skill's handler waits in `get_response` in that session. */
interface OpenQuestion {
	readonly sessionId: string;
	readonly skill: string | null;
	/** The session as it stands with the response mode on: what the answer must carry. */
	snapshot: Snapshot | null;
	/** Markers of the turn that asked: the waiting handler's frames carry them. */
	readonly open: readonly string[];
	/** Its place in core's pool (the answer takes it over); null for one found after its turn. */
	readonly hold: Hold | null;
	until: number;
	expiry: TimerHandle | null;
}

/** Why a question is ended: nobody answered in time, its chat was left, or its place was needed. */
type EndReason = 'idle' | 'left' | 'room';

/** A turn's place in core's pool, passed on to the question it ends on. */
interface Holder {
	hold: Hold | null;
	/** Its question found no place (others wait for theirs) and was ended at once. */
	withdrawn?: boolean;
}

/** A session whose turn was cut short: a question its handler still asks is left behind. */
interface Watch {
	readonly markers: ReadonlySet<string>;
	/** The skill that already had the turn's answer: its `get_response.waiting` asks nothing new. */
	readonly answered: string | null;
	readonly until: number;
}

/** What a turn carries, decided before it is sent. */
interface Plan {
	readonly snapshot: Snapshot | null;
	readonly open: readonly string[];
	/** The skill whose open question this text answers. */
	readonly answering: string | null;
	readonly stale: boolean;
}

const DEVICE_SESSION = 'default';
const MAX_WATCHES = 1000;
/** Sessions whose question was ended to make room, remembered for their next turn. */
const MAX_ROOM_ENDED = 1000;

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
	readonly stats = { questionsEnded: 0, staleRetried: 0, questionsMadeRoom: 0 };
	readonly #bus: AgentBus;
	readonly #clock: Clock;
	readonly #connectWaitMs: number;
	readonly #answerAudio: boolean;
	readonly #active = new Map<string, Turn>();
	/** Turns that end a question, routed by marker: they may run beside a turn of the same session. */
	readonly #side = new Map<string, Turn>();
	readonly #reserved = new Set<string>();
	readonly #cache = new Map<string, { snapshot: Snapshot | null; open: readonly string[] }>();
	readonly #cacheSize: number;
	readonly #questions = new Map<string, OpenQuestion>();
	readonly #watches = new Map<string, Watch>();
	readonly #admission: CoreAdmission;
	readonly #questionIdleMs: number;
	readonly #crowdedQuestionMs: number;
	readonly #watchMs: number;
	/** Sessions whose question was ended for another client's (when): their next turn is told so. */
	readonly #roomEnded = new Map<string, number>();

	constructor(opts: ChatAgentOptions) {
		this.#bus = opts.bus;
		this.#clock = opts.clock ?? realClock();
		this.timing = { ...DEFAULT_TIMING, ...opts.timing };
		this.source = opts.source ?? 'ovos_screen_chat';
		this.#connectWaitMs = opts.connectWaitMs ?? 2000;
		this.#answerAudio = opts.answerAudio ?? true;
		this.#cacheSize = opts.cacheSize ?? 1000;
		this.#admission = new CoreAdmission({
			share: Math.max(1, opts.coreShare ?? 3),
			queueLength: Math.max(0, opts.queueLength ?? 64),
			queueWaitMs: opts.queueWaitMs ?? 30_000,
			clock: this.#clock
		});
		this.#questionIdleMs = opts.questionIdleMs ?? 60_000;
		this.#crowdedQuestionMs = opts.crowdedQuestionMs ?? 1000;
		this.#watchMs = opts.watchMs ?? 120_000;
		this.#bus.onMessage((msg) => this.#route(msg));
		this.#bus.onClose(() => {
			for (const turn of [...this.#active.values(), ...this.#side.values()]) turn.finish('bus-lost');
		});
	}

	/** Whether a turn of this session is running now. */
	isBusy(sessionId: string): boolean {
		return this.#reserved.has(sessionId);
	}

	get activeTurns(): number {
		return this.#active.size;
	}

	/**
	 * Whether a conversation whose last reply here was a question can go on in this session: its
	 * question is open (or a turn of it runs), it was ended to make room (its next turn is told so),
	 * or it is gone (answered, ended, or never known here).
	 */
	questionState(sessionId: string): SessionState {
		if (this.#questions.has(sessionId) || this.#reserved.has(sessionId)) return 'live';
		return this.#roomEnded.has(sessionId) ? 'question-ended' : 'gone';
	}

	/** Questions chats have left open (each holds a thread of core's handler pool). */
	get openQuestions(): number {
		return this.#questions.size;
	}

	/** Places in core's pool held now by the app's turns and open questions (at most `coreShare`). */
	get holding(): number {
		return this.#admission.holding;
	}

	/** Turns waiting for a place in core's pool. */
	get queued(): number {
		return this.#admission.queued;
	}

	get admission(): Pick<CoreAdmission, 'share' | 'questionPlaces' | 'queueLength' | 'queueWaitMs' | 'stats' | 'questions'> {
		return this.#admission;
	}

	/** Fails fast (BusUnavailableError with the address tried) when the bus is down. */
	ready(): Promise<void> {
		return this.#bus.ensureOpen(this.#connectWaitMs);
	}

	/**
	 * Runs one turn: sends `text` as an utterance in the chat's session and resolves when core is done
	 * (see TurnOutcome). `onSentence` gets each speak as it arrives. The turn first takes a place in
	 * core's pool — the one its question holds when it answers one, else a free one, waiting in line
	 * when none is (`opts.onQueued`). Throws ChatError `busy` when the session already has a turn,
	 * `core-busy` when no place came free in time, `question-ended` when the session's question was
	 * ended to make room for other chats since, `core-down` when nothing reacted,
	 * BusUnavailableError when the bus is down.
	 */
	async turn(text: string, opts: TurnOptions, onSentence?: (s: Sentence) => void): Promise<TurnResult> {
		const { sessionId, signal } = opts;
		const device = opts.device === true;
		if (device ? sessionId !== DEVICE_SESSION : !isChatSessionId(sessionId))
			throw badInput(`not a chat session id: ${JSON.stringify(sessionId)}`);
		if (!text.trim()) throw badInput('empty message');
		// Reserved synchronously, so of two requests racing for one session exactly one gets it.
		if (this.#reserved.has(sessionId)) throw busy();
		this.#reserved.add(sessionId);
		// An answer is arriving: its question is no longer idle, and is never ended while it is answered.
		const question = this.#takeQuestion(sessionId);
		const holder: Holder = { hold: question?.hold ?? null };
		let sent = false;
		try {
			this.#noQuestionEnded(sessionId);
			signal?.throwIfAborted();
			await this.ready();
			holder.hold ??= await this.#admission.acquire(opts.client ?? 'unknown', signal, opts.onQueued);
			let plan = this.#plan(opts, question);
			sent = true;
			let record = await this.#run(text, opts, plan, holder, onSentence);
			if (record.outcome === 'not-asking') {
				// The skill the snapshot named no longer asks (its dialogue ended elsewhere, core restarted):
				// the same text again, as a fresh turn.
				this.stats.staleRetried++;
				plan = { snapshot: plan.snapshot && withoutResponseMode(plan.snapshot), open: [], answering: null, stale: true };
				record = await this.#run(text, opts, plan, holder, onSentence);
			}
			return this.#settle(record, plan, holder);
		} catch (e) {
			// Nothing was sent (bus down, no place, the client gave up): the question is still open.
			if (question && !sent) {
				const { sessionId: sid, skill, snapshot, open } = question;
				this.#openQuestion({ sessionId: sid, skill, snapshot, open, hold: holder.hold });
				holder.hold = null;
			}
			throw e;
		} finally {
			holder.hold?.release();
			this.#reserved.delete(sessionId);
		}
	}

	/**
	 * The chat is left (a new chat, another mode): a question it left open is ended in its session.
	 * `snapshot` is what the client holds (its token), used when this server does not know the
	 * session (it restarted since). Resolves true when a question was ended.
	 */
	endChat(sessionId: string, snapshot: Snapshot | null = null): boolean {
		this.#roomEnded.delete(sessionId);
		if (this.#questions.has(sessionId)) return this.#endQuestion(sessionId, 'left');
		if (sessionId === DEVICE_SESSION || this.#cache.has(sessionId) || !snapshot) return false;
		const asking = askingSkills(snapshot);
		if (!asking.length) return false;
		this.#openQuestion({ sessionId, skill: asking[0] ?? null, snapshot, open: [], hold: null });
		return this.#endQuestion(sessionId, 'left');
	}

	/**
	 * The session's question was ended to make room for other chats since its last turn: this text
	 * was most likely the answer, and there is nothing left to take it. Said once, plainly (410), rather
	 * than answered as a new request OVOS would not understand.
	 */
	#noQuestionEnded(sessionId: string): void {
		const at = this.#roomEnded.get(sessionId);
		if (at === undefined) return;
		this.#roomEnded.delete(sessionId);
		if (this.#clock.now() - at <= this.#questionIdleMs) throw questionEnded();
	}

	/**
	 * What this turn carries: the newest snapshot known, and never a response mode that would send the
	 * text to a skill that no longer asks (it would never answer, and the chat would wait for ever).
	 * An open question here: the text answers it. A session this server knows: its own latest
	 * snapshot, newer than any token (two tabs, an API client keeping an old token), any response mode
	 * in it already answered or ended. A session it does not know (it restarted since): the token's
	 * response mode is tried, and the turn retried fresh when that skill turns out not to be asking.
	 */
	#plan(opts: TurnOptions, question: OpenQuestion | null): Plan {
		const sid = opts.sessionId;
		if (question) return { snapshot: question.snapshot, open: question.open, answering: question.skill, stale: false };
		// Core keeps `default` itself: nothing to carry, nothing that can be stale.
		if (sid === DEVICE_SESSION) return { snapshot: null, open: [], answering: null, stale: false };
		const cached = this.#cache.get(sid);
		if (cached) {
			const stale = askingSkills(cached.snapshot).length > 0 || askingSkills(opts.snapshot ?? null).length > 0;
			return cached.snapshot && stale
				? { snapshot: withoutResponseMode(cached.snapshot), open: [], answering: null, stale }
				: { snapshot: cached.snapshot, open: cached.open, answering: null, stale };
		}
		const snapshot = opts.snapshot ?? null;
		return { snapshot, open: opts.openTurns ?? [], answering: askingSkills(snapshot)[0] ?? null, stale: false };
	}

	async #run(text: string, opts: TurnOptions, plan: Plan, holder: Holder, onSentence?: (s: Sentence) => void, side = false): Promise<TurnRecord> {
		const { sessionId, signal } = opts;
		const device = sessionId === DEVICE_SESSION;
		// `default`: core uses its own session whatever the message says; the identity is all it needs.
		const snapshot = device ? { session_id: DEVICE_SESSION } : outgoingSnapshot(sessionId, plan.snapshot, opts.lang, opts.units);
		const marker = randomUUID();
		const turn = new Turn({
			sessionId,
			marker,
			snapshot,
			open: plan.open,
			source: this.source,
			clock: this.#clock,
			timing: this.timing,
			answerAudio: this.#answerAudio && !device,
			strictMarker: device,
			answering: plan.answering,
			send: (m) => this.#bus.send(m),
			onSentence,
			onReaction: opts.onStarted,
			onFinish: side ? undefined : (record) => this.#bookkeep(record, plan, holder)
		});
		const keys = side ? [marker, ...plan.open] : [];
		if (side) for (const k of keys) this.#side.set(k, turn);
		else this.#active.set(sessionId, turn);
		const onAbort = () => {
			turn.finish('aborted');
			// Stops this session's speech only; never `mycroft.stop` (a global stop of every skill on the device).
			this.#bus.send({ type: SPEECH_STOP, data: {}, context: { session: turn.snapshot, source: this.source } });
		};
		signal?.addEventListener('abort', onAbort, { once: true });
		try {
			const data: BusMessage['data'] = { utterances: [text] };
			if (opts.lang) data.lang = opts.lang;
			const context: BusMessage['context'] = { session: snapshot, source: this.source, destination: ['skills'], [TURN_MARKER]: marker };
			// Not for `default`: core would make it the device's own language, for its voice too.
			if (opts.readerLang && !opts.lang && !device) context.request_lang = opts.readerLang;
			const sent = this.#bus.send({ type: UTTERANCE, data, context });
			if (!sent) turn.finish('bus-lost');
			const record = await turn.result;
			if (record.outcome === 'bus-lost' && !record.sentences.length)
				throw new BusUnavailableError(this.#bus.url, 'connection lost during the turn');
			return record;
		} finally {
			signal?.removeEventListener('abort', onAbort);
			if (side) for (const k of keys) this.#side.delete(k);
			else this.#active.delete(sessionId);
		}
	}

	/**
	 * What a finished turn leaves behind, recorded the moment it ends: core's snapshot, the question it
	 * ended on (which keeps the turn's place in core's pool), or — cut short — a watch for a question
	 * its handler may still ask. Any other end gives the place back at once.
	 */
	#bookkeep(record: TurnRecord, plan: Plan, holder: Holder): void {
		const { sessionId, outcome } = record;
		if (outcome === 'not-asking') return; // retried at once, in the same place
		const hold = holder.hold;
		holder.hold = null;
		const snapshot = record.snapshot ?? plan.snapshot;
		if (sessionId !== DEVICE_SESSION) this.#remember(sessionId, snapshot, record.openTurns);
		if (outcome === 'awaiting') {
			const skill = record.asking ?? askingSkills(snapshot)[0] ?? null;
			if (this.#openQuestion({ sessionId, skill, snapshot, open: record.openTurns, hold }) !== 'none') return;
			holder.withdrawn = true;
			return void this.#endQuestion(sessionId, 'left');
		}
		if (outcome === 'aborted' || outcome === 'timeout' || outcome === 'deadline' || outcome === 'no-core') {
			// Cut short: the handler may still ask later, and a question nobody will answer must be ended.
			this.#watch(sessionId, [record.marker, ...plan.open], record.answeredBy);
			// An answer core never handed to the skill: the question stays open (and is ended in time).
			// One it did hand over is being taken up: its late frames belong to no later turn.
			if (plan.answering !== null && record.answeredBy === null)
				return void this.#openQuestion({ sessionId, skill: plan.answering, snapshot: plan.snapshot, open: plan.open, hold });
		}
		hold?.release();
	}

	/** The turn's result for the caller. */
	#settle(record: TurnRecord, plan: Plan, holder: Holder): TurnResult {
		if (record.outcome === 'no-core') throw coreDown(this.timing.reactMs);
		if (holder.withdrawn) throw coreBusy('every place for a question is taken, and others wait', this.#admission.questionRetryAfterS());
		const awaitingUntil = record.outcome === 'awaiting' ? (this.#questions.get(record.sessionId)?.until ?? null) : null;
		const { asking: _asking, marker: _marker, answeredBy: _answeredBy, ...rest } = record;
		return { ...rest, outcome: record.outcome as TurnOutcome, awaitingUntil, staleQuestion: plan.stale };
	}

	/**
	 * The server is going away: drop open questions and their idle timers, which would hold the
	 * process, and refuse the turns waiting for a place.
	 */
	close(): void {
		for (const sid of [...this.#questions.keys()]) this.#takeQuestion(sid)?.hold?.release();
		this.#admission.close();
	}

	/**
	 * A question waits for its answer from now: ended when none has arrived for the idle limit — or,
	 * asked when every question place is taken and nobody holds more than its share, after a moment
	 * unless a place frees first (admission.ts). `none`: it has no place at all (the caller ends it).
	 */
	#openQuestion(q: Omit<OpenQuestion, 'until' | 'expiry'>): Fit {
		const old = this.#takeQuestion(q.sessionId);
		if (old?.hold && old.hold !== q.hold) old.hold.release();
		const sid = q.sessionId;
		const question: OpenQuestion = { ...q, until: this.#clock.now() + this.#questionIdleMs, expiry: null };
		this.#questions.set(sid, question);
		const fit = q.hold
			? q.hold.question({ until: question.until, preempt: () => this.#endQuestion(sid, 'room'), room: () => this.#arm(question, this.#questionIdleMs, 'idle') })
			: 'fits';
		if (this.#questions.get(sid) === question) {
			if (fit === 'fits') this.#arm(question, this.#questionIdleMs, 'idle');
			else if (fit === 'over') this.#arm(question, this.#crowdedQuestionMs, 'room');
		}
		return fit;
	}

	/** (Re)starts a question's idle limit; when it runs out the question is ended for `why`. */
	#arm(q: OpenQuestion, ms: number, why: EndReason): void {
		if (this.#questions.get(q.sessionId) !== q) return;
		if (q.expiry) this.#clock.clearTimeout(q.expiry);
		q.until = this.#clock.now() + ms;
		q.expiry = this.#clock.setTimeout(() => this.#endQuestion(q.sessionId, why), ms);
		q.hold?.expires(q.until);
	}

	/** The question leaves the open ones; its place, if it has one, is a running turn's again. */
	#takeQuestion(sessionId: string): OpenQuestion | null {
		const q = this.#questions.get(sessionId);
		if (!q) return null;
		this.#questions.delete(sessionId);
		if (q.expiry) this.#clock.clearTimeout(q.expiry);
		q.hold?.running();
		return q;
	}

	/**
	 * Ends a question in its session by answering it "cancel" (the skill's cancel vocabulary: its
	 * `get_response` returns nothing and the handler, and its thread, are done). Not
	 * `mycroft.skills.abort_question` (ovos-workshop then drops the pending questions of that skill in
	 * every session) nor a stop (a skill's global `stop()` acts on the whole device).
	 */
	#endQuestion(sessionId: string, why: EndReason): boolean {
		const q = this.#takeQuestion(sessionId);
		if (!q) return false;
		if (why === 'room' && sessionId !== DEVICE_SESSION) {
			this.stats.questionsMadeRoom++;
			this.#roomEnded.delete(sessionId);
			this.#roomEnded.set(sessionId, this.#clock.now());
			for (const sid of this.#roomEnded.keys()) {
				if (this.#roomEnded.size <= MAX_ROOM_ENDED) break;
				this.#roomEnded.delete(sid);
			}
		}
		const cached = this.#cache.get(sessionId);
		if (cached?.snapshot) this.#cache.set(sessionId, { snapshot: withoutResponseMode(cached.snapshot), open: [] });
		const plan: Plan = { snapshot: q.snapshot, open: q.open, answering: q.skill, stale: false };
		const lang = q.snapshot?.lang;
		// Started synchronously: the asking skill's next frames (its question, in the same read) find it.
		// The cancel is the question's answer: it runs in the question's place, given back when it is done.
		this.#run(cancelWord(lang), { sessionId }, plan, { hold: null }, undefined, true)
			.then(
				(r) => {
					if (r.outcome !== 'not-asking' && r.outcome !== 'no-core') this.stats.questionsEnded++;
				},
				() => {
					/* bus down: core lost the question with its connection, or keeps it until restarted */
				}
			)
			.finally(() => q.hold?.release());
		return true;
	}

	#watch(sessionId: string, markers: readonly string[], answered: string | null): void {
		// Several cut-short turns of one chat in a row: watch the last few of them.
		const before = this.#watches.get(sessionId);
		const all = [...(before && this.#clock.now() <= before.until ? before.markers : []), ...markers].slice(-8);
		this.#watches.delete(sessionId);
		this.#watches.set(sessionId, { markers: new Set(all), answered, until: this.#clock.now() + this.#watchMs });
		for (const sid of this.#watches.keys()) {
			if (this.#watches.size <= MAX_WATCHES) break;
			this.#watches.delete(sid);
		}
	}

	#route(msg: BusMessage): void {
		const marker = msg.context[TURN_MARKER];
		const side = typeof marker === 'string' && this.#side.size ? this.#side.get(marker) : undefined;
		if (side?.handle(msg)) return;
		if (!side && this.#active.size === 0 && this.#questions.size === 0 && this.#watches.size === 0) return;
		// `ovos.session.sync` carries its session in data; every other frame in context.
		const sync = msg.type === 'ovos.session.sync' && isObject(msg.data.session) ? msg.data.session.session_id : null;
		const sid = typeof sync === 'string' ? sync : sessionIdOf(msg);
		const active = this.#active.get(sid);
		if (active?.handle(msg)) return;
		const question = this.#questions.get(sid);
		if (question) return this.#questionFrame(question, msg);
		const watch = this.#watches.get(sid);
		if (watch) return this.#watchFrame(sid, watch, msg);
		// A frame of our session that no turn takes (the asking turn's question, spoken before core has
		// handed the skill our answer): its speech is still "done" at once, or the skill waits 15 s for
		// it to be spoken.
		if (active || side?.sessionId === sid) this.#speakDone(sid, msg, snapshotOf(msg, sid));
	}

	/** A frame of a session whose question waits for the chat's answer (between its turns). */
	#questionFrame(q: OpenQuestion, msg: BusMessage): void {
		const marker = msg.context[TURN_MARKER];
		const device = q.sessionId === DEVICE_SESSION;
		if (typeof marker === 'string' ? !q.open.includes(marker) : device) return;
		this.#speakDone(q.sessionId, msg, q.snapshot);
		const snap = device ? null : snapshotOf(msg, q.sessionId);
		if (snap) q.snapshot = snap;
		// Answered or ended by other means (a voice answer on the device, a stop): no longer open.
		const closed =
			(msg.type === 'skill.converse.get_response.disable' && (q.skill === null || msg.data.skill_id === q.skill)) || kindOf(msg) === 'handled';
		if (closed) {
			this.#takeQuestion(q.sessionId)?.hold?.release();
			if (snap) this.#remember(q.sessionId, snap, []);
		}
	}

	/** A frame of a session whose turn was cut short: a question it asks now has nobody to answer it. */
	#watchFrame(sessionId: string, w: Watch, msg: BusMessage): void {
		if (this.#clock.now() > w.until) {
			this.#watches.delete(sessionId);
			return;
		}
		const marker = msg.context[TURN_MARKER];
		if (typeof marker !== 'string' || !w.markers.has(marker)) return;
		const device = sessionId === DEVICE_SESSION;
		const snap = device ? null : snapshotOf(msg, sessionId);
		this.#speakDone(sessionId, msg, snap);
		const skill = questionSignal(msg);
		if (skill === undefined) return;
		// That skill already has the answer: it only now says it waits (its question was still being
		// spoken) and takes the answer up next.
		if (skill !== null && skill === w.answered && msg.type.endsWith('.get_response.waiting')) return;
		this.#watches.delete(sessionId);
		const snapshot = snap ?? this.#cache.get(sessionId)?.snapshot ?? null;
		this.#openQuestion({ sessionId, skill: skill ?? askingSkills(snapshot)[0] ?? null, snapshot, open: [...w.markers], hold: null });
		this.#endQuestion(sessionId, 'left');
	}

	/** Between turns too, a speak of a named chat session is "spoken" at once: a skill waiting on it goes on. */
	#speakDone(sessionId: string, msg: BusMessage, snapshot: Snapshot | null): void {
		if (!this.#answerAudio || sessionId === DEVICE_SESSION || kindOf(msg) !== 'speak') return;
		this.#bus.send({ type: AUDIO_OUTPUT_END, data: {}, context: { session: snapshot ?? { session_id: sessionId }, source: this.source } });
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

	#remember(sessionId: string, snapshot: Snapshot | null, open: readonly string[]): void {
		this.#cache.delete(sessionId);
		this.#cache.set(sessionId, { snapshot, open });
		if (this.#cache.size > this.#cacheSize) {
			const oldest = this.#cache.keys().next().value;
			if (oldest !== undefined) this.#cache.delete(oldest);
		}
	}
}

/**
 * Whether a frame says a skill now waits for the user: the skill (or null when unnamed), else
 * undefined.
 */
function questionSignal(msg: BusMessage): string | null | undefined {
	if (msg.type === 'skill.converse.get_response.enable') return typeof msg.data.skill_id === 'string' ? msg.data.skill_id : null;
	if (kindOf(msg) === 'speak' && (msg.data.expect_response === true || msg.data.listen === true)) return skillOf(msg);
	if (kindOf(msg) === 'listening') return msg.type.endsWith('.get_response.waiting') ? msg.type.slice(0, -'.get_response.waiting'.length) : skillOf(msg);
	return undefined;
}
