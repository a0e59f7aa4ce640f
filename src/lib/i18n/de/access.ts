import type en from '../en/access';
import { plural } from '../plural';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	pairTitle: 'Diesen Browser koppeln',
	pairWhat: 'Diese App zeigt die Bildschirme eines Sprachassistenten in Ihrem Netz. Bevor sie hier etwas zeigt, koppeln Sie diesen Browser mit dem Gerät, wie einen Fernseher.',
	pairName: 'Name dieses Browsers (wird auf dem Gerät angezeigt)',
	pairAsk: 'Code auf dem Gerät anzeigen',
	pairAskAgain: 'Code noch einmal anzeigen',
	pairAskNew: 'Neuen Code anfordern',
	pairShown: (minutes: number) =>
		plural('de', minutes, {
			one: `Auf dem Bildschirm des Geräts steht jetzt ein 6-stelliger Code, den es auch vorliest, wenn es eine Stimme hat. Geben Sie ihn innerhalb von ${minutes} Minute hier ein.`,
			other: `Auf dem Bildschirm des Geräts steht jetzt ein 6-stelliger Code, den es auch vorliest, wenn es eine Stimme hat. Geben Sie ihn innerhalb von ${minutes} Minuten hier ein.`
		}),
	pairCode: 'Code',
	pairGo: 'Koppeln',
	pairWrong: (left: number) => plural('de', left, { one: `Das ist nicht der Code: noch ${left} Versuch.`, other: `Das ist nicht der Code: noch ${left} Versuche.` }),
	pairVoid: 'Für diesen Code gab es zu viele falsche Versuche. Fordern Sie einen neuen an.',
	pairNoCode: 'Für diesen Browser wartet kein Code (er ist abgelaufen oder wurde benutzt). Fordern Sie einen neuen an.',
	pairLimit: (minutes: number) => plural('de', minutes, { one: `Zu viele Versuche. Versuchen Sie es in ${minutes} Minute wieder.`, other: `Zu viele Versuche. Versuchen Sie es in ${minutes} Minuten wieder.` }),
	pairFull: 'Das Gerät speichert keine weiteren gekoppelten Browser. Entfernen Sie zuerst einen unter /settings des Geräts.',
	pairToken: 'Sie haben ein API-Token aus /settings des Geräts? Öffnen Sie diese Adresse mit angehängtem {token}.',

	codeTitle: 'Kopplungsanfrage',
	codeFrom: '{name} unter {address} möchte gekoppelt werden. Geben Sie dort diesen Code ein:',
	codeUntil: 'Gültig bis {time}',
	codeHide: 'Ausblenden',
	codeSpoken: (digits: string) => `Der Kopplungscode ist ${digits}.`,

	title: 'Gekoppelte Browser und Tokens',
	what: 'Dieser Rechner selbst ist immer zugelassen. Von überall sonst muss ein Browser gekoppelt sein, mit einem Code, den das Gerät anzeigt, oder ein Werkzeug ein API-Token senden.',
	you: 'Sie sind: {who}.',
	youDevice: 'dieses Gerät',
	youPaired: 'ein gekoppelter Browser',
	youToken: 'Inhaber eines Tokens',
	youTrusted: 'in einem vertrauenswürdigen Netz ({network})',
	manageWhere: 'Gekoppelte Browser und Tokens werden auf dem Gerät selbst oder von einem gekoppelten Browser aus verwaltet.',
	browsers: 'Gekoppelte Browser',
	noBrowsers: 'Kein Browser ist gekoppelt.',
	name: 'Name',
	address: 'Adresse',
	pairedAt: 'Gekoppelt',
	lastSeen: 'Zuletzt gesehen',
	thisBrowser: 'dieser Browser',
	viaToken: 'per Token übergeben',
	forget: 'Entfernen',
	forgetWhat: 'Ein entfernter Browser verliert sofort seine Bildschirme und muss neu gekoppelt werden.',
	tokens: 'API-Tokens',
	tokensWhat: 'Für Chat-Werkzeuge und Skripte: Sie senden es als {header}. Eine einmal mit angehängtem {query} geöffnete Seite koppelt diesen Browser.',
	noTokens: 'Kein Token erstellt.',
	madeAt: 'Erstellt',
	lastUsed: 'Zuletzt benutzt',
	never: 'nie',
	tokenName: 'Name des neuen Tokens',
	tokenNamePlaceholder: 'z. B. Open WebUI',
	make: 'Token erstellen',
	made: 'Kopieren Sie das Token jetzt: Es wird nur dieses eine Mal angezeigt.',
	copy: 'Kopieren',
	copied: 'Kopiert',
	revoke: 'Widerrufen',
	revokeWhat: 'Ein widerrufenes Token entfernt auch die Browser, die es gekoppelt hat.',
	envToken: 'OVOS_SCREEN_TOKEN ist gesetzt: Es ist ebenfalls ein Token und wird nur dort geändert, wo der Server eingerichtet ist.',
	failed: 'Das hat nicht geklappt: {reason}'
};

export default de;
