import type en from '../en/kiosk';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	menu: 'Menu do quiosque',
	chat: 'Conversa',
	leave: 'Sair do quiosque'
};

export default pt;
