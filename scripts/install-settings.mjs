// The installer's settings file, checked by the app's own settings check before install.sh writes or
// builds anything, and edited here rather than by `sed` in the shell (a value is data, never part of
// a command):
//
//   node scripts/install-settings.mjs [--root DIR] --check FILE [KEY=value ...]   check what FILE would become
//   node scripts/install-settings.mjs [--root DIR] FILE [KEY=value ...]           the same, then write it
//
// FILE is created from the template below when missing; otherwise only the given keys change (the
// line that sets one is replaced, or a line is added), and a person's edits and comments stay. A
// mistake is one line on stderr and exit status 1: a given value is named by install.sh's option, a
// value already in the file by the file and its line. On success it prints, one `KEY=value` a line,
// what install.sh builds the service with (REPORTED), and CHANGED=yes when the file was written
// with other contents than it had. --root DIR: the system the file belongs to is installed under DIR
// (install.sh --prefix), so the files the settings name are checked there.
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { loadConfig, ConfigError, withSettingsFile } = await tsImport('../src/lib/server/config.ts', import.meta.url);

/** The install.sh option that sets each key it can set. */
const OPTIONS = { OVOS_HOST: '--ovos-host', PORT: '--port', OVOS_SCREEN_TLS_CERT: '--tls', OVOS_SCREEN_TLS_KEY: '--tls' };
/** What install.sh needs to know of the settings: the service's unit, the data folder, the certificate. */
const REPORTED = ['HOST', 'OVOS_SCREEN_DATA_DIR', 'OVOS_SCREEN_TLS_CERT', 'OVOS_SCREEN_TLS_KEY'];
/** Settings that name a file the app reads at start. */
const FILES = ['OVOS_SCREEN_TLS_CERT', 'OVOS_SCREEN_TLS_KEY'];

const TEMPLATE = `# ovos-screen settings, read by the app (ovos-screen.service names this file in OVOS_SCREEN_SETTINGS).
# After a change: sudo systemctl restart ovos-screen. A mistake stops the app with one line naming
# the key and this file (journalctl -u ovos-screen). Every key, its default and an example:
# /opt/ovos-screen/.env.example; what the app runs with: its /settings page.
OVOS_HOST=127.0.0.1
OVOS_GUI_PORT=18181
OVOS_BUS_PORT=8181
OVOS_HANDSHAKE=gui
PORT=3000
HOST=0.0.0.0
OVOS_SCREEN_DATA_DIR=/var/lib/ovos-screen
# OVOS_SCREEN_TOKEN=
# OVOS_SCREEN_TRUSTED_NETWORKS=
# OVOS_MEDIA_ROOTS=
# OVOS_SCREEN_THEME=auto
# OVOS_SCREEN_LANG=
# OVOS_KIOSK_ROTATE=0
# OVOS_KIOSK_SCALE=1
`;

const args = process.argv.slice(2);
const root = args[0] === '--root' ? (args.shift(), args.shift()) : '';
const check = args[0] === '--check';
if (check) args.shift();
const file = args.shift();
if (!file) {
	console.error('install-settings: which settings file? (see the head of this script)');
	process.exit(2);
}
/** @type {[string, string][]} */
const changes = args.map((a) => {
	const eq = a.indexOf('=');
	return [a.slice(0, eq), a.slice(eq + 1)];
});

/** `text` with `key` set to `value`: the line that sets it replaced, or one added. */
function withValue(text, key, value) {
	// A value is one line; a line break in it would add a setting of its own.
	if (/[\r\n]/.test(value)) fail(key, value, 'must be one line');
	const lines = text.split('\n');
	const at = lines.findIndex((l) => new RegExp(`^\\s*(export\\s+)?${key}\\s*=`).test(l));
	if (at >= 0) lines[at] = `${key}=${value}`;
	else lines.splice(lines.at(-1) === '' ? -1 : lines.length, 0, `${key}=${value}`);
	return lines.join('\n');
}

function fail(key, value, what) {
	throw new ConfigError(key, `${key}=${value}: ${what}`, `${key}=${value}`);
}

const given = new Map(changes);
const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
let text = before ?? TEMPLATE;
try {
	for (const [key, value] of changes) text = withValue(text, key, value);
	// The app's own check, over the file as it would be written. The data folder is made by install.sh
	// (as root, for the app's user): a scratch one stands in for it here.
	const scratch = mkdtempSync(join(tmpdir(), 'ovos-screen-install-'));
	try {
		const draft = join(scratch, 'ovos-screen.env');
		writeFileSync(draft, text);
		const { env } = withSettingsFile({ OVOS_SCREEN_SETTINGS: draft }, scratch);
		/** @type {Record<string, string>} */
		const rooted = {};
		for (const key of FILES) if (root && env[key] && isAbsolute(env[key])) rooted[key] = join(root, env[key]);
		const c = loadConfig({ OVOS_SCREEN_SETTINGS: draft, OVOS_SCREEN_DATA_DIR: join(scratch, 'data'), ...rooted }, scratch);
		if (!check && text !== before) write(text);
		console.log(`PORT=${c.port}`);
		for (const key of REPORTED) console.log(`${key}=${env[key] ?? ''}`);
		if (!check && text !== before) console.log('CHANGED=yes');
	} catch (e) {
		throw e instanceof ConfigError ? new ConfigError(e.setting, e.message.split(join(scratch, 'ovos-screen.env')).join(file), e.head) : e;
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
} catch (e) {
	if (!(e instanceof ConfigError)) throw e;
	const option = OPTIONS[e.setting];
	// A value given as an option is named as the option; anything else by the file's key and line.
	if (option && given.has(e.setting) && e.head && e.message.startsWith(e.head)) {
		const what = e.message.slice(e.head.length).replace(/^ \(in .*?, lines? [\d and]+\)/, '').replace(/^: /, '');
		console.error(`${option} ${given.get(e.setting)}: ${what}`);
	}
	else console.error(e.message);
	process.exit(1);
}

/** The file replaced in one rename; a new one readable by root and the app's group only. */
function write(content) {
	const tmp = `${file}.${process.pid}.tmp`;
	writeFileSync(tmp, content, { mode: 0o640 });
	if (existsSync(file)) chmodSync(tmp, statSync(file).mode & 0o777);
	renameSync(tmp, file);
}
