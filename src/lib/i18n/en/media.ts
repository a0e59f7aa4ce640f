/** The now-playing screen and its controls (OCP's player, the OVOS-GUI-1 players). */
import { plural } from '../plural';

const en = {
	previous: 'Previous',
	play: 'Play',
	pause: 'Pause',
	stop: 'Stop',
	next: 'Next',
	repeatOff: 'Repeat is off',
	repeatAll: 'Repeat is on',
	repeatTrack: 'Repeating this track',
	shuffleOn: 'Shuffle is on',
	shuffleOff: 'Shuffle is off',
	live: 'Live',
	position: 'Position',
	positionOf: (at: string, total: string) => `${at} of ${total}`,
	hours: (n: number) => plural('en', n, { one: `${n} hour`, other: `${n} hours` }),
	minutes: (n: number) => plural('en', n, { one: `${n} minute`, other: `${n} minutes` }),
	seconds: (n: number) => plural('en', n, { one: `${n} second`, other: `${n} seconds` }),
	coverArt: 'Cover art',
	coverOf: (title: string) => `Cover art: ${title}`,
	coverUnreachable: 'The cover is a file on the device, not reachable from this screen',
	untitled: 'Untitled',
	nothingPlaying: 'Nothing playing',
	notSent: 'Not connected: nothing was sent.',
	controls: 'Player controls',
	paused: 'Paused',
	stopped: 'Stopped',
	trackOf: (n: number, count: number) => `Track ${n} of ${count}`,
	upNext: (title: string) => `Up next: ${title}`
};

export default en;
