// An unwritable data folder failed only at the first chat, and
// OVOS_SCREEN_DATA_DIR=/proc/x spun at 100 % CPU deaf to SIGTERM. Both are checked when the app
// starts: one line naming the setting, exit status 1, in a second, before anything is built. So is
// what the app keeps there: the chat secret, the paired browsers and tokens.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/lib/server/config';
import { freePort } from '../support/app';

function npmStart(env: Record<string, string>): Promise<{ code: number | null; out: string; ms: number }> {
	const t0 = Date.now();
	const full: NodeJS.ProcessEnv = { ...process.env, ...env };
	for (const k of ['ORIGIN', 'OVOS_HOST', 'OVOS_SIMULATOR', 'OVOS_CHAT_SECRET', 'OVOS_SCREEN_DATA_DIR']) if (!(k in env)) delete full[k];
	return new Promise((resolve) => {
		const child = spawn('npm', ['start'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout.on('data', (d) => (out += String(d)));
		child.stderr.on('data', (d) => (out += String(d)));
		const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
		child.on('exit', (code) => {
			clearTimeout(kill);
			resolve({ code, out, ms: Date.now() - t0 });
		});
	});
}

const file = join(mkdtempSync(join(tmpdir(), 'data-file-')), 'not-a-folder');
writeFileSync(file, '');
// A data folder whose chat secret was damaged (truncated by a full disk, edited by hand).
const damaged = mkdtempSync(join(tmpdir(), 'data-secret-'));
writeFileSync(join(damaged, 'chat-secret'), 'abc\n');

describe('the data folder is checked at start (14.10)', () => {
	const cases: [string, () => Promise<Record<string, string>>, RegExp][] = [
		['under /proc (the embedded simulator)', async () => ({ OVOS_SCREEN_DATA_DIR: '/proc/x' }), /^ovos-screen: OVOS_SCREEN_DATA_DIR=\/proc\/x: cannot create the folder \/proc\/x \(ENOENT\)$/],
		[
			'under /proc (a device, no OVOS_CHAT_SECRET: the secret file goes there)',
			async () => ({ OVOS_SCREEN_DATA_DIR: '/proc/x', OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(await freePort()) }),
			/^ovos-screen: OVOS_SCREEN_DATA_DIR=\/proc\/x: cannot create the folder \/proc\/x \(ENOENT\)$/
		],
		[
			'a damaged chat secret in it',
			async () => ({ OVOS_SCREEN_DATA_DIR: damaged }),
			/^ovos-screen: OVOS_SCREEN_DATA_DIR=.*data-secret-\w+: .*chat-secret is not a chat secret \(64\+ hex digits expected\): delete it/
		],
		['a file, not a folder', async () => ({ OVOS_SCREEN_DATA_DIR: file }), /^ovos-screen: OVOS_SCREEN_DATA_DIR=.*not-a-folder: .*not-a-folder is not a folder$/],
		['an allow-list with a URL in it', async () => ({ OVOS_SCREEN_ALLOWED_HOSTS: 'devbox.lan, http://evil' }), /^ovos-screen: OVOS_SCREEN_ALLOWED_HOSTS=devbox\.lan, http:\/\/evil: http:\/\/evil is not a host name or address/],
		[
			'a certificate path that does not exist',
			async () => ({ OVOS_SCREEN_TLS_CERT: '/nonexistent/cert.pem', OVOS_SCREEN_TLS_KEY: '/nonexistent/key.pem' }),
			/^ovos-screen: OVOS_SCREEN_TLS_CERT=\/nonexistent\/cert\.pem: cannot be read \(ENOENT\)$/
		]
	];
	for (const [name, env, line] of cases) {
		it(`${name}: one line, exit 1, at once`, async () => {
			const r = await npmStart({ PORT: String(await freePort()), OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(await freePort()), ...(await env()) });
			expect(r.code).toBe(1);
			const ours = r.out.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('> '));
			expect(ours).toEqual([expect.stringMatching(line)]);
			expect(r.out).not.toMatch(/building|^\s+at /m);
			expect(r.ms).toBeLessThan(15_000);
		}, 40_000);
	}

	it('a good chat secret, or none yet, passes; OVOS_CHAT_SECRET makes a damaged file irrelevant', () => {
		const good = mkdtempSync(join(tmpdir(), 'data-secret-'));
		expect(loadConfig({ OVOS_SCREEN_DATA_DIR: good }).dataDir).toBe(good);
		writeFileSync(join(good, 'chat-secret'), 'ab'.repeat(32) + '\n');
		expect(loadConfig({ OVOS_SCREEN_DATA_DIR: good }).dataDir).toBe(good);
		expect(() => loadConfig({ OVOS_SCREEN_DATA_DIR: damaged })).toThrow(/OVOS_SCREEN_DATA_DIR=.*chat-secret is not a chat secret/);
		expect(loadConfig({ OVOS_SCREEN_DATA_DIR: damaged, OVOS_CHAT_SECRET: 'x'.repeat(32) }).dataDir).toBe(damaged);
	});

	it('is checked with OVOS_HOST and OVOS_CHAT_SECRET given too: the paired browsers and tokens are kept there', () => {
		expect(() => loadConfig({ OVOS_HOST: '192.168.1.20', OVOS_CHAT_SECRET: 'x'.repeat(32), OVOS_SCREEN_DATA_DIR: '/proc/x' })).toThrow(/^OVOS_SCREEN_DATA_DIR=\/proc\/x: cannot create the folder/);
	});

	it('a damaged list of paired browsers and tokens stops the start in one line, and is left as it was', () => {
		const dir = mkdtempSync(join(tmpdir(), 'data-access-'));
		writeFileSync(join(dir, 'access.json'), '{"version": 1, "browsers": [');
		expect(() => loadConfig({ OVOS_SCREEN_DATA_DIR: dir })).toThrow(/^OVOS_SCREEN_DATA_DIR=.*data-access-\w+: .*access\.json is not JSON: move it away to start with no paired browsers and tokens$/);
		writeFileSync(join(dir, 'access.json'), '{"version": 2, "browsers": [], "tokens": []}');
		expect(() => loadConfig({ OVOS_SCREEN_DATA_DIR: dir })).toThrow(/access\.json is not a list of paired browsers and tokens this version reads/);
		expect(readFileSync(join(dir, 'access.json'), 'utf8')).toBe('{"version": 2, "browsers": [], "tokens": []}');
	});
});
