/**
 * Settings from the environment or a settings file: the environment wins, every key is
 * validated, a mistake is one line naming the key and the file, and .env.example lists exactly the
 * keys the app reads.
 */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS, UI_LANGUAGES } from '../../src/lib/server/config';
import { parseSettings } from '../../src/lib/server/settings-file.js';
import { selfSignedCert } from '../support/tls';

const ROOT = resolve(__dirname, '../..');
const EXAMPLE = join(ROOT, '.env.example');

/** A fresh folder with `files` in it. */
function folder(files: Record<string, string> = {}): string {
	const dir = mkdtempSync(join(tmpdir(), 'ovos-settings-'));
	for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
	return dir;
}

function error(fn: () => unknown): string {
	try {
		fn();
	} catch (e) {
		expect(e).toBeInstanceOf(ConfigError);
		const m = (e as ConfigError).message;
		expect(m).not.toContain('\n');
		return m;
	}
	throw new Error('accepted');
}

describe('.env.example', () => {
	const text = readFileSync(EXAMPLE, 'utf8');

	it('is a valid settings file listing every key the app reads, and only those', () => {
		const active = [...parseSettings(text, EXAMPLE).keys()];
		const envOnly = [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=$/gm)].map((m) => m[1]);
		expect([...active, ...envOnly].sort()).toEqual([...SETTINGS].sort());
		expect(new Set(active).size).toBe(active.length);
	});

	it('says what each key is, its default and an example', () => {
		const blocks = text.split(/\n\s*\n/);
		for (const key of SETTINGS) {
			const block = blocks.find((b) => new RegExp(`^#? ?${key}=$`, 'm').test(b));
			expect(block, key).toBeDefined();
			const comment = (block ?? '').split('\n').filter((l) => l.startsWith('#') && !l.startsWith(`# ${key}=`)).join(' ');
			expect(comment, key).toMatch(/Default: /);
			expect(comment, key).toMatch(new RegExp(`Example: ${key}=\\S`));
		}
	});

	it('copied to .env as it is, changes nothing: every value blank is every default', () => {
		expect(loadConfig({}, folder({ '.env': text }))).toEqual({ ...loadConfig({}, folder()), source: expect.anything() });
	});

	it('lists every key config.ts reads (a new setting must be added to SETTINGS and to .env.example)', () => {
		const src = readFileSync(join(ROOT, 'src/lib/server/config.ts'), 'utf8') + readFileSync(join(ROOT, 'src/lib/server/settings-file.js'), 'utf8');
		const read = new Set([...src.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]));
		expect(read.size).toBeGreaterThan(15);
		for (const key of read) expect(SETTINGS, key).toContain(key);
	});

	it('offers the languages the i18n catalogues have', async () => {
		const path = '../../src/lib/i18n/languages'; // not a literal: the module lands with the i18n work
		const i18n = (await import(/* @vite-ignore */ path).catch(() => null)) as { LANGUAGES: { code: string }[] } | null;
		if (!i18n) return expect(UI_LANGUAGES).toEqual(['en', 'pt', 'de']);
		expect([...UI_LANGUAGES].sort()).toEqual(i18n.LANGUAGES.map((l) => l.code).sort());
	});
});

