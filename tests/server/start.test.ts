/**
 * `npm start` with a mistake in its settings: one line naming the setting, exit status 1,
 * and nothing built (the check comes first, so it is said in a second, not after a build).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/app';

function npmStart(env: Record<string, string>): Promise<{ code: number | null; out: string; ms: number }> {
	const t0 = Date.now();
	const full: NodeJS.ProcessEnv = { ...process.env, ...env };
	for (const k of ['ORIGIN', 'OVOS_HOST', 'OVOS_SIMULATOR', 'OVOS_SCREEN_SETTINGS']) if (!(k in env)) delete full[k];
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

/** A settings file in a fresh folder, as the installer would write one. */
function settingsFile(text: string): string {
	const file = join(mkdtempSync(join(tmpdir(), 'ovos-start-')), 'ovos-screen.env');
	writeFileSync(file, text);
	return file;
}

let blocker: Server;
let taken = 0;
let free = 0;
beforeAll(async () => {
	free = await freePort();
	blocker = createServer().listen(0, '0.0.0.0');
	await new Promise((r) => blocker.once('listening', r));
	taken = (blocker.address() as { port: number }).port;
});
afterAll(() => blocker.close());

describe('npm start with a mistake', () => {
	const cases: [string, () => Record<string, string>, RegExp][] = [
		['an invalid PORT', () => ({ PORT: 'abc' }), /^ovos-screen: PORT=abc: not a port number \(1-65535\)$/],
		['a taken PORT', () => ({ PORT: String(taken) }), /^ovos-screen: PORT=\d+: 0\.0\.0\.0:\d+ is already in use .*set PORT to a free port\.$/],
		['a HOST that is not one', () => ({ HOST: 'not a host' }), /^ovos-screen: HOST=not a host: not a host name or address/],
		['an OVOS_HOST with scheme and port', () => ({ OVOS_HOST: 'http://192.168.1.20:8181' }), /^ovos-screen: OVOS_HOST=http:\/\/192\.168\.1\.20:8181: must be a host name or address only/],
		['OVOS_SIMULATOR=maybe', () => ({ OVOS_SIMULATOR: 'maybe' }), /^ovos-screen: OVOS_SIMULATOR=maybe: must be on or off$/],
		['a taken simulator port', () => ({ PORT: String(free), OVOS_BUS_PORT: String(taken) }), /^ovos-screen: OVOS_BUS_PORT=\d+: 127\.0\.0\.1:\d+ is already in use .*set OVOS_BUS_PORT to a free port\.$/],
		['a bad value in the settings file', () => ({ OVOS_SCREEN_SETTINGS: settingsFile('PORT=' + free + '\nOVOS_GUI_PORT=eighteen\n') }), /^ovos-screen: OVOS_GUI_PORT=eighteen \(in \/.*\/ovos-screen\.env, line 2\): not a port number \(1-65535\)$/],
		['a taken PORT from the settings file', () => ({ OVOS_SCREEN_SETTINGS: settingsFile(`# the app\nPORT=${taken}\n`) }), /^ovos-screen: PORT=\d+ \(in \/.*\/ovos-screen\.env, line 2\): 0\.0\.0\.0:\d+ is already in use/],
		['a malformed line in the settings file', () => ({ OVOS_SCREEN_SETTINGS: settingsFile('OVOS_HOST 192.168.1.20\n') }), /^ovos-screen: \/.*\/ovos-screen\.env, line 1: "OVOS_HOST 192\.168\.1\.20" is not a setting/]
	];
	for (const [name, env, line] of cases) {
		it(`${name}: one line, exit 1, before any build`, async () => {
			const r = await npmStart(env());
			expect(r.code).toBe(1);
			// npm's own header ("> ovos-screen@0.1.0 start", "> node scripts/start.mjs") aside.
			const ours = r.out.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('> '));
			expect(ours).toEqual([expect.stringMatching(line)]);
			expect(r.out).not.toMatch(/building|vite|^\s+at /m);
			expect(r.ms).toBeLessThan(15_000);
		});
	}
});
