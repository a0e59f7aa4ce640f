/**
 * OVOS Common Play, as a device with the classic OCP plugin runs it:
 * - the OCP pipeline's intents (`ocp:play`, `ocp:pause`, … — ovos-ocp-pipeline-plugin): "play some
 *   jazz" searches the media skills (`ovos.common_play.query`) and hands the best result to the player;
 * - the player (ovos-ocp-audio-plugin), namespace `ovos.common_play`: `PlayerLoader` (backend
 *   `OVOSSyncPlayer`) with `SuggestionsView` as the 2nd page, the now-playing keys, and the bus API
 *   the page's buttons reach as `ovos.common_play.<event>` (pause, resume, next, previous, stop);
 * - the audio service playing the track, reporting `ovos.common_play.playback_time` (ms) every 2 s.
 * The player only obeys the device's own `default` session (`@require_default_session`).
 */
import { sessionIdOf, type BusMessage, type Json, type JsonObject } from '../../src/lib/protocol';
import { sleep } from '../../src/lib/node/clock';
import type { SkillContext, SkillDefinition, Turn } from '../workshop';
import { has } from './match';
import { inLang, type Texts } from './words';

export const OCP_ID = 'ovos.common_play';
/**
 * The audio backend's seek-bar sync: ovos-vlc-plugin (`update_playback_time`, since 2021) reports
 * only when more than 2 s passed since its last report ("send event ~ every 2 s"; the GUI runs its
 * own progress in between).
 */
export const PLAYBACK_SYNC_MS = 2000;

const PlayerState = { STOPPED: 0, PLAYING: 1, PAUSED: 2 } as const;
const STATUS = ['Stopped', 'Playing', 'Paused'] as const;
/** ovos-utils enums, as the wire carries them. */
const PlaybackType = { AUDIO: 2, AUDIO_SERVICE: 3 } as const;
const TrackState = { PLAYING_AUDIOSERVICE: 21 } as const;
const MediaState = { END_OF_MEDIA: 7 } as const;

/** A `MediaEntry.as_dict` (dataclass field order); `length` in ms, as OCP skills and the QML use it. */
export type MediaEntry = JsonObject & { uri: string; title: string; artist: string; length: number; image: string; skill_id: string };

function infocard(e: JsonObject): JsonObject {
	return { duration: e.length ?? 0, track: e.title ?? '', image: e.image ?? '', album: e.skill_id ?? OCP_ID, source: e.skill_icon ?? '', uri: e.uri ?? '' };
}

interface Player {
	state: number;
	playlist: MediaEntry[];
	position: number;
	search: MediaEntry[];
	searchPosition: number;
	nowPlaying: MediaEntry | null;
	/** ms into the current track, as last reported by the audio service. */
	elapsed: number;
	/** The audio service's clock for the current track; aborted on pause/stop/track change. */
	ticking: AbortController | null;
}

const players = new WeakMap<SkillContext, Player>();
function playerOf(skill: SkillContext): Player {
	let p = players.get(skill);
	if (!p) {
		p = { state: PlayerState.STOPPED, playlist: [], position: 0, search: [], searchPosition: 0, nowPlaying: null, elapsed: 0, ticking: null };
		players.set(skill, p);
	}
	return p;
}

const isDefault = (m: BusMessage) => sessionIdOf(m) === 'default';

class Ocp {
	constructor(
		readonly skill: SkillContext,
		readonly p: Player,
		/** Stand-ins for files the plugin ships (`res/ui/images/ocp.png`, `ocp_bg.png`). */
		readonly defaults: { image: string; bg: string }
	) {}

	private emit(type: string, data: JsonObject = {}): void {
		this.skill.bus.emit({ type, data, context: {} });
	}

	private get gui() {
		return this.skill.gui;
	}

	// ---- GUI (OCPMediaPlayerGUI) -------------------------------------------------------------

