import type en from '../en/home';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	home: 'Startbildschirm',
	askMe: (example) => `Frag mich: ${example}`,
	notifications: 'Benachrichtigungen',
	openNotifications: 'Benachrichtigungen zeigen',
	openNotificationsCount: (n) => `Benachrichtigungen zeigen (${n})`,
	closeNotifications: 'Benachrichtigungen schließen',
	clearAll: 'Alle löschen',
	noNotifications: 'Keine Benachrichtigungen',
	actOnNotification: (sender, text) => `Öffnen und entfernen: ${sender} ${text}`,
	activeTimers: (n) => `Laufende Timer zeigen (${n})`,
	activeAlarms: (n) => `Wecker zeigen (${n})`,
	offline: 'Offline',
	noInternet: 'Netzwerk, aber kein Internet',
	apps: 'Apps',
	openApps: 'Apps zeigen',
	closeApps: 'Apps schließen',
	play: 'Abspielen',
	pause: 'Pause',
	stop: 'Stopp',
	openPlayer: 'Mediaplayer öffnen',
	nowPlaying: 'Läuft gerade',
	nightClock: 'Nachtuhr',
	leaveNightClock: 'Zurück zum Startbildschirm',
	nextWallpaper: 'Nächstes Hintergrundbild'
};

export default de;
