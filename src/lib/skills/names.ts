/**
 * What a person calls a skill: "Timer", not `realpeer-timer.realpeer` — in the chat's answers and on
 * pages that name their skill (a neutral room, so templates need nothing of chat/). Skill ids are
 * `<name>.<author>`, the name often wrapped in `ovos-skill-…`, `skill-ovos-…` or the author's own
 * prefix; a few well-known ones get their proper names. The raw id stays available as a tooltip.
 */
import { CHAT } from '$lib/i18n/chat';

const KNOWN: Readonly<Record<string, () => string>> = {
	'date-time': () => CHAT.skillDateTime,
	datetime: () => CHAT.skillDateTime,
	'fallback-unknown': () => CHAT.skillUnknown,
	homescreen: () => CHAT.skillHome,
	'ovos-homescreen': () => CHAT.skillHome,
	wolfie: () => 'Wolfram Alpha',
	'wolfram-alpha': () => 'Wolfram Alpha',
	ddg: () => 'DuckDuckGo',
	'duck-duck-go': () => 'DuckDuckGo',
	duckduckgo: () => 'DuckDuckGo',
	ocp: () => CHAT.skillMedia,
	'ovos-common-play': () => CHAT.skillMedia,
	'common-play': () => CHAT.skillMedia,
	// The weather and alerts skills of a default install (ovos-skill-weather, ovos-skill-alerts).
	weather: () => CHAT.skillWeather,
	alerts: () => CHAT.skillAlerts
};

/**
 * Ids that are not `<name>.<author>`: OCP's player answers as `ovos.common_play` (the media player),
 * which the rule below would call "Ovos".
 */
const EXACT: Readonly<Record<string, () => string>> = {
	'ovos.common_play': () => CHAT.skillMedia
};

/** Words that frame a skill id rather than name the skill. */
const FRAME = new Set(['ovos', 'skill', 'skills', 'mycroft', 'neon', 'openvoiceos', 'plugin']);

export function skillName(id: string | null | undefined): string | null {
	if (!id) return null;
	const lower = id.toLowerCase();
	if (Object.hasOwn(EXACT, lower)) return (EXACT[lower] as () => string)();
	const dot = id.lastIndexOf('.');
	const name = (dot > 0 ? id.slice(0, dot) : id).toLowerCase();
	const author = dot > 0 ? id.slice(dot + 1).toLowerCase() : '';
	const words = name.split(/[-_\s]+/).filter(Boolean);
	const framing = (w: string) => FRAME.has(w) || w === author;
	while (words.length > 1 && framing(words[0] as string)) words.shift();
	while (words.length > 1 && framing(words.at(-1) as string)) words.pop();
	const core = words.join('-');
	if (Object.hasOwn(KNOWN, core)) return (KNOWN[core] as () => string)();
	const text = words.join(' ');
	return text ? text[0]?.toUpperCase() + text.slice(1) : id;
}