	updateSeekbarCapabilities(): void {
		const p = this.p;
		this.gui.set('canResume', true);
		this.gui.set('canPause', true);
		this.gui.set('canPrev', p.position > 0);
		this.gui.set('canNext', p.searchPosition < p.search.length - 1 || p.position < p.playlist.length - 1);
		this.gui.set('loopStatus', 'None');
		this.gui.set('shuffleStatus', false);
	}

	updateCurrentTrack(): void {
		const e = this.p.nowPlaying;
		if (!e) return;
		this.updateSeekbarCapabilities();
		this.gui.set('media', { ...e, ...infocard(e) });
		this.gui.set('uri', e.uri);
		this.gui.set('title', e.title);
		this.gui.set('image', e.image || this.defaults.image);
		this.gui.set('artist', e.artist);
		this.gui.set('bg_image', typeof e.bg_image === 'string' && e.bg_image ? e.bg_image : this.defaults.bg);
		this.gui.set('duration', e.length);
		this.gui.set('position', this.p.elapsed);
		this.gui.set('javascript', '');
		this.gui.set('javascriptCanOpenWindows', false);
		this.gui.set('allowUrlChange', false);
	}

	updatePlaylist(): void {
		this.gui.set('playlistModel', { data: this.p.playlist.map(infocard) });
	}

	updateSearchResults(): void {
		this.gui.set('searchModel', { data: this.p.search.map(infocard) });
	}

	/** `show_player` → `manage_display("player")`: PlayerLoader with SuggestionsView as the 2nd page. */
	async showPlayer(): Promise<void> {
		this.gui.removePages(['busy']);
		if (this.gui.get('playerBackend') !== 'OVOSSyncPlayer') this.gui.sendEvent('ocp.gui.player.loader.clear');
		await sleep(this.skill.clock, 400, this.skill.signal);
		this.gui.set('status', STATUS[this.p.state] ?? 'Stopped');
		this.gui.set('app_view_timeout_enabled', false);
		this.gui.set('app_view_timeout', 30);
		this.gui.set('app_view_timeout_mode', 'all');
		this.gui.set('playerBackend', 'OVOSSyncPlayer');
		if (this.p.search.length) this.gui.sendEvent('ocp.gui.show.suggestion.view.disambiguation');
		if (this.p.playlist.length) this.gui.sendEvent('ocp.gui.show.suggestion.view.playlist');
		this.gui.showPages(['PlayerLoader', 'SuggestionsView'], 0, true);
	}

	// ---- player (OCPMediaPlayer) -------------------------------------------------------------

	setState(state: number): void {
		if (state === this.p.state) return;
		this.p.state = state;
		this.gui.set('status', STATUS[state] ?? 'Stopped');
		this.emit('ovos.common_play.player.state', { state });
		// What mycroft-gui's media service reports on the core bus when the state changes (the homescreen's media widget listens).
		this.emit('gui.player.media.service.sync.status', { state });
	}

	setNowPlaying(track: MediaEntry): void {
		const at = this.p.playlist.findIndex((t) => t.uri === track.uri);
		this.p.nowPlaying = { ...track };
		this.p.elapsed = 0;
		this.emit('gui.player.media.service.set.meta', { title: track.title, image: track.image, artist: track.artist });
		if (at >= 0) this.p.position = at;
		else {
			this.p.playlist.push(track);
			this.p.position = this.p.playlist.length - 1;
		}
		this.updateCurrentTrack();
		this.updatePlaylist();
	}

	async playMedia(track: MediaEntry, playlist: MediaEntry[]): Promise<void> {
		if (this.p.state === PlayerState.PLAYING) this.pause();
		if (playlist.length) {
			this.p.playlist = [...playlist];
			this.p.position = Math.max(0, playlist.findIndex((t) => t.uri === track.uri));
		}
		this.setNowPlaying(track);
		await this.play();
	}

