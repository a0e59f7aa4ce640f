/**
 * Which log rows show: direction, socket, wire type, namespace, free text (a `/regex/` too),
 * errors only, and mute presets for the noisy types a developer rarely wants to see.
 */
import { INSPECT } from '$lib/i18n/inspect';
import type { LogEntry } from './entry';

export interface MutePreset {
	/** Also the key of its name in the inspector's texts. */
	readonly id: 'status' | 'interaction' | 'focus' | 'alive' | 'handshake';
	readonly matches: (e: LogEntry) => boolean;
}

const STATUS_PREFIXES = ['recognizer_loop:', 'enclosure.', 'mycroft.audio.', 'ovos.utterance.', 'mycroft.skill.handler.'];

export const MUTE_PRESETS: readonly MutePreset[] = [
	{
		id: 'status',
		// ovos-gui forwards these on the GUI socket under `system`; the bus has the originals.
		matches: (e) =>
			(e.socket === 'gui' && e.namespace === 'system' && e.event !== '' && e.event !== 'system.gui.user.interaction') ||
			(e.socket === 'bus' && STATUS_PREFIXES.some((p) => e.type.startsWith(p)))
	},
	{
		id: 'interaction',
		matches: (e) => e.event === 'system.gui.user.interaction' || e.type === 'gui.page_interaction'
	},
	{
		id: 'focus',
		matches: (e) => e.event === 'page_gained_focus' || e.type === 'gui.page_gained_focus'
	},
	{
		id: 'alive',
		matches: (e) => /(\.is_alive|\.is_ready|gui\.status\.request)(\.response)?$/.test(e.type)
	},
	{
		id: 'handshake',
		matches: (e) => /^mycroft\.gui\.(connected|port|available)$/.test(e.type) || e.type === 'connected'
	}
];

export interface FilterSpec {
	readonly dirIn: boolean;
	readonly dirOut: boolean;
	readonly gui: boolean;
	readonly bus: boolean;
	/** Exact wire type, or '' for any. */
	readonly type: string;
	/** Exact namespace, or '' for any. */
	readonly namespace: string;
	/** Case-insensitive text in the raw frame or its type; `/…/flags` is a regular expression. */
	readonly text: string;
	readonly errorsOnly: boolean;
	/** Ids of `MUTE_PRESETS` in effect. */
	readonly muted: readonly string[];
	/** Individually muted wire types (from a row's "mute this type"). */
	readonly mutedTypes: readonly string[];
}

export const MAX_MUTED_TYPES = 64;

export const NO_FILTER: FilterSpec = {
	dirIn: true,
	dirOut: true,
	gui: true,
	bus: true,
	type: '',
	namespace: '',
	text: '',
	errorsOnly: false,
	muted: [],
	mutedTypes: []
};

export type RowPredicate = (e: LogEntry) => boolean;

/** Compiles a spec once, so testing thousands of rows per keystroke stays cheap. */
export function compileFilter(spec: FilterSpec): RowPredicate {
	const presets = MUTE_PRESETS.filter((p) => spec.muted.includes(p.id));
	const mutedTypes = new Set(spec.mutedTypes);
	const text = textMatcher(spec.text);
	return (e) => {
		if (e.dir === 'in' ? !spec.dirIn : !spec.dirOut) return false;
		if (e.socket === 'gui' ? !spec.gui : !spec.bus) return false;
		if (spec.errorsOnly && !e.error && !e.problem) return false;
		if (spec.type !== '' && e.type !== spec.type) return false;
		if (spec.namespace !== '' && e.namespace !== spec.namespace) return false;
		if (mutedTypes.size > 0 && mutedTypes.has(e.type)) return false;
		for (const p of presets) if (p.matches(e)) return false;
		return text === null || text(e);
	};
}

/** `/…/flags` as a RegExp; null when the text is not written as one; an Error when it is not valid. */
function asRegExp(text: string): RegExp | Error | null {
	const re = /^\/(.+)\/([a-z]*)$/.exec(text.trim());
	if (!re) return null;
	// `g` and `y` would make test() remember where it stopped between rows.
	if (/[^imsu]/.test(re[2] as string)) return new Error(INSPECT.regexFlags(re[2] as string));
	try {
		return new RegExp(re[1] as string, re[2]);
	} catch (e) {
		return e as Error;
	}
}

/** Why the filter text, written as a `/regex/`, is not a valid one (it is then searched for as written). */
export function textFilterProblem(text: string): string | null {
	const rx = asRegExp(text);
	return rx instanceof Error ? INSPECT.badRegex(rx.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '')) : null;
}

function textMatcher(text: string): RowPredicate | null {
	const t = text.trim();
	if (t === '') return null;
	const rx = asRegExp(t);
	if (rx instanceof RegExp) return (e) => rx.test(e.raw) || rx.test(e.type);
	const needle = t.toLowerCase();
	return (e) => e.raw.toLowerCase().includes(needle) || e.type.toLowerCase().includes(needle) || (e.error?.message.toLowerCase().includes(needle) ?? false);
}

/** Adds a type to the individually muted ones, keeping the list bounded. */
export function muteType(spec: FilterSpec, type: string): FilterSpec {
	if (type === '' || spec.mutedTypes.includes(type)) return spec;
	return { ...spec, mutedTypes: [...spec.mutedTypes, type].slice(-MAX_MUTED_TYPES) };
}
