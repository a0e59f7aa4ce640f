import type en from '../en/date-time';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	time: 'Hora',
	date: 'Data'
};

export default pt;
