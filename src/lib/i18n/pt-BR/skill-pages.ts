import type en from '../en/skill-pages';
import type { Overrides } from '../types';

/** Brazilian wordings of skill-pages (the rest as in ../pt/skill-pages.ts): "você", not "tu". */
const ptBR: Overrides<typeof en> = {
	parrot: {
		on: 'Repito tudo o que você disser.',
		stop: 'Diga “parar” para terminar.'
	},
	browser: {
		title: 'Explorador de arquivos',
		why: 'Esta aplicação percorre as pastas e unidades USB do próprio dispositivo. Funciona na tela do dispositivo com o ovos-shell, por isso não pode ser mostrada aqui.',
		voice: 'Peça por voz',
		example: '“Toque” e o nome de uma música, álbum ou pasta da sua pasta de mídia'
	},
	comic: {
		previous: 'Tirinha anterior',
		next: 'Próxima tirinha',
		picture: 'Tirinha',
		notSent: 'Sem conexão: nada foi enviado.'
	},
	apod: {
		heading: 'Imagem astronômica do dia',
		picture: 'Imagem astronômica do dia'
	}
};

export default ptBR;
