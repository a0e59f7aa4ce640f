/**
 * One now-playing model for every media page, and the small adapters from each key set to it:
 * OCP's `OVOSSyncPlayer` keys (docs/skill-pages.md#media-player-ocp), OVOS-GUI-1
 * `SYSTEM_audio_player` and `SYSTEM_media_player`. Every reader tolerates a key missing or of the wrong type. Pure.
 */
import type { Json } from '$lib/protocol';
import { flag, num, text } from '../../data';

type Data = Readonly<Record<string, Json>>;

export type PlayState = 'playing' | 'paused' | 'stopped';
export type LoopMode = 'none' | 'all' | 'track';

export interface NowPlaying {
	readonly title: string;
	readonly artist: string;
	readonly album: string;
	/** Raw image values, resolved with `imageSource` where shown. */
	readonly image: Json | undefined;
	readonly background: Json | undefined;
	readonly state: PlayState;
	/** Last reported position and the track length, in ms; null when unknown. */
	readonly positionMs: number | null;
	readonly durationMs: number | null;
	/** A stream without an end (GUI-1 `media_duration` −1). */
	readonly live: boolean;
	readonly loop: LoopMode;
	readonly shuffle: boolean;
	/** Which controls the page has at all (the OCP player has repeat and shuffle, GUI-1 pages do not). */
	readonly has: { readonly stop: boolean; readonly repeat: boolean; readonly shuffle: boolean; readonly seek: boolean };
	/** Which of them the player says can be used now. */
	readonly can: { readonly prev: boolean; readonly next: boolean; readonly resume: boolean; readonly repeat: boolean; readonly shuffle: boolean };
}

const key = (data: Data, k: string): Json | undefined => (Object.hasOwn(data, k) ? data[k] : undefined);

/** "Playing" / "Paused" / "Stopped" (OCP), any case; GUI-1 may also send OCP's PlayerState numbers. */
export function playStateOf(v: Json | undefined, fallback: PlayState = 'stopped'): PlayState {
	if (typeof v === 'string') {
		const s = v.trim().toLowerCase();
		if (s === 'playing' || s === 'play') return 'playing';
		if (s === 'paused' || s === 'pause') return 'paused';
		if (s === 'stopped' || s === 'stop' || s === 'idle') return 'stopped';
	}
	// ovos_utils.ocp.PlayerState: STOPPED 0, PLAYING 1, PAUSED 2.
	if (v === 1) return 'playing';
	if (v === 2) return 'paused';
	if (v === 0) return 'stopped';
	return fallback;
}

/** Milliseconds from a key (`scale` 1000 for seconds), or null when absent, not a number, or negative. */
function ms(data: Data, k: string, scale = 1): number | null {
	const n = num(data, k);
	return n === null || n < 0 ? null : n * scale;
}

/** A length: positive ms, or null (0 and unknown values mean "not known"). */
function length(data: Data, k: string, scale = 1): number | null {
	const n = ms(data, k, scale);
	return n !== null && n > 0 ? n : null;
}

/** OCP `loopStatus`: "None" / "Repeat" / "RepeatTrack" (gui.py `update_seekbar_capabilities`). */
export function loopOf(v: Json | undefined): LoopMode {
	if (v === 'Repeat') return 'all';
	if (v === 'RepeatTrack') return 'track';
	return 'none';
}

/**
 * OCP's sync player. Times are ms: `duration` is the track length set when a track starts;
 * `length` and `position` are refreshed by the backend's playback-time reports. `duration` wins
 * because `length` keeps the previous track's value until the next report.
 */
export function fromOcp(data: Data): NowPlaying {
	const image = key(data, 'image');
	const bg = key(data, 'bg_image');
	const duration = length(data, 'duration') ?? length(data, 'length');
	const live = num(data, 'duration') === -1 && duration === null;
	return {
		title: text(data, 'title'),
		artist: text(data, 'artist'),
		album: '',
		image,
		background: typeof bg === 'string' && bg.trim() ? bg : image,
		state: playStateOf(key(data, 'status')),
		positionMs: ms(data, 'position'),
		durationMs: duration,
		live,
		loop: loopOf(key(data, 'loopStatus')),
		shuffle: flag(data, 'shuffleStatus', false),
		has: { stop: true, repeat: true, shuffle: true, seek: true },
		can: {
			prev: flag(data, 'canPrev', true),
			next: flag(data, 'canNext', true),
			resume: flag(data, 'canResume', true),
			repeat: flag(data, 'canRepeat', true),
			shuffle: flag(data, 'canShuffle', true)
		}
	};
}

const GUI1_CAN = { prev: true, next: true, resume: true, repeat: false, shuffle: false } as const;

/** OVOS-GUI-1 `SYSTEM_audio_player`: title, artist, album, image, position (s), duration (s), playing. */
export function fromAudioPlayer(data: Data): NowPlaying {
	const image = key(data, 'image');
	return {
		title: text(data, 'title'),
		artist: text(data, 'artist'),
		album: text(data, 'album'),
		image,
		background: image,
		state: flag(data, 'playing', false) ? 'playing' : 'paused',
		positionMs: ms(data, 'position', 1000),
		durationMs: length(data, 'duration', 1000),
		live: false,
		loop: 'none',
		shuffle: false,
		has: { stop: false, repeat: false, shuffle: false, seek: false },
		can: GUI1_CAN
	};
}

/** OVOS-GUI-1 `SYSTEM_media_player`: the `media_*` keys; times in ms, `media_duration` −1 = live. */
export function fromMediaPlayer(data: Data): NowPlaying {
	const image = key(data, 'media_image');
	const rawDuration = num(data, 'media_duration');
	const queue = playlistOf(key(data, 'media_playlist'));
	const at = num(data, 'media_playlist_position');
	const index = at !== null && Number.isInteger(at) ? at : null;
	return {
		title: text(data, 'media_title'),
		artist: text(data, 'media_artist'),
		album: text(data, 'media_album'),
		image,
		background: image,
		state: playStateOf(key(data, 'media_playback_state')),
		positionMs: ms(data, 'media_position'),
		durationMs: length(data, 'media_duration'),
		live: rawDuration === -1,
		loop: 'none',
		shuffle: false,
		has: { stop: true, repeat: false, shuffle: false, seek: false },
		can: {
			...GUI1_CAN,
			// With a known queue, the ends of it are known too.
			prev: index === null || queue.length === 0 || index > 0,
			next: index === null || queue.length === 0 || index < queue.length - 1
		}
	};
}

/** One row of a GUI-1 `media_playlist` / `media_search_results`. */
export interface QueueEntry {
	readonly title: string;
	readonly artist: string;
	readonly image: Json | undefined;
	readonly durationMs: number | null;
}

/** A GUI-1 list of `{title, artist, image, uri, duration}`; entries that are not objects are skipped. */
export function playlistOf(v: Json | undefined): QueueEntry[] {
	if (!Array.isArray(v)) return [];
	const out: QueueEntry[] = [];
	for (const e of v) {
		if (e === null || typeof e !== 'object' || Array.isArray(e)) continue;
		out.push({ title: text(e, 'title'), artist: text(e, 'artist'), image: key(e, 'image'), durationMs: length(e, 'duration') });
	}
	return out;
}
