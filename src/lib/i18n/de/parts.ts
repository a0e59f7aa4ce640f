import type en from '../en/parts';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	noBus: 'Dafür braucht es den Nachrichtenbus des Geräts – und mit dem ist dieser Bildschirm nicht verbunden.',
	notSent: 'Nicht gesendet',
	cancel: 'Abbrechen',
	dismiss: 'Beenden',
	cancelNamed: (name) => `${name} abbrechen`,
	dismissNamed: (name) => `${name} beenden`,
	timesUp: 'Zeit ist um',
	noPicture: 'Kein Bild'
};

export default de;
