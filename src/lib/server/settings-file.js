/**
 * The settings file, and the settings read before the app loads.
 *
 * Settings come from the environment or from a file of `KEY=value` lines — the file the installer
 * writes (/etc/ovos-screen/ovos-screen.env), named by OVOS_SCREEN_SETTINGS, else `./.env` when there
 * is one. The environment wins over the file. The file's values are put into `process.env` (for keys
 * the environment lacks) before anything reads them, so every reader — config.ts, the HTTP adapter
 * (ORIGIN, the proxy headers, BODY_SIZE_LIMIT), the data folder, the chat secret — sees the same
 * values; and where each came from is kept, so a bad value is one line naming the key and the file.
 *
 * Plain JavaScript because the server entry (server/index.js, copied into each build with this file)
 * runs it before it loads the adapter's handler, which reads its settings as it loads. config.ts
 * validates the app's own settings and re-exports what is here.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export class ConfigError extends Error {
	/**
	 * @param {string} setting the key the line names
	 * @param {string} message the one line a person reads
	 * @param {string} [head] the message's `KEY=value` start, where a file location can be added
	 */
	constructor(setting, message, head) {
		super(message);
		this.name = 'ConfigError';
		this.setting = setting;
		this.head = head;
	}
}

/**
 * Every setting ovos-screen reads, in the order `.env.example` documents them (a test keeps the two
 * the same). OVOS_SCREEN_SETTINGS names the file, so it is read from the environment only.
 */
export const SETTINGS = /** @type {const} */ ([
	'OVOS_HOST',
	'OVOS_GUI_PORT',
	'OVOS_BUS_PORT',
	'OVOS_HANDSHAKE',
	'OVOS_SIMULATOR',
	'PORT',
	'HOST',
	'OVOS_SCREEN_TLS_CERT',
	'OVOS_SCREEN_TLS_KEY',
	'OVOS_SCREEN_TOKEN',
	'OVOS_SCREEN_TRUSTED_NETWORKS',
	'OVOS_SCREEN_ALLOWED_HOSTS',
	'OVOS_SCREEN_ALLOWED_PORTS',
	'OVOS_SCREEN_DIRECT_SOCKETS',
	'OVOS_MEDIA_ROOTS',
	'OVOS_SCREEN_DATA_DIR',
	'OVOS_CHAT_SECRET',
	'OVOS_CHAT_IDLE_MS',
	'OVOS_CHAT_DEADLINE_MS',
	'OVOS_CHAT_CORE_SHARE',
	'OVOS_CHAT_QUEUE_MS',
	'OVOS_CHAT_QUESTION_IDLE_MS',
	'OVOS_SCREEN_THEME',
	'OVOS_SCREEN_LANG',
	'OVOS_KIOSK_ROTATE',
	'OVOS_KIOSK_SCALE',
	'OVOS_SCREEN_PAGES',
	'OVOS_SCREEN_TRUST_PROXY',
	'ORIGIN',
	'PROTOCOL_HEADER',
	'HOST_HEADER',
	'PORT_HEADER',
	'ADDRESS_HEADER',
	'XFF_DEPTH',
	'BODY_SIZE_LIMIT',
	'OVOS_SCREEN_SETTINGS'
]);

/** @typedef {typeof SETTINGS[number]} SettingKey */

export const ENV_ONLY = new Set(['OVOS_SCREEN_SETTINGS']);
/** Never repeated in a message, a log or a page. */
export const SECRETS = new Set(['OVOS_SCREEN_TOKEN', 'OVOS_CHAT_SECRET']);
/** Read by the HTTP adapter when its handler loads (before the app's init hook). */
export const ADAPTER_SETTINGS = ['ORIGIN', 'PROTOCOL_HEADER', 'HOST_HEADER', 'PORT_HEADER', 'ADDRESS_HEADER', 'XFF_DEPTH', 'BODY_SIZE_LIMIT'];

export const DEFAULT_FILE = '.env';

/**
 * @typedef {Readonly<Record<string, string | undefined>>} Env
 * @typedef {{ readonly file: string | null, readonly lines: ReadonlyMap<string, number> }} SettingsSource
 *   `file`: the settings file read (absolute), if any; `lines`: the keys whose value came from it, and their line.
 */

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The lines of a settings file: blank lines and `# comments` skipped; `KEY=value`, optionally
 * `export KEY=value`; the value trimmed, one pair of surrounding quotes removed, and (unquoted) a
 * ` # comment` after it dropped. Blank values count as unset. Throws a ConfigError naming the file
 * and line for a line that is not a setting, a key that is none of ovos-screen's, or a key set twice.
 * @param {string} text
 * @param {string} file
 * @returns {Map<string, { value: string, line: number }>}
 */