	async play(): Promise<void> {
		const e = this.p.nowPlaying;
		if (!e) return;
		// validate_stream: audio is handed to the audio service.
		if (e.playback === PlaybackType.AUDIO) e.playback = PlaybackType.AUDIO_SERVICE;
		this.gui.set('title', `Extracting info from: ${e.uri}`);
		this.gui.set('stream', e.uri);
		this.updateCurrentTrack();
		await this.showPlayer();
		if (this.skill.signal.aborted) return;
		this.emit('mycroft.audio.service.play', { tracks: [e.uri], utterance: 'vlc', repeat: false });
		this.emit('ovos.common_play.track.state', { state: TrackState.PLAYING_AUDIOSERVICE });
		this.setState(PlayerState.PLAYING);
	}

	pause(): void {
		this.emit('mycroft.audio.service.pause');
		this.setState(PlayerState.PAUSED);
	}

	resume(): void {
		this.emit('mycroft.audio.service.resume');
		this.setState(PlayerState.PLAYING);
	}

	stop(): void {
		this.emit('ovos.common_play.search.stop');
		this.p.playlist = [];
		this.emit('mycroft.audio.service.stop');
		this.setState(PlayerState.STOPPED);
	}

	async next(): Promise<void> {
		this.pause();
		const p = this.p;
		if (p.position < p.playlist.length - 1) {
			p.position++;
			this.setNowPlaying(p.playlist[p.position] as MediaEntry);
		} else if (p.searchPosition < p.search.length - 1) {
			// merge_search: the next search result not already played.
			do p.searchPosition++;
			while (p.searchPosition < p.search.length - 1 && p.playlist.some((t) => t.uri === p.search[p.searchPosition]?.uri));
			this.setNowPlaying(p.search[p.searchPosition] as MediaEntry);
		} else {
			this.endOfPlayback();
			return;
		}
		await this.play();
	}

	async previous(): Promise<void> {
		this.pause();
		// On the first track nothing more happens: it stays paused (as the real player).
		if (this.p.position === 0) return;
		this.p.position--;
		this.setNowPlaying(this.p.playlist[this.p.position] as MediaEntry);
		await this.play();
	}

	/** `handle_end_of_playback`: with search results, the suggestions for a minute. */
	endOfPlayback(): void {
		const results = this.gui.get('searchModel');
		if (results && typeof results === 'object' && !Array.isArray(results) && Array.isArray(results.data) && results.data.length) {
			this.gui.sendEvent('ocp.gui.show.suggestion.view.playlist');
			this.gui.showPage('SuggestionsView', 60);
		}
	}

	// ---- the audio service (a simulated vlc) -------------------------------------------------

	startTicking(): void {
		this.p.ticking?.abort();
		const ctl = new AbortController();
		this.p.ticking = ctl;
		const signal = AbortSignal.any([ctl.signal, this.skill.signal]);
		void (async () => {
			let last = this.skill.clock.now();
			for (;;) {
				await sleep(this.skill.clock, PLAYBACK_SYNC_MS, signal);
				if (signal.aborted) return;
				const now = this.skill.clock.now();
				const length = this.p.nowPlaying?.length ?? 0;
				this.p.elapsed = Math.min(length, this.p.elapsed + (now - last));
				last = now;
				this.emit('ovos.common_play.playback_time', { position: this.p.elapsed, length });
				if (this.p.elapsed >= length) {
					ctl.abort();
					this.emit('ovos.common_play.media.state', { state: MediaState.END_OF_MEDIA });
					return;
				}
			}
		})();
	}

	stopTicking(): void {
		this.p.ticking?.abort();
		this.p.ticking = null;
	}
}

function entryOf(x: Json | undefined): MediaEntry | null {
	if (!x || typeof x !== 'object' || Array.isArray(x) || typeof x.uri !== 'string') return null;
	return { title: '', artist: '', length: 0, image: '', skill_id: OCP_ID, ...x } as MediaEntry;
}

function entries(x: Json | undefined): MediaEntry[] {
	return Array.isArray(x) ? x.map(entryOf).filter((e): e is MediaEntry => e !== null) : [];
}

