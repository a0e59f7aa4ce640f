/** The shared media pieces: time readers and formats, the running position, key adapters, controls. */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import { eventFor, expectedState } from '../../src/lib/templates/parts/media/actions';
import { fromAudioPlayer, fromMediaPlayer, fromOcp, loopOf, playStateOf, playlistOf } from '../../src/lib/templates/parts/media/now-playing';
import { clockAt, formatTime, nextClock, spokenTime, startClock } from '../../src/lib/templates/parts/media/time';

describe('time', () => {
	it('formats m:ss and h:mm:ss, flooring like a clock', () => {
		expect(formatTime(0)).toBe('0:00');
		expect(formatTime(26_000)).toBe('0:26');
		expect(formatTime(248_999)).toBe('4:08');
		// The QML's toFixed(0) shows 59.6 s as "0:60"; we never do.
		expect(formatTime(59_600)).toBe('0:59');
		expect(formatTime(3_600_000 + 2 * 60_000 + 3_000)).toBe('1:02:03');
		expect(formatTime(-5)).toBe('0:00');
		expect(formatTime(Number.NaN)).toBe('0:00');
	});
	it('says durations in words', () => {
		expect(spokenTime(248_000)).toBe('4 minutes 8 seconds');
		expect(spokenTime(61_000)).toBe('1 minute 1 second');
		expect(spokenTime(0)).toBe('0 seconds');
		expect(spokenTime(3_600_000)).toBe('1 hour');
	});
});

describe('position between reports', () => {
	it('runs on from the last report while playing, never past the end', () => {
		const c = startClock({ reported: 26_000, running: true }, 1000);
		expect(clockAt(c, 1000, 248_000)).toBe(26_000);
		expect(clockAt(c, 2500, 248_000)).toBe(27_500);
		expect(clockAt(c, 10_000_000, 248_000)).toBe(248_000);
		// Unknown length: no cap.
		expect(clockAt(c, 1_001_000, null)).toBe(1_026_000);
		// A clock that went backwards is not negative time.
		expect(clockAt(c, 0, 248_000)).toBe(26_000);
	});
	it('stands still while paused', () => {
		const c = startClock({ reported: 5000, running: false }, 0);
		expect(clockAt(c, 60_000, 248_000)).toBe(5000);
	});
	it('a new report is the truth; a pause keeps the place reached', () => {
		const prev = { reported: 26_000, running: true };
		let c = startClock(prev, 0);
		// 2 s later the backend reports 27.9 s: re-based there, not at 28 s.
		c = nextClock(c, prev, { reported: 27_900, running: true }, 2000, 248_000);
		expect(clockAt(c, 2000, 248_000)).toBe(27_900);
		// Paused 1.5 s later with no new report: frozen at 29.4 s.
		c = nextClock(c, { reported: 27_900, running: true }, { reported: 27_900, running: false }, 3500, 248_000);
		expect(c.running).toBe(false);
		expect(clockAt(c, 9000, 248_000)).toBe(29_400);
		// Resumed: runs on from there.
		c = nextClock(c, { reported: 27_900, running: false }, { reported: 27_900, running: true }, 9000, 248_000);
		expect(clockAt(c, 10_000, 248_000)).toBe(30_400);
		// Nothing new: the very same clock.
		expect(nextClock(c, { reported: 27_900, running: true }, { reported: 27_900, running: true }, 11_000, 248_000)).toBe(c);
		// A report that goes missing (null) counts as new: back to the start.
		expect(clockAt(nextClock(c, { reported: 27_900, running: true }, { reported: null, running: true }, 12_000, null), 12_000, null)).toBe(0);
	});
});

describe('OCP adapter (OVOSSyncPlayer keys)', () => {
	const ocp = {
		title: 'The Sound Of Silence',
		artist: 'Disturbed',
		image: 'https://h/a.jpg',
		bg_image: 'https://h/bg.jpg',
		status: 'Playing',
		duration: 248_000,
		position: 26_000,
		length: 1000,
		loopStatus: 'RepeatTrack',
		shuffleStatus: true,
		canPrev: false,
		canNext: true,
		canResume: true
	};
	it('reads every key', () => {
		const np = fromOcp(ocp);
		expect(np).toMatchObject({ title: 'The Sound Of Silence', artist: 'Disturbed', image: 'https://h/a.jpg', background: 'https://h/bg.jpg', state: 'playing', positionMs: 26_000, durationMs: 248_000, loop: 'track', shuffle: true, live: false });
		expect(np.can).toMatchObject({ prev: false, next: true, resume: true });
		expect(np.has).toEqual({ stop: true, repeat: true, shuffle: true, seek: true });
	});
	it('`length` from the playback-time reports stands in when `duration` is unknown', () => {
		expect(fromOcp({ duration: 0, length: 180_000 }).durationMs).toBe(180_000);
		expect(fromOcp({ length: '180000' }).durationMs).toBe(180_000);
		expect(fromOcp({ duration: -1 }).live).toBe(true);
	});
	it('copes with every key missing or of the wrong type', () => {
		const empty = fromOcp({});
		expect(empty).toMatchObject({ title: '', artist: '', state: 'stopped', positionMs: null, durationMs: null, loop: 'none', shuffle: false, live: false });
		expect(empty.can).toMatchObject({ prev: true, next: true, resume: true });
		const junk = { title: { a: 1 }, artist: [1], status: 7, duration: 'soon', position: -3, loopStatus: true, shuffleStatus: 'maybe', canPrev: 'x', bg_image: 5, image: null } as Record<string, Json>;
		const np = fromOcp(junk);
		expect(np).toMatchObject({ title: '', artist: '', state: 'stopped', positionMs: null, durationMs: null, loop: 'none', shuffle: false });
		expect(np.can.prev).toBe(true);
		// No bg_image string: the art is the backdrop.
		expect(fromOcp({ image: 'https://h/a.jpg', bg_image: '' }).background).toBe('https://h/a.jpg');
	});
	it('reads states and loop modes', () => {
		expect(playStateOf('Paused')).toBe('paused');
		expect(playStateOf('PLAYING')).toBe('playing');
		expect(playStateOf(2)).toBe('paused');
		expect(playStateOf('nonsense', 'paused')).toBe('paused');
		expect(loopOf('Repeat')).toBe('all');
		expect(loopOf('None')).toBe('none');
		expect(loopOf(null)).toBe('none');
	});
});