describe('where settings come from', () => {
	it('reads ./.env from the folder the app starts in, and the environment wins over it', () => {
		const dir = folder({ '.env': '# a comment\n\nOVOS_HOST=192.168.1.20\nOVOS_GUI_PORT=18182\nPORT=8080\n' });
		const c = loadConfig({ PORT: '9090' }, dir);
		expect(c.ovos.host).toBe('192.168.1.20');
		expect(c.ovos.guiPort).toBe(18182);
		expect(c.port).toBe(9090);
		expect(c.source.file).toBe(join(dir, '.env'));
		expect([...c.source.lines]).toEqual([
			['OVOS_HOST', 3],
			['OVOS_GUI_PORT', 4]
		]);
	});

	it('reads the file OVOS_SCREEN_SETTINGS names (relative to that folder), not ./.env', () => {
		const dir = folder({ '.env': 'PORT=1111\n', 'screen.env': 'PORT=2222\nOVOS_SCREEN_THEME=dark\n' });
		expect(loadConfig({ OVOS_SCREEN_SETTINGS: 'screen.env' }, dir)).toMatchObject({ port: 2222, theme: 'dark' });
		expect(loadConfig({ OVOS_SCREEN_SETTINGS: join(dir, 'screen.env') }, folder())).toMatchObject({ port: 2222 });
	});

	it('runs with no file at all', () => {
		const c = loadConfig({}, folder());
		expect(c.source.file).toBeNull();
		expect(c).toMatchObject({ port: 3000, theme: 'auto', lang: null, kiosk: { rotate: 0, scale: 1 } });
	});

	it('a blank value in the file or the environment is unset; a blank in the environment still wins', () => {
		expect(loadConfig({}, folder({ '.env': 'PORT=\n' })).port).toBe(3000);
		expect(loadConfig({ OVOS_HOST: '' }, folder({ '.env': 'OVOS_HOST=10.0.0.2\n' })).ovos.host).toBeNull();
	});

	it('reads the installer\'s format and what people type: export, quotes, comments after a value, CRLF, a BOM', () => {
		const text = '\uFEFFexport OVOS_HOST=10.0.0.2\r\nOVOS_SCREEN_LANG="pt-br"\r\nOVOS_MEDIA_ROOTS=\'/a b:/c\'  # two folders\r\nOVOS_KIOSK_SCALE=1.25 # larger\r\n   # indented comment\r\n';
		const c = loadConfig({}, folder({ '.env': text }));
		expect(c).toMatchObject({ lang: 'pt-BR', mediaRoots: ['/a b', '/c'], kiosk: { scale: 1.25 } });
		expect(c.ovos.host).toBe('10.0.0.2');
	});

	it('the installer\'s own settings file loads', () => {
		const script = readFileSync(join(ROOT, 'scripts/install-settings.mjs'), 'utf8');
		const text = /const TEMPLATE = `([\s\S]*?)`;/.exec(script)?.[1];
		expect(text).toBeDefined();
		const dir = folder({ 'ovos-screen.env': text ?? '' });
		const c = loadConfig({ OVOS_SCREEN_SETTINGS: 'ovos-screen.env', OVOS_SCREEN_DATA_DIR: join(dir, 'data') }, dir);
		expect(c).toMatchObject({ port: 3000, listenHost: '0.0.0.0', embedded: false, ovos: { host: '127.0.0.1', guiPort: 18181, busPort: 8181, handshake: 'gui' } });
	});
});

