import type en from '../en/ocp';
import type { Overrides } from '../types';

/** Brazilian wordings of ocp (the rest as in ../pt/ocp.ts). */
const ptBR: Overrides<typeof en> = {
	searching: 'Procurando mídia',
	media: 'Mídia',
	close: 'Fechar o player',
	mediaHome: 'Início da mídia',
	noSkills: 'Nenhuma skill de mídia para mostrar',
	videoNote: 'Os vídeos do player são mostrados pelo player de vídeo do próprio dispositivo, não neste visor.',
	webNote: 'Os players web funcionam na visualização de navegador do próprio dispositivo, não neste visor.',
	openingPlayer: 'Abrindo o player…',
	web: 'Player web',
	withoutScripts: 'Mostrada sem seus scripts: uma página web não pode controlar este dispositivo.'
};

export default ptBR;
