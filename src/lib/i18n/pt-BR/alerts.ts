import type en from '../en/alerts';
import type { Overrides } from '../types';

/** Brazilian wordings of alerts (the rest as in ../pt/alerts.ts). */
const ptBR: Overrides<typeof en> = {
	snoozeOnlyRinging: 'Só é possível adiar enquanto o alarme está tocando.'
};

export default ptBR;
