import type en from '../en/kiosk';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	menu: 'Kiosk-Menü',
	chat: 'Chat',
	leave: 'Kiosk verlassen'
};

export default de;
