/** Server configuration, read once from the environment and validated. */
import type { OvosAddress } from '$lib/protocol/address';

export interface ServerConfig {
	/** What the browser is told about where OVOS is (host null = the page's own host). */
	readonly ovos: OvosAddress;
	/** Host the server itself uses for the core bus (chat agent). */
	readonly busHost: string;
	/** True when no OVOS_HOST is set: the embedded simulator runs in this process. */
	readonly embedded: boolean;
	/** OVOS_SCREEN_TOKEN: when set, the APIs require it. */
	readonly apiToken: string | null;
	/** Folders local media may be served from (OVOS_MEDIA_ROOTS, `:`-separated). */
	readonly mediaRoots: readonly string[];
	/** Chat turn timing: idle timeout restarted by every speak, and absolute deadline (ms). */
	readonly chatIdleMs: number;
	readonly chatDeadlineMs: number;
}

export class ConfigError extends Error {}

function msOf(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
	const raw = env[key];
	if (raw === undefined || raw === '') return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${key}=${raw} is not a duration in milliseconds`);
	return n;
}

function portOf(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
	const raw = env[key];
	if (raw === undefined || raw === '') return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 1 || n > 65535) throw new ConfigError(`${key}=${raw} is not a port number (1-65535)`);
	return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
	const host = env.OVOS_HOST?.trim() || null;
	const handshake = env.OVOS_HANDSHAKE ?? 'gui';
	if (handshake !== 'gui' && handshake !== 'full') throw new ConfigError(`OVOS_HANDSHAKE must be gui or full, not ${handshake}`);
	const home = env.HOME ?? '/root';
	const cache = env.XDG_CACHE_HOME ?? `${home}/.cache`;
	const share = env.XDG_DATA_HOME ?? `${home}/.local/share`;
	return {
		ovos: {
			host,
			guiPort: portOf(env, 'OVOS_GUI_PORT', 18181),
			busPort: portOf(env, 'OVOS_BUS_PORT', 8181),
			handshake
		},
		busHost: host ?? '127.0.0.1',
		embedded: host === null,
		apiToken: env.OVOS_SCREEN_TOKEN || null,
		mediaRoots: env.OVOS_MEDIA_ROOTS
			? env.OVOS_MEDIA_ROOTS.split(':').filter(Boolean)
			: [`${cache}/ovos_gui`, `${share}/mycroft/skills`, `${share}/OVOS/skills`],
		chatIdleMs: msOf(env, 'OVOS_CHAT_IDLE_MS', 20_000),
		chatDeadlineMs: msOf(env, 'OVOS_CHAT_DEADLINE_MS', 60_000)
	};
}

let cached: ServerConfig | undefined;
export function config(): ServerConfig {
	cached ??= loadConfig();
	return cached;
}
