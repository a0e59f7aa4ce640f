import type en from '../en/parts';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	noBus: 'Isto precisa do barramento de mensagens do dispositivo, e este visor não está conectado a ele.',
	notSent: 'Não enviado',
	cancel: 'Cancelar',
	dismiss: 'Parar',
	cancelNamed: (name) => `Cancelar ${name}`,
	dismissNamed: (name) => `Parar ${name}`,
	timesUp: 'Tempo esgotado',
	noPicture: 'Sem imagem'
};

export default pt;
