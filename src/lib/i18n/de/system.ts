import type en from '../en/system';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	webContent: 'Webinhalt eines Skills',
	noContent: 'Noch kein Inhalt',
	image: 'Bild',
	imageFromSkill: 'Bild eines Skills',
	imageNotShown: 'Bild nicht angezeigt',
	imageUnreachable: 'Das Bild ist von diesem Bildschirm aus nicht erreichbar',
	imageOnDevice: 'eine Datei auf dem OVOS-Gerät; öffne {kiosk} auf dem Gerät, um es zu sehen',
	imageRefused: 'Diese Bildadresse wird nicht unterstützt',
	noImage: 'Noch kein Bild',
	imageFailed: 'Das Bild konnte nicht geladen werden',
	confirm: 'Bestätigen',
	exit: 'Abbrechen',
	yourAnswer: 'Deine Antwort',
	notSent: 'Nicht verbunden: Es wurde nichts gesendet.',
	sent: 'Gesendet.',
	closed: 'Geschlossen.',
	loading: 'Wird geladen',
	success: 'Erfolgreich',
	failed: 'Fehlgeschlagen',
	status: 'Status',
	text: 'Text',
	// „Zeichen“ is the same in the singular and the plural.
	more: (_left, shown) => `Mehr (noch ${shown} Zeichen)`,
	faceAsleep: 'Gesicht, schlafend',
	faceAwake: 'Gesicht, wach',
	notHere: 'Seite auf diesem Bildschirm nicht verfügbar',
	cannotShow: 'Diese Seite lässt sich auf diesem Bildschirm nicht anzeigen.',
	noTemplate: 'Seite ohne Vorlage',
	noTemplateFor: 'Keine Vorlage für diese Seite',
	namespace: 'Namespace',
	url: 'URL',
	noUrl: 'keine (der Server hat keine Datei für diese Seite)',
	liveData: (keys) => `Live-Daten (${keys} Schlüssel)`,
	noneYet: 'noch keine',
	webPage: 'Webseite',
	webPageFrom: (host) => `Webseite von ${host}`,
	openInTab: 'In neuem Tab öffnen ↗',
	webNotShown: 'Diese Webseite wird nicht angezeigt',
	noAddress: 'Es wurde keine Adresse angegeben.',
	badAddress: 'Das ist keine gültige Webadresse.',
	badScheme: (scheme) => `Seiten vom Typ „${scheme}“ werden hier nicht angezeigt, nur http und https.`
};

export default de;
