import type en from '../en/gui1';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	clock: 'Uhr',
	timer: 'Timer',
	video: 'Video',
	videoOnDevice: 'Dieses Video läuft auf dem Gerät selbst; dieser Bildschirm kann nur Webvideos (http oder https) abspielen.',
	videoFailed: 'Das Video konnte auf diesem Bildschirm nicht geladen werden.',
	tapToPlay: 'Tippe auf Abspielen, um das Video zu starten.',
	error: 'Etwas ist schiefgelaufen',
	errorPage: 'Fehler',
	list: 'Liste',
	grid: 'Bilder',
	table: 'Tabelle',
	empty: 'Noch nichts zu zeigen',
	noRows: 'Noch keine Zeilen',
	imageMissing: 'Bild nicht angezeigt',
	weather: 'Wetter',
	map: 'Karte',
	noLocation: 'Kein Ort angegeben',
	zoom: (level) => `Zoomstufe ${level}`,
	openMap: 'In OpenStreetMap öffnen ↗',
	confirm: 'Frage',
	yes: 'Ja',
	no: 'Nein',
	select: 'Auswahl',
	noChoices: 'Noch keine Auswahl',
	noValue: 'Diese Wahl hat keinen Wert zum Senden',
	sent: 'Gesendet.',
	notSent: 'Nicht verbunden: Es wurde nichts gesendet.',
	compass: { north: 'N', south: 'S', east: 'O', west: 'W' }
};

export default de;