export function parseSettings(text, file) {
	/** @type {Map<string, { value: string, line: number }>} */
	const out = new Map();
	const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
	lines.forEach((raw, i) => {
		const n = i + 1;
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) return;
		const eq = line.indexOf('=');
		const key = (eq < 0 ? '' : line.slice(0, eq)).trim().replace(/^export\s+/, '');
		if (eq < 0 || !KEY.test(key)) {
			const shown = [...SECRETS].some((s) => line.includes(s)) ? `${line.split(/[\s=:]/)[0]} …` : line.length > 48 ? `${line.slice(0, 48)}…` : line;
			throw new ConfigError(key || 'file', `${file}, line ${n}: "${shown}" is not a setting (KEY=value; # starts a comment)`);
		}
		const at = `${key} (in ${file}, line ${n})`;
		if (!(/** @type {readonly string[]} */ (SETTINGS).includes(key))) {
			const near = closest(key);
			throw new ConfigError(key, `${at}: not a setting of ovos-screen${near ? ` (did you mean ${near}?)` : ''}; every setting is listed in .env.example`);
		}
		if (ENV_ONLY.has(key)) throw new ConfigError(key, `${at}: is read from the environment only (it names the settings file)`);
		const before = out.get(key);
		if (before) throw new ConfigError(key, `${key} (in ${file}, lines ${before.line} and ${n}): set twice; keep one`);
		const value = unquote(line.slice(eq + 1).trim());
		if (value === null) throw new ConfigError(key, `${at}: the value opens a quote that is not closed on that line (KEY="value", one line)`);
		out.set(key, { value, line: n });
	});
	return out;
}

/**
 * The value without its surrounding quotes, or null when it opens a quote it never closes (a value
 * spans one line, so `"192.168.1.20` is a mistake to name, not a host to refuse).
 * @param {string} v
 * @returns {string | null}
 */
