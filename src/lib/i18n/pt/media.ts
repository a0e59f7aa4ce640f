import type en from '../en/media';
import { plural } from '../plural';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	previous: 'Anterior',
	play: 'Reproduzir',
	pause: 'Pausa',
	stop: 'Parar',
	next: 'Seguinte',
	repeatOff: 'Repetição desligada',
	repeatAll: 'Repetição ligada',
	repeatTrack: 'Repetição desta faixa',
	shuffleOn: 'Ordem aleatória ligada',
	shuffleOff: 'Ordem aleatória desligada',
	live: 'Ao vivo',
	position: 'Posição',
	positionOf: (at, total) => `${at} de ${total}`,
	hours: (n) => plural('pt-PT', n, { one: `${n} hora`, other: `${n} horas` }),
	minutes: (n) => plural('pt-PT', n, { one: `${n} minuto`, other: `${n} minutos` }),
	seconds: (n) => plural('pt-PT', n, { one: `${n} segundo`, other: `${n} segundos` }),
	coverArt: 'Capa',
	coverOf: (title) => `Capa de ${title}`,
	coverUnreachable: 'A capa está guardada no dispositivo e não é acessível a partir deste visor',
	untitled: 'Sem título',
	nothingPlaying: 'Nada em reprodução',
	notSent: 'Sem conexão: nada foi enviado.',
	controls: 'Comandos de reprodução',
	paused: 'Em pausa',
	stopped: 'Parado',
	trackOf: (n, count) => `Faixa ${n} de ${count}`,
	upNext: (title) => `A seguir: ${title}`
};

export default pt;
