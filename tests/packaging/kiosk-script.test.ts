/**
 * scripts/kiosk.sh passes the device's Chromium the flags of scripts/kiosk-chromium.flags — the
 * same list the benches launch /kiosk with (scripts/chromium.mjs KIOSK_LAUNCH), so a bench measures
 * what the kiosk runs (issue 27.3). Run with a stand-in browser that writes down its arguments.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
