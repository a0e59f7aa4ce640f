/**
 * Readers for the OCP media player's keys (namespace `ovos.common_play`,
 * docs/skill-pages.md#media-player-ocp; ovos-ocp-audio-plugin ocp/gui.py and res/gui/qt5/*.qml).
 * Each tolerates any key missing or of the wrong type. Pure.
 */
import type { Json, JsonObject } from '$lib/protocol';
import { num, text } from '../../data';
import { rowsOf, type Rows } from '../../parts/rows';

type Data = Readonly<Record<string, Json>>;

/** GUI events OCP sends to its pages (gui.py `send_event`). */
export const OCP_EVENTS = {
	loaderClear: 'ocp.gui.player.loader.clear',
	showPlaylist: 'ocp.gui.show.suggestion.view.playlist',
	showSearch: 'ocp.gui.show.suggestion.view.disambiguation',
	homeSearch: 'ocp.gui.show.home.view.search',
	homeSkills: 'ocp.gui.show.home.view.skills'
} as const;

/** Core-bus requests the QML sends with `MycroftController.sendRequest`. */
export const OCP_BUS = {
	homescreen: { type: 'system.display.homescreen', data: {} },
	home: { type: 'ovos.common_play.home', data: {} }
} as const;

export type Backend = 'sync' | 'video' | 'web';

/**
 * PlayerLoader loads `<playerBackend>.qml`. Absent or unknown → the audio sync player, which is
 * what OCP uses for everything that is not video or web (gui.py `_get_player_page`).
 */
export function backendOf(data: Data): Backend {
	const b = text(data, 'playerBackend').replace(/\.qml$/, '');
	if (b === 'OVOSVideoPlayer' || b === 'OVOSVideoPlayerQtAv') return 'video';
	if (b === 'OVOSWebPlayer') return 'web';
	return 'sync';
}

/** One OCP infocard (ovos_utils.ocp `infocard`): `{duration (ms), track, image, album (= skill id), source (skill icon), uri}`. */
export interface Infocard {
	readonly track: string;
	readonly album: string;
	readonly durationMs: number | null;
	readonly image: Json | undefined;
	readonly source: Json | undefined;
	readonly uri: string;
	/** The entry exactly as received: the QML sends it back as `playlistData`. */
	readonly raw: JsonObject;
}

const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: JsonObject, k: string): Json | undefined => (Object.hasOwn(o, k) ? o[k] : undefined);

/**
 * `playlistModel` / `searchModel`: `{data: [infocard…]}` (a bare list is accepted too); other
 * entries are skipped. Each card is read when it is laid out (a playlist may hold thousands).
 */
export function infocardsOf(model: Json | undefined): Rows<Infocard> {
	const list = isObject(model) ? own(model, 'data') : model;
	return Array.isArray(list) ? rowsOf(list.filter(isObject), readInfocard) : [];
}

function readInfocard(e: JsonObject): Infocard {
	const d = num(e, 'duration');
	return {
		track: text(e, 'track'),
		album: text(e, 'album'),
		durationMs: d !== null && d > 0 ? d : null,
		image: own(e, 'image'),
		source: own(e, 'source'),
		uri: text(e, 'uri'),
		raw: e
	};
}

/** A featured skill on the Home page: `skillCards[] {skill_id, title, image, media_type}`. */
export interface SkillCard {
	readonly skillId: string;
	readonly title: string;
	readonly image: Json | undefined;
}

export function skillCardsOf(v: Json | undefined): SkillCard[] {
	if (!Array.isArray(v)) return [];
	const out: SkillCard[] = [];
	for (const e of v) {
		if (!isObject(e)) continue;
		const skillId = text(e, 'skill_id');
		const title = text(e, 'title') || skillId;
		if (!title) continue;
		out.push({ skillId, title, image: own(e, 'image') });
	}
	return out;
}

/** Home's tab: `homepage_index` 1 = the skills grid, anything else the search page (Home.qml). */
export function homeTabOf(data: Data): 'search' | 'skills' {
	return num(data, 'homepage_index') === 1 ? 'skills' : 'search';
}
