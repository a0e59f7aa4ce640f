import type en from '../en/chat';
import { plural } from '../plural';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	title: 'Chat · ovos-screen',
	unmatched: 'Das hat OVOS nicht verstanden.',
	timeout: 'Zeit abgelaufen: OVOS ist verstummt, bevor die Antwort fertig war.',
	unreachable: 'OVOS ist nicht erreichbar.',
	noCore: 'Der OVOS-Core antwortet nicht.',
	busy: 'Die vorige Nachricht wird noch beantwortet.',
	coreBusy: 'OVOS ist mit anderen Chats beschäftigt: bitte gleich noch einmal versuchen.',
	questionEnded: 'OVOS war mit anderen Chats beschäftigt und hat seine Frage beendet, bevor deine Antwort kam: frag noch einmal.',
	busLocalOnly: 'OVOS lässt auf dem Gerät nur Programme an seinen Nachrichtenbus, die auf dem Gerät selbst laufen, und der Chat braucht ihn. Starte diese App auf dem Gerät oder öffne den Bus in der mycroft.conf des Geräts (siehe „Pointing it at a device“ in docs/install.md).',
	queued: (ahead) =>
		ahead === 0
			? 'OVOS ist mit anderen Chats beschäftigt: deine Nachricht ist als Nächste dran'
			: plural('de', ahead, { one: `OVOS ist mit anderen Chats beschäftigt: ${ahead} Nachricht vor deiner`, other: `OVOS ist mit anderen Chats beschäftigt: ${ahead} Nachrichten vor deiner` }),
	stopped: 'Angehalten.',
	unauthorized: 'Dieser Browser ist nicht mehr mit dem Gerät gekoppelt. Öffne die Seite neu, um ihn zu koppeln.',
	error: 'Etwas ist schiefgelaufen.',
	answering: 'OVOS antwortet',
	answeredBy: (skill) => `Geantwortet hat der Skill ${skill}`,
	stale: 'Die vorige Frage war schon abgeschlossen, deshalb gilt das als neue Anfrage.',
	waiting: 'OVOS wartet auf deine Antwort',
	chatWithOvos: 'Mit OVOS chatten',
	chats: 'Chats',
	newChat: 'Neuer Chat',
	closeChat: 'Chat schließen',
	mode: 'Chat-Modus',
	modeHelp: 'Privat: Nur dieser Chat sieht die Antworten. Auf diesem Gerät: als würdest du mit ihm sprechen – die Antworten werden dort gesprochen und auf seinen Bildschirmen gezeigt.',
	private: 'Privater Chat',
	device: 'Auf diesem Gerät',
	language: 'Sprache',
	languageHelp: 'Die Sprache, in der OVOS diesen Chat versteht und beantwortet. Deine Sprache: die dieser Seite, wenn OVOS auf dem Gerät sie versteht, sonst die des Geräts.',
	auto: 'Deine Sprache',
	notHeard: (wanted, heard) => `OVOS versteht auf diesem Gerät kein ${wanted} und hat deine Nachricht auf ${heard} genommen.`,
	messages: 'Nachrichten',
	hint: 'Schreib OVOS etwas, zum Beispiel {example}.',
	example: 'wie spät ist es',
	hintDevice: 'Auf diesem Gerät: Die Antworten werden dort gesprochen und auf seinen Bildschirmen gezeigt, wie wenn du mit ihm sprichst.',
	hintPrivate: 'Privat: Die Antworten werden auf dem Gerät nicht gesprochen.',
	message: 'Nachricht',
	placeholder: 'Nachricht an OVOS …',
	answerPlaceholder: 'Deine Antwort …',
	stop: 'Stopp',
	send: 'Senden',
	unreachableServer: (detail) => `Server nicht erreichbar: ${detail}`,
	cutOff: (detail) => `die Antwort brach ab: ${detail}`,
	endedEarly: 'die Antwort endete, bevor OVOS fertig war',
	unreadable: 'der Server schickte eine unlesbare Antwort',
	emptyReply: 'leere Antwort',
	stoppedDetail: 'angehalten',
	skillDateTime: 'Datum und Uhrzeit',
	skillUnknown: 'Unbekannt',
	skillHome: 'Startbildschirm',
	skillMedia: 'Mediaplayer',
	skillWeather: 'Wetter',
	skillAlerts: 'Timer und Wecker'
};

export default de;
