/**
 * The intent step of ovos-core 2.1, reduced to what a chat client and a screen can observe
 * (README.md#what-the-device-does): per utterance, response mode first (an active skill whose
 * `utterance_states` says `response` gets `<skill>.activate` and `<skill>.converse.get_response`,
 * whether or not it still waits — a stale snapshot gets no answer at all), then a converse ping of
 * the session's active skills (0.5 s), then intents (`<skill>.activate`, `<skill>:<Intent>`
 * carrying the activated snapshot), else failure (`mycroft.audio.play_sound`,
 * `complete_intent_failure`, `ovos.utterance.handled`). Core keeps no state for named sessions:
 * everything comes from the snapshot in the message. Each utterance is handled on a thread of the
 * shared worker pool (docs/chat.md#admission-cores-pool-is-small).
 */
import { setMaxListeners } from 'node:events';
import { isObject, type BusMessage, type JsonObject } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { reply } from './bus-util';
import { sleep, type Clock } from '../src/lib/node/clock';
import type { Logger } from './log';
import { activate, activeSkills, sessionId, utteranceState, type SessionStore } from './sessions';
import { heard } from './skills/match';
import type { WorkerPool } from './workers';
import type { SkillDefinition } from './workshop';

/**
 * How long core waits for converse pongs; it waits the full time, so each turn of a session with an
 * active skill starts that late.
 */
export const CONVERSE_PING_MS = 500;

export class Core {
	private readonly off: () => void;
	private readonly abort = new AbortController();
	private readonly langs: ReadonlySet<string>;

	constructor(
		private readonly bus: MessageBus,
		private readonly clock: Clock,
		private readonly log: Logger,
		private readonly sessions: SessionStore,
		private readonly skills: readonly SkillDefinition[],
		workers: WorkerPool,
		/** The device's languages (mycroft.conf `lang` and `secondary_langs`). */
		langs: readonly string[]
	) {
		this.langs = new Set(langs.map(primaryOf));
		// Every utterance in flight waits on this signal: many at once is load, not a leak.
		setMaxListeners(0, this.abort.signal);
		this.off = bus.on('recognizer_loop:utterance', (m) => workers.run(m.type, () => this.handle(m)));
	}

	private async handle(m: BusMessage): Promise<void> {
		const utterances = m.data.utterances;
		if (!Array.isArray(utterances) || typeof utterances[0] !== 'string') {
			this.log('warn', 'core: recognizer_loop:utterance without utterances, ignored');
			return;
		}
		const text = utterances[0];
		let session = this.sessions.fromMessage(m);
		const lang = pickLang(m, session, this.langs);
		// The resolved language becomes the session's and sticks, as on ovos-core.
		session = { ...session, lang };
		if (sessionId(session) === 'default') this.sessions.setDefault(session);
		const extra: JsonObject = { session, lang };
		const now = () => this.clock.now() / 1000;

		// Response mode: the snapshot says an active skill is waiting for this answer. Core cannot know
		// whether it still is; the dispatch has no `handled` of its own (the resumed handler emits the
		// exchange's one), so a skill that no longer asks leaves the turn unanswered.
		const listed = activeIds(session);
		const waiting = listed.find((id) => utteranceState(session, id) === 'response');
		if (waiting) {
			this.bus.emit(reply(m, `${waiting}.activate`, {}, extra));
			const activated = activate(session, waiting, now());
			if (sessionId(activated) === 'default') this.sessions.setDefault(activated);
			this.bus.emit(reply(m, `${waiting}.converse.get_response`, { ...m.data, utterances, lang, utterance: text }, { session: activated, lang, skill_id: waiting }));
			return;
		}

		const active = activeSkills(session, now());
		if (active.length > 0) {
			for (const [id] of active) this.bus.emit(reply(m, `${id}.converse.ping`, { skill_id: id }, extra));
			await sleep(this.clock, CONVERSE_PING_MS, this.abort.signal);
			if (this.abort.signal.aborted) return;
		}

		// Intents match English words; a German or Portuguese turn is first put in them (skills/match.ts).
		const understood = heard(text, lang);
		for (const skill of this.skills) {
			for (const intent of skill.intents) {
				const slots = intent.match(understood);
				if (!slots) continue;
				// `<skill>.activate` carries the pre-activation snapshot; the dispatch the activated one.
				this.bus.emit(reply(m, `${skill.id}.activate`, {}, extra));
				const activated = activate(session, skill.id, now());
				if (sessionId(activated) === 'default') this.sessions.setDefault(activated);
				this.bus.emit(
					reply(m, intent.busType ?? `${skill.id}:${intent.name}`, { ...m.data, ...slots, utterance: text, lang }, { session: activated, lang, skill_id: skill.id })
				);
				return;
			}
		}

		this.bus.emit(reply(m, 'ovos.skills.fallback.ping', { utterances, lang, range: [90, 101] }, extra));
		this.bus.emit(reply(m, 'mycroft.audio.play_sound', { uri: 'snd/error.mp3' }, extra));
		// The utterance data plus lang, plus the fallback range that leaks into it, as on ovos-core.
		this.bus.emit(reply(m, 'complete_intent_failure', { ...m.data, lang, range: [90, 101] }, extra));
		this.bus.emit(reply(m, 'ovos.utterance.handled', {}, extra));
		if (sessionId(session) === 'default') this.sessions.setDefault(session);
	}

	stop(): void {
		this.off();
		this.abort.abort();
	}
}

/** Ids in `active_skills`, whatever their age: response mode is checked before converse's timeout filter. */
function activeIds(session: JsonObject): string[] {
	const raw = Array.isArray(session.active_skills) ? session.active_skills : [];
	return raw.flatMap((e) => (Array.isArray(e) && typeof e[0] === 'string' ? [e[0]] : []));
}

/**
 * `data.lang` → `context.lang` → the session's → default, as ovos-core reads it; then, as
 * ovos-core's `disambiguate_lang`, the first of `stt_lang`, `request_lang`, `detected_lang` in the
 * context that is one of the device's languages (`langs`: mycroft.conf `lang` and `secondary_langs`,
 * matched by language, not region) — one it has not is ignored.
 */
function pickLang(m: BusMessage, session: JsonObject, langs: ReadonlySet<string>): string {
	for (const key of ['stt_lang', 'request_lang', 'detected_lang']) {
		const tag = m.context[key];
		if (typeof tag === 'string' && langs.has(primaryOf(tag))) return normalizeLang(tag);
	}
	if (typeof m.data.lang === 'string' && m.data.lang) return normalizeLang(m.data.lang);
	if (typeof m.context.lang === 'string' && m.context.lang) return normalizeLang(m.context.lang);
	const s = isObject(m.context.session) ? m.context.session : null;
	if (s && typeof s.lang === 'string' && s.lang) return normalizeLang(s.lang);
	return typeof session.lang === 'string' ? session.lang : 'en-US';
}

function primaryOf(tag: string): string {
	return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** BCP-47 casing: `sv-se` → `sv-SE`. */
function normalizeLang(lang: string): string {
	const [l, r, ...rest] = lang.split('-');
	return [l?.toLowerCase(), r?.toUpperCase(), ...rest].filter(Boolean).join('-');
}