function start(skill: SkillContext): void {
	const ocp = new Ocp(skill, playerOf(skill), { image: skill.assetUrl('/demo/ocp/ocp.svg'), bg: skill.assetUrl('/demo/ocp/ocp_bg.svg') });
	const p = ocp.p;
	const onDefault = (type: string, fn: (m: BusMessage) => void) =>
		skill.on(type, (m) => {
			if (isDefault(m)) fn(m);
		});
	// The player's bus API; the page's buttons arrive here too (`triggerGuiEvent("pause")` → `ovos.common_play.pause`).
	onDefault('ovos.common_play.play', (m) => {
		const media = entryOf(m.data.media);
		if (!media) return;
		const disambiguation = entries(m.data.disambiguation);
		if (disambiguation.length) {
			p.search = disambiguation;
			p.searchPosition = 0;
			ocp.updateSearchResults();
		}
		void ocp.playMedia(media, entries(m.data.playlist).length ? entries(m.data.playlist) : [media]);
	});
	onDefault('ovos.common_play.pause', () => ocp.pause());
	onDefault('ovos.common_play.resume', () => ocp.resume());
	onDefault('ovos.common_play.stop', () => ocp.stop());
	onDefault('ovos.common_play.next', () => void ocp.next());
	onDefault('ovos.common_play.previous', () => void ocp.previous());
	onDefault('ovos.common_play.search.populate', (m) => {
		const list = entries(m.data.playlist);
		if (m.data.replace === true) p.search = list;
		else p.search.push(...list);
		p.searchPosition = 0;
		ocp.updateSearchResults();
	});
	onDefault('ovos.common_play.track_info', (m) =>
		skill.bus.emit({ type: 'ovos.common_play.track_info.response', data: p.nowPlaying ? { ...p.nowPlaying, position: p.elapsed } : {}, context: m.context })
	);
	const pick = (m: BusMessage, from: MediaEntry[]) => {
		const wanted = entryOf(m.data.playlistData);
		const track = from.find((t) => t.uri === wanted?.uri) ?? wanted;
		if (track) void ocp.playMedia(track, []);
	};
	onDefault('ovos.common_play.playlist.play', (m) => pick(m, p.playlist));
	onDefault('ovos.common_play.search.play', (m) => pick(m, p.search));
	onDefault('ovos.common_play.media.state', (m) => {
		if (m.data.state !== MediaState.END_OF_MEDIA) return;
		if (p.position + 1 < p.playlist.length || p.searchPosition < p.search.length - 1) void ocp.next();
		else {
			ocp.setState(PlayerState.STOPPED);
			ocp.endOfPlayback();
		}
	});
	onDefault('ovos.common_play.playback_time', (m) => {
		// `handle_sync_seekbar`: the page's seek bar follows the audio service.
		skill.gui.set('length', m.data.length ?? 0);
		skill.gui.set('position', m.data.position ?? 0);
	});

	// The audio service side.
	skill.on('mycroft.audio.service.play', () => ocp.startTicking());
	skill.on('mycroft.audio.service.resume', () => {
		if (p.nowPlaying) ocp.startTicking();
	});
	skill.on('mycroft.audio.service.pause', () => ocp.stopTicking());
	skill.on('mycroft.audio.service.stop', () => ocp.stopTicking());
}

/** The OCP pipeline's search: ask the media skills, take what they answer, best match first. */
function search(skill: SkillContext, turn: Turn, phrase: string): Promise<MediaEntry[]> {
	return new Promise((resolve) => {
		const results: MediaEntry[] = [];
		const off = skill.bus.on('ovos.common_play.query.response', (m) => {
			if (m.data.phrase === phrase) results.push(...entries(m.data.results));
			if (m.data.searching === false) finish();
		});
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			off();
			resolve(results.sort((a, b) => Number(b.match_confidence ?? 0) - Number(a.match_confidence ?? 0)));
		};
		turn.emit('ovos.common_play.search.start');
		turn.emit('ovos.common_play.query', { phrase, question_type: 2 });
		// The simulated media skills answer within the same bus dispatch; none answering ends the search too.
		setImmediate(finish);
	});
}

