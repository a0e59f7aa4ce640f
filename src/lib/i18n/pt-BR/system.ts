import type en from '../en/system';
import type { Overrides } from '../types';

/** Brazilian wordings of system (the rest as in ../pt/system.ts). */
const ptBR: Overrides<typeof en> = {
	imageOnDevice: 'está salva no dispositivo OVOS; abra {kiosk} no dispositivo para vê-la',
	loading: 'Carregando'
};

export default ptBR;
