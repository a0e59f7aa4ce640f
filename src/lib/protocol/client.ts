/**
 * Client → server messages: builders that shape them exactly as the Qt client does
 * (docs/protocol.md), and `encode`. Hand-made messages are validated with the schemas in `schemas.ts`.
 */
import type { JsonObject } from './json';
import { PAGE_GAINED_FOCUS, SYSTEM_NAMESPACE, USER_INTERACTION, type ClientMessage } from './types';

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
		// ovos-gui finds the namespace by parameters.skillId, not by `namespace`.
		parameters: { number, skillId: namespace }
	};
}

/** A touch or key inside a page of `skillId`: resets its removal timer server-side. */
export function userInteraction(skillId: string): ClientMessage {
	return { type: 'mycroft.events.triggered', namespace: SYSTEM_NAMESPACE, event_name: USER_INTERACTION, parameters: { skillId } };
}

/** A page event; Qt sends `system.*` names under the `system` namespace. */
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

/** Flat announce on the GUI socket itself (no core bus needed): sets this socket's framework to qt5. */
export function announce(guiId: string): ClientMessage {
	return { type: 'mycroft.gui.connected', gui_id: guiId, framework: 'qt5' };
}
