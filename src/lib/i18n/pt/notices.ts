import type en from '../en/notices';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	bell: (count) => `Notificações: ${count}`,
	notifications: 'Notificações',
	clearAll: 'Limpar tudo',
	closeList: 'Fechar as notificações',
	none: 'Sem notificações',
	open: 'Abrir',
	dismiss: 'Descartar',
	dismissNotification: 'Descartar a notificação',
	fresh: 'nova',
	justNow: 'agora mesmo',
	tapToOpen: 'toque para abrir',
	closeNotification: 'Fechar a notificação',
	muted: 'Sem som',
	volume: (level) => `Volume ${level}`
};

export default pt;
