/**
 * The OCP media pages (namespace `ovos.common_play`) and the OVOS-GUI-1 players: readers of their
 * keys, and each page rendered (server-side) from the spec's keys, from nothing, and from junk.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { isRendered, preloadTemplates } from '../../src/lib/templates/registry';
import { backendOf, homeTabOf, infocardsOf, skillCardsOf } from '../../src/lib/templates/skills/ocp/ocp';
import type { BusWindow } from '../../src/lib/templates/types';

beforeAll(preloadTemplates, 60_000);

const OCP = 'ovos.common_play';
function html(name: string, data: Record<string, Json>, extra: Record<string, unknown> = {}, namespace = OCP): string {
	const props = { data, namespace, page: { name, url: null }, send: () => true, ...extra };
	return render(Template, { props }).body;
}

const CARD = { duration: 516_000, track: 'Master of Puppets', image: 'https://h/mop.jpg', album: 'skill-youtube-music.jarbasai', source: 'https://h/yt.png', uri: 'https://h/mop' };

describe('OCP readers', () => {
	it('playerBackend → which player', () => {
		expect(backendOf({ playerBackend: 'OVOSSyncPlayer' })).toBe('sync');
		expect(backendOf({})).toBe('sync');
		expect(backendOf({ playerBackend: 42 })).toBe('sync');
		expect(backendOf({ playerBackend: 'OVOSVideoPlayerQtAv' })).toBe('video');
		expect(backendOf({ playerBackend: 'OVOSVideoPlayer.qml' })).toBe('video');
		expect(backendOf({ playerBackend: 'OVOSWebPlayer' })).toBe('web');
	});
	it('infocards from `{data: […]}` (or a bare list), junk entries skipped, the entry kept as sent', () => {
		const cards = infocardsOf({ data: [CARD, 'junk', null, [1], { track: 7, duration: 'x' }] }).slice();
		expect(cards).toHaveLength(2);
		expect(cards[0]).toMatchObject({ track: 'Master of Puppets', album: 'skill-youtube-music.jarbasai', durationMs: 516_000, uri: 'https://h/mop' });
		expect(cards[0]?.raw).toBe(CARD);
		expect(cards[1]).toMatchObject({ track: '7', durationMs: null, album: '' });
		expect(infocardsOf([CARD])).toHaveLength(1);
		for (const v of [undefined, null, 'x', 3, { data: 'x' }, {}] as (Json | undefined)[]) expect(infocardsOf(v).slice()).toEqual([]);
	});
	it('a long playlist is read for its length only: a card is read when it is laid out (issue 24.4)', () => {
		// Every field of every card behind a getter that counts its reads.
		let reads = 0;
		const card = (i: number) => {
			const o: JsonObject = {};
			for (const [k, v] of Object.entries({ ...CARD, track: `song ${i}` })) Object.defineProperty(o, k, { enumerable: true, get: () => (reads++, v) });
			return o;
		};
		const cards = infocardsOf({ data: Array.from({ length: 5000 }, (_, i) => card(i)) });
		expect(cards.length).toBe(5000);
		expect(reads).toBe(0);
		expect(cards.slice(4998, 5000).map((c) => c.track)).toEqual(['song 4998', 'song 4999']);
		expect(reads).toBeGreaterThan(0);
	});
	it('skill cards and the home tab', () => {
		expect(skillCardsOf([{ skill_id: 'skill-news', title: 'News', image: 'https://h/n.png', media_type: [1] }, 'x', { title: null, skill_id: 'skill-radio' }, {}])).toEqual([
			{ skillId: 'skill-news', title: 'News', image: 'https://h/n.png' },
			{ skillId: 'skill-radio', title: 'skill-radio', image: undefined }
		]);
		expect(skillCardsOf({ a: 1 })).toEqual([]);
		expect(homeTabOf({ homepage_index: 1 })).toBe('skills');
		expect(homeTabOf({ homepage_index: '1' })).toBe('skills');
		expect(homeTabOf({ homepage_index: 0 })).toBe('search');
		expect(homeTabOf({})).toBe('search');
	});
	it('the registry knows the OCP pages in their namespace only, and the GUI-1 names', () => {
		for (const p of ['PlayerLoader', 'SuggestionsView', 'Home', 'busy', 'PlayerLoader.qml']) expect(isRendered({ name: p, url: null }, OCP)).toBe(true);
		expect(isRendered({ name: 'PlayerLoader', url: null }, 'skill-other')).toBe(false);
		for (const p of ['SYSTEM_audio_player', 'SYSTEM_video_player', 'SYSTEM_media_player']) expect(isRendered({ name: p, url: null }, 'skill-x')).toBe(true);
	});
});

describe('PlayerLoader', () => {
	const sync = { playerBackend: 'OVOSSyncPlayer', title: 'The Sound Of Silence', artist: 'Disturbed', image: 'https://h/a.jpg', bg_image: 'https://h/bg.jpg', status: 'Playing', duration: 248_000, position: 26_000, loopStatus: 'Repeat', shuffleStatus: false, canPrev: false, canNext: true, canResume: true };
	it('the sync player: art, title, artist, elapsed / total, controls', () => {
		const out = html('PlayerLoader', sync);
		expect(out).toContain('data-key="title">The Sound Of Silence</h1>');
		expect(out).toContain('data-key="artist">Disturbed</p>');
		expect(out).toContain('data-key="elapsed">0:26</span>');
		expect(out).toContain('data-key="total">4:08</span>');
		expect(out).toContain('src="https://h/a.jpg"');
		expect(out).toContain('src="https://h/bg.jpg"');
		expect(out).toMatch(/data-action="previous"[^>]*disabled/);
		expect(out).toMatch(/data-action="playpause"[^>]*aria-label="Pause"|aria-label="Pause"[^>]*data-action="playpause"/);
		expect(out).toMatch(/aria-label="Repeat is on"[^>]*aria-pressed="true"/);
		expect(out).toMatch(/aria-label="Shuffle is off"[^>]*aria-pressed="false"/);
		expect(out).toContain('role="slider"');
	});
	it('paused: a Play button and the word', () => {
		const out = html('PlayerLoader', { ...sync, status: 'Paused' });
		expect(out).toMatch(/aria-label="Play"/);
		expect(out).toContain('data-key="state">Paused</p>');
	});
	it('core-bus controls are disabled with a reason when there is no bus window, live when there is', () => {
		const none = html('PlayerLoader', sync);
		expect(none).toMatch(/aria-label="Close the player"[^>]*title="This needs the device’s message bus[^"]*"[^>]*aria-disabled="true"/);
		const down: BusWindow = { unavailable: 'The core bus is down.', send: async () => ({ ok: true }) };
		expect(html('PlayerLoader', sync, { bus: down })).toMatch(/aria-label="Close the player"[^>]*title="The core bus is down."/);
		const up: BusWindow = { unavailable: null, send: async () => ({ ok: true }) };
		const live = html('PlayerLoader', sync, { bus: up });
		expect(live).not.toContain('aria-disabled="true"');
		expect(live).toContain('data-bus-type="system.display.homescreen"');
		expect(live).toContain('data-bus-type="ovos.common_play.home"');
	});
	it('video and web backends: a "play this on the device" card with title and artist', () => {
		const video = html('PlayerLoader', { playerBackend: 'OVOSVideoPlayerQtAv', title: 'Big Buck Bunny', artist: 'Blender' });
		expect(video).toContain('data-backend="video"');
		expect(video).toContain('Play this on the device');
		expect(video).toContain('data-key="title">Big Buck Bunny</h1>');
		expect(video).toContain('data-key="artist">Blender</p>');
		const web = html('PlayerLoader', { playerBackend: 'OVOSWebPlayer', title: 'Radio', uri: 'https://radio.example/' });
		expect(web).toContain('data-backend="web"');
		expect(web).toContain('href="https://radio.example/"');
		expect(web).toContain('rel="noopener noreferrer"');
		expect(html('PlayerLoader', { playerBackend: 'OVOSWebPlayer', uri: 'javascript:alert(1)' })).not.toContain('href=');
		// On the device's own screen the web player is the page itself (ovos-shell's web view), without its scripts.
		const kiosk = html('PlayerLoader', { playerBackend: 'OVOSWebPlayer', uri: 'https://radio.example/' }, { mode: 'kiosk' });
		expect(kiosk).not.toContain('href=');
		expect(kiosk).toMatch(/<iframe[^>]*src="https:\/\/radio.example\/"[^>]*sandbox="allow-forms"/);
		expect(kiosk).toContain('Shown without its scripts');
		// An audio or video file plays in the player's own element, with its controls and the track's picture.
		const audio = html('PlayerLoader', { playerBackend: 'OVOSWebPlayer', uri: 'https://radio.example/live.mp3?x=1', image: 'https://radio.example/cover.png' }, { mode: 'kiosk' });
		expect(audio).not.toContain('<iframe');
		expect(audio).toMatch(/<video[^>]*src="https:\/\/radio.example\/live.mp3\?x=1"[^>]*poster="https:\/\/radio.example\/cover.png"[^>]*controls/);
		const clip = html('PlayerLoader', { playerBackend: 'OVOSWebPlayer', uri: 'https://cdn.example/clip.webm' }, { mode: 'kiosk' });
		expect(clip).toMatch(/<video[^>]*src="https:\/\/cdn.example\/clip.webm"/);
		expect(clip).not.toContain('poster=');
		// Not http(s): the card, never a frame.
		expect(html('PlayerLoader', { playerBackend: 'OVOSWebPlayer', uri: 'javascript:alert(1)' }, { mode: 'kiosk' })).not.toContain('<iframe');
	});
	it('no keys, or junk keys: a calm "Nothing playing", never blank', () => {
		for (const data of [{}, { title: { x: 1 }, artist: [2], status: 9, duration: 'x', position: null, image: 5, bg_image: true, loopStatus: [], playerBackend: {} }] as Record<string, Json>[]) {
			const out = html('PlayerLoader', data);
			expect(out).toContain('Nothing playing</h1>');
			expect(out).toContain('data-key="elapsed">0:00</span>');
			expect(out).toContain('data-key="total">–:––</span>');
			expect(out).toContain('data-art="placeholder"');
		}
	});
	it('live streams show LIVE instead of a total', () => {
		expect(html('PlayerLoader', { title: 'Radio', duration: -1, status: 'Playing' })).toMatch(/data-key="total">Live</);
	});
});

describe('SuggestionsView', () => {
	const data = { bg_image: 'https://h/bg.jpg', uri: 'https://h/mop', playlistModel: { data: [CARD, { ...CARD, track: 'Nothing Else Matters', duration: 389_000, uri: 'https://h/nem' }] }, searchModel: { data: [{ ...CARD, track: 'One' }] } };
	it('the playlist tab first, rows with track, skill, duration and source; the playing one marked', () => {
		const out = html('SuggestionsView', data);
		expect(out).toContain('data-tab="playlist"');
		expect(out).toContain('data-key="track">Master of Puppets</span>');
		expect(out).toContain('data-key="album">skill-youtube-music.jarbasai</span>');
		expect(out).toContain('data-key="duration">8:36</span>');
		expect(out).toContain('data-key="duration">6:29</span>');
		expect(out).toContain('src="https://h/yt.png"');
		expect(out).toMatch(/aria-current="true"[^>]*data-uri="https:\/\/h\/mop"/);
		expect(out).not.toContain('>One</span>');
	});
	it('an empty playlist with results opens on the results', () => {
		const out = html('SuggestionsView', { searchModel: data.searchModel });
		expect(out).toContain('data-tab="search"');
		expect(out).toContain('data-key="track">One</span>');
	});
	it('nothing at all: says so', () => {
		expect(html('SuggestionsView', {})).toContain('Nothing in the playlist yet');
		expect(html('SuggestionsView', { playlistModel: 'junk', searchModel: { data: [null] } })).toContain('Nothing in the playlist yet');
	});
});

describe('busy and Home', () => {
	it('busy: "Searching media", and OCP’s status text under it', () => {
		const out = html('busy', { footer_text: 'Searching YouTube…' });
		expect(out).toContain('Searching media</h1>');
		expect(out).toContain('data-key="footer_text">Searching YouTube…</p>');
		expect(html('busy', { footer_text: { a: 1 } })).not.toContain('footer_text');
	});
	it('Home: search form; skills tab from homepage_index with the cards; now-playing strip', () => {
		const search = html('Home', {});
		expect(search).toContain('Find something to play');
		expect(search).toContain('placeholder="Search for music, podcasts, movies …"');
		expect(search).not.toContain('role="tablist"');
		const skills = html('Home', { homepage_index: 1, displayBottomBar: true, skillCards: [{ skill_id: 'skill-news', title: 'News', image: 'https://h/n.png' }], title: 'Jazz', artist: 'Radio', status: 'Playing' });
		expect(skills).toContain('data-tab="skills"');
		expect(skills).toContain('data-key="skill-title">News</span>');
		expect(skills).toContain('data-key="now-playing">Jazz – Radio</span>');
		expect(skills).toContain('role="tablist"');
		// Stopped: no strip.
		expect(html('Home', { title: 'Jazz', status: 'Stopped' })).not.toContain('now-playing');
	});
});

describe('OVOS-GUI-1 players', () => {
	it('SYSTEM_audio_player: seconds on screen as m:ss', () => {
		const out = html('SYSTEM_audio_player', { title: 'Song', artist: 'Band', album: 'Record', image: 'https://h/i.png', position: 75, duration: 200, playing: false }, {}, 'skill-music');
		expect(out).toContain('data-key="title">Song</h1>');
		expect(out).toContain('data-key="album">Record</p>');
		expect(out).toContain('data-key="elapsed">1:15</span>');
		expect(out).toContain('data-key="total">3:20</span>');
		expect(out).not.toContain('data-action="repeat"');
		expect(out).not.toContain('data-action="stop"');
	});
	it('SYSTEM_media_player: media_* keys, the queue place and what is next', () => {
		const out = html('SYSTEM_media_player', { media_title: 'One', media_artist: 'Metallica', media_position: 60_000, media_duration: 446_000, media_playback_state: 'playing', media_playlist: [{ title: 'One' }, { title: 'Fade to Black', artist: 'Metallica' }], media_playlist_position: 0 }, {}, 'skill-music');
		expect(out).toContain('data-key="title">One</h1>');
		expect(out).toContain('data-key="elapsed">1:00</span>');
		expect(out).toContain('data-key="total">7:26</span>');
		expect(out).toMatch(/Track 1 of 2.*Up next: Fade to Black – Metallica/);
		expect(html('SYSTEM_media_player', { media_title: 'Radio', media_duration: -1 }, {}, 'skill-music')).toMatch(/data-key="total">Live</);
	});
	it('SYSTEM_video_player: a <video> for http(s), a clear card otherwise', () => {
		const out = html('SYSTEM_video_player', { uri: 'https://h/v.mp4', title: 'Clip', playing: true }, {}, 'skill-video');
		expect(out).toContain('<video');
		expect(out).toContain('src="https://h/v.mp4"');
		const local = html('SYSTEM_video_player', { uri: '/home/ovos/v.mp4', title: 'Clip' }, {}, 'skill-video');
		expect(local).not.toContain('<video');
		expect(local).toContain('data-key="title">Clip</h1>');
		expect(local).toContain('plays on the device itself');
		expect(html('SYSTEM_video_player', {}, {}, 'skill-video')).toContain('data-key="title">Video</h1>');
	});
});
