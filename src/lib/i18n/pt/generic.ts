import type en from '../en/generic';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	page: (skill: string) => `Página de ${skill}`,
	picture: (skill: string) => `Imagem de ${skill}`,
	more: (n: string) => `+ ${n} mais`
};

export default pt;
