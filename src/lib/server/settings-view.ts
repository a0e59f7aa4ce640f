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
}

export interface SettingsView {
	/** The settings file read, if any. */
	readonly file: string | null;
	readonly rows: readonly SettingRow[];
}

type Env = Readonly<Record<string, string | undefined>>;

export function settingsView(c: ServerConfig, env: Env = process.env): SettingsView {
	const values: Record<(typeof SETTINGS)[number], string | null> = {
		OVOS_HOST: c.ovos.host,
		OVOS_GUI_PORT: String(c.ovos.guiPort),
		OVOS_BUS_PORT: String(c.ovos.busPort),
		OVOS_HANDSHAKE: c.ovos.handshake,
		OVOS_SIMULATOR: c.simulator ? 'on' : 'off',
		PORT: String(c.port),
		HOST: c.listenHost,
		OVOS_SCREEN_TOKEN: null,
		OVOS_SCREEN_ALLOWED_HOSTS: c.allowedHosts === '*' ? '*' : c.allowedHosts.length > 0 ? c.allowedHosts.join(', ') : null,
		OVOS_MEDIA_ROOTS: c.mediaRoots.join(':'),
		OVOS_SCREEN_DATA_DIR: c.dataDir,
		OVOS_CHAT_SECRET: null,
		OVOS_CHAT_IDLE_MS: String(c.chatIdleMs),
		OVOS_CHAT_DEADLINE_MS: String(c.chatDeadlineMs),
		OVOS_SCREEN_THEME: c.theme,
		OVOS_SCREEN_LANG: c.lang,
		OVOS_KIOSK_ROTATE: String(c.kiosk.rotate),
		OVOS_KIOSK_SCALE: String(c.kiosk.scale),
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
		return { key, value: secret === undefined ? values[key] : null, origin, ...(line !== undefined ? { line } : {}), ...(secret !== undefined ? { secret } : {}) };
	});
	return { file: c.source.file, rows };
}
