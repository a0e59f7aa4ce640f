/**
 * The wire of the app server's bus window (`/api/bus`), shared by the server and the browser: a
 * server-sent-events stream of allow-listed core-bus events, and a POST `{type, data}` per message a page asks for.
 * What may pass is decided in one place, `server/bus-window/allow-list.ts`.
 */
import type { JsonObject } from './json';

export const BUS_WINDOW_PATH = '/api/bus';

/** SSE `event: state`: whether the app server holds the core bus right now. */
export interface WindowState {
	readonly open: boolean;
	/** Why not, when closed. */
	readonly reason?: string;
	/**
	 * When closed because the device refuses the app server on its bus: OVOS lets only programs on
	 * the device itself on unless its mycroft.conf says otherwise (fixed on the device, not by waiting).
	 */
	readonly cause?: 'bus-local-only';
	/** While open: whether the device-side services the window's features rely on answered its questions. */
	readonly parts?: DeviceParts;
}

/**
 * A device-side service, as the window found it when the bus opened: asked and not answered yet,
 * answered, or silent (no answer within PARTS_WAIT_MS: it is not installed or not running).
 */
export type PartAnswer = 'asking' | 'answered' | 'silent';
export interface DeviceParts {
	/** ovos-gui's shell-companion extension (notifications): answers the stored-notifications question. */
	readonly notifications: PartAnswer;
	/** A PHAL volume plugin (the OSD): answers `mycroft.volume.get`. */
	readonly volume: PartAnswer;
}
export const PARTS_WAIT_MS = 3000;

/** SSE `event: bus`: one allow-listed bus event, its data cut to the allow-list's schema. */
export interface WindowEvent {
	readonly type: string;
	readonly data: JsonObject;
	/** Sent again to a newly connected browser (the last known value), not something that just happened. */
	readonly replay?: boolean;
}

/** Why a message was refused; each has its own HTTP status (see `REFUSAL_STATUS`). */
export type RefusalCode =
	| 'invalid'
	| 'not-allowed'
	| 'forbidden'
	| 'unauthorized'
	| 'too-large'
	| 'unsupported-type'
	| 'rate-limited'
	| 'bus-down';

export const REFUSAL_STATUS: Readonly<Record<RefusalCode, number>> = {
	invalid: 400,
	unauthorized: 401,
	'not-allowed': 403,
	forbidden: 403,
	'too-large': 413,
	'unsupported-type': 415,
	'rate-limited': 429,
	'bus-down': 503
};

/** The answer to every POST: accepted (on the bus) or refused, with why. */
export type WindowAnswer = { readonly ok: true } | { readonly ok: false; readonly code: RefusalCode; readonly reason: string };
