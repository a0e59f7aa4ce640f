/**
 * The skill framework side of a turn (ovos-workshop; the turn as the chat sees it: docs/chat.md):
 * intent handlers wrapped in `handler.start` / `.complete` / `ovos.utterance.handled`, `speak` as a
 * forward of the dispatch carrying the session, `speak(wait=True)` blocking up to 15 s for that
 * session's `audio_output_end`, and `get_response` that keeps waiting for an answer, re-opening the
 * mic every 20 s.
 */
import { sessionIdOf, type BusMessage, type Json, type JsonObject } from '../src/lib/protocol';
import type { BusHandler, MessageBus } from './bus-server';
import { sleep, type Clock } from '../src/lib/node/clock';
import type { Logger } from './log';
import type { GuiCache, ShippedPages } from './page-urls';
import { activate, sessionId, withUtteranceState, type SessionStore } from './sessions';
import { SkillGui } from './skill-gui';
import type { WorkerPool } from './workers';
import { heard } from './skills/match';
import { pick, skillLang, type Texts } from './skills/words';

/** How long `speak(wait=True)` waits for `recognizer_loop:audio_output_end` (ovos-workshop). */
export const SPEAK_WAIT_MS = 15_000;
/** `skills.get_response_timeout`: a waiting skill re-emits `mycroft.mic.listen` this often. */
export const RESPONSE_REPROMPT_MS = 20_000;
/**
 * From an answer being there to the handler going on with it: ovos-workshop's waiting thread and the
 * handler each poll every 0.1 s. On a real core the confirmation of an answer that came while the
 * question was still being spoken followed `<skill>.get_response.waiting` by ~190 ms.
 */
export const ANSWER_TAKE_UP_MS = 190;

export interface SkillContext {
	readonly bus: MessageBus;
	readonly clock: Clock;
	readonly log: Logger;
	readonly sessions: SessionStore;
	readonly gui: SkillGui;
	/** Aborted when the simulator stops. */
	readonly signal: AbortSignal;
	/** An http URL for a page the simulator serves for its skills. */
	assetUrl(path: string): string;
	/** Speak outside any handler (a timer going off): it lands in the `default` session. */
	speakDefault(text: string): void;
	/** Listen on the bus for as long as the skill is loaded. */
	on(type: string, fn: BusHandler): void;
	/** The device's GUI cache (files a skill shares with the GUI, e.g. an app icon). */
	readonly cache: GuiCache;
	/** IANA time zone of the device's clock (`now_local()`). */
	readonly timeZone: string;
}

export interface Intent {
	/** Intent name on the bus: `<skill_id>:<name>`. */
	readonly name: string;
	/** The dispatch type when it is not `<skill_id>:<name>` (a pipeline plugin's, e.g. `ocp:play`). */
	readonly busType?: string;
	/** Handler method name: `handled` says `<ClassName>.<handler>`. */
	readonly handler: string;
	/** Slots when the utterance matches, else null. */
	match(utterance: string): JsonObject | null;
	run(turn: Turn, skill: SkillContext): Promise<void>;
}

export interface SkillDefinition {
	readonly id: string;
	readonly className: string;
	readonly intents: readonly Intent[];
	/** GUI pages the skill ships per framework (written to the GUI cache at load, so their urls resolve). */
	readonly ui?: ShippedPages;
	/**
	 * Example utterances per language (its `locale/<lang>` examples), registered with the homescreen in
	 * the device's language, as ovos-workshop sends the ones of `self.lang`.
	 */
	readonly examples?: Texts<readonly string[]>;
	/** Optional background behaviour (started once). */
	start?(skill: SkillContext): void;
}

export class Turn {
	constructor(
		private readonly rt: SkillRuntime,
		/** The dispatch message `<skill_id>:<intent>`. */
		readonly msg: BusMessage,
		/** The session as it stands now in this turn (the one every emit carries). */
		public session: JsonObject,
		readonly slots: JsonObject
	) {}

	get utterance(): string {
		return typeof this.msg.data.utterance === 'string' ? this.msg.data.utterance : '';
	}

	get sessionId(): string {
		return sessionId(this.session);
	}

	context(): JsonObject {
		return { ...this.msg.context, session: this.session, skill_id: this.rt.def.id };
	}

	emit(type: string, data: JsonObject = {}): void {
		this.rt.ctx.bus.emit({ type, data, context: this.context() });
	}

