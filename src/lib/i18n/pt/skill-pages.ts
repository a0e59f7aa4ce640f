import type en from '../en/skill-pages';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	wolf: {
		brand: 'Wolfram|Alpha',
		page: 'Resposta do Wolfram|Alpha',
		picture: 'Imagem da resposta do Wolfram|Alpha',
		noPicture: 'Ainda sem imagem da resposta'
	},
	color: { page: 'Cor' },
	parrot: {
		page: 'Modo papagaio',
		on: 'Repito tudo o que disseres.',
		stop: 'Diz “parar” para terminar.',
		off: 'O modo papagaio está desligado.'
	},
	browser: {
		title: 'Explorador de ficheiros',
		why: 'Esta aplicação percorre as pastas e unidades USB do próprio dispositivo. Funciona no ecrã do dispositivo com o ovos-shell, por isso não pode ser mostrada aqui.',
		voice: 'Pede por voz',
		example: '“Toca” e o nome de uma música, álbum ou pasta da tua pasta de média'
	},
	comic: {
		previous: 'Banda desenhada anterior',
		next: 'Banda desenhada seguinte',
		picture: 'Banda desenhada',
		notSent: 'Sem ligação: nada foi enviado.'
	},
	apod: {
		heading: 'Imagem astronómica do dia',
		picture: 'Imagem astronómica do dia'
	}
};

export default pt;
