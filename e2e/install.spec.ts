/**
 * scripts/install.sh in a throwaway root (issue 15.1): the built app, its settings file and two
 * systemd units that `systemd-analyze verify` accepts; idempotent; the installed app serves; uninstall.
 * No browser: it lives here because it installs the build that the browser tests use.
 */
import { expect, test } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startApp } from '../tests/support/app';

const install = (...args: string[]) => spawnSync('sh', ['scripts/install.sh', ...args], { encoding: 'utf8' });

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
