/** The core messagebus envelope `{type, data, context}`, as ovos-bus-client's `Message` serialises it. */
import { isObject, parseWireJson, type JsonObject } from './json';
import type { BusMessage, Decoded } from './types';

/** A bus frame; never throws. Absent `data`/`context` become `{}`. */
export function decodeBus(raw: string): Decoded<BusMessage> {
	const parsed = parseWireJson(raw);
	return parsed.ok ? toBusMessage(parsed.value) : { ok: false, error: { code: 'json', message: parsed.message } };
}

/**
 * Checks an envelope by hand: this runs on every core-bus frame of the screen and the chat agent,
 * where a schema library would cost more than the check (schemas.ts has the valibot form).
 */
export function toBusMessage(value: unknown): Decoded<BusMessage> {
	if (!isObject(value)) return { ok: false, error: { code: 'not-object', message: 'a bus frame must be a JSON object' } };
	const { type, data, context } = value;
	if (typeof type !== 'string' || type === '') {
		return { ok: false, error: { code: 'type', message: type === undefined ? 'missing "type"' : '"type" must be a non-empty string' } };
	}
	if (data !== undefined && !isObject(data)) return { ok: false, error: { code: 'field', message: `${type}: "data" must be a JSON object` } };
	if (context !== undefined && !isObject(context)) return { ok: false, error: { code: 'field', message: `${type}: "context" must be a JSON object` } };
	return { ok: true, value: { type, data: (data ?? {}) as JsonObject, context: (context ?? {}) as JsonObject } };
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

/** Qt's handshake announce on the core bus, sent once that socket is open; ovos-gui answers `mycroft.gui.port`. */
export function guiConnected(guiId: string): BusMessage {
	return busMessage('mycroft.gui.connected', { gui_id: guiId, framework: 'qt5' }, { session: { session_id: 'default' } });
}

/** Global back, sent when the user goes back from page 0. */
export function screenClose(): BusMessage {
	return busMessage('mycroft.gui.screen.close', {}, { session: { session_id: 'default' } });
}