	/** `speak(utterance, expect_response, wait)`. */
	async speak(utterance: string, o: { expectResponse?: boolean; wait?: boolean; dialog?: string; data?: JsonObject } = {}): Promise<void> {
		const ended = o.wait ? this.rt.audioOutputEnd(this.sessionId) : null;
		this.emit('speak', {
			utterance,
			expect_response: o.expectResponse ?? false,
			meta: { skill: this.rt.def.id, dialog: o.dialog ?? '', data: o.data ?? {} },
			lang: this.session.lang ?? 'en-US'
		});
		if (ended) await ended;
	}

	/**
	 * `get_response(question)`: response mode on, the question spoken with `wait=True`, then wait for
	 * the answer for as long as it takes (re-opening the mic every 20 s; it never gives up). No
	 * `handled` is emitted for the asking turn, and the handler holds its worker thread all along
	 * (see workers.ts). The answer is captured even while the question's 15 s wait is
	 * still running, but only taken up when it ends (`get_response.waiting`, then the answer ~190 ms
	 * later, ANSWER_TAKE_UP_MS). An answer in the skill's cancel vocabulary ends
	 * the wait with null, as ovos-workshop's `is_cancel` does. In `default`, core keeps the response
	 * mode itself and says so (`ovos.session.update_default`).
	 */
	async getResponse(question: string, dialog = ''): Promise<string | null> {
		const { id } = this.rt.def;
		const now = this.rt.ctx.clock.now() / 1000;
		const lang = typeof this.session.lang === 'string' ? this.session.lang : 'en-US';
		this.setSession(withUtteranceState(activate(this.session, id, now), id, 'response'));
		const answer = this.rt.expectAnswer(this.sessionId);
		this.emit('skill.converse.get_response.enable', { skill_id: id });
		await this.speak(question, { expectResponse: true, wait: true, dialog });
		this.emit(`${id}.get_response.waiting`);
		let got: BusMessage | null = answer.settled();
		const { signal } = this.rt.ctx;
		while (!got) {
			if (signal.aborted) return null;
			// Each wait's timer ends with the answer or with the simulator (else Ctrl-C waits up to 20 s).
			const tick = new AbortController();
			const stop = () => tick.abort();
			signal.addEventListener('abort', stop, { once: true });
			const timeout = sleep(this.rt.ctx.clock, RESPONSE_REPROMPT_MS, tick.signal).then(() => null);
			got = await Promise.race([answer.promise, timeout]);
			tick.abort();
			signal.removeEventListener('abort', stop);
			if (signal.aborted) return null;
			if (!got) this.emit('mycroft.mic.listen');
		}
		await sleep(this.rt.ctx.clock, ANSWER_TAKE_UP_MS, signal);
		if (signal.aborted) return null;
		// The answering turn's snapshot is now the session; response mode off.
		const incoming = got.context.session;
		this.setSession(
			withUtteranceState(
				this.sessionId !== 'default' && typeof incoming === 'object' && incoming !== null && !Array.isArray(incoming)
					? (incoming as JsonObject)
					: this.rt.ctx.sessions.fromMessage(got),
				id,
				'intent'
			)
		);
		this.emit('skill.converse.get_response.disable', { skill_id: id });
		const utts = got.data.utterances;
		const text = Array.isArray(utts) && typeof utts[0] === 'string' ? utts[0] : null;
		return text === null || isCancel(text, lang) ? null : text;
	}

	/** The turn's session from now on; core's own when it is `default`. */
	private setSession(s: JsonObject): void {
		this.session = s;
		if (this.sessionId !== 'default') return;
		this.rt.ctx.sessions.setDefault(s);
		this.emit('ovos.session.update_default', { session_data: s });
	}
}

/**
 * ovos-workshop's `voc_match(answer, 'cancel', lang)`: a whole-word match of its cancel vocabulary,
 * which it ships for English only (`locale/en/cancel.voc`); in other languages no answer cancels.
 */
export function isCancel(answer: string, lang: string): boolean {
	return /^en\b/i.test(lang) && /\b(cancel|nevermind|forget it)\b/i.test(answer);
}

interface Pending {
	readonly promise: Promise<BusMessage>;
	settled(): BusMessage | null;
}

/** One loaded skill: its bus handlers, GUI interface and waiting dialogues. */
export class SkillRuntime {
	readonly ctx: SkillContext;
	private readonly off: (() => void)[] = [];
	private readonly answers = new Map<string, (m: BusMessage) => void>();

