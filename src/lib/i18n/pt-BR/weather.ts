import type en from '../en/weather';
import type { Overrides } from '../types';

/** Brazilian wordings of weather (the rest as in ../pt/weather.ts). */
const ptBR: Overrides<typeof en> = {
	sky: { shower: 'Pancadas de chuva' }
};

export default ptBR;
