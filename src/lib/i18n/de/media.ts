import type en from '../en/media';
import { plural } from '../plural';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	previous: 'Zurück',
	play: 'Abspielen',
	pause: 'Pause',
	stop: 'Stopp',
	next: 'Weiter',
	repeatOff: 'Wiederholen ist aus',
	repeatAll: 'Wiederholen ist an',
	repeatTrack: 'Dieser Titel wird wiederholt',
	shuffleOn: 'Zufallswiedergabe ist an',
	shuffleOff: 'Zufallswiedergabe ist aus',
	live: 'Live',
	position: 'Position',
	positionOf: (at, total) => `${at} von ${total}`,
	hours: (n) => plural('de', n, { one: `${n} Stunde`, other: `${n} Stunden` }),
	minutes: (n) => plural('de', n, { one: `${n} Minute`, other: `${n} Minuten` }),
	seconds: (n) => plural('de', n, { one: `${n} Sekunde`, other: `${n} Sekunden` }),
	coverArt: 'Cover',
	coverOf: (title) => `Cover von ${title}`,
	coverUnreachable: 'Das Cover ist eine Datei auf dem Gerät und von diesem Bildschirm aus nicht erreichbar',
	untitled: 'Ohne Titel',
	nothingPlaying: 'Es läuft nichts',
	notSent: 'Nicht verbunden: Es wurde nichts gesendet.',
	controls: 'Wiedergabesteuerung',
	paused: 'Pausiert',
	stopped: 'Gestoppt',
	trackOf: (n, count) => `Titel ${n} von ${count}`,
	upNext: (title) => `Als Nächstes: ${title}`
};

export default de;
