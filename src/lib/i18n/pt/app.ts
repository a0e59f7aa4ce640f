import type en from '../en/app';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	titleScreen: 'Visor OVOS',
	titleKiosk: 'OVOS',

	connecting: (where) => `A estabelecer conexão com ${where}…`,
	offlineSince: (time, attempt, where) => `Sem conexão desde as ${time} · à espera do OVOS em ${where}${attempt > 1 ? ` (${attempt}.ª tentativa)` : ''}`,
	offlineWaiting: (where) => `Sem conexão · à espera do OVOS em ${where}`,
	clock: 'Relógio',
	back: 'Voltar',
	backKey: 'Voltar (Esc)',
	backRefused: (reason) => `O regresso a partir da primeira página foi recusado: ${reason}`,
	backNeedsBus: 'Para voltar atrás a partir da primeira página é preciso o barramento de mensagens do dispositivo, e este visor não está conectado a ele.',
	pagesRole: 'páginas',
	pagesOf: (namespace, n, count) => `${namespace}, página ${n} de ${count}`,
	pageNamed: (n, name) => `Página ${n}: ${name}`,
	pageDots: 'Páginas',
	pageDot: (n, count) => `Página ${n} de ${count}`,
	pageNotLoaded: (why) => `Não foi possível carregar esta página (${why}). A tentar de novo…`,
	pageFailed: (why) => `Não foi possível mostrar esta página (${why}).`,
	couldNotLoad: 'falha ao carregar',
	error: 'erro',

	listening: 'A ouvir',
	speaking: 'A falar',
	thinking: 'A pensar',
	asleep: 'Em repouso',

	chat: 'Conversa',
	chatWithOvos: 'Conversar com o OVOS',

	busConnecting: 'A estabelecer conexão com a janela do servidor da aplicação para o barramento do OVOS…',
	busDown: 'O servidor da aplicação não está conectado ao barramento de mensagens do OVOS.',
	busUnreachable: (detail) => `A janela do barramento no servidor da aplicação não responde (${detail}).`,
	busToken: 'Este navegador já não está emparelhado com o dispositivo, por isso a conversa, as notificações e o volume estão desligados aqui. Abra a página outra vez para o emparelhar.',
	tokenMissing: 'Já não emparelhado: conversa, notificações e volume desligados. Emparelhar de novo.',
	busRefused: (reason) => `O servidor da aplicação recusou a janela do barramento: ${reason}`,
	busClosed: 'A janela do barramento no servidor da aplicação foi fechada.',
	sendUnreachable: (detail) => `não foi possível contactar o servidor da aplicação: ${detail}`,
	sendRefused: (status) => `recusado (HTTP ${status})`,
	busBlocked: (where) =>
		`Isto precisa do barramento de mensagens do dispositivo, e este visor não está conectado a ele: mostra o OVOS em ${where} (indicado no seu endereço), e o servidor da aplicação só chega ao seu próprio.`,
	thisPageHost: 'servidor desta página',

	notFound: 'Não encontrada',
	errorTitle: 'Erro',
	noSuchPage: 'Esta página não existe',
	somethingWrong: 'Ocorreu um erro',
	nothingAt: 'Não há nada em {path}.',
	mediaNotFound: 'Não existe esse ficheiro multimédia',
	mediaNotMedia: 'Não é um ficheiro multimédia',
	mediaRefused: 'Este ficheiro não está partilhado com o visor',
	mediaBack: 'Voltar ao visor',
	notShown: 'Não foi possível mostrar a página.',
	appPages: 'Páginas do ovos-screen',
	pageScreen: 'Visor',
	pageScreenWhat: 'o visor do OVOS, com a conversa',
	pageKiosk: 'Quiosque',
	pageKioskWhat: 'o visor do próprio dispositivo, sem moldura',
	pageChat: 'Conversa',
	pageChatWhat: 'escrever ao OVOS',
	pageInspect: 'Inspetor',
	pageInspectWhat: 'namespaces, páginas, dados e tráfego',
	pageSettings: 'Definições',
	pageSettingsWhat: 'o tema e o endereço do OVOS deste visor, as definições do servidor, um teste de conexão'
};

export default pt;
