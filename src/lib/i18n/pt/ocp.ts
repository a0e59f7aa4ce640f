import type en from '../en/ocp';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	playlist: 'Lista de reprodução',
	searchResults: 'Resultados da pesquisa',
	emptyPlaylist: 'A lista de reprodução ainda está vazia',
	emptySearch: 'Ainda sem resultados',
	nowPlayingBadge: 'Em reprodução',
	searching: 'A procurar multimédia',
	media: 'Multimédia',
	close: 'Fechar o reprodutor',
	mediaHome: 'Início da multimédia',
	findSomething: 'Procure algo para reproduzir',
	searchPlaceholder: 'Procure música, podcasts, filmes…',
	play: 'Reproduzir!',
	home: 'Pesquisa',
	skills: 'Skills',
	noSkills: 'Nenhuma skill de multimédia para mostrar',
	nowPlaying: 'Em reprodução',
	onDevice: 'Reproduzir no dispositivo',
	videoNote: 'Os vídeos do reprodutor são mostrados pelo reprodutor de vídeo do próprio dispositivo, não neste visor.',
	webNote: 'Os reprodutores web funcionam na vista de navegador do próprio dispositivo, não neste visor.',
	openPage: 'Abrir a página aqui',
	openingPlayer: 'A abrir o reprodutor…',
	video: 'Vídeo',
	web: 'Reprodutor web',
	tapToPlay: 'Toque em reproduzir para começar.',
	withoutScripts: 'Mostrada sem os seus scripts: uma página web não pode controlar este dispositivo.',
	stop: 'Parar',
	notSent: 'Sem conexão: nada foi enviado.',
	typeFirst: 'Escreva primeiro o que quer reproduzir.'
};

export default pt;
