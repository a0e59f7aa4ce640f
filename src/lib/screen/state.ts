/** The GUI model a client mirrors from ovos-gui (docs/protocol.md). Immutable values. */
import type { Json, PageRef } from '../protocol';
import { NO_CUTS } from '../protocol';
import type { Cuts } from './caps';

export interface NamespaceState {
	/** Every page the server listed, placeholders (`url: null`) included, so indices never drift. */
	readonly pages: readonly PageRef[];
	/**
	 * How many pages the server's list holds: `pages.length`, unless the page cap (caps.ts
	 * `MAX_PAGES`) kept only the first of them. Page ops are checked against it (list-ops.ts).
	 */
	readonly pageTotal: number;
	/** Index into `pages`, or null when there are none. */
	readonly currentPage: number | null;
	/** Session data shared by all pages of the namespace. Read keys with `Object.hasOwn`. */
	readonly data: Readonly<Record<string, Json>>;
	/**
	 * The latest data of each GUI event the namespace received, by event name (the server's
	 * `page_gained_focus` included, which also marks a page shown again as it is). Skill pages read
	 * state that skills send as events rather than data (the homescreen's widgets), and `seq`
	 * (per name, counting up) lets a page act on every arrival of a command-like event.
	 */
	readonly events: Readonly<Record<string, GuiEventRecord>>;
	/**
	 * The lists of `data` the screen keeps in part (caps.ts): path → the length the server's list
	 * has. A data key's own list keeps the server's indices through later list ops (list-ops.ts).
	 */
	readonly cuts: Cuts;
}

export interface GuiEventRecord {
	readonly data: Json;
	readonly seq: number;
}

/** Event names kept per namespace; past this the oldest name is dropped (a hostile server cannot grow it). */
export const EVENT_NAMES_KEPT = 32;

/** What the `system` status events say the assistant is doing. */
export interface VoiceStatus {
	readonly listening: boolean;
	readonly thinking: boolean;
	readonly speaking: boolean;
	readonly sleeping: boolean;
	/** Outcome of the last utterance, for a brief ok/error cue; `none` once a new one starts. */
	readonly outcome: 'none' | 'ok' | 'error';
	/** The skill whose handler is running (from `mycroft.skill.handler.start`), or ''. */
	readonly skill: string;
}

export interface EventRecord {
	readonly namespace: string;
	readonly name: string;
	readonly data: Json;
}

export interface ScreenState {
	/** Namespace ids, top (shown) first: the first `MAX_STACK` (caps.ts) of the server's stack. */
	readonly stack: readonly string[];
	/** How many namespaces the server's stack holds: `stack.length`, unless the cap kept only the first. */
	readonly stackTotal: number;
	/** One entry per namespace in `stack`. Look ids up with `Object.hasOwn`, never `in`. */
	readonly namespaces: Readonly<Record<string, NamespaceState>>;
	readonly status: VoiceStatus;
	/** The latest skill (non-`system`) events, newest last, at most `LAST_EVENTS`. */
	readonly lastEvents: readonly EventRecord[];
}

export const LAST_EVENTS = 20;

export const IDLE_STATUS: VoiceStatus = {
	listening: false,
	thinking: false,
	speaking: false,
	sleeping: false,
	outcome: 'none',
	skill: ''
};

export function emptyState(): ScreenState {
	return { stack: [], stackTotal: 0, namespaces: {}, status: IDLE_STATUS, lastEvents: [] };
}

export function emptyNamespace(): NamespaceState {
	return { pages: [], pageTotal: 0, currentPage: null, data: {}, events: {}, cuts: NO_CUTS };
}
