import type en from '../en/ddg';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	source: 'DuckDuckGo',
	page: 'Resposta do DuckDuckGo',
	noSummary: 'Ainda sem texto de resposta',
	image: 'Imagem desta resposta',
	previous: 'Página anterior',
	next: 'Página seguinte',
	pages: 'Páginas da resposta'
};

export default pt;
