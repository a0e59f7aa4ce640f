import type en from '../en/generic';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	page: (skill: string) => `Seite von ${skill}`,
	picture: (skill: string) => `Bild von ${skill}`,
	more: (n: string) => `+ ${n} weitere`
};

export default de;
