/** The server table on /settings: its sections, in .env.example's order (a key in none is listed last); their names and the keys' are in the catalogues. */
import type en from '$lib/i18n/en/settings';

export const KEY_GROUPS: readonly { readonly id: keyof typeof en.groups; readonly keys: readonly (keyof typeof en.keys)[] }[] = [
	{ id: 'ovos', keys: ['OVOS_HOST', 'OVOS_GUI_PORT', 'OVOS_BUS_PORT', 'OVOS_HANDSHAKE', 'OVOS_SIMULATOR'] },
	{ id: 'listen', keys: ['PORT', 'HOST', 'OVOS_SCREEN_TLS_CERT', 'OVOS_SCREEN_TLS_KEY', 'OVOS_SCREEN_SETTINGS'] },
	{ id: 'access', keys: ['OVOS_SCREEN_TOKEN', 'OVOS_SCREEN_TRUSTED_NETWORKS', 'OVOS_SCREEN_ALLOWED_HOSTS', 'OVOS_SCREEN_ALLOWED_PORTS', 'OVOS_SCREEN_DIRECT_SOCKETS', 'OVOS_MEDIA_ROOTS', 'OVOS_SCREEN_DATA_DIR', 'OVOS_CHAT_SECRET'] },
	{ id: 'chat', keys: ['OVOS_CHAT_IDLE_MS', 'OVOS_CHAT_DEADLINE_MS', 'OVOS_CHAT_CORE_SHARE', 'OVOS_CHAT_QUEUE_MS', 'OVOS_CHAT_QUESTION_IDLE_MS'] },
	{ id: 'look', keys: ['OVOS_SCREEN_THEME', 'OVOS_SCREEN_LANG', 'OVOS_KIOSK_ROTATE', 'OVOS_KIOSK_SCALE', 'OVOS_SCREEN_PAGES'] },
	{ id: 'proxy', keys: ['OVOS_SCREEN_TRUST_PROXY', 'ORIGIN', 'PROTOCOL_HEADER', 'HOST_HEADER', 'PORT_HEADER', 'ADDRESS_HEADER', 'XFF_DEPTH', 'BODY_SIZE_LIMIT'] }
];
