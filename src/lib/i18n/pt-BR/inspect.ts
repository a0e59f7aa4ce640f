import type en from '../en/inspect';
import type { Overrides } from '../types';

import { plural } from '../plural';

/** Brazilian wordings of inspect (the rest as in ../pt/inspect.ts). */
const ptBR: Overrides<typeof en> = {
	settings: 'Configurações',
	settingsHelp: 'O endereço do OVOS e o tema deste navegador, as configurações do servidor, um teste de conexão',
	decodeErrors: (n) => plural('pt-BR', n, { one: `${n} erro de decodificação`, other: `${n} erros de decodificação` }),
	skipped: (error) => `ignorada, não foi possível decodificar: ${error}`,
	badRegex: (why) => `expressão regular inválida (${why}); procurando o texto tal como está escrito`,
	decodeError: (code, message) => `Erro de decodificação (${code}): ${message}`,
	voice: { listening: 'ouvindo', thinking: 'pensando', speaking: 'falando' },
	pageFileFailed: (file, why) => `O arquivo de página ${file} falhou, por isso é mostrado o cartão genérico: ${why}`,
	pageFileProblem: {
		'not-element': (detail) => `sua exportação padrão não é uma classe de elemento personalizado (é ${detail})`
	},
	liveHelp: 'Voltar ao estado ao vivo e ao registro de mensagens',
	wbOnScreen: 'Na tela agora',
	wbGroups: { file: 'Arquivos de página (OVOS_SCREEN_PAGES)' },
	wbSize: 'Tela',
	wbSave: 'Salvar como cenário',
	wbSaveHelp: 'Um arquivo de cenário: npm run sim -- --script ARQUIVO o mostra no dispositivo simulado, npm run replay -- ARQUIVO mostra o estado em que fica'
};

export default ptBR;
