import type en from '../en/notices';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	bell: (count) => `Benachrichtigungen: ${count}`,
	notifications: 'Benachrichtigungen',
	clearAll: 'Alle löschen',
	closeList: 'Benachrichtigungen schließen',
	none: 'Keine Benachrichtigungen',
	open: 'Öffnen',
	dismiss: 'Verwerfen',
	dismissNotification: 'Benachrichtigung verwerfen',
	fresh: 'neu',
	justNow: 'gerade eben',
	tapToOpen: 'zum Öffnen tippen',
	closeNotification: 'Benachrichtigung schließen',
	muted: 'Stumm',
	volume: (level) => `Lautstärke ${level}`
};

export default de;