describe('a mistake is one line naming the key and the file', () => {
	/**
	 * A bad value for every key (a test fails when a key has none), and the start of its message.
	 * OVOS_SCREEN_SETTINGS names the file, so its mistake is a missing file.
	 */
	const BAD: Record<(typeof SETTINGS)[number], [string, RegExp]> = {
		OVOS_HOST: ['http://10.0.0.2:8181', /must be a host name or address only/],
		OVOS_GUI_PORT: ['eighteen', /not a port number \(1-65535\)/],
		OVOS_BUS_PORT: ['70000', /not a port number/],
		OVOS_HANDSHAKE: ['half', /must be gui or full/],
		OVOS_SIMULATOR: ['maybe', /must be on or off/],
		PORT: ['3000.5', /not a port number/],
		HOST: ['http://0.0.0.0', /not a host name or address to listen on/],
		OVOS_SCREEN_TLS_CERT: ['/etc/ssl/screen.pem', /needs OVOS_SCREEN_TLS_KEY too/],
		OVOS_SCREEN_TLS_KEY: ['/etc/ssl/screen.key', /needs OVOS_SCREEN_TLS_CERT too/],
		OVOS_SCREEN_TOKEN: ['two words', /must be printable ASCII without spaces/],
		OVOS_SCREEN_TRUSTED_NETWORKS: ['192.168.1.0/24, 10.0.0.0/33', /10\.0\.0\.0\/33 is not a network or address/],
		OVOS_SCREEN_ALLOWED_HOSTS: ['a.local, http://b', /http:\/\/b is not a host name or address/],
		OVOS_SCREEN_ALLOWED_PORTS: ['18182, 99999', /99999 is not a port number/],
		OVOS_SCREEN_DIRECT_SOCKETS: ['sometimes', /must be on or off/],
		OVOS_MEDIA_ROOTS: ['/ok:relative', /relative is not an absolute path/],
		OVOS_SCREEN_DATA_DIR: ['/proc/ovos-screen-test', /cannot (create|write)/],
		OVOS_CHAT_SECRET: ['short', /must be at least 32 characters/],
		OVOS_CHAT_IDLE_MS: ['-5', /not a duration in milliseconds/],
		OVOS_CHAT_DEADLINE_MS: ['1e3', /not a duration in milliseconds/],
		OVOS_CHAT_CORE_SHARE: ['0', /must be a whole number from 1 to 1000/],
		OVOS_CHAT_QUEUE_MS: ['soon', /not a duration in milliseconds/],
		OVOS_CHAT_QUESTION_IDLE_MS: ['1.5', /not a duration in milliseconds/],
		OVOS_SCREEN_THEME: ['blue', /must be light, dark or auto/],
		OVOS_SCREEN_LANG: ['fr', /must be en, pt or de, optionally with a region/],
		OVOS_KIOSK_ROTATE: ['45', /must be 0, 90, 180 or 270/],
		OVOS_KIOSK_SCALE: ['4', /must be a number from 0\.5 to 3/],
		OVOS_SCREEN_PAGES: ['my-pages', /no such folder/],
		OVOS_SCREEN_TRUST_PROXY: ['perhaps', /must be on or off/],
		ORIGIN: ['screen.example', /must be an origin like/],
		PROTOCOL_HEADER: ['x forwarded', /must be an HTTP header name/],
		HOST_HEADER: ['host:', /must be an HTTP header name/],
		PORT_HEADER: ['(port)', /must be an HTTP header name/],
		ADDRESS_HEADER: ['x-forwarded-for, x-real-ip', /must be an HTTP header name/],
		XFF_DEPTH: ['0', /must be a whole number, 1 or more/],
		BODY_SIZE_LIMIT: ['lots', /must be a size in bytes/],
		OVOS_SCREEN_SETTINGS: ['/nonexistent/ovos-screen.env', /no such file/]
	};
	const secret = (k: string) => k === 'OVOS_SCREEN_TOKEN' || k === 'OVOS_CHAT_SECRET';
	const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

	for (const key of SETTINGS) {
		const [value, what] = BAD[key];
		it(`${key} from the environment`, () => {
			const m = error(() => loadConfig({ [key]: value }, folder()));
			expect(m).toMatch(new RegExp(`^${key}=${secret(key) ? '…' : esc(value)}: `));
			expect(m).toMatch(what);
			if (secret(key)) expect(m).not.toContain(value);
		});
		if (key === 'OVOS_SCREEN_SETTINGS') continue;
		it(`${key} from the file: the file and line are named too`, () => {
			const dir = folder({ 'ovos-screen.env': `# settings\n\n${key}=${value}\n` });
			const file = join(dir, 'ovos-screen.env');
			const m = error(() => loadConfig({ OVOS_SCREEN_SETTINGS: file }, dir));
			expect(m).toMatch(new RegExp(`^${key}=${secret(key) ? '…' : esc(value)} \\(in ${esc(file)}, line 3\\): `));
			expect(m).toMatch(what);
			if (secret(key)) expect(m).not.toContain(value);
		});
	}

	it('a line that is not KEY=value', () => {
		const dir = folder({ '.env': 'PORT=3000\nOVOS_HOST 192.168.1.20\n' });
		expect(error(() => loadConfig({}, dir))).toBe(`${join(dir, '.env')}, line 2: "OVOS_HOST 192.168.1.20" is not a setting (KEY=value; # starts a comment)`);
		expect(error(() => loadConfig({}, folder({ '.env': 'OVOS-HOST=x\n' })))).toMatch(/line 1: "OVOS-HOST=x" is not a setting/);
		expect(error(() => loadConfig({}, folder({ '.env': 'OVOS_SCREEN_TOKEN hunter2\n' })))).not.toContain('hunter2');
	});

	it('a quote opened and not closed is said as such, not as a bad value', () => {
		const dir = folder({ '.env': 'PORT=3000\nOVOS_HOST="192.168.1.20\n' });
		expect(error(() => loadConfig({}, dir))).toBe(`OVOS_HOST (in ${join(dir, '.env')}, line 2): the value opens a quote that is not closed on that line (KEY="value", one line)`);
		expect(error(() => loadConfig({}, folder({ '.env': "OVOS_SCREEN_TOKEN='abc\n" })))).toMatch(/^OVOS_SCREEN_TOKEN \(in .*line 1\): the value opens a quote that is not closed/);
		expect(error(() => loadConfig({}, folder({ '.env': "OVOS_SCREEN_TOKEN='hunter2\n" })))).not.toContain('hunter2');
	});

	it('a key that is no setting, with the one it was probably meant to be', () => {
		const dir = folder({ '.env': 'OVOS_HOTS=192.168.1.20\n' });
		expect(error(() => loadConfig({}, dir))).toBe(
			`OVOS_HOTS (in ${join(dir, '.env')}, line 1): not a setting of ovos-screen (did you mean OVOS_HOST?); every setting is listed in .env.example`
		);
		expect(error(() => loadConfig({}, folder({ '.env': 'ovos_host=x\n' })))).toMatch(/did you mean OVOS_HOST\?/);
		expect(error(() => loadConfig({}, folder({ '.env': 'NODE_OPTIONS=--inspect\n' })))).toMatch(/^NODE_OPTIONS \(in .*\): not a setting of ovos-screen; /);
	});

	it('a key set twice, and the settings file named inside a settings file', () => {
		expect(error(() => loadConfig({}, folder({ '.env': 'PORT=1\n\nPORT=2\n' })))).toMatch(/^PORT \(in .*\.env, lines 1 and 3\): set twice; keep one$/);
		expect(error(() => loadConfig({}, folder({ '.env': 'OVOS_SCREEN_SETTINGS=/x\n' })))).toMatch(/^OVOS_SCREEN_SETTINGS \(in .*, line 1\): is read from the environment only/);
	});

	it('a settings file that cannot be read', () => {
		const dir = folder();
		mkdirSync(join(dir, 'a-folder'));
		expect(error(() => loadConfig({ OVOS_SCREEN_SETTINGS: 'a-folder' }, dir))).toBe('OVOS_SCREEN_SETTINGS=a-folder: not a file');
		writeFileSync(join(dir, '.env'), 'PORT=1\n');
		chmodSync(join(dir, '.env'), 0o000);
		const canRead = spawnSync('cat', [join(dir, '.env')]).status === 0; // root reads anything
		if (!canRead) expect(error(() => loadConfig({}, dir))).toMatch(/^.*\.env \(the default settings file\): cannot read it \(EACCES\)$/);
	});
});

