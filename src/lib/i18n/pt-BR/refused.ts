import type en from '../en/refused';
import type { Overrides } from '../types';

/** Brazilian wordings of refused (the rest as in ../pt/refused.ts). */
const ptBR: Overrides<typeof en> = {
	titleSaved: 'As configurações deste navegador apontam o visor para outro servidor',
	settings: 'Alterar as configurações deste navegador'
};

export default ptBR;