	constructor(
		readonly def: SkillDefinition,
		o: {
			bus: MessageBus;
			clock: Clock;
			log: Logger;
			sessions: SessionStore;
			cache: GuiCache;
			timeZone: string;
			signal: AbortSignal;
			assetBase: () => string;
			workers: WorkerPool;
		}
	) {
		const gui = new SkillGui(o.bus, def.id, () => ({ session: o.sessions.default, skill_id: def.id }));
		this.ctx = {
			bus: o.bus,
			clock: o.clock,
			log: o.log,
			sessions: o.sessions,
			gui,
			signal: o.signal,
			assetUrl: (path) => `${o.assetBase()}${path}`,
			speakDefault: (text) =>
				o.bus.emit({
					type: 'speak',
					data: { utterance: text, expect_response: false, meta: { skill: def.id, dialog: '', data: {} }, lang: String(o.sessions.default.lang ?? 'en-US') },
					context: { session: o.sessions.default, skill_id: def.id }
				}),
			on: (type, fn) => void this.off.push(o.bus.on(type, fn)),
			cache: o.cache,
			timeZone: o.timeZone
		};
		// GUIInterface caches the skill's GUI files on creation (ovos-bus-client `_cache_gui_files`).
		if (def.ui) o.cache.ship(def.id, def.ui);
		// Every handler runs on core's shared worker pool, as on a real core (workers.ts).
		const on = (type: string, fn: (m: BusMessage) => unknown) => this.off.push(o.bus.on(type, (m) => o.workers.run(type, () => fn(m))));
		for (const intent of def.intents) on(intent.busType ?? `${def.id}:${intent.name}`, (m) => this.dispatch(intent, m));
		const examples = def.examples;
		if (examples) {
			// ovos-workshop registers the examples at load and again when the homescreen asks, in the
			// device's language (the `default` session's: mycroft.conf `lang`).
			const register = () => {
				const lang = String(o.sessions.default.lang ?? 'en-US');
				o.bus.emit({ type: 'homescreen.register.examples', data: { skill_id: def.id, utterances: [...pick(examples, skillLang(lang))], lang }, context: {} });
			};
			register();
			on('homescreen.metadata.get', register);
		}
		on(`${def.id}.converse.ping`, (m) =>
			o.bus.emit({ type: 'skill.converse.pong', data: { skill_id: def.id, can_handle: false }, context: m.context })
		);
		// An answer for a session that is not asking is ignored, as ovos-workshop does.
		on(`${def.id}.converse.get_response`, (m) => this.answers.get(sessionIdOf(m))?.(m));
		def.start?.(this.ctx);
	}

	private async dispatch(intent: Intent, m: BusMessage): Promise<void> {
		const name = `${this.def.className}.${intent.handler}`;
		const session = this.ctx.sessions.fromMessage(m);
		// The slots as core matched them: from the utterance in English words (skills/match.ts `heard`).
		const understood = heard(String(m.data.utterance ?? ''), String(m.data.lang ?? session.lang ?? 'en-US'));
		const turn = new Turn(this, m, session, intent.match(understood) ?? {});
		turn.emit('mycroft.skill.handler.start', { name });
		try {
			await intent.run(turn, this.ctx);
		} catch (e) {
			this.ctx.log('error', `${name} raised: ${(e as Error).message}`);
			turn.emit('mycroft.skill.handler.error', { name, exception: String(e) });
		}
		if (this.ctx.signal.aborted) return;
		turn.emit('mycroft.skill.handler.complete', { name });
		turn.emit('ovos.utterance.handled', { name });
		if (turn.sessionId === 'default') this.ctx.sessions.setDefault(turn.session);
	}

	/** Resolves when `recognizer_loop:audio_output_end` arrives for `sid`, or after 15 s of clock time. */
	audioOutputEnd(sid: string): Promise<void> {
		return new Promise((resolve) => {
			const done = new AbortController();
			// Stopping the simulator ends the wait's timer too: a pending 15 s timer would hold the process.
			const onStop = () => {
				off();
				done.abort();
			};
			const finish = () => {
				off();
				this.ctx.signal.removeEventListener('abort', onStop);
				done.abort();
				resolve();
			};
			// Matches only the type and the session id, as ovos-workshop's wait does.
			const off = this.ctx.bus.on('recognizer_loop:audio_output_end', (m) => {
				if (sessionIdOf(m) === sid) finish();
			});
			void sleep(this.ctx.clock, SPEAK_WAIT_MS, done.signal).then(finish);
			this.ctx.signal.addEventListener('abort', onStop, { once: true });
		});
	}

	/** The next `<skill_id>.converse.get_response` for `sid`, kept if it comes early. */
	expectAnswer(sid: string): Pending {
		let got: BusMessage | null = null;
		const promise = new Promise<BusMessage>((resolve) => {
			this.answers.set(sid, (m) => {
				this.answers.delete(sid);
				got = m;
				resolve(m);
			});
		});
		return { promise, settled: () => got };
	}

	stop(): void {
		for (const off of this.off) off();
		this.ctx.gui.shutdown();
		this.answers.clear();
	}
}

export type { Json };