const PLAY = /^\s*(?:please\s+)?(?:play|put on|listen to)\b(.*)$/i;

/** A playback control intent: the pipeline forwards it to the player (`ocp_api.pause()` …). */
function control(name: string, handler: string, match: (u: string) => boolean, busType: string): SkillDefinition['intents'][number] {
	return {
		name,
		busType: `ocp:${name}`,
		handler,
		match: (u) => (match(u) ? {} : null),
		async run(turn) {
			turn.emit(busType);
		}
	};
}

/** The pipeline's dialogs (ovos-ocp-pipeline-plugin `locale/<lang>`). */
const SAY: Texts<{ moment: string; cantPlay: (query: string) => string }> = {
	en: { moment: 'Just one moment while I look for that', cantPlay: (q) => `I'm not sure how to play ${q}` },
	de: { moment: 'Einen Moment, ich suche danach', cantPlay: (q) => `Ich weiß nicht, wie ich ${q} abspielen soll` },
	pt: { moment: 'Um momento enquanto procuro', cantPlay: (q) => `Não sei como tocar ${q}` },
	'pt-BR': { moment: 'Só um momento enquanto eu procuro', cantPlay: (q) => `Não sei como tocar ${q}` }
};

const MEDIA_WORDS = ['music', 'song', 'track', 'playback', 'player', 'playing', 'radio'];

export const ocp: SkillDefinition = {
	id: OCP_ID,
	className: 'OCPPipelineMatcher',
	ui: {
		qt5: ['PlayerLoader', 'SuggestionsView', 'OVOSSyncPlayer', 'OVOSVideoPlayer', 'OVOSWebPlayer', 'Home', 'busy', 'Playlist', 'Disambiguation', 'Search']
	},
	examples: { en: ['play some jazz'], de: ['spiele etwas Jazz'], pt: ['toca jazz'], 'pt-BR': ['toque jazz'] },
	start,
	intents: [
		control('pause', 'handle_pause_intent', (u) => has(u, 'pause'), 'ovos.common_play.pause'),
		control('resume', 'handle_resume_intent', (u) => has(u, 'resume', 'unpause') || (has(u, 'continue') && has(u, ...MEDIA_WORDS)), 'ovos.common_play.resume'),
		control('next', 'handle_next_intent', (u) => has(u, 'next song', 'next track', 'skip this', 'skip song', 'skip track', 'play the next'), 'ovos.common_play.next'),
		control('prev', 'handle_prev_intent', (u) => has(u, 'previous song', 'previous track', 'last song', 'play the previous'), 'ovos.common_play.previous'),
		control('media_stop', 'handle_stop_intent', (u) => has(u, 'stop') && has(u, ...MEDIA_WORDS), 'ovos.common_play.stop'),
		{
			name: 'play',
			busType: 'ocp:play',
			handler: 'handle_play_intent',
			match: (u) => {
				const m = PLAY.exec(u);
				return m ? { query: (m[1] ?? '').trim().replace(/^(some|the|a)\s+/i, '') || 'music', media_type: 2 } : null;
			},
			async run(turn, skill) {
				const query = String(turn.slots.query ?? '');
				const say = inLang(SAY, turn.session);
				await turn.speak(say.moment, { dialog: 'just.one.moment' });
				const results = await search(skill, turn, query);
				turn.emit('ovos.common_play.reset');
				const best = results[0];
				if (!best) {
					await turn.speak(say.cantPlay(query), { dialog: 'cant.play' });
					return;
				}
				turn.emit('ovos.common_play.play', { media: best, playlist: [best], disambiguation: [], utterance: query });
				turn.emit('ovos.common_play.search.populate', { playlist: results, replace: true, sort_by_conf: false });
			}
		}
	]
};
