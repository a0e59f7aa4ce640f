/**
 * The chat's OVOS session, kept as an opaque JSON object (docs/chat.md): core keeps no
 * state for named sessions, so the latest snapshot it sent back is what the next turn must carry.
 * Unknown keys pass through untouched; only `null` fields are dropped (core must never get `null`).
 */
import { isObject, type Json, type JsonObject } from '../../protocol/json';
import type { BusMessage } from '../../protocol/types';

export type Snapshot = JsonObject;

/** What the first turn sends: the identity only (+ what the user chose), never a client-built session. */
export function identitySnapshot(sessionId: string, lang?: string, units?: string): Snapshot {
	const s: Snapshot = { session_id: sessionId };
	if (lang) s.lang = lang;
	if (units) s.system_unit = units;
	return s;
}

/** The snapshot for the next utterance: the stored one (or identity) with the user's choices applied. */
export function outgoingSnapshot(sessionId: string, stored: Snapshot | null, lang?: string, units?: string): Snapshot {
	if (!stored) return identitySnapshot(sessionId, lang, units);
	const s: Snapshot = { ...stored, session_id: sessionId };
	if (lang) s.lang = lang;
	if (units) s.system_unit = units;
	return s;
}

/**
 * The session a frame carries for `sessionId`, or null. `ovos.session.sync` carries it in
 * `data.session`; every other frame in `context.session`.
 */
export function snapshotOf(msg: BusMessage, sessionId: string): Snapshot | null {
	const candidate: Json | undefined = msg.type === 'ovos.session.sync' ? msg.data.session : msg.context.session;
	if (!isObject(candidate) || candidate.session_id !== sessionId) return null;
	return withoutNulls(candidate as JsonObject);
}

function withoutNulls(o: JsonObject): JsonObject {
	let copy: JsonObject | null = null;
	for (const key of Object.keys(o)) {
		if (o[key] !== null) continue;
		copy ??= { ...o };
		delete copy[key];
	}
	return copy ?? o;
}

/** Skills the snapshot says are waiting for an answer (`utterance_states[skill] = "response"`). */
export function askingSkills(s: Snapshot | null): string[] {
	const states = s?.utterance_states;
	if (!isObject(states)) return [];
	return Object.keys(states).filter((k) => states[k] === 'response');
}

/**
 * The snapshot with every response mode off, as `disable_response_mode` leaves it: core then treats
 * the next utterance as a fresh one instead of handing it to a skill that may no longer ask (then
 * nothing answers, and the session stays wedged for as long as the snapshot is sent back).
 */
export function withoutResponseMode(s: Snapshot): Snapshot {
	const asking = askingSkills(s);
	if (!asking.length) return s;
	const states = { ...(s.utterance_states as JsonObject) };
	for (const id of asking) states[id] = 'intent';
	return { ...s, utterance_states: states };
}
