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
	voice: { listening: 'ouvindo', thinking: 'pensando', speaking: 'falando' }
};

export default ptBR;
