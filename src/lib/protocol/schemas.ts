/**
 * valibot schemas for messages made by hand — the inspector's send form, tests — so a message is
 * checked by one definition before it goes out. Kept out of `index.ts`: the screen itself never
 * validates its own builders' output, and the kiosk bundle stays free of the schema library.
 */
import * as v from 'valibot';
import { isObject, type JsonObject } from './json';
import type { BusMessage, ClientMessage, Decoded } from './types';

const jsonObject = v.custom<JsonObject>(
	(x) => typeof x === 'object' && x !== null && !Array.isArray(x),
	'must be a JSON object'
);
const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/** ovos-gui raises (and, in 1.3.4, aborts the socket) without these fields. */
export const ClientMessageSchema = v.variant('type', [
	v.object({ type: v.literal('mycroft.events.triggered'), namespace: name, event_name: name, parameters: jsonObject }),
	v.object({ type: v.literal('mycroft.session.set'), namespace: name, data: jsonObject }),
	v.object({ type: v.literal('mycroft.session.delete'), namespace: name, property: v.string() }),
	v.object({
		type: v.literal('mycroft.gui.connected'),
		gui_id: v.string(),
		framework: v.picklist(['qt5', 'qt6'])
	})
]);

export function validateClient(value: unknown): Decoded<ClientMessage> {
	const r = v.safeParse(ClientMessageSchema, value);
	return r.success ? { ok: true, value: r.output as ClientMessage } : fail(r.issues);
}

export const BusMessageSchema = v.object({
	type: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
	data: v.optional(v.custom<JsonObject>(isObject, 'must be a JSON object'), {}),
	context: v.optional(v.custom<JsonObject>(isObject, 'must be a JSON object'), {})
});

export function validateBus(value: unknown): Decoded<BusMessage> {
	if (!isObject(value)) return { ok: false, error: { code: 'not-object', message: 'a bus frame must be a JSON object' } };
	const r = v.safeParse(BusMessageSchema, value);
	return r.success ? { ok: true, value: r.output } : fail(r.issues);
}

function fail(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Decoded<never> {
	const issue = issues[0];
	const path = issue.path?.map((p) => String(p.key)).join('.');
	return { ok: false, error: { code: path === 'type' ? 'type' : 'field', message: path ? `${path}: ${issue.message}` : issue.message } };
}
