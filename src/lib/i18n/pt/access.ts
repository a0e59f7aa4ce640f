import type en from '../en/access';
import { plural } from '../plural';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	pairTitle: 'Emparelhar este navegador',
	pairWhat: 'Esta aplicação mostra os visores de um assistente de voz da sua rede. Antes de mostrar aqui alguma coisa, emparelhe este navegador com o dispositivo, como faria com uma televisão.',
	pairName: 'Nome deste navegador (mostrado no dispositivo)',
	pairAsk: 'Mostrar um código no dispositivo',
	pairAskAgain: 'Mostrar o código outra vez',
	pairAskNew: 'Pedir um código novo',
	pairShown: (minutes: number) =>
		plural('pt', minutes, {
			one: `Está agora no visor do dispositivo um código de 6 algarismos, dito em voz alta se ele tiver voz. Escreva-o aqui dentro de ${minutes} minuto.`,
			other: `Está agora no visor do dispositivo um código de 6 algarismos, dito em voz alta se ele tiver voz. Escreva-o aqui dentro de ${minutes} minutos.`
		}),
	pairCode: 'Código',
	pairGo: 'Emparelhar',
	pairWrong: (left: number) => plural('pt', left, { one: `Não é esse o código: resta ${left} tentativa.`, other: `Não é esse o código: restam ${left} tentativas.` }),
	pairVoid: 'Esse código teve demasiadas tentativas erradas. Peça um novo.',
	pairNoCode: 'Não há nenhum código à espera deste navegador (expirou ou já foi usado). Peça um novo.',
	pairLimit: (minutes: number) => plural('pt', minutes, { one: `Demasiadas tentativas. Tente de novo dentro de ${minutes} minuto.`, other: `Demasiadas tentativas. Tente de novo dentro de ${minutes} minutos.` }),
	pairFull: 'O dispositivo não guarda mais navegadores emparelhados. Esqueça primeiro um deles em /settings do dispositivo.',
	pairToken: 'Tem um token de API das /settings do dispositivo? Abra este endereço com {token} acrescentado.',

	codeTitle: 'Pedido de emparelhamento',
	codeFrom: '{name} em {address} pede para ser emparelhado. Escreva lá este código:',
	codeUntil: 'Válido até às {time}',
	codeHide: 'Ocultar',
	codeSpoken: (digits: string) => `O código de emparelhamento é ${digits}.`,

	title: 'Navegadores emparelhados e tokens',
	what: 'Esta máquina tem sempre acesso. De qualquer outro lugar, um navegador tem de estar emparelhado, com um código que o dispositivo mostra, ou uma ferramenta tem de enviar um token de API.',
	you: 'Você é: {who}.',
	youDevice: 'este dispositivo',
	youPaired: 'um navegador emparelhado',
	youToken: 'o portador de um token',
	youTrusted: 'de uma rede de confiança ({network})',
	manageWhere: 'Os navegadores emparelhados e os tokens gerem-se no próprio dispositivo ou a partir de um navegador emparelhado.',
	browsers: 'Navegadores emparelhados',
	noBrowsers: 'Nenhum navegador emparelhado.',
	name: 'Nome',
	address: 'Endereço',
	pairedAt: 'Emparelhado',
	lastSeen: 'Visto pela última vez',
	thisBrowser: 'este navegador',
	viaToken: 'entregue por um token',
	forget: 'Esquecer',
	forgetWhat: 'Um navegador esquecido perde logo os seus visores e tem de ser emparelhado de novo.',
	tokens: 'Tokens de API',
	tokensWhat: 'Para ferramentas de chat e scripts: enviam-no como {header}. Uma página aberta uma vez com {query} acrescentado emparelha esse navegador.',
	noTokens: 'Nenhum token criado.',
	madeAt: 'Criado',
	lastUsed: 'Último uso',
	never: 'nunca',
	tokenName: 'Nome do novo token',
	tokenNamePlaceholder: 'p. ex. Open WebUI',
	make: 'Criar um token',
	made: 'Copie o token agora: só é mostrado desta vez.',
	copy: 'Copiar',
	copied: 'Copiado',
	revoke: 'Revogar',
	revokeWhat: 'Revogar um token também esquece os navegadores que ele emparelhou.',
	envToken: 'OVOS_SCREEN_TOKEN está definido: também é um token, que só se muda onde o servidor é configurado.',
	failed: 'Não resultou: {reason}'
};

export default pt;
