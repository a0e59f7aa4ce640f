import type en from '../en/chat';
import type { Overrides } from '../types';

/** Brazilian wordings of chat (the rest as in ../pt/chat.ts). */
const ptBR: Overrides<typeof en> = {
	unreachable: 'Não é possível contatar o OVOS.',
	busy: 'Ainda respondendo à mensagem anterior.',
	answering: 'O OVOS está respondendo',
	waiting: 'O OVOS está aguardando a sua resposta',
	unreachableServer: (detail) => `não foi possível contatar este servidor: ${detail}`,
	skillMedia: 'Player de mídia',
	skillWeather: 'Previsão do tempo',
	skillAlerts: 'Timers e alarmes'
};

export default ptBR;