describe('the new settings', () => {
	const c = (env: Record<string, string>) => loadConfig(env, folder());
	it('theme, language, kiosk rotation and scale', () => {
		expect(c({ OVOS_SCREEN_THEME: 'Dark' }).theme).toBe('dark');
		expect(c({ OVOS_SCREEN_THEME: 'light' }).theme).toBe('light');
		expect(c({ OVOS_SCREEN_LANG: 'de' }).lang).toBe('de');
		expect(c({ OVOS_SCREEN_LANG: 'PT_br' }).lang).toBe('pt-BR');
		expect(c({ OVOS_SCREEN_LANG: 'en-GB' }).lang).toBe('en-GB');
		expect(c({ OVOS_KIOSK_ROTATE: '270' }).kiosk.rotate).toBe(270);
		expect(c({ OVOS_KIOSK_SCALE: '0.5' }).kiosk.scale).toBe(0.5);
		expect(c({ OVOS_KIOSK_SCALE: '3' }).kiosk.scale).toBe(3);
		expect(error(() => c({ OVOS_KIOSK_SCALE: '0.4' }))).toMatch(/^OVOS_KIOSK_SCALE=0\.4: /);
		expect(error(() => c({ OVOS_SCREEN_LANG: 'german' }))).toMatch(/^OVOS_SCREEN_LANG=german: /);
	});
	it('the pages folder: relative to where the app starts, and it must be a folder that exists', () => {
		const dir = folder({ 'a-file.js': '' });
		mkdirSync(join(dir, 'pages'));
		expect(loadConfig({}, dir).pagesDir).toBeNull();
		expect(loadConfig({ OVOS_SCREEN_PAGES: 'pages' }, dir).pagesDir).toBe(join(dir, 'pages'));
		expect(loadConfig({ OVOS_SCREEN_PAGES: join(dir, 'pages') }, dir).pagesDir).toBe(join(dir, 'pages'));
		expect(error(() => loadConfig({ OVOS_SCREEN_PAGES: 'a-file.js' }, dir))).toBe(`OVOS_SCREEN_PAGES=a-file.js: ${join(dir, 'a-file.js')} is not a folder (it holds <skill_id>/<page>.js files)`);
		expect(error(() => loadConfig({ OVOS_SCREEN_PAGES: 'page' }, dir))).toBe(`OVOS_SCREEN_PAGES=page: no such folder (${join(dir, 'page')})`);
	});
	it('trusted networks: networks and addresses, IPv4 and IPv6, none by default', () => {
		expect(c({}).trustedNetworks).toEqual([]);
		expect(c({ OVOS_SCREEN_TRUSTED_NETWORKS: '192.168.1.0/24, fd00::/8 192.168.2.7' }).trustedNetworks.map((n) => n.cidr)).toEqual(['192.168.1.0/24', 'fd00::/8', '192.168.2.7/32']);
		expect(error(() => c({ OVOS_SCREEN_TRUSTED_NETWORKS: 'my-lan' }))).toMatch(/^OVOS_SCREEN_TRUSTED_NETWORKS=my-lan: my-lan is not a network or address/);
	});
	it('the adapter\'s settings: good values pass', () => {
		expect(() => c({ ORIGIN: 'https://screen.example', PROTOCOL_HEADER: 'x-forwarded-proto', ADDRESS_HEADER: 'X-Forwarded-For', XFF_DEPTH: '2', BODY_SIZE_LIMIT: '1M' })).not.toThrow();
		expect(() => c({ BODY_SIZE_LIMIT: 'Infinity' })).not.toThrow();
	});
});

