/**
 * The server's settings as /settings shows them: each key's value in force and where it came from
 * (the environment, the settings file and its line, or the default). Secrets are never in it: only
 * whether they are set.
 */
import type { ServerConfig } from './config';
import { raw, SETTINGS } from './settings-file.js';

export type SettingOrigin = 'environment' | 'file' | 'default';

export interface SettingRow {
	readonly key: (typeof SETTINGS)[number];
	/** The value in force as text; null when unset (the page says what unset means for that key). */
	readonly value: string | null;
	readonly origin: SettingOrigin;
	/** The settings file's line, when it came from there. */
	readonly line?: number;
	/** For a secret: whether it is set (its value is never sent). */
	readonly secret?: boolean;
	/** A path of this machine, not shown to this browser (its value is null). */
	readonly hidden?: true;
}

export interface SettingsView {
	/** The settings file read, if any (null too when paths are hidden). */
	readonly file: string | null;
	/** Paths of this machine (folders, the settings file) are left out for this browser. */
	readonly pathsHidden: boolean;
	readonly rows: readonly SettingRow[];
}

/** Settings whose value is a path of this machine: where its data, media and settings live. */
const PATH_KEYS: ReadonlySet<string> = new Set(['OVOS_MEDIA_ROOTS', 'OVOS_SCREEN_DATA_DIR', 'OVOS_SCREEN_PAGES', 'OVOS_SCREEN_SETTINGS', 'OVOS_SCREEN_TLS_CERT', 'OVOS_SCREEN_TLS_KEY']);

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `paths`: whether this browser may see paths of this machine (the route shows them on the machine
 * itself and to holders of the API token: a remote visitor learnt the media roots and the
 * data folder).
 */
export function settingsView(c: ServerConfig, env: Env = process.env, paths = true): SettingsView {
	const values: Record<(typeof SETTINGS)[number], string | null> = {
		OVOS_HOST: c.ovos.host,
		OVOS_GUI_PORT: String(c.ovos.guiPort),
		OVOS_BUS_PORT: String(c.ovos.busPort),
		OVOS_HANDSHAKE: c.ovos.handshake,
		OVOS_SIMULATOR: c.simulator ? 'on' : 'off',
		PORT: String(c.port),
		HOST: c.listenHost,
		OVOS_SCREEN_TOKEN: null,
		OVOS_SCREEN_TRUSTED_NETWORKS: c.trustedNetworks.length > 0 ? c.trustedNetworks.map((n) => n.cidr).join(', ') : null,
		OVOS_SCREEN_ALLOWED_HOSTS: c.allowedHosts === '*' ? '*' : c.allowedHosts.length > 0 ? c.allowedHosts.join(', ') : null,
		OVOS_SCREEN_ALLOWED_PORTS: c.allowedPorts === '*' ? '*' : c.allowedPorts.length > 0 ? c.allowedPorts.join(', ') : null,
		OVOS_SCREEN_DIRECT_SOCKETS: c.ovos.via === 'direct' ? 'on' : 'off',
		OVOS_SCREEN_TLS_CERT: raw(env, 'OVOS_SCREEN_TLS_CERT')?.trim() ?? null,
		OVOS_SCREEN_TLS_KEY: raw(env, 'OVOS_SCREEN_TLS_KEY')?.trim() ?? null,
		OVOS_MEDIA_ROOTS: c.mediaRoots.join(':'),
		OVOS_SCREEN_DATA_DIR: c.dataDir,
		OVOS_CHAT_SECRET: null,
		OVOS_CHAT_IDLE_MS: String(c.chatIdleMs),
		OVOS_CHAT_DEADLINE_MS: String(c.chatDeadlineMs),
		OVOS_CHAT_CORE_SHARE: String(c.chatCoreShare),
		OVOS_CHAT_QUEUE_MS: String(c.chatQueueMs),
		OVOS_CHAT_QUESTION_IDLE_MS: String(c.chatQuestionIdleMs),
		OVOS_SCREEN_THEME: c.theme,
		OVOS_SCREEN_LANG: c.lang,
		OVOS_KIOSK_ROTATE: String(c.kiosk.rotate),
		OVOS_KIOSK_SCALE: String(c.kiosk.scale),
		OVOS_SCREEN_PAGES: c.pagesDir,
		OVOS_SCREEN_TRUST_PROXY: c.trustProxy ? 'on' : 'off',
		ORIGIN: raw(env, 'ORIGIN')?.trim() ?? null,
		PROTOCOL_HEADER: raw(env, 'PROTOCOL_HEADER')?.trim() ?? null,
		HOST_HEADER: raw(env, 'HOST_HEADER')?.trim() ?? null,
		PORT_HEADER: raw(env, 'PORT_HEADER')?.trim() ?? null,
		ADDRESS_HEADER: raw(env, 'ADDRESS_HEADER')?.trim() ?? null,
		XFF_DEPTH: raw(env, 'XFF_DEPTH')?.trim() ?? null,
		BODY_SIZE_LIMIT: raw(env, 'BODY_SIZE_LIMIT')?.trim() ?? null,
		OVOS_SCREEN_SETTINGS: c.source.file
	};
	const secrets: Partial<Record<(typeof SETTINGS)[number], boolean>> = {
		OVOS_SCREEN_TOKEN: c.apiToken !== null,
		OVOS_CHAT_SECRET: raw(env, 'OVOS_CHAT_SECRET') !== undefined
	};
	const rows = SETTINGS.map((key): SettingRow => {
		const line = c.source.lines.get(key);
		const origin: SettingOrigin = line !== undefined ? 'file' : raw(env, key) !== undefined ? 'environment' : 'default';
		const secret = secrets[key];
		const hidden = !paths && PATH_KEYS.has(key) && values[key] !== null;
		return {
			key,
			value: secret === undefined && !hidden ? values[key] : null,
			origin,
			...(line !== undefined ? { line } : {}),
			...(secret !== undefined ? { secret } : {}),
			...(hidden ? { hidden: true as const } : {})
		};
	});
	return { file: paths ? c.source.file : null, pathsHidden: !paths, rows };
}
