/**
 * scripts/install.sh in a throwaway root (issue 15.1): the built app, its settings file and two
 * systemd units that `systemd-analyze verify` accepts; idempotent; the installed app serves; uninstall.
 * As root on a system whose systemd is not running (an image built in a chroot, issue 26.1): both
 * units enabled alike, and it says nothing was started. Bad values and a missing root are one line,
 * before anything is built or written. No browser: it lives here because it installs the build
 * that the browser tests use.
 */
import { expect, test } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startApp } from '../tests/support/app';

const install = (...args: string[]) => spawnSync('sh', ['scripts/install.sh', ...args], { encoding: 'utf8' });

/**
 * Runs install.sh (no --prefix) as on a device, in a mount namespace of its own: /etc a copy, /opt,
 * /var/lib and /run empty folders of `root` (so no systemd runs, as in a chroot), the machine's own
 * untouched. `user` other than root runs it as that user.
 */
function onDevice(root: string, args: string[], user = 'root'): { status: number | null; stdout: string; stderr: string } {
	const script = `set -e
mount --make-rprivate /
for d in etc opt var-lib run; do mkdir -p "$ROOT/$d"; done
cp -a /etc/. "$ROOT/etc/"
mount --bind "$ROOT/etc" /etc; mount --bind "$ROOT/opt" /opt; mount --bind "$ROOT/var-lib" /var/lib; mount --bind "$ROOT/run" /run
shift; exec "$@"`;
	const as = user === 'root' ? [] : ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--clear-groups'];
	const r = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', '--', ...as, 'sh', 'scripts/install.sh', ...args], { encoding: 'utf8', env: { ...process.env, ROOT: root } });
	return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
const asRoot = process.getuid?.() === 0;

test('install.sh: settings, verified units, idempotent re-run, a serving app, uninstall', async () => {
	test.setTimeout(120_000);
	const root = mkdtempSync(join(tmpdir(), 'ovos-screen-root-'));
	try {
		const port = await freePort();
		const first = install('--prefix', root, '--build-dir', 'build', '--port', String(port));
		expect(first.status, first.stderr).toBe(0);
		const settings = join(root, 'etc/ovos-screen/ovos-screen.env');
		const system = join(root, 'etc/systemd/system/ovos-screen.service');
		const kiosk = join(root, 'etc/systemd/user/ovos-screen-kiosk.service');
		expect(readFileSync(settings, 'utf8')).toMatch(new RegExp(`^PORT=${port}$`, 'm'));
		expect(readFileSync(settings, 'utf8')).toMatch(/^OVOS_HOST=127\.0\.0\.1$/m);
		const unit = readFileSync(system, 'utf8');
		for (const line of ['Restart=always', 'MemoryMax=', 'Environment=OVOS_SCREEN_SETTINGS=/etc/ovos-screen/ovos-screen.env', 'ExecStart=']) expect(unit).toContain(line);
		// One reader of the file: the app's (systemd's own parser differs, and says nothing of a mistake).
		expect(unit).not.toContain('EnvironmentFile=');
		expect(existsSync(join(root, 'opt/ovos-screen/.env.example'))).toBe(true);
		// kiosk.sh reads its Chromium flags from the file beside it (and will not start without it).
		expect(readFileSync(join(root, 'opt/ovos-screen/scripts/kiosk-chromium.flags'), 'utf8')).toBe(readFileSync('scripts/kiosk-chromium.flags', 'utf8'));
		expect(readFileSync(kiosk, 'utf8')).toContain(`OVOS_SCREEN_URL=http://127.0.0.1:${port}`);
		// Enabled: the links point where the units will be on the device's own root.
		expect(readlinkSync(join(root, 'etc/systemd/system/multi-user.target.wants/ovos-screen.service'))).toBe('/etc/systemd/system/ovos-screen.service');
		expect(readlinkSync(join(root, 'etc/systemd/user/graphical-session.target.wants/ovos-screen-kiosk.service'))).toBe('/etc/systemd/user/ovos-screen-kiosk.service');
		const verify = spawnSync('systemd-analyze', ['verify', system, kiosk], { encoding: 'utf8' });
		expect(verify.status, verify.stderr).toBe(0);

		// A person's edit survives a second run; only what is asked changes, nothing is duplicated.
		writeFileSync(settings, readFileSync(settings, 'utf8').replace('OVOS_HANDSHAKE=gui', 'OVOS_HANDSHAKE=full') + '# my note\n');
		const port2 = await freePort();
		expect(install('--prefix', root, '--build-dir', 'build', '--port', String(port2), '--ovos-host', '192.168.1.20').status).toBe(0);
		const text = readFileSync(settings, 'utf8');
		expect(text).toContain('OVOS_HANDSHAKE=full');
		expect(text).toContain('# my note');
		expect(text.match(/^PORT=/gm)).toHaveLength(1);
		expect(text).toMatch(new RegExp(`^PORT=${port2}$`, 'm'));
		expect(text).toMatch(/^OVOS_HOST=192\.168\.1\.20$/m);

		// The installed app runs from its own folder with its production dependencies only.
		// Pointed at the installed settings file as the unit points it (the environment still wins).
		const app = await startApp(
			{ OVOS_SIMULATOR: 'off', OVOS_HOST: '127.0.0.1', OVOS_SCREEN_DATA_DIR: join(root, 'var/lib/ovos-screen'), OVOS_SCREEN_SETTINGS: settings },
			{ cwd: join(root, 'opt/ovos-screen') }
		);
		try {
			const res = await fetch(`${app.url}/kiosk`);
			expect(res.status).toBe(200);
			expect(await res.text()).toContain('<html');
			expect(app.output()).toContain(`settings from ${settings}`);
			// The person's edit in the file is what the app runs with.
			expect(await (await fetch(`${app.url}/settings`)).text()).toMatch(/data-key="OVOS_HANDSHAKE" data-origin="file"/);
		} finally {
			await app.stop();
		}

		// Mistakes are one line and exit status 1.
		const bad = install('--prefix', root, '--ovos-host', 'http://192.168.1.20:8181');
		expect(bad.status).toBe(1);
		expect(bad.stderr.trim().split('\n')).toHaveLength(1);
		expect(bad.stderr).toMatch(/--ovos-host/);

		expect(install('--prefix', root, '--uninstall').status).toBe(0);
		expect(existsSync(system) || existsSync(join(root, 'opt/ovos-screen'))).toBe(false);
		expect(existsSync(settings)).toBe(true);
		expect(install('--prefix', root, '--uninstall', '--purge').status).toBe(0);
		expect(existsSync(settings)).toBe(false);
		expect(execFileSync('find', [root, '-type', 'f'], { encoding: 'utf8' })).toBe('');
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
});

test('install.sh where systemd is not running (an image built in a chroot): both units enabled alike, and it says nothing was started', async () => {
	test.skip(!asRoot, 'needs root for a mount namespace');
	test.setTimeout(120_000);
	const root = mkdtempSync(join(tmpdir(), 'ovos-screen-chroot-'));
	try {
		const r = onDevice(root, ['--build-dir', 'build', '--ovos-host', '192.168.1.20']);
		expect(r.status, r.stderr).toBe(0);
		const lines = r.stdout.trim().split('\n');
		// One line a step, each the installer's own (no build or npm output).
		expect(lines.every((l) => l.startsWith('install.sh: ')), r.stdout).toBe(true);
		expect(lines.length).toBeLessThanOrEqual(6);
		expect(r.stderr).toBe('');
		expect(lines.at(-2)).toMatch(/enabled ovos-screen\.service \(the app\) and ovos-screen-kiosk\.service/);
		expect(lines.at(-1)).toMatch(/nothing started: systemd is not running here .*the app starts at the next boot; the kiosk starts with root's next desktop login/);
		expect(readlinkSync(join(root, 'etc/systemd/system/multi-user.target.wants/ovos-screen.service'))).toBe('/etc/systemd/system/ovos-screen.service');
		expect(readlinkSync(join(root, 'etc/systemd/user/graphical-session.target.wants/ovos-screen-kiosk.service'))).toBe('/etc/systemd/user/ovos-screen-kiosk.service');
		expect(readFileSync(join(root, 'etc/ovos-screen/ovos-screen.env'), 'utf8')).toMatch(/^OVOS_HOST=192\.168\.1\.20$/m);
		expect(existsSync(join(root, 'opt/ovos-screen/build/index.js'))).toBe(true);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
});

test('install.sh says a bad value or a missing root in one line, before it builds or writes anything', async () => {
	test.skip(!asRoot, 'needs root for a mount namespace');
	test.setTimeout(120_000);
	const root = mkdtempSync(join(tmpdir(), 'ovos-screen-chroot-'));
	try {
		const settings = join(root, 'etc/ovos-screen/ovos-screen.env');
		// No --build-dir: it would build (a minute) if the check did not come first.
		for (const [args, line] of [
			[['--ovos-host', '192.168.1.20:8181'], /^install\.sh: --ovos-host 192\.168\.1\.20:8181: must be a host name or address only/],
			[['--ovos-host', 'bad host&x'], /^install\.sh: --ovos-host bad host&x: must be a host name or address only/],
			[['--ovos-host', '999.1.1.1'], /^install\.sh: --ovos-host 999\.1\.1\.1: .*four numbers from 0 to 255/],
			[['--port', '0'], /^install\.sh: --port 0: not a port number/],
			[['--port', '80$(touch /tmp/pwned)'], /^install\.sh: --port 80\$\(touch \/tmp\/pwned\): not a port number/]
		] as const) {
			const t0 = Date.now();
			const r = onDevice(root, [...args]);
			expect(r.status, args.join(' ')).toBe(1);
			expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([expect.stringMatching(line)]);
			// A build takes a minute or more; the check a few seconds (Node and the app's settings code).
			expect(Date.now() - t0, 'said before building').toBeLessThan(20_000);
			expect(existsSync(settings), 'nothing written').toBe(false);
			expect(existsSync(join(root, 'opt/ovos-screen'))).toBe(false);
		}
		expect(existsSync('/tmp/pwned')).toBe(false);

		// A file a person edited: a value given later is checked with it, and the file is left as it was.
		const good = onDevice(root, ['--build-dir', 'build', '--no-kiosk']);
		expect(good.status, good.stderr).toBe(0);
		const edited = readFileSync(settings, 'utf8').replace('OVOS_HANDSHAKE=gui', 'OVOS_HANDSHAKE=full # mine');
		writeFileSync(settings, edited);
		const bad = onDevice(root, ['--build-dir', 'build', '--no-kiosk', '--ovos-host', 'bad host&x']);
		expect(bad.status).toBe(1);
		expect(readFileSync(settings, 'utf8')).toBe(edited);
		// A mistake already in the file is named by its line.
		writeFileSync(settings, edited.replace(/^OVOS_GUI_PORT=.*$/m, 'OVOS_GUI_PORT=eighteen'));
		const inFile = onDevice(root, ['--build-dir', 'build', '--no-kiosk', '--port', '3001']);
		expect(inFile.stderr.trim()).toMatch(/^install\.sh: OVOS_GUI_PORT=eighteen \(in \/etc\/ovos-screen\/ovos-screen\.env, line \d+\): not a port number/);
		expect(readFileSync(settings, 'utf8')).not.toMatch(/^PORT=3001$/m);

		// Not root: said first, in one line.
		const user = onDevice(root, ['--ovos-host', '192.168.1.20'], '65534');
		expect(user.status).toBe(1);
		expect(user.stderr.trim()).toBe('install.sh: needs root (it writes /opt/ovos-screen, /etc/ovos-screen and systemd units): run it with sudo');

		// --help is the script's own text, and only that.
		const help = install('--help');
		expect(help.stdout).toMatch(/--uninstall +remove; with --purge also the settings file and the data folder\n$/);
		expect(help.stdout).not.toContain('set -eu');
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
});