describe('OVOS-GUI-1 adapters', () => {
	it('SYSTEM_audio_player: seconds become ms, `playing` the state, no repeat / shuffle / stop', () => {
		const np = fromAudioPlayer({ title: 'Song', artist: 'A', album: 'Al', image: 'https://h/i.png', position: 30, duration: 200, playing: true });
		expect(np).toMatchObject({ title: 'Song', artist: 'A', album: 'Al', positionMs: 30_000, durationMs: 200_000, state: 'playing' });
		expect(np.has).toEqual({ stop: false, repeat: false, shuffle: false, seek: false });
		expect(fromAudioPlayer({ playing: false }).state).toBe('paused');
		expect(fromAudioPlayer({ position: 'x', duration: null, playing: 'yes' })).toMatchObject({ positionMs: null, durationMs: null, state: 'paused' });
	});
	it('SYSTEM_media_player: media_* keys in ms, −1 = live, queue ends known', () => {
		const data: Record<string, Json> = {
			media_title: 'News',
			media_artist: 'Radio',
			media_position: 12_000,
			media_duration: -1,
			media_playback_state: 'playing',
			media_playlist: [{ title: 'One' }, { title: 'Two', duration: 60_000 }, 'junk', null],
			media_playlist_position: 0
		};
		const np = fromMediaPlayer(data);
		expect(np).toMatchObject({ title: 'News', artist: 'Radio', positionMs: 12_000, durationMs: null, live: true, state: 'playing' });
		expect(np.can).toMatchObject({ prev: false, next: true });
		expect(fromMediaPlayer({ ...data, media_playlist_position: 1 }).can).toMatchObject({ prev: true, next: false });
		expect(playlistOf(data.media_playlist)).toEqual([
			{ title: 'One', artist: '', image: undefined, durationMs: null },
			{ title: 'Two', artist: '', image: undefined, durationMs: 60_000 }
		]);
		expect(fromMediaPlayer({})).toMatchObject({ title: '', state: 'stopped', live: false, durationMs: null });
		expect(playlistOf('nope')).toEqual([]);
	});
});

describe('controls → GUI events', () => {
	const np = fromOcp({ status: 'Playing', canPrev: true, canNext: false, loopStatus: 'None', shuffleStatus: false });
	it('the QML names, with empty payloads', () => {
		expect(eventFor('previous', np, 'playing')).toEqual({ name: 'previous', params: {} });
		expect(eventFor('playpause', np, 'playing')).toEqual({ name: 'pause', params: {} });
		expect(eventFor('playpause', np, 'paused')).toEqual({ name: 'resume', params: {} });
		expect(eventFor('stop', np, 'playing')).toEqual({ name: 'stop', params: {} });
	});
	it('what cannot be used sends nothing', () => {
		expect(eventFor('next', np, 'playing')).toBeNull();
		expect(eventFor('stop', np, 'stopped')).toBeNull();
		expect(eventFor('playpause', fromOcp({ canResume: false }), 'paused')).toBeNull();
		expect(eventFor('repeat', fromAudioPlayer({}), 'playing')).toBeNull();
		expect(eventFor({ seekMs: 5000 }, fromAudioPlayer({}), 'playing')).toBeNull();
	});
	it('repeat, shuffle and seek use OCP’s own handlers', () => {
		expect(eventFor('repeat', np, 'playing')).toEqual({ name: 'repeat.set', params: {} });
		expect(eventFor('repeat', fromOcp({ loopStatus: 'RepeatTrack' }), 'playing')).toEqual({ name: 'repeat.unset', params: {} });
		expect(eventFor('shuffle', np, 'playing')).toEqual({ name: 'shuffle.set', params: {} });
		expect(eventFor('shuffle', fromOcp({ shuffleStatus: true }), 'playing')).toEqual({ name: 'shuffle.unset', params: {} });
		expect(eventFor({ seekMs: 61_234.6 }, np, 'playing')).toEqual({ name: 'seek', params: { seekValue: 61_235 } });
		// OCP ignores a falsy seekValue.
		expect(eventFor({ seekMs: 0 }, np, 'playing')).toEqual({ name: 'seek', params: { seekValue: 1 } });
	});
	it('the state shown right after a tap', () => {
		expect(expectedState('playpause', 'playing')).toBe('paused');
		expect(expectedState('playpause', 'stopped')).toBe('playing');
		expect(expectedState('stop', 'paused')).toBe('stopped');
		expect(expectedState('next', 'playing')).toBeNull();
	});
});
