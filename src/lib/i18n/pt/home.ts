import type en from '../en/home';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	home: 'Início',
	askMe: (example) => `Pergunte-me: ${example}`,
	notifications: 'Notificações',
	openNotifications: 'Mostrar as notificações',
	openNotificationsCount: (n) => `Mostrar as notificações (${n})`,
	closeNotifications: 'Fechar as notificações',
	clearAll: 'Limpar tudo',
	noNotifications: 'Sem notificações',
	actOnNotification: (sender, text) => `Abrir e remover: ${sender} ${text}`,
	activeTimers: (n) => `Mostrar os temporizadores ativos (${n})`,
	activeAlarms: (n) => `Mostrar os alarmes (${n})`,
	offline: 'Sem conexão',
	noInternet: 'Rede, mas sem internet',
	apps: 'Apps',
	openApps: 'Mostrar as apps',
	closeApps: 'Fechar as apps',
	play: 'Reproduzir',
	pause: 'Pausa',
	stop: 'Parar',
	openPlayer: 'Abrir o reprodutor',
	nowPlaying: 'Em reprodução',
	nightClock: 'Relógio noturno',
	leaveNightClock: 'Voltar ao início',
	nextWallpaper: 'Fundo seguinte'
};

export default pt;
