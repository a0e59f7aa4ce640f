import type en from '../en/refused';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	title: 'Este link aponta o visor para outro servidor',
	what: 'Pede para mostrar o que {host} envia. Este servidor só conecta visores ao OVOS para o qual foi configurado, por isso nada foi aberto.',
	hint: 'Para usar {host} de propósito, acrescente-o a {setting} na máquina deste servidor.',
	open: 'Abrir o visor do OVOS deste servidor',
	titleSaved: 'As definições deste navegador apontam o visor para outro servidor',
	settings: 'Alterar as definições deste navegador'
};

export default pt;
