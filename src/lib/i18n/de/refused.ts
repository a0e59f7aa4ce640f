import type en from '../en/refused';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	title: 'Dieser Link richtet den Bildschirm auf einen anderen Host',
	what: 'Er soll zeigen, was {host} sendet. Dieser Server verbindet Bildschirme nur mit dem OVOS, für das er eingerichtet ist – deshalb wurde nichts geöffnet.',
	hint: 'Wenn du {host} wirklich nutzen willst, trag ihn dort, wo dieser Server läuft, in {setting} ein.',
	open: 'Bildschirm des eigenen OVOS öffnen',
	titleSaved: 'Die Einstellungen dieses Browsers richten den Bildschirm auf einen anderen Host',
	settings: 'Einstellungen dieses Browsers ändern'
};

export default de;
