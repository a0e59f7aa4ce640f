import type en from '../en/app';
import type { Overrides } from '../types';

/** Brazilian wordings of app (the rest as in ../pt/app.ts). */
const ptBR: Overrides<typeof en> = {
	connecting: (where) => `Conectando a ${where}…`,
	offlineSince: (time, attempt, where) => `Sem conexão desde ${time} · aguardando o OVOS em ${where}${attempt > 1 ? ` (${attempt}ª tentativa)` : ''}`,
	offlineWaiting: (where) => `Sem conexão · aguardando o OVOS em ${where}`,
	listening: 'Ouvindo',
	speaking: 'Falando',
	thinking: 'Pensando',
	busConnecting: 'Conectando à janela do servidor da aplicação para o barramento do OVOS…',
	pageNotLoaded: (why) => `Não foi possível carregar esta página (${why}). Tentando de novo…`,
	sendUnreachable: (detail) => `não foi possível contatar o servidor da aplicação: ${detail}`,
	pageSettings: 'Configurações',
	mediaNotFound: 'Esse arquivo de mídia não existe',
	mediaNotMedia: 'Não é um arquivo de mídia',
	mediaRefused: 'Este arquivo não está compartilhado com o visor',
	mediaBack: 'Voltar para o visor',
	pageSettingsWhat: 'o tema e o endereço do OVOS deste visor, as configurações do servidor, um teste de conexão'
};

export default ptBR;
