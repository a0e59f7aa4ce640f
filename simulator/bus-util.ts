/** Deriving bus messages the way ovos-bus-client's `Message.forward` / `Message.reply` do. */
import { isObject, type BusMessage, type Json, type JsonObject } from '../src/lib/protocol';

/** New type and data, the same context (session, source, destination kept). */
export function forward(msg: BusMessage, type: string, data: JsonObject = {}): BusMessage {
	return { type, data, context: msg.context };
}

/**
 * Legacy `reply`: a deep copy of the context, `data.destination` copied into it, then source and
 * destination swapped only when both exist (the legacy rule, not the MSG-1 spec's).
 */
export function reply(msg: BusMessage, type: string, data: JsonObject = {}, extra: JsonObject = {}): BusMessage {
	const context = structuredClone({ ...msg.context, ...extra }) as JsonObject;
	if (data.destination !== undefined) context.destination = data.destination;
	if (context.source !== undefined && context.destination !== undefined) {
		const source = context.source;
		context.source = context.destination as Json;
		context.destination = source;
	}
	return { type, data, context };
}

export function sessionOf(msg: BusMessage): JsonObject | null {
	const s = msg.context.session;
	return isObject(s) ? (s as JsonObject) : null;
}
