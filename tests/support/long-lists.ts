/**
 * A skill's list-bearing pages with `n` entries in the keys each reads: for
 * bench:hostile's long-list figures, the browser test of the same, and the render tests.
 */
import type { JsonObject } from '../../src/lib/protocol';
import { STRIP_INITIAL } from '../../src/lib/templates/parts/window-math';

const GUI1 = 'skill-gui1.test';
const ALERTS = 'ovos-skill-alerts.openvoiceos';
const OCP = 'ovos.common_play';
const HOME = 'ovos-skill-homescreen.openvoiceos';

export interface LongCase {
	readonly name: string;
	readonly ns: string;
	/** The pages shown (one, except the namespace with `n` pages). */
	readonly pages: (n: number) => string[];
	readonly data: (n: number) => JsonObject;
	/** Text on the page once it shows (the first entry). */
	readonly marker: string;
	/** Where it is watched (default /kiosk). */
	readonly path?: string;
	/** What each entry shown starts with (`entry 12`), for counting them; absent where entries are not laid out at once. */
	readonly entry?: string;
	/** How many entries a first paint lays out, where not `INITIAL` (a card strip's). */
	readonly initial?: number;
}

const rows = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

export const LONG_CASES: readonly LongCase[] = [
	{ name: 'gui1_list', ns: GUI1, pages: () => ['SYSTEM_list'], data: (n) => ({ title: 'Long list', items: rows(n, (i) => ({ title: `entry ${i}`, subtitle: `line two of ${i}` })) }), marker: 'entry 0', entry: 'entry ' },
	{ name: 'gui1_grid', ns: GUI1, pages: () => ['SYSTEM_grid'], data: (n) => ({ title: 'Long grid', items: rows(n, (i) => ({ title: `tile ${i}` })) }), marker: 'tile 0', entry: 'tile ' },
	{ name: 'gui1_table', ns: GUI1, pages: () => ['SYSTEM_table'], data: (n) => ({ title: 'Long table', columns: ['City', 'Temp', 'Sky'], rows: rows(n, (i) => [`city ${i}`, `${i % 40}°C`, 'Cloudy']) }), marker: 'city 0', entry: 'city ' },
	{ name: 'gui1_select', ns: GUI1, pages: () => ['SYSTEM_select'], data: (n) => ({ prompt: 'Pick one', items: rows(n, (i) => ({ label: `choice ${i}`, value: i })) }), marker: 'choice 0', entry: 'choice ' },
	{ name: 'gui1_media', ns: GUI1, pages: () => ['SYSTEM_media_player'], data: (n) => ({ media_title: 'track 0', media_artist: 'someone', media_playback_state: 'playing', media_playlist: rows(n, (i) => ({ title: `track ${i}`, artist: 'someone' })), media_playlist_position: 0 }), marker: 'track 0' },
	{ name: 'alerts_list', ns: ALERTS, pages: () => ['ListView'], data: (n) => ({ header: 'Long to-do list', items: rows(n, (i) => ({ main: `to do ${i}`, secondary: `due ${i}` })) }), marker: 'to do 0', entry: 'to do ' },
	{ name: 'alerts_timer', ns: ALERTS, pages: () => ['Timer'], data: (n) => ({ activeTimers: { timers: rows(n, (i) => ({ alertId: `t${i}`, timerName: `timer ${i}`, timeDelta: '1:00', percentRemaining: 0.5, expired: false })) } }), marker: 'timer 0', entry: 'timer ', initial: STRIP_INITIAL },
	{ name: 'alerts_alarms', ns: ALERTS, pages: () => ['AlarmsOverviewCard'], data: (n) => ({ activeAlarms: rows(n, (i) => ({ alarmTime: '7:00', alarmAmPm: 'AM', alarmName: `alarm ${i}`, alarmExpired: false, alarmIndex: `a${i}`, alarmRepeat: false, alarmRepeatStr: 'Once' })), activeAlarmCount: n }), marker: 'alarm 0', entry: 'alarm ', initial: STRIP_INITIAL },
	{ name: 'ocp_suggestions', ns: OCP, pages: () => ['SuggestionsView'], data: (n) => ({ title: 'song 0', playlistModel: { data: rows(n, (i) => ({ track: `song ${i}`, album: 'skill-x', duration: 200_000, uri: `u${i}` })) } }), marker: 'song 0', entry: 'song ' },
	{ name: 'ocp_home', ns: OCP, pages: () => ['Home'], data: (n) => ({ homepage_index: 1, skillCards: rows(n, (i) => ({ skill_id: `s${i}`, title: `skill ${i}` })) }), marker: 'skill 0', entry: 'skill ' },
	{
		name: 'home_idle',
		ns: HOME,
		pages: () => ['idle'],
		data: (n) => ({
			time_string: '12:58',
			apps_enabled: true,
			applications_model: rows(n, (i) => ({ name: `app ${i}`, action: `app.${i}` })),
			notification_model: { storedmodel: rows(n, (i) => ({ sender: 'skill-x', text: `note ${i}`, action: '', callback_data: {} })), count: n }
		}),
		marker: '12:58'
	},
	// A page we have no renderer for, read from its data (templates/generic/).
	{ name: 'generic_list', ns: 'skill-notes.test', pages: () => ['AllNotes'], data: (n) => ({ allNotesModel: { allNotes: rows(n, (i) => ({ note_text: `note ${i}`, note_number: i })) } }), marker: 'note 0', entry: 'note ' },
	{ name: 'namespace_pages', ns: 'skill-pages.test', pages: (n) => rows(n, (i) => `page_${i}`), data: () => ({}), marker: 'pages test' },
	{ name: 'inspect_list', ns: GUI1, pages: () => ['SYSTEM_list'], data: (n) => ({ title: 'Long list', items: rows(n, (i) => ({ title: `entry ${i}`, subtitle: `line two of ${i}` })) }), marker: 'SYSTEM_list', path: '/inspect' }
];
