import type en from '../en/media';
import type { Overrides } from '../types';

/** Brazilian wordings of media (the rest as in ../pt/media.ts). */
const ptBR: Overrides<typeof en> = {
	coverUnreachable: 'A capa está salva no dispositivo e não é acessível a partir deste visor'
};

export default ptBR;
