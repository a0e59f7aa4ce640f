import type en from '../en/ddg';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	source: 'DuckDuckGo',
	page: 'Antwort von DuckDuckGo',
	noSummary: 'Noch kein Antworttext',
	image: 'Bild zu dieser Antwort',
	previous: 'Vorige Seite',
	next: 'Nächste Seite',
	pages: 'Seiten der Antwort'
};

export default de;
