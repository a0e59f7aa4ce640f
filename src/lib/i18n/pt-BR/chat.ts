import type en from '../en/chat';
import type { Overrides } from '../types';

/** Brazilian wordings of chat (the rest as in ../pt/chat.ts). */
const ptBR: Overrides<typeof en> = {
	unreachable: 'Não é possível contatar o OVOS.',
	busy: 'Ainda respondendo à mensagem anterior.',
	auto: 'Seu idioma',
	languageHelp: 'O idioma em que o OVOS ouve e responde a esta conversa. Seu idioma: o desta página, quando o OVOS no dispositivo o entende; senão, o do dispositivo.',
	notHeard: (wanted, heard) => `O OVOS deste dispositivo não entende ${wanted}, então tomou a sua mensagem em ${heard}.`,
	busLocalOnly: 'O OVOS só deixa se conectar ao seu barramento de mensagens programas que rodam no próprio dispositivo, e a conversa precisa dele. Rode este aplicativo no dispositivo, ou abra o barramento no mycroft.conf do dispositivo (veja “Pointing it at a device” em docs/install.md).',
	answering: 'O OVOS está respondendo',
	waiting: 'O OVOS está aguardando a sua resposta',
	unreachableServer: (detail) => `não foi possível contatar este servidor: ${detail}`,
	skillMedia: 'Player de mídia',
	skillWeather: 'Previsão do tempo',
	skillAlerts: 'Timers e alarmes'
};

export default ptBR;
