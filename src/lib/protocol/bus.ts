/** The core messagebus envelope `{type, data, context}` (spec chat-agent.md §3.1, gui-protocol.md §2.3). */
import * as v from 'valibot';
import { isObject, type JsonObject } from './json';
import type { BusMessage, Decoded } from './types';

export const BusMessageSchema = v.object({
	type: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
	data: v.optional(v.custom<JsonObject>(isObject, 'must be a JSON object'), {}),
	context: v.optional(v.custom<JsonObject>(isObject, 'must be a JSON object'), {})
});

/** A bus frame; never throws. Absent `data`/`context` become `{}`. */
export function decodeBus(raw: string): Decoded<BusMessage> {
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch (e) {
		return { ok: false, error: { code: 'json', message: `not JSON: ${(e as Error).message}` } };
	}
	return validateBus(parsed);
}

export function validateBus(value: unknown): Decoded<BusMessage> {
	if (!isObject(value)) return { ok: false, error: { code: 'not-object', message: 'a bus frame must be a JSON object' } };
	const r = v.safeParse(BusMessageSchema, value);
	if (r.success) return { ok: true, value: r.output };
	const issue = r.issues[0];
	const path = issue.path?.map((p) => String(p.key)).join('.');
	return { ok: false, error: { code: issue.path?.[0]?.key === 'type' ? 'type' : 'field', message: `${path ?? 'frame'}: ${issue.message}` } };
}

export function busMessage(type: string, data: JsonObject = {}, context: JsonObject = {}): BusMessage {
	return { type, data, context };
}

export function encodeBus(msg: BusMessage): string {
	return JSON.stringify(msg);
}

/** The session id a bus frame belongs to; frames without one belong to `default`. */
export function sessionIdOf(msg: BusMessage): string {
	const s = msg.context.session;
	return isObject(s) && typeof s.session_id === 'string' ? s.session_id : 'default';
}

/** Qt's handshake announce on the core bus (spec §1.2 step 2). */
export function guiConnected(guiId: string): BusMessage {
	return busMessage('mycroft.gui.connected', { gui_id: guiId, framework: 'qt5' }, { session: { session_id: 'default' } });
}

/** Global back (spec §3.8), sent when the user goes back from page 0. */
export function screenClose(): BusMessage {
	return busMessage('mycroft.gui.screen.close', {}, { session: { session_id: 'default' } });
}