function unquote(v) {
	const q = v[0];
	if (q === '"' || q === "'") {
		const end = v.indexOf(q, 1);
		if (end < 0) return null;
		if (/^(\s+#.*)?$/.test(v.slice(end + 1))) return v.slice(1, end);
	}
	return v.replace(/\s+#.*$/, '');
}

/** The setting whose name is within two edits of `key` (a typo), if any. @param {string} key */
function closest(key) {
	const k = key.toUpperCase();
	if (k !== key && /** @type {readonly string[]} */ (SETTINGS).includes(k)) return k;
	/** @type {string | null} */
	let best = null;
	let bestD = 3;
	for (const s of SETTINGS) {
		const d = distance(k, s);
		if (d < bestD) {
			best = s;
			bestD = d;
		}
	}
	return best;
}

/**
 * Levenshtein distance.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function distance(a, b) {
	let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const row = [i];
		for (let j = 1; j <= b.length; j++) row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
		prev = row;
	}
	return prev[b.length] ?? 0;
}

/**
 * The settings file `env` names (OVOS_SCREEN_SETTINGS, relative to `cwd`), else `cwd/.env` when
 * it exists, else none; and its settings. Throws a ConfigError when a named file is missing or
 * any file cannot be read or parsed.
 * @param {Env} env
 * @param {string} cwd
 * @returns {{ file: string | null, values: Map<string, { value: string, line: number }> }}
 */
export function readSettingsFile(env, cwd) {
	const named = env.OVOS_SCREEN_SETTINGS?.trim() || null;
	const file = resolve(cwd, named ?? DEFAULT_FILE);
	const what = named ? `OVOS_SCREEN_SETTINGS=${named}` : `${file} (the default settings file)`;
	/** @type {import('node:fs').Stats} */
	let st;
	try {
		st = statSync(file);
	} catch (e) {
		const code = /** @type {NodeJS.ErrnoException} */ (e).code;
		if (code === 'ENOENT' && !named) return { file: null, values: new Map() };
		throw new ConfigError('OVOS_SCREEN_SETTINGS', `${what}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code})`}`);
	}
	if (!st.isFile()) throw new ConfigError('OVOS_SCREEN_SETTINGS', `${what}: not a file`);
	let text;
	try {
		text = readFileSync(file, 'utf8');
	} catch (e) {
		throw new ConfigError('OVOS_SCREEN_SETTINGS', `${what}: cannot read it (${/** @type {NodeJS.ErrnoException} */ (e).code})`);
	}
	return { file, values: parseSettings(text, file) };
}

/**
 * `env` with the settings file's values for the keys it lacks (blank ones are unset either way),
 * and where they came from. `env` itself is not changed.
 * @param {Env} env
 * @param {string} [cwd]
 * @returns {{ env: Record<string, string | undefined>, source: SettingsSource }}
 */
export function withSettingsFile(env, cwd = process.cwd()) {
	const { file, values } = readSettingsFile(env, cwd);
	/** @type {Record<string, string | undefined>} */
	const merged = { ...env };
	/** @type {Map<string, number>} */
	const lines = new Map();
	for (const [key, { value, line }] of values) {
		if (env[key] !== undefined || value === '') continue;
		merged[key] = value;
		lines.set(key, line);
	}
	return { env: merged, source: { file, lines } };
}

const APPLIED = Symbol.for('ovos-screen.settings-file');

/**
 * Puts the settings file's values into `process.env` (keys it lacks only), once per process —
 * `npm start` before it builds, the server entry before the adapter loads, `vite dev` on first use —
 * and returns where they came from. Blank adapter settings are removed: blank means unset, and the
 * adapter would read `ORIGIN=` as an origin.
 * @returns {SettingsSource}
 */
export function applySettingsFile() {
	const g = /** @type {{ [APPLIED]?: SettingsSource }} */ (/** @type {unknown} */ (globalThis));
	const done = g[APPLIED];
	if (done) return done;
	const { env, source } = withSettingsFile(process.env);
	for (const key of source.lines.keys()) process.env[key] = env[key];
	for (const key of ADAPTER_SETTINGS) if (process.env[key]?.trim() === '') delete process.env[key];
	g[APPLIED] = source;
	return source;
}

/**
 * A ConfigError about a value that came from the file, with the file and line added after its
 * `KEY=value` (`OVOS_GUI_PORT=x (in /etc/…/ovos-screen.env, line 3): not a port number`).
 * @param {unknown} e
 * @param {SettingsSource} source
 * @returns {unknown}
 */
export function located(e, source) {
	if (!(e instanceof ConfigError) || !e.head || !e.message.startsWith(e.head)) return e;
	const line = source.lines.get(e.setting);
	if (line === undefined || source.file === null) return e;
	return new ConfigError(e.setting, `${e.head} (in ${source.file}, line ${line})${e.message.slice(e.head.length)}`, e.head);
}

/**
 * Fails with the one line for `key`: `KEY=value: what it must be` (a secret's value is never shown).
 * @param {string} key
 * @param {string} value
 * @param {string} what
 * @returns {never}
 */
export function fail(key, value, what) {
	const head = `${key}=${SECRETS.has(key) ? '…' : value}`;
	throw new ConfigError(key, `${head}: ${what}`, head);
}

/** The value when set and not blank, else undefined. @param {Env} env @param {string} key */
export function raw(env, key) {
	const v = env[key];
	return v === undefined || v.trim() === '' ? undefined : v;
}

/** ORIGIN (read by the HTTP adapter): the app's public origin, when a proxy hides it. @param {Env} env */
export function checkOrigin(env) {
	const v = raw(env, 'ORIGIN');
	if (v === undefined) return;
	/** @type {URL | null} */
	let u = null;
	try {
		u = new URL(v.trim());
	} catch {
		/* said below */
	}
	if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin !== v.trim().replace(/\/$/, ''))
		fail('ORIGIN', v, 'must be an origin like https://screen.example or http://192.168.1.5:3000 (scheme, host, optional port; no path)');
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The adapter's settings, checked before it loads (it would stop with a stack trace, or take
 * `BODY_SIZE_LIMIT=lots` as no limit at all).
 * @param {Env} env
 */
export function checkAdapterSettings(env) {
	checkOrigin(env);
	for (const key of ['PROTOCOL_HEADER', 'HOST_HEADER', 'PORT_HEADER', 'ADDRESS_HEADER']) {
		const v = raw(env, key);
		if (v !== undefined && !HEADER_NAME.test(v.trim())) fail(key, v, 'must be an HTTP header name, e.g. x-forwarded-proto');
	}
	const depth = raw(env, 'XFF_DEPTH');
	if (depth !== undefined && (!/^\d+$/.test(depth.trim()) || Number(depth) < 1)) fail('XFF_DEPTH', depth, 'must be a whole number, 1 or more (proxies in front of the app)');
	const limit = raw(env, 'BODY_SIZE_LIMIT');
	if (limit !== undefined && !/^(\d+[KMG]?|Infinity)$/i.test(limit.trim())) fail('BODY_SIZE_LIMIT', limit, 'must be a size in bytes, optionally with K, M or G (e.g. 512K), or Infinity');
}
