/**
 * Sessions as ovos-core 2.1 carries them (docs/chat.md): every reply carries the
 * full 15-key legacy snapshot; a named session's state lives only in the snapshot its client sends
 * (core keeps nothing), while core keeps the `default` session itself.
 */
import { isObject, type BusMessage, type Json, type JsonObject } from '../src/lib/protocol';

export const DEFAULT_PIPELINE = [
	'stop_high',
	'converse',
	'padatious_high',
	'adapt_high',
	'fallback_high',
	'stop_medium',
	'padatious_medium',
	'adapt_medium',
	'adapt_low',
	'common_qa',
	'fallback_medium',
	'fallback_low'
];

const DEFAULT_LOCATION: JsonObject = {
	city: { code: 'Lawrence', name: 'Lawrence', state: { code: 'KS', name: 'Kansas', country: { code: 'US', name: 'United States' } } },
	coordinate: { latitude: 38.971669, longitude: -95.23525 },
	timezone: { code: 'America/Chicago', name: 'Central Standard Time', dstOffset: 3600000, offset: -21600000 }
};

export const DEFAULT_LANG = 'en-US';
/** Seconds a skill stays in `active_skills` without being used again (ovos-core's converse timeout). */
export const ACTIVE_SKILL_TTL = 300;

/** A session built from config, as `Session(session_id)` fills it (ovos-bus-client 1.x); `lang` is mycroft.conf's. */
export function configSession(sessionId: string, lang = DEFAULT_LANG): JsonObject {
	return {
		session_id: sessionId,
		lang,
		active_skills: [],
		utterance_states: {},
		context: { timeout: 120, frame_stack: [] },
		site_id: 'unknown',
		pipeline: [...DEFAULT_PIPELINE],
		location: structuredClone(DEFAULT_LOCATION),
		system_unit: 'metric',
		time_format: 'full',
		date_format: 'DMY',
		is_speaking: false,
		is_recording: false,
		blacklisted_skills: [],
		blacklisted_intents: []
	};
}

/**
 * `Session.deserialize(d)`: what is sent wins and unknown keys pass through; what is missing comes
 * from config; empty lists fall back to config too (`x or default`, as ovos-bus-client 1.x does).
 */
export function deserializeSession(sent: JsonObject, base: JsonObject): JsonObject {
	const out: JsonObject = structuredClone(base);
	for (const [key, value] of Object.entries(sent)) {
		if (value === null) continue;
		if (Array.isArray(value) && value.length === 0 && Array.isArray(base[key]) && (base[key] as Json[]).length > 0) continue;
		out[key] = structuredClone(value);
	}
	return out;
}

export class SessionStore {
	/** Core's own `default` session. Named sessions are never stored. */
	private def: JsonObject;

	/** `lang`: the device's configured language (mycroft.conf `lang`), every session's unless it says otherwise. */
	constructor(private readonly lang = DEFAULT_LANG) {
		this.def = configSession('default', lang);
	}

	get default(): JsonObject {
		return this.def;
	}

	setDefault(s: JsonObject): void {
		this.def = s;
	}

	/**
	 * The session a message carries, completed from config; for `default`, core's own — whatever the
	 * message says about it (`SessionManager.get` returns the stored default for that id).
	 */
	fromMessage(msg: BusMessage): JsonObject {
		const sent = isObject(msg.context.session) ? (msg.context.session as JsonObject) : { session_id: 'default' };
		const id = typeof sent.session_id === 'string' ? sent.session_id : 'default';
		if (id === 'default') return structuredClone(this.def);
		return deserializeSession({ ...sent, session_id: id }, configSession(id, this.lang));
	}
}

export function sessionId(s: JsonObject): string {
	return typeof s.session_id === 'string' ? s.session_id : 'default';
}

/** `active_skills` with `skillId` first, stamped now; stale entries dropped. */
export function activate(s: JsonObject, skillId: string, nowSeconds: number): JsonObject {
	const list = activeSkills(s, nowSeconds).filter(([id]) => id !== skillId);
	return { ...s, active_skills: [[skillId, nowSeconds], ...list] };
}

export function activeSkills(s: JsonObject, nowSeconds: number): [string, number][] {
	const raw = Array.isArray(s.active_skills) ? s.active_skills : [];
	const out: [string, number][] = [];
	for (const e of raw) {
		if (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number' && nowSeconds - e[1] <= ACTIVE_SKILL_TTL) out.push([e[0], e[1]]);
	}
	return out;
}

export function utteranceState(s: JsonObject, skillId: string): string | null {
	const states = s.utterance_states;
	return isObject(states) && typeof states[skillId] === 'string' ? (states[skillId] as string) : null;
}

export function withUtteranceState(s: JsonObject, skillId: string, state: 'intent' | 'response'): JsonObject {
	const states = isObject(s.utterance_states) ? { ...(s.utterance_states as JsonObject) } : {};
	states[skillId] = state;
	return { ...s, utterance_states: states };
}
