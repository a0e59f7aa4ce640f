import type en from '../en/gui1';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	clock: 'Relógio',
	timer: 'Temporizador',
	video: 'Vídeo',
	videoOnDevice: 'Este vídeo é reproduzido no próprio dispositivo; este visor só reproduz vídeos da web (http ou https).',
	videoFailed: 'Não foi possível carregar o vídeo neste visor.',
	tapToPlay: 'Toque em reproduzir para iniciar o vídeo.',
	error: 'Ocorreu um erro',
	errorPage: 'Erro',
	list: 'Lista',
	grid: 'Imagens',
	table: 'Tabela',
	empty: 'Ainda nada para mostrar',
	noRows: 'Ainda sem linhas',
	imageMissing: 'Imagem não mostrada',
	weather: 'Meteorologia',
	map: 'Mapa',
	noLocation: 'Nenhum local indicado',
	zoom: (level) => `Zoom ${level}`,
	openMap: 'Abrir no OpenStreetMap ↗',
	confirm: 'Pergunta',
	yes: 'Sim',
	no: 'Não',
	select: 'Opções',
	noChoices: 'Ainda sem opções',
	noValue: 'Esta opção não tem valor para enviar',
	sent: 'Enviado.',
	notSent: 'Sem conexão: nada foi enviado.',
	compass: { north: 'N', south: 'S', east: 'E', west: 'O' }
};

export default pt;
