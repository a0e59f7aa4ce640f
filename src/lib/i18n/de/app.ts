import type en from '../en/app';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	titleScreen: 'OVOS-Bildschirm',
	titleKiosk: 'OVOS',

	connecting: (where) => `Verbinde mit ${where} …`,
	offlineSince: (time, attempt, where) => `Offline seit ${time} · warte auf OVOS unter ${where}${attempt > 1 ? ` (${attempt}. Versuch)` : ''}`,
	offlineWaiting: (where) => `Offline · warte auf OVOS unter ${where}`,
	clock: 'Uhr',
	back: 'Zurück',
	backKey: 'Zurück (Esc)',
	backRefused: (reason) => `Zurück von der ersten Seite wurde abgelehnt: ${reason}`,
	backNeedsBus: 'Um von der ersten Seite zurückzugehen, braucht es den Nachrichtenbus des Geräts – und mit dem ist dieser Bildschirm nicht verbunden.',
	pagesRole: 'Seiten',
	pagesOf: (namespace, n, count) => `${namespace}, Seite ${n} von ${count}`,
	pageNamed: (n, name) => `Seite ${n}: ${name}`,
	pageDots: 'Seiten',
	pageDot: (n, count) => `Seite ${n} von ${count}`,
	pageNotLoaded: (why) => `Diese Seite konnte nicht geladen werden (${why}). Es wird erneut versucht …`,
	pageFailed: (why) => `Diese Seite lässt sich nicht anzeigen (${why}).`,
	couldNotLoad: 'Laden fehlgeschlagen',
	error: 'Fehler',

	listening: 'Hört zu',
	speaking: 'Spricht',
	thinking: 'Denkt nach',
	asleep: 'Schläft',

	chat: 'Chat',
	chatWithOvos: 'Mit OVOS chatten',

	busConnecting: 'Verbinde mit dem Bus-Fenster des App-Servers …',
	busDown: 'Der App-Server ist nicht mit dem OVOS-Nachrichtenbus verbunden.',
	busUnreachable: (detail) => `Das Bus-Fenster des App-Servers ist nicht erreichbar (${detail}).`,
	busToken: 'Dieser Browser ist nicht mehr mit dem Gerät gekoppelt, darum sind Chat, Benachrichtigungen und Lautstärke hier aus. Öffne die Seite neu, um ihn zu koppeln.',
	tokenMissing: 'Nicht mehr gekoppelt: Chat, Benachrichtigungen und Lautstärke sind aus. Neu koppeln.',
	busRefused: (reason) => `Der App-Server verweigert sein Bus-Fenster: ${reason}`,
	busClosed: 'Das Bus-Fenster des App-Servers wurde geschlossen.',
	sendUnreachable: (detail) => `App-Server nicht erreichbar: ${detail}`,
	sendRefused: (status) => `abgelehnt (HTTP ${status})`,
	busBlocked: (where) =>
		`Dafür braucht es den Nachrichtenbus des Geräts, und mit dem ist dieser Bildschirm nicht verbunden: Er zeigt das OVOS unter ${where} (so steht es in seiner Adresse), der App-Server erreicht aber nur sein eigenes.`,
	thisPageHost: 'Host dieser Seite',

	notFound: 'Nicht gefunden',
	errorTitle: 'Fehler',
	noSuchPage: 'Diese Seite gibt es nicht',
	somethingWrong: 'Etwas ist schiefgelaufen',
	nothingAt: 'Unter {path} gibt es nichts.',
	mediaNotFound: 'Keine solche Mediendatei',
	mediaNotMedia: 'Keine Mediendatei',
	mediaRefused: 'Diese Datei ist für den Bildschirm nicht freigegeben',
	mediaBack: 'Zurück zum Bildschirm',
	notShown: 'Die Seite konnte nicht angezeigt werden.',
	appPages: 'Seiten von ovos-screen',
	pageScreen: 'Bildschirm',
	pageScreenWhat: 'der OVOS-Bildschirm, mit Chat',
	pageKiosk: 'Kiosk',
	pageKioskWhat: 'die Vollbildanzeige des Geräts selbst',
	pageChat: 'Chat',
	pageChatWhat: 'OVOS schreiben statt sprechen',
	pageInspect: 'Inspektor',
	pageInspectWhat: 'Namespaces, Seiten, Daten und Datenverkehr',
	pageSettings: 'Einstellungen',
	pageSettingsWhat: 'Design und OVOS-Adresse dieses Bildschirms, die Einstellungen des Servers, ein Verbindungstest'
};

export default de;
