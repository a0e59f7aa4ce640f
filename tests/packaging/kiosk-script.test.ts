/**
 * scripts/kiosk.sh passes the device's Chromium the flags of scripts/kiosk-chromium.flags — the
 * same list the benches launch /kiosk with (scripts/chromium.mjs KIOSK_LAUNCH), so a bench measures
 * what the kiosk runs. It opens the app where the app says it listens, waiting until it does, and
 * follows it when it moves. Run with a stand-in browser that writes down its arguments.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, KIOSK_ARGS, KIOSK_LAUNCH, parseFlags } from '../../scripts/chromium.mjs';

const scripts = new URL('../../scripts/', import.meta.url).pathname;
const dirs: string[] = [];
afterEach(() => {
	for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs kiosk.sh from `folder` with a browser that writes its arguments, one a line. */
function runKiosk(folder: string): { status: number | null; stderr: string; args: string[] } {
	const tmp = mkdtempSync(join(tmpdir(), 'kiosk-sh-'));
	dirs.push(tmp);
	const browser = join(tmp, 'browser');
	writeFileSync(browser, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${tmp}/args"\n`);
	chmodSync(browser, 0o755);
	const r = spawnSync('sh', [join(folder, 'kiosk.sh')], {
		encoding: 'utf8',
		env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmp, CHROMIUM: browser, KIOSK_PROFILE: join(tmp, 'profile'), OVOS_SCREEN_URL: 'http://127.0.0.1:3999' }
	});
	let args: string[] = [];
	try {
		args = readFileSync(join(tmp, 'args'), 'utf8').split('\n').slice(0, -1);
	} catch {
		/* the browser never ran */
	}
	return { status: r.status, stderr: r.stderr, args };
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return !/ Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return false;
	}
}

/** Polls `ok` every 100 ms for up to 5 s. */
async function until(ok: () => boolean): Promise<void> {
	for (let i = 0; i < 50 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
	expect(ok()).toBe(true);
}

/**
 * kiosk.sh as the kiosk unit runs it (no OVOS_SCREEN_URL), with a browser that writes down each
 * start's arguments and then stays up until it is stopped.
 */
function liveKiosk() {
	const tmp = mkdtempSync(join(tmpdir(), 'kiosk-live-'));
	dirs.push(tmp);
	const browser = join(tmp, 'browser');
	writeFileSync(browser, `#!/bin/sh\nn=$(ls "${tmp}" | grep -c '^args')\necho $$ > "${tmp}/pid.$n"\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${tmp}/args.$n"\nexec sleep 600\n`);
	chmodSync(browser, 0o755);
	const target = join(tmp, 'kiosk-url');
	const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmp, CHROMIUM: browser, KIOSK_PROFILE: join(tmp, 'profile'), KIOSK_TARGET: target, KIOSK_OPTIONS: 'rotate=90' };
	const child = spawn('sh', [join(scripts, 'kiosk.sh')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
	let stderr = '';
	child.stderr.on('data', (d) => (stderr += String(d)));
	const exited = new Promise((r) => child.once('exit', r));
	return {
		target,
		stderr: () => stderr,
		/** Each browser start's arguments, in order. */
		opened: () => {
			const out: string[][] = [];
			for (let n = 0; existsSync(join(tmp, `args.${n}`)); n++) out.push(readFileSync(join(tmp, `args.${n}`), 'utf8').split('\n').slice(0, -1));
			return out;
		},
		/** Browsers of this kiosk still running. */
		running: () => {
			let n = 0;
			for (let i = 0; existsSync(join(tmp, `pid.${i}`)); i++) if (alive(Number(readFileSync(join(tmp, `pid.${i}`), 'utf8')))) n++;
			return n;
		},
		stop: async () => {
			child.kill('SIGTERM');
			await exited;
			await new Promise((r) => setTimeout(r, 200));
		}
	};
}

describe('kiosk.sh and kiosk-chromium.flags', () => {
	it('the kiosk flags are the benches’ kiosk flags, and V8 runs without its optimizing compilers', () => {
		expect(KIOSK_ARGS).toContain('--js-flags=--no-opt,--no-maglev');
		expect(KIOSK_LAUNCH.args).toEqual([...CHROMIUM_ARGS, ...KIOSK_ARGS]);
	});

	it('every flag is one word, and none is a switch kiosk.sh sets itself (the last one would win)', () => {
		const own = readFileSync(join(scripts, 'kiosk.sh'), 'utf8');
		for (const f of KIOSK_ARGS) {
			expect(f).toMatch(/^--[a-z-]+(=\S+)?$/);
			const name = f.replace(/=.*$/, '');
			expect(own.match(new RegExp(`^\\s+${name}[= \\\\]`, 'm')), name).toBeNull();
		}
	});

	it('parses as the shell does: comments and blank lines out', () => {
		expect(parseFlags('# a comment\n\n--a=1\n  --b  \n#--c\n')).toEqual(['--a=1', '--b']);
	});

	it('kiosk.sh passes every flag of the file to Chromium, before the URL', () => {
		const r = runKiosk(scripts);
		expect(r.status, r.stderr).toBe(0);
		for (const f of KIOSK_ARGS) expect(r.args).toContain(f);
		expect(r.args).toContain('--kiosk');
		expect(r.args.at(-1)).toBe('http://127.0.0.1:3999/kiosk');
	});

	it('waits until the app says where it listens (a slow boot), then opens it there', async () => {
		const k = liveKiosk();
		await new Promise((r) => setTimeout(r, 1500));
		expect(k.opened()).toEqual([]);
		expect(k.stderr()).toMatch(/^kiosk\.sh: waiting for ovos-screen to listen \(it says where in .*kiosk-url\)\n$/);
		writeFileSync(k.target, 'url=http://127.0.0.1:3999\n');
		await until(() => k.opened().length === 1);
		expect(k.opened()[0]?.at(-1)).toBe('http://127.0.0.1:3999/kiosk?rotate=90');
		expect(k.opened()[0]?.some((a) => a.startsWith('--ignore-certificate-errors-spki-list'))).toBe(false);
		await k.stop();
	});

	it('follows the app: at a new address (its settings changed, then a restart) the browser opens again there', async () => {
		const k = liveKiosk();
		writeFileSync(k.target, 'url=http://127.0.0.1:3000\n');
		await until(() => k.opened().length === 1);
		// Stopped for a moment (systemd removes its runtime folder), then up elsewhere, over https.
		rmSync(k.target);
		await new Promise((r) => setTimeout(r, 1500));
		expect(k.opened()).toHaveLength(1);
		writeFileSync(k.target, 'url=https://127.0.0.1:3100\nspki=AbC+/9=\n');
		await until(() => k.opened().length === 2);
		expect(k.opened()[1]?.at(-1)).toBe('https://127.0.0.1:3100/kiosk?rotate=90');
		// The app's own certificate, which this browser trusts by its key and no other way.
		expect(k.opened()[1]).toContain('--ignore-certificate-errors-spki-list=AbC+/9=');
		expect(k.running()).toBe(1);
		await k.stop();
		expect(k.running()).toBe(0);
	});

	it('kiosk.sh refuses to start without its flags file (as install.sh copies both)', () => {
		const folder = mkdtempSync(join(tmpdir(), 'kiosk-alone-'));
		dirs.push(folder);
		cpSync(join(scripts, 'kiosk.sh'), join(folder, 'kiosk.sh'));
		const r = runKiosk(folder);
		expect(r.status).not.toBe(0);
		expect(r.stderr).toMatch(/kiosk-chromium\.flags is missing/);
		expect(r.args).toEqual([]);
	});
});
