/**
 * Client → server messages: builders that shape them exactly as the Qt client does (spec §2.2,
 * §4.4), the valibot schemas that validate any hand-made one (inspector's send form, the
 * simulator's inbound side), and `encode`.
 */
import * as v from 'valibot';
import type { JsonObject } from './json';
import { PAGE_GAINED_FOCUS, SYSTEM_NAMESPACE, USER_INTERACTION, type ClientMessage, type Decoded } from './types';

const jsonObject = v.custom<JsonObject>(
	(x) => typeof x === 'object' && x !== null && !Array.isArray(x),
	'must be a JSON object'
);
const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/** ovos-gui raises (and, in 1.3.4, aborts the socket) without these fields: spec §2.2, §11.16. */
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
	if (r.success) return { ok: true, value: r.output as ClientMessage };
	const issue = r.issues[0];
	const path = issue.path?.map((p) => String(p.key)).join('.');
	return { ok: false, error: { code: 'field', message: path ? `${path}: ${issue.message}` : issue.message } };
}

/** Serialise a client message. Always a flat object; events always carry `parameters`. */
export function encode(msg: ClientMessage): string {
	return JSON.stringify(msg);
}

/** The user moved to page `number` of `namespace` (never sent in answer to a server focus). */
export function focusPage(namespace: string, number: number): ClientMessage {
	return {
		type: 'mycroft.events.triggered',
		namespace,
		event_name: PAGE_GAINED_FOCUS,
		// ovos-gui finds the namespace by parameters.skillId, not by `namespace` (spec §2.2).
		parameters: { number, skillId: namespace }
	};
}

/** A touch or key inside a page of `skillId`: resets its removal timer server-side. */
export function userInteraction(skillId: string): ClientMessage {
	return { type: 'mycroft.events.triggered', namespace: SYSTEM_NAMESPACE, event_name: USER_INTERACTION, parameters: { skillId } };
}

/** A page event; Qt sends `system.*` names under the `system` namespace (spec §4.4). */
export function pageEvent(namespace: string, eventName: string, parameters: JsonObject = {}): ClientMessage {
	return {
		type: 'mycroft.events.triggered',
		namespace: eventName.startsWith('system.') ? SYSTEM_NAMESPACE : namespace,
		event_name: eventName,
		parameters
	};
}

export function setData(namespace: string, data: JsonObject): ClientMessage {
	return { type: 'mycroft.session.set', namespace, data };
}

export function deleteData(namespace: string, property: string): ClientMessage {
	return { type: 'mycroft.session.delete', namespace, property };
}

/** Flat announce on the GUI socket itself (spec §1.3): sets this socket's framework to qt5. */
export function announce(guiId: string): ClientMessage {
	return { type: 'mycroft.gui.connected', gui_id: guiId, framework: 'qt5' };
}
