import type en from '../en/system';
import { plural } from '../plural';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	webContent: 'Conteúdo web de uma skill',
	noContent: 'Ainda sem conteúdo',
	image: 'Imagem',
	imageFromSkill: 'Imagem de uma skill',
	imageNotShown: 'Imagem não mostrada',
	imageUnreachable: 'A imagem não está acessível a partir deste visor',
	imageOnDevice: 'está guardada no dispositivo OVOS; abra {kiosk} no dispositivo para a ver',
	imageRefused: 'Este endereço de imagem não é suportado',
	noImage: 'Ainda sem imagem',
	imageFailed: 'Não foi possível carregar a imagem',
	confirm: 'Confirmar',
	exit: 'Sair',
	yourAnswer: 'A sua resposta',
	notSent: 'Sem conexão: nada foi enviado.',
	sent: 'Enviado.',
	closed: 'Fechado.',
	loading: 'Em carregamento',
	success: 'Sucesso',
	failed: 'Falhou',
	status: 'Estado',
	text: 'Texto',
	more: (left, shown) => plural('pt-PT', left, { one: `Mais (falta ${shown} carácter)`, other: `Mais (faltam ${shown} caracteres)` }),
	faceAsleep: 'Rosto, adormecido',
	faceAwake: 'Rosto, acordado',
	notHere: 'Página indisponível neste visor',
	cannotShow: 'Esta página não pode ser mostrada neste visor.',
	noTemplate: 'Página sem modelo',
	noTemplateFor: 'Não há modelo para esta página',
	namespace: 'namespace',
	url: 'url',
	noUrl: 'nenhum (o servidor não tem nada para esta página)',
	liveData: (keys) => plural('pt-PT', keys, { one: `Dados ao vivo (${keys} chave)`, other: `Dados ao vivo (${keys} chaves)` }),
	noneYet: 'ainda nenhum',
	webPage: 'Página web',
	webPageFrom: (host) => `Página web de ${host}`,
	openInTab: 'Abrir no navegador ↗',
	webNotShown: 'Esta página web não é mostrada',
	noAddress: 'Não foi indicado nenhum endereço.',
	badAddress: 'Isto não é um endereço web válido.',
	badScheme: (scheme) => `Páginas do tipo «${scheme}» não são mostradas aqui, só http e https.`
};

export default pt;
