import type en from '../en/date-time';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	time: 'Uhrzeit',
	date: 'Datum'
};

export default de;
