import type en from '../en/settings';
import type { Overrides } from '../types';

/** Brazilian wordings of settings (the rest as in ../pt/settings.ts). */
const ptBR: Overrides<typeof en> = {
	title: 'Configurações',
	thisScreenWhat: 'Salvo neste navegador e usado aqui por /, /kiosk e /inspect. As opções no URL de uma página continuam valendo para essa página.',
	save: 'Salvar',
	saved: 'Salvo. Vale para /, /kiosk e /inspect neste navegador.',
	resetDone: 'Este navegador agora segue as configurações do servidor.',
	testWhat: 'Faz o handshake com o endereço acima (salvo ou não) e informa o resultado de cada passo.',
	refused: 'Nada responde em {where}: o OVOS está rodando aí, e a porta está certa?',
	notAnswered: 'O barramento está acessível, mas ninguém respondeu a mycroft.gui.connected em {n} s: o ovos-gui está rodando e conectado ao barramento?',
	serverWhat: 'Com o que o servidor da aplicação está rodando. Para mudar, edite o arquivo de configurações (ou o ambiente) e reinicie a aplicação.',
	fileRead: 'Arquivo de configurações: {file}',
	fileNone: 'Sem arquivo de configurações: defina OVOS_SCREEN_SETTINGS, ou coloque um .env na pasta onde a aplicação inicia (veja .env.example).',
	fromFile: 'arquivo, linha {line}',
	fromDefault: 'padrão',
	pathsHidden: 'As pastas e arquivos do servidor são mostrados na própria máquina, a navegadores emparelhados e a portadores de um token, não a toda uma rede de confiança.',
	exposedWhat:
		'O {service} responde em {where}, um endereço desta máquina que outros podem alcançar: ali qualquer pessoa pode usá-lo sem esta aplicação e sem autenticação. As telas chegam a ele por meio desta aplicação, então ele pode escutar só nesta máquina. Adicione esta linha ao mycroft.conf e reinicie o {service}:',
	exposedFirewall: 'Um firewall talvez já mantenha a rede de fora: a verificação é feita a partir desta máquina.',
	keys: {
		OVOS_SCREEN_DIRECT_SOCKETS: 'Sockets das telas direto ao OVOS',
		OVOS_MEDIA_ROOTS: 'Pastas de mídia',
		BODY_SIZE_LIMIT: 'Maior corpo de requisição',
		OVOS_SCREEN_SETTINGS: 'Arquivo de configurações'
	}
};

export default ptBR;
