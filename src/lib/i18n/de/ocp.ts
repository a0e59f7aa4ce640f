import type en from '../en/ocp';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	playlist: 'Wiedergabeliste',
	searchResults: 'Suchergebnisse',
	emptyPlaylist: 'Die Wiedergabeliste ist noch leer',
	emptySearch: 'Noch keine Suchergebnisse',
	nowPlayingBadge: 'Läuft gerade',
	searching: 'Medien werden gesucht',
	media: 'Medien',
	close: 'Player schließen',
	mediaHome: 'Medien-Start',
	findSomething: 'Such etwas zum Abspielen',
	searchPlaceholder: 'Musik, Podcasts, Filme suchen …',
	play: 'Abspielen!',
	home: 'Suche',
	skills: 'Skills',
	noSkills: 'Keine Medien-Skills vorhanden',
	nowPlaying: 'Läuft gerade',
	onDevice: 'Auf dem Gerät abspielen',
	videoNote: 'Videos aus dem Mediaplayer zeigt der Videoplayer des Geräts selbst, nicht dieser Bildschirm.',
	webNote: 'Web-Player laufen in der Browseransicht des Geräts, nicht auf diesem Bildschirm.',
	openPage: 'Seite hier öffnen',
	openingPlayer: 'Player wird geöffnet …',
	video: 'Video',
	web: 'Web-Player',
	tapToPlay: 'Zum Starten auf Abspielen tippen.',
	withoutScripts: 'Ohne ihre Skripte angezeigt: Eine Webseite darf dieses Gerät nicht steuern.',
	stop: 'Stopp',
	notSent: 'Nicht verbunden: Es wurde nichts gesendet.',
	typeFirst: 'Gib zuerst ein, was abgespielt werden soll.'
};

export default de;
