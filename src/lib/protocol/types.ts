/**
 * Every message of the legacy Qt GUI protocol (docs/protocol.md), as decoded values.
 *
 * Server → client messages arrive flat on `ws://HOST:18181/gui`; `decode` turns them into
 * `GuiMessage`, whose `kind` names the operation so the reducer never re-inspects namespaces.
 */
import type { Json, JsonObject } from './json';

/** The reserved namespace whose `mycroft.session.list.*` ops edit the namespace stack. */
export const ACTIVE_SKILLS = 'mycroft.system.active_skills';
/** Namespace of status events forwarded from the core bus, and of Qt's `system.*` events. */
export const SYSTEM_NAMESPACE = 'system';
export const PAGE_GAINED_FOCUS = 'page_gained_focus';
export const USER_INTERACTION = 'system.gui.user.interaction';

/** One page of a namespace. `url` is null when the server found no file for it (ovos-gui ≥ 1.0). */
export interface PageRef {
	readonly name: string;
	readonly url: string | null;
}

export type GuiMessage =
	/** `mycroft.session.list.insert` on active_skills: namespaces become active. */
	| {
			readonly kind: 'stack.insert';
			readonly position: number;
			readonly skills: readonly string[];
			/** How many skills the frame carried, when the screen's stack cap kept fewer in `skills`. */
			readonly total?: number;
	  }
	/** `mycroft.session.list.move` on active_skills. `count` defaults to 1 when absent. */
	| { readonly kind: 'stack.move'; readonly from: number; readonly to: number; readonly count: number }
	/** `mycroft.session.list.remove` on active_skills. */
	| { readonly kind: 'stack.remove'; readonly position: number; readonly count: number }
	/** `mycroft.gui.list.insert`. */
	| {
			readonly kind: 'pages.insert';
			readonly namespace: string;
			readonly position: number;
			readonly pages: readonly PageRef[];
			/** How many pages the frame carried, when the screen's page cap kept fewer in `pages`. */
			readonly total?: number;
	  }
	/** `mycroft.gui.list.move` (never emitted by ovos-gui 1.x; Qt implements it). */
	| {
			readonly kind: 'pages.move';
			readonly namespace: string;
			readonly from: number;
			readonly to: number;
			readonly count: number;
	  }
	/** `mycroft.gui.list.remove`. */
	| { readonly kind: 'pages.remove'; readonly namespace: string; readonly position: number; readonly count: number }
	/**
	 * `mycroft.session.set`: one or more keys. `cut` is set once the screen's list cap has been
	 * applied (screen/caps.ts): where a list was cut → its length as sent.
	 */
	| { readonly kind: 'data.set'; readonly namespace: string; readonly data: Readonly<JsonObject>; readonly cut?: Readonly<Record<string, number>> }
	/** `mycroft.session.delete`. */
	| { readonly kind: 'data.delete'; readonly namespace: string; readonly property: string }
	/** `mycroft.session.list.*` keyed by `property`: list models inside a namespace's data. */
	| {
			readonly kind: 'list.insert';
			readonly namespace: string;
			readonly property: string;
			readonly position: number;
			readonly items: readonly JsonObject[];
			/** How many rows the frame carried, when the screen's list cap kept fewer in `items`. */
			readonly total?: number;
	  }
	| {
			readonly kind: 'list.update';
			readonly namespace: string;
			readonly property: string;
			readonly position: number;
			readonly items: readonly JsonObject[];
			readonly total?: number;
	  }
	| {
			readonly kind: 'list.move';
			readonly namespace: string;
			readonly property: string;
			readonly from: number;
			readonly to: number;
			readonly count: number;
	  }
	| {
			readonly kind: 'list.remove';
			readonly namespace: string;
			readonly property: string;
			readonly position: number;
			readonly count: number;
	  }
	/** `mycroft.events.triggered` with `page_gained_focus`. */
	| { readonly kind: 'focus'; readonly namespace: string; readonly number: number }
	/** Any other `mycroft.events.triggered` (skill events and forwarded `system` status). */
	| { readonly kind: 'event'; readonly namespace: string; readonly name: string; readonly data: Json };

/** Client → server messages on the GUI socket, exactly as the Qt client shapes them. */
export type ClientMessage =
	| {
			readonly type: 'mycroft.events.triggered';
			readonly namespace: string;
			readonly event_name: string;
			readonly parameters: Readonly<JsonObject>;
	  }
	| { readonly type: 'mycroft.session.set'; readonly namespace: string; readonly data: Readonly<JsonObject> }
	| { readonly type: 'mycroft.session.delete'; readonly namespace: string; readonly property: string }
	| {
			readonly type: 'mycroft.gui.connected';
			readonly gui_id: string;
			readonly framework: 'qt5' | 'qt6';
	  };

/** The core-bus envelope. Absent `data`/`context` mean `{}`. */
export interface BusMessage {
	readonly type: string;
	readonly data: JsonObject;
	readonly context: JsonObject;
}

/** Why a frame could not be decoded. `code` is stable; `message` says what was wrong. */
export interface ProtocolError {
	readonly code: 'json' | 'not-object' | 'type' | 'field' | 'unknown-type';
	readonly message: string;
}

export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProtocolError };
