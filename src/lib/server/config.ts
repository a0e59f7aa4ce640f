/**
 * Server configuration, read once from the environment and the settings file (settings-file.js:
 * the environment wins) and validated.
 *
 * Each setting has one reader below (the HTTP adapter's in settings-file.js): it returns the value
 * or throws a ConfigError whose message is the one line a person sees (`SETTING=value: what it must
 * be`, plus `(in FILE, line N)` when the value came from the file). `npm start` runs `loadConfig`
 * before it builds, and the server again when it starts, so a mistake never reaches a stack trace.
 * To add a setting: write its reader, call it in `loadConfig`, add it to SETTINGS (settings-file.js)
 * and to .env.example (tests/server/settings.test.ts checks both), list it in the README.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { createServer, isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import type { AllowedHosts, AllowedPorts, Handshake, OvosAddress, Via } from '$lib/protocol/address';
import { secretFileProblem } from './http/secret';
import { dataDir, writableDirProblem } from './data-dir';
import { accessFileProblem } from './guards/credentials';
import { parseNetwork, type Network } from './guards/networks';
import { applySettingsFile, checkAdapterSettings, ConfigError, fail, located, raw, withSettingsFile, type SettingsSource } from './settings-file.js';

export { ConfigError, SETTINGS, SECRETS, withSettingsFile, type SettingsSource } from './settings-file.js';

export interface ServerConfig {
	/** Where the app listens (PORT, HOST). */
	readonly port: number;
	readonly listenHost: string;
	/** What the browser is told about where OVOS is (host null = the page's own host). */
	readonly ovos: OvosAddress;
	/** Host the server itself uses for the core bus (chat agent). */
	readonly busHost: string;
	/** True when no OVOS_HOST is set: OVOS is on this machine (the embedded simulator, unless off). */
	readonly embedded: boolean;
	/** True when the embedded simulator runs in this process (no OVOS_HOST, OVOS_SIMULATOR not off). */
	readonly simulator: boolean;
	/** OVOS_SCREEN_ALLOWED_HOSTS: hosts a page's `?host=` may name besides the configured OVOS. */
	readonly allowedHosts: AllowedHosts;
	/** OVOS_SCREEN_ALLOWED_PORTS: ports a page's `?guiPort=` / `?busPort=` may name besides the configured two. */
	readonly allowedPorts: AllowedPorts;
	/** OVOS_SCREEN_DATA_DIR: the chat secret, the paired browsers and tokens, the embedded simulator's GUI cache (absolute). */
	readonly dataDir: string;
	/** The embedded simulator's ovos-gui cache (its `~/.cache/ovos_gui`), or null when it does not run. */
	readonly simulatorGuiCache: string | null;
	/** OVOS_SCREEN_TOKEN: an API token that needs no /settings (one for every tool and browser handed it). */
	readonly apiToken: string | null;
	/** OVOS_SCREEN_TRUSTED_NETWORKS: addresses let in without pairing (none by default). */
	readonly trustedNetworks: readonly Network[];
	/** Folders local media may be served from (OVOS_MEDIA_ROOTS, `:`-separated), and the simulator's GUI cache. */
	readonly mediaRoots: readonly string[];
	/** Chat turn timing: idle timeout restarted by every speak, and absolute deadline (ms). */
	readonly chatIdleMs: number;
	readonly chatDeadlineMs: number;
	/** Admission to core's skill pool: the app's share of it, the queue's longest wait, a question's idle limit. */
	readonly chatCoreShare: number;
	readonly chatQueueMs: number;
	readonly chatQuestionIdleMs: number;
	/** OVOS_SCREEN_TLS_CERT / OVOS_SCREEN_TLS_KEY: the app serves https (and wss) with them; null = http. */
	readonly tls: Tls | null;
	/** OVOS_SCREEN_TRUST_PROXY: believe X-Forwarded-Proto / X-Forwarded-Host for the page's origin. */
	readonly trustProxy: boolean;
	/** OVOS_SCREEN_THEME: the pages' colours unless a browser chose (/settings); auto = the system's. */
	readonly theme: Theme;
	/** OVOS_SCREEN_LANG: the UI language unless a browser chose; null = each browser's own languages. */
	readonly lang: string | null;
	/** OVOS_KIOSK_ROTATE / OVOS_KIOSK_SCALE: /kiosk's rotation and scale unless the browser or URL says. */
	readonly kiosk: { readonly rotate: Rotation; readonly scale: number };
	/** OVOS_SCREEN_PAGES: the folder of skill authors' pages (absolute), or null (docs/pages.md). */
	readonly pagesDir: string | null;
	/** The settings file read, and which keys came from it. */
	readonly source: SettingsSource;
}

/** A certificate (chain) and its private key, PEM, as read at start. */
export interface Tls {
	readonly cert: string;
	readonly key: string;
}

export type Theme = 'light' | 'dark' | 'auto';
export type Rotation = 0 | 90 | 180 | 270;
/** The UI languages (the i18n catalogues; a test keeps the two lists the same). */
export const UI_LANGUAGES = ['en', 'pt', 'de'] as const;

type Env = Readonly<Record<string, string | undefined>>;

function portSetting(env: Env, key: string, fallback: number): number {
	const v = raw(env, key);
	if (v === undefined) return fallback;
	const n = Number(v.trim());
	if (!/^\d+$/.test(v.trim()) || n < 1 || n > 65535) fail(key, v, 'not a port number (1-65535)');
	return n;
}

function msSetting(env: Env, key: string, fallback: number): number {
	const v = raw(env, key);
	if (v === undefined) return fallback;
	const n = Number(v.trim());
	if (!/^\d+$/.test(v.trim()) || n < 1) fail(key, v, 'not a duration in milliseconds (a whole number, 1 or more)');
	return n;
}

const ON = new Set(['on', '1', 'true', 'yes']);
const OFF = new Set(['off', '0', 'false', 'no']);

function switchSetting(env: Env, key: string, fallback: boolean): boolean {
	const v = raw(env, key);
	if (v === undefined) return fallback;
	const k = v.trim().toLowerCase();
	if (ON.has(k)) return true;
	if (OFF.has(k)) return false;
	fail(key, v, 'must be on or off');
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?$/;

/**
 * A host name, an IPv4 address or an IPv6 address (bare or in brackets); null if it is none. A name
 * whose last label is all digits is none (no top-level domain is): `999.1.1.1` is a mistyped address.
 */
function hostOrAddress(v: string): string | null {
	const h = v.trim();
	const bare = h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
	if (isIP(bare)) return bare;
	return HOST_NAME.test(h) && !/(^|\.)\d+\.?$/.test(h) ? h : null;
}

/** What to add when `v` looks like an IPv4 address but is not one. */
const notIpv4 = (v: string) => (/^[\d.]+$/.test(v.trim()) ? ' (an IPv4 address is four numbers from 0 to 255)' : '');

/** PORT: where the app listens. */
export function readPort(env: Env): number {
	return portSetting(env, 'PORT', 3000);
}

/** HOST: the address the app listens on (0.0.0.0 = every interface). */
export function readListenHost(env: Env): string {
	const v = raw(env, 'HOST');
	if (v === undefined) return '0.0.0.0';
	return hostOrAddress(v) ?? fail('HOST', v, `not a host name or address to listen on (e.g. 0.0.0.0, 127.0.0.1, ::)${notIpv4(v)}`);
}

/** OVOS_HOST: the device running ovos-gui and the messagebus; the ports are separate settings. */
export function readOvosHost(env: Env): string | null {
	const v = raw(env, 'OVOS_HOST');
	if (v === undefined) return null;
	const host = hostOrAddress(v);
	if (host !== null) return host;
	const hint = /^[a-z]+:\/\//i.test(v.trim()) || /:\d+\/?$/.test(v.trim()) ? ' (no scheme, port or path: the ports are OVOS_GUI_PORT and OVOS_BUS_PORT)' : notIpv4(v);
	fail('OVOS_HOST', v, `must be a host name or address only, e.g. 192.168.1.20${hint}`);
}

export function readGuiPort(env: Env): number {
	return portSetting(env, 'OVOS_GUI_PORT', 18181);
}

export function readBusPort(env: Env): number {
	return portSetting(env, 'OVOS_BUS_PORT', 8181);
}

export function readHandshake(env: Env): Handshake {
	const v = raw(env, 'OVOS_HANDSHAKE');
	if (v === undefined) return 'gui';
	const k = v.trim().toLowerCase();
	if (k === 'gui' || k === 'full') return k;
	fail('OVOS_HANDSHAKE', v, 'must be gui or full');
}

/**
 * OVOS_SCREEN_DIRECT_SOCKETS: on = screens open their sockets straight to ovos-gui and the bus (which
 * must then listen where browsers reach them), for developers; off (default) = through the app.
 */
export function readVia(env: Env): Via {
	return switchSetting(env, 'OVOS_SCREEN_DIRECT_SOCKETS', false) ? 'direct' : 'app';
}

/**
 * OVOS_SCREEN_TLS_CERT and OVOS_SCREEN_TLS_KEY: PEM files (absolute or relative to the folder the app
 * starts in), both or neither. Read and checked together at start, so an unreadable file, a key
 * that is no key or one that does not belong to the certificate is one line naming the setting.
 */
export function readTls(env: Env): Tls | null {
	const certPath = raw(env, 'OVOS_SCREEN_TLS_CERT')?.trim();
	const keyPath = raw(env, 'OVOS_SCREEN_TLS_KEY')?.trim();
	if (!certPath && !keyPath) return null;
	if (!certPath) fail('OVOS_SCREEN_TLS_KEY', keyPath as string, 'needs OVOS_SCREEN_TLS_CERT too (the certificate that goes with this key)');
	if (!keyPath) fail('OVOS_SCREEN_TLS_CERT', certPath, 'needs OVOS_SCREEN_TLS_KEY too (the private key of this certificate)');
	const pem = (key: string, path: string, what: RegExp, is: string) => {
		let text: string;
		try {
			text = readFileSync(path, 'utf8');
		} catch (e) {
			fail(key, path, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
		}
		if (!what.test(text)) fail(key, path, `is not ${is} in PEM form (-----BEGIN …-----)`);
		return text;
	};
	const cert = pem('OVOS_SCREEN_TLS_CERT', certPath, /-----BEGIN CERTIFICATE-----/, 'a certificate');
	const key = pem('OVOS_SCREEN_TLS_KEY', keyPath, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key');
	try {
		createSecureContext({ cert, key });
	} catch (e) {
		const mismatch = /mismatch/i.test((e as Error).message);
		fail('OVOS_SCREEN_TLS_KEY', keyPath, mismatch ? `is not the key of ${certPath} (OVOS_SCREEN_TLS_CERT)` : `cannot be used with ${certPath}: ${(e as Error).message}`);
	}
	return { cert, key };
}

/** OVOS_SIMULATOR: the embedded simulator, on by default when no OVOS_HOST is set. */
export function readSimulator(env: Env, ovosHost: string | null): boolean {
	const on = switchSetting(env, 'OVOS_SIMULATOR', ovosHost === null);
	if (on && ovosHost !== null && raw(env, 'OVOS_SIMULATOR') !== undefined)
		fail('OVOS_SIMULATOR', raw(env, 'OVOS_SIMULATOR') as string, 'the embedded simulator runs only without OVOS_HOST (unset one of them)');
	return on;
}

/** OVOS_SCREEN_TOKEN: sent in an HTTP header, so printable and without spaces. */
export function readApiToken(env: Env): string | null {
	const v = raw(env, 'OVOS_SCREEN_TOKEN');
	if (v === undefined) return null;
	if (!/^[\x21-\x7e]+$/.test(v)) fail('OVOS_SCREEN_TOKEN', '…', 'must be printable ASCII without spaces (it travels in an HTTP header)');
	return v;
}

/**
 * OVOS_SCREEN_TRUSTED_NETWORKS: comma- or space-separated networks (`192.168.1.0/24`, `fd00::/8`) or
 * addresses whose clients are let in without pairing, as Home Assistant's `trusted_networks`.
 */
export function readTrustedNetworks(env: Env): readonly Network[] {
	const v = raw(env, 'OVOS_SCREEN_TRUSTED_NETWORKS');
	if (v === undefined) return [];
	const items = v.split(/[\s,]+/).filter(Boolean);
	return items.map((item) => parseNetwork(item) ?? fail('OVOS_SCREEN_TRUSTED_NETWORKS', v, `${item} is not a network or address (e.g. 192.168.1.0/24, fd00::/8, 192.168.1.7; separated by commas)`));
}

export function readMediaRoots(env: Env): readonly string[] {
	const v = raw(env, 'OVOS_MEDIA_ROOTS');
	if (v === undefined) {
		const home = env.HOME ?? '/root';
		const cache = env.XDG_CACHE_HOME ?? `${home}/.cache`;
		const share = env.XDG_DATA_HOME ?? `${home}/.local/share`;
		return [`${cache}/ovos_gui`, `${share}/mycroft/skills`, `${share}/OVOS/skills`];
	}
	const roots = v.split(':').filter(Boolean);
	const relative = roots.find((r) => !isAbsolute(r));
	if (relative !== undefined) fail('OVOS_MEDIA_ROOTS', v, `${relative} is not an absolute path (folders are separated by :)`);
	return roots;
}

export function readChatIdleMs(env: Env): number {
	return msSetting(env, 'OVOS_CHAT_IDLE_MS', 20_000);
}

export function readChatDeadlineMs(env: Env): number {
	return msSetting(env, 'OVOS_CHAT_DEADLINE_MS', 60_000);
}

/**
 * OVOS_CHAT_CORE_SHARE: how many chat turns and open questions may hold core's skill threads at
 * once (docs/chat.md#admission-cores-pool-is-small: 6 threads on a 2-CPU device, and with all held core answers nobody).
 */
export function readChatCoreShare(env: Env): number {
	const v = raw(env, 'OVOS_CHAT_CORE_SHARE');
	if (v === undefined) return 3;
	const n = Number(v.trim());
	if (!/^\d+$/.test(v.trim()) || n < 1 || n > 1000)
		fail('OVOS_CHAT_CORE_SHARE', v, 'must be a whole number from 1 to 1000 (keep it below the threads of core’s skill pool: min(32, CPUs + 4))');
	return n;
}

export function readChatQueueMs(env: Env): number {
	return msSetting(env, 'OVOS_CHAT_QUEUE_MS', 30_000);
}

export function readChatQuestionIdleMs(env: Env): number {
	return msSetting(env, 'OVOS_CHAT_QUESTION_IDLE_MS', 60_000);
}

/** OVOS_CHAT_SECRET is read where the chat tokens are made; checked here so a short one stops the start. */
export function checkChatSecret(env: Env): void {
	const v = raw(env, 'OVOS_CHAT_SECRET');
	if (v !== undefined && v.trim().length < 32) fail('OVOS_CHAT_SECRET', '…', 'must be at least 32 characters');
}

/**
 * OVOS_SCREEN_ALLOWED_HOSTS: comma- or space-separated hosts a screen, kiosk or dashboard link may
 * point at with `?host=` (a second device, a developer's simulator), or `*` for any. Unset: only the
 * configured OVOS (with no OVOS_HOST, the machine each page is opened from). See SECURITY.md.
 */
export function readAllowedHosts(env: Env): AllowedHosts {
	const v = raw(env, 'OVOS_SCREEN_ALLOWED_HOSTS');
	if (v === undefined) return [];
	if (v.trim() === '*') return '*';
	const hosts = v.split(/[\s,]+/).filter(Boolean);
	const bad = hosts.find((h) => hostOrAddress(h) === null);
	if (bad !== undefined) fail('OVOS_SCREEN_ALLOWED_HOSTS', v, `${bad} is not a host name or address (list hosts only, separated by commas; or * for any)`);
	return hosts;
}

/**
 * OVOS_SCREEN_ALLOWED_PORTS: comma- or space-separated ports a link (or this browser's saved
 * options) may point a screen's sockets at besides OVOS_GUI_PORT and OVOS_BUS_PORT; `*` = any.
 * Unset: only those two, as any program of the machine may listen on a port of its own.
 */
export function readAllowedPorts(env: Env): AllowedPorts {
	const v = raw(env, 'OVOS_SCREEN_ALLOWED_PORTS');
	if (v === undefined) return [];
	if (v.trim() === '*') return '*';
	const items = v.split(/[\s,]+/).filter(Boolean);
	const bad = items.find((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 65535);
	if (bad !== undefined) fail('OVOS_SCREEN_ALLOWED_PORTS', v, `${bad} is not a port number (list ports 1-65535 only, separated by commas; or * for any)`);
	return items.map(Number);
}

/**
 * OVOS_SCREEN_DATA_DIR (default `.data`): checked at start, as something will write there — the
 * paired browsers and tokens, the chat secret (unless OVOS_CHAT_SECRET is given), the embedded
 * simulator's GUI cache — so a folder that cannot be made or written stops the start instead of the
 * first pairing or chat.
 */
export function readDataDir(env: Env): string {
	const dir = dataDir(env);
	dataDirProblem(env, writableDirProblem(dir));
	return dir;
}

/** A problem of the data folder (or a file in it) as the one line that stops the start. */
function dataDirProblem(env: Env, problem: string | null): void {
	if (problem !== null) fail('OVOS_SCREEN_DATA_DIR', raw(env, 'OVOS_SCREEN_DATA_DIR') ?? '(unset: .data)', problem);
}

export function readTrustProxy(env: Env): boolean {
	return switchSetting(env, 'OVOS_SCREEN_TRUST_PROXY', false);
}

export function readTheme(env: Env): Theme {
	const v = raw(env, 'OVOS_SCREEN_THEME');
	if (v === undefined) return 'auto';
	const k = v.trim().toLowerCase();
	if (k === 'light' || k === 'dark' || k === 'auto') return k;
	fail('OVOS_SCREEN_THEME', v, 'must be light, dark or auto (auto follows the system of each screen)');
}

/** OVOS_SCREEN_LANG: a UI language, optionally with a region for dates and numbers (pt-BR, de-AT). */
export function readLang(env: Env): string | null {
	const v = raw(env, 'OVOS_SCREEN_LANG');
	if (v === undefined) return null;
	const m = /^([a-z]{2})(?:[-_]([a-z]{2}|\d{3}))?$/i.exec(v.trim());
	const lang = m?.[1]?.toLowerCase();
	if (!m || !(UI_LANGUAGES as readonly string[]).includes(lang ?? ''))
		fail('OVOS_SCREEN_LANG', v, `must be ${UI_LANGUAGES.slice(0, -1).join(', ')} or ${UI_LANGUAGES.at(-1)}, optionally with a region (e.g. pt-BR); unset: each browser's own language`);
	return m[2] ? `${lang}-${m[2].toUpperCase()}` : (lang as string);
}

export function readKioskRotate(env: Env): Rotation {
	const v = raw(env, 'OVOS_KIOSK_ROTATE');
	if (v === undefined) return 0;
	const k = v.trim();
	if (k === '0' || k === '90' || k === '180' || k === '270') return Number(k) as Rotation;
	fail('OVOS_KIOSK_ROTATE', v, 'must be 0, 90, 180 or 270 (degrees clockwise)');
}

export function readKioskScale(env: Env): number {
	const v = raw(env, 'OVOS_KIOSK_SCALE');
	if (v === undefined) return 1;
	const n = Number(v.trim());
	if (!/^\d+(\.\d+)?$/.test(v.trim()) || n < 0.5 || n > 3) fail('OVOS_KIOSK_SCALE', v, 'must be a number from 0.5 to 3 (1 = as designed, 1.5 = half as large again)');
	return n;
}

/**
 * OVOS_SCREEN_PAGES: a folder of page files, `<folder>/<skill_id>/<page>.js` (docs/pages.md); a
 * relative path is taken from the folder the app starts in. It must exist and be readable: a typo
 * would otherwise leave every skill on its built-in page without a word.
 */
export function readPagesDir(env: Env, cwd = process.cwd()): string | null {
	const v = raw(env, 'OVOS_SCREEN_PAGES');
	if (v === undefined) return null;
	const dir = resolve(cwd, v.trim());
	let isDir: boolean;
	try {
		isDir = statSync(dir).isDirectory();
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		fail('OVOS_SCREEN_PAGES', v, code === 'ENOENT' ? `no such folder (${dir})` : `cannot read the folder ${dir} (${code ?? (e as Error).message})`);
	}
	if (!isDir) fail('OVOS_SCREEN_PAGES', v, `${dir} is not a folder (it holds <skill_id>/<page>.js files)`);
	try {
		accessSync(dir, constants.R_OK | constants.X_OK);
	} catch (e) {
		fail('OVOS_SCREEN_PAGES', v, `cannot read the folder ${dir} (${(e as NodeJS.ErrnoException).code ?? 'no permission'})`);
	}
	return dir;
}

/**
 * Every setting, from `env` and the settings file it names (or ./.env in `cwd`); process.env gets
 * the file's values itself (see applySettingsFile), any other `env` is left as it is.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
	const { env: all, source } = env === process.env ? { env, source: applySettingsFile() } : withSettingsFile(env, cwd);
	try {
		return readAll(all, source, cwd);
	} catch (e) {
		throw located(e, source);
	}
}

function readAll(env: Env, source: SettingsSource, cwd: string): ServerConfig {
	const host = readOvosHost(env);
	checkChatSecret(env);
	checkAdapterSettings(env);
	const simulator = readSimulator(env, host);
	const data = readDataDir(env);
	if (raw(env, 'OVOS_CHAT_SECRET') === undefined) dataDirProblem(env, secretFileProblem(data));
	dataDirProblem(env, accessFileProblem(data));
	// The simulated device's files (app icons its skills register) are served like a real one's.
	const guiCache = simulator ? join(data, 'ovos_gui') : null;
	return {
		port: readPort(env),
		listenHost: readListenHost(env),
		ovos: { host, guiPort: readGuiPort(env), busPort: readBusPort(env), handshake: readHandshake(env), via: readVia(env) },
		busHost: host ?? '127.0.0.1',
		embedded: host === null,
		simulator,
		allowedHosts: readAllowedHosts(env),
		allowedPorts: readAllowedPorts(env),
		dataDir: data,
		simulatorGuiCache: guiCache,
		apiToken: readApiToken(env),
		trustedNetworks: readTrustedNetworks(env),
		mediaRoots: guiCache === null ? readMediaRoots(env) : [...readMediaRoots(env), guiCache],
		chatIdleMs: readChatIdleMs(env),
		chatDeadlineMs: readChatDeadlineMs(env),
		chatCoreShare: readChatCoreShare(env),
		chatQueueMs: readChatQueueMs(env),
		chatQuestionIdleMs: readChatQuestionIdleMs(env),
		tls: readTls(env),
		trustProxy: readTrustProxy(env),
		theme: readTheme(env),
		lang: readLang(env),
		kiosk: { rotate: readKioskRotate(env), scale: readKioskScale(env) },
		pagesDir: readPagesDir(env, cwd),
		source
	};
}

let cached: ServerConfig | undefined;
export function config(): ServerConfig {
	cached ??= loadConfig();
	return cached;
}

/**
 * The ports this configuration will listen on are free, or a ConfigError naming the setting: run
 * before a build, so a taken port is said at once instead of after a minute of building.
 */
export async function checkPortsFree(c: ServerConfig): Promise<void> {
	try {
		await portFree('PORT', c.listenHost, c.port);
		if (c.simulator) {
			await portFree('OVOS_BUS_PORT', '127.0.0.1', c.ovos.busPort);
			await portFree('OVOS_GUI_PORT', '127.0.0.1', c.ovos.guiPort);
		}
	} catch (e) {
		throw located(e, c.source);
	}
}

/** Why listening on host:port fails, as the one line a person reads. */
export function listenProblem(setting: 'PORT' | 'HOST' | 'OVOS_BUS_PORT' | 'OVOS_GUI_PORT', host: string, port: number, e: NodeJS.ErrnoException): ConfigError {
	const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
	const head = `${setting}=${port}`;
	switch (e.code) {
		case 'EADDRINUSE':
			return new ConfigError(setting, `${head}: ${where} is already in use (another ovos-screen or OVOS?). Stop it or set ${setting} to a free port.`, head);
		case 'EACCES':
			return new ConfigError(setting, `${head}: not allowed to listen on ${where} (ports below 1024 need privileges). Set ${setting} to 1024 or above.`, head);
		case 'EADDRNOTAVAIL':
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return new ConfigError('HOST', `HOST=${host}: not an address of this machine (${e.code}). Use 0.0.0.0 for every interface.`, `HOST=${host}`);
		default:
			return new ConfigError(setting, `${head}: cannot listen on ${where}: ${e.message}`, head);
	}
}

function portFree(setting: 'PORT' | 'OVOS_BUS_PORT' | 'OVOS_GUI_PORT', host: string, port: number): Promise<void> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', (e: NodeJS.ErrnoException) => reject(listenProblem(setting, host, port, e)));
		probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
	});
}
