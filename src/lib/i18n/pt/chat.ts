import type en from '../en/chat';
import { plural } from '../plural';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	title: 'Conversa · ovos-screen',
	unmatched: 'O OVOS não entendeu isso.',
	timeout: 'Tempo esgotado: o OVOS ficou em silêncio antes de terminar.',
	unreachable: 'Não é possível contactar o OVOS.',
	noCore: 'O núcleo do OVOS não responde.',
	busy: 'Ainda a responder à mensagem anterior.',
	coreBusy: 'O OVOS está ocupado com outras conversas: tente de novo daqui a pouco.',
	questionEnded: 'O OVOS estava ocupado com outras conversas e terminou a pergunta antes de chegar a sua resposta: pergunte de novo.',
	busLocalOnly: 'O OVOS só deixa ligar-se ao seu barramento de mensagens programas que correm no próprio dispositivo, e a conversa precisa dele. Execute esta aplicação no dispositivo, ou abra o barramento no mycroft.conf do dispositivo (ver “Pointing it at a device” em docs/install.md).',
	queued: (ahead) =>
		ahead === 0
			? 'O OVOS está ocupado com outras conversas: a sua mensagem é a próxima'
			: plural('pt', ahead, { one: `O OVOS está ocupado com outras conversas: ${ahead} mensagem antes da sua`, other: `O OVOS está ocupado com outras conversas: ${ahead} mensagens antes da sua` }),
	stopped: 'Parado.',
	unauthorized: 'Este navegador já não está emparelhado com o dispositivo. Abra a página outra vez para o emparelhar.',
	error: 'Ocorreu um erro.',
	answering: 'O OVOS está a responder',
	answeredBy: (skill) => `A skill que respondeu: ${skill}`,
	stale: 'A pergunta anterior já tinha terminado, por isso isto foi tratado como um novo pedido.',
	waiting: 'O OVOS está à espera da sua resposta',
	chatWithOvos: 'Conversar com o OVOS',
	chats: 'Conversas',
	newChat: 'Nova conversa',
	closeChat: 'Fechar a conversa',
	mode: 'Modo da conversa',
	modeHelp: 'Privada: só esta conversa vê as respostas. Neste dispositivo: como se falasse com ele — as respostas são ditas lá e mostradas nos seus visores.',
	private: 'Conversa privada',
	device: 'Neste dispositivo',
	language: 'Idioma',
	languageHelp: 'O idioma em que o OVOS ouve e responde a esta conversa. O seu idioma: o desta página, quando o OVOS no dispositivo o entende; senão, o do dispositivo.',
	auto: 'O seu idioma',
	notHeard: (wanted, heard) => `O OVOS deste dispositivo não entende ${wanted}, por isso tomou a sua mensagem em ${heard}.`,
	messages: 'Mensagens',
	hint: 'Escreva para falar com o OVOS, por exemplo {example}.',
	example: 'que horas são',
	hintDevice: 'Neste dispositivo: as respostas são ditas lá e mostradas nos seus visores, como quando fala com ele.',
	hintPrivate: 'Privada: as respostas não são ditas no dispositivo.',
	message: 'Mensagem',
	placeholder: 'Mensagem para o OVOS…',
	answerPlaceholder: 'A sua resposta…',
	stop: 'Parar',
	send: 'Enviar',
	unreachableServer: (detail) => `não foi possível contactar este servidor: ${detail}`,
	cutOff: (detail) => `a resposta foi interrompida: ${detail}`,
	endedEarly: 'a resposta terminou antes de o OVOS acabar',
	unreadable: 'o servidor enviou uma resposta ilegível',
	emptyReply: 'resposta vazia',
	stoppedDetail: 'parado',
	skillDateTime: 'Data e hora',
	skillUnknown: 'Desconhecida',
	skillHome: 'Página inicial',
	skillMedia: 'Leitor multimédia',
	skillWeather: 'Meteorologia',
	skillAlerts: 'Temporizadores e alarmes'
};

export default pt;