describe('OVOS_SCREEN_TLS_CERT and OVOS_SCREEN_TLS_KEY (the app serves https)', () => {
	const c = (env: Record<string, string>) => loadConfig(env, folder());
	const one = selfSignedCert();
	const other = selfSignedCert();

	it('a certificate with its key: both read at start; neither: plain http', () => {
		const tls = c({ OVOS_SCREEN_TLS_CERT: one.cert, OVOS_SCREEN_TLS_KEY: one.key }).tls;
		expect(tls?.cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
		expect(tls?.key).toMatch(/PRIVATE KEY-----/);
		expect(c({}).tls).toBeNull();
	});

	it('a file that cannot be read, one that is not PEM, a key of another certificate: one line naming the setting', () => {
		expect(error(() => c({ OVOS_SCREEN_TLS_CERT: join(one.dir, 'none.pem'), OVOS_SCREEN_TLS_KEY: one.key }))).toMatch(/^OVOS_SCREEN_TLS_CERT=.*none\.pem: cannot be read \(ENOENT\)$/);
		expect(error(() => c({ OVOS_SCREEN_TLS_CERT: one.key, OVOS_SCREEN_TLS_KEY: one.key }))).toMatch(/^OVOS_SCREEN_TLS_CERT=.*: is not a certificate in PEM form/);
		expect(error(() => c({ OVOS_SCREEN_TLS_CERT: one.cert, OVOS_SCREEN_TLS_KEY: one.cert }))).toMatch(/^OVOS_SCREEN_TLS_KEY=.*: is not a private key in PEM form/);
		expect(error(() => c({ OVOS_SCREEN_TLS_CERT: one.cert, OVOS_SCREEN_TLS_KEY: other.key }))).toMatch(/^OVOS_SCREEN_TLS_KEY=.*key\.pem: is not the key of .*cert\.pem \(OVOS_SCREEN_TLS_CERT\)$/);
	});
});
