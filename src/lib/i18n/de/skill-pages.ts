import type en from '../en/skill-pages';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	wolf: {
		brand: 'Wolfram|Alpha',
		page: 'Antwort von Wolfram|Alpha',
		picture: 'Antwortbild von Wolfram|Alpha',
		noPicture: 'Noch kein Antwortbild'
	},
	color: { page: 'Farbe' },
	parrot: {
		page: 'Papageien-Modus',
		on: 'Ich wiederhole alles, was du sagst.',
		stop: 'Sag „Stopp“, um ihn zu beenden.',
		off: 'Der Papageien-Modus ist aus.'
	},
	browser: {
		title: 'Dateibrowser',
		why: 'Diese App durchsucht die Ordner und USB-Laufwerke des Geräts selbst. Sie läuft auf dem Bildschirm des Geräts mit ovos-shell und kann hier nicht gezeigt werden.',
		voice: 'Frag stattdessen per Sprache',
		example: '„Spiele“ und den Namen eines Lieds, Albums oder Ordners in deinem Medienordner'
	},
	comic: {
		previous: 'Voriger Comic',
		next: 'Nächster Comic',
		picture: 'Comic',
		notSent: 'Nicht verbunden: nichts wurde gesendet.'
	},
	apod: {
		heading: 'Astronomiebild des Tages',
		picture: 'Astronomiebild des Tages'
	}
};

export default de;
