/**
 * A media skill for OCP: it answers `ovos.common_play.query` with a few jazz tracks from the device's
 * music folder (album art served by the simulator), and puts an app on the homescreen's drawer, as
 * ovos-workshop's `register_homescreen_app` does (the icon copied into the GUI cache, its path sent).
 */
import type { JsonObject } from '../../src/lib/protocol';
import { MUSIC_ICON_SVG, OCP_ART } from '../assets';
import type { SkillContext, SkillDefinition } from '../workshop';
import { OCP_ID, type MediaEntry } from './ocp';
import { inLang, type Texts } from './words';

export const MUSIC_ID = 'ovos-skill-local-music.openvoiceos';
const APP_EVENT = `${MUSIC_ID}.local_music.homescreen.app`;

const APP_NAME: Texts<string> = { en: 'Local Music', de: 'Lokale Musik', pt: 'Música local' };

/** title, artist, length (ms), album art. */
const TRACKS = [
	{ title: 'Blue Lantern', artist: 'The Night Owl Trio', length: 192_000, art: OCP_ART[0] },
	{ title: 'Rainy Avenue', artist: 'Mira Sol Quartet', length: 245_000, art: OCP_ART[1] },
	{ title: 'Slow Orbit', artist: 'Theo Lane', length: 330_000, art: OCP_ART[2] }
] as const;

function tracks(skill: SkillContext, confidence: number): MediaEntry[] {
	return TRACKS.map((t, i) => ({
		uri: `file:///home/ovos/Music/Jazz/${t.title.toLowerCase().replace(/\s+/g, '-')}.mp3`,
		title: t.title,
		artist: t.artist,
		match_confidence: confidence - i * 10,
		skill_id: MUSIC_ID,
		playback: 2,
		status: 1,
		media_type: 2,
		length: t.length,
		image: skill.assetUrl(t.art),
		skill_icon: skill.assetUrl('/demo/ocp/local-music.svg'),
		javascript: ''
	}));
}

export const music: SkillDefinition = {
	id: MUSIC_ID,
	className: 'LocalMusicSkill',
	intents: [],
	start(skill) {
		skill.on('ovos.common_play.query', (m) => {
			const phrase = typeof m.data.phrase === 'string' ? m.data.phrase : '';
			const wanted = /\b(jazz|music|songs?|something|anything)\b/i.test(phrase) || phrase === '';
			const data: JsonObject = { phrase, skill_id: MUSIC_ID, results: wanted ? tracks(skill, /jazz/i.test(phrase) ? 90 : 60) : [], searching: false };
			skill.bus.emit({ type: 'ovos.common_play.query.response', data, context: m.context });
		});
		const icon = skill.cache.writeResource(MUSIC_ID, 'local-music.svg', MUSIC_ICON_SVG);
		// The app's name in the device's language, as the skill's `locale/<lang>` names it.
		const register = () =>
			skill.bus.emit({ type: 'homescreen.register.app', data: { skill_id: MUSIC_ID, icon, name: inLang(APP_NAME, skill.sessions.default), event: APP_EVENT }, context: {} });
		register();
		skill.on('homescreen.metadata.get', register);
		// The app opens the player on the first track, as "play my music" would.
		skill.on(APP_EVENT, (m) => {
			const all = tracks(skill, 90);
			skill.bus.emit({ type: 'ovos.common_play.play', data: { media: all[0] ?? null, playlist: all, disambiguation: [], utterance: '' }, context: { ...m.context, skill_id: OCP_ID } });
		});
	}
};
