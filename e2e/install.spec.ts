/**
 * scripts/install.sh in a throwaway root (--prefix): the built app, its settings file and two
 * systemd units that `systemd-analyze verify` accepts; idempotent; the installed app serves;
 * uninstall. And on a throwaway device (e2e/support/device.ts: a root of its own in mount and network
 * namespaces, no systemd, as in a chroot): the service it installs started as its unit says — its
 * user, its one privilege — listens; the account it runs as; what a second run skips; where the
 * kiosk finds the app; the addresses it names. Bad values and a missing root are one line, before
 * anything is built or written. No browser: it lives here because it installs the build that the
 * browser tests use.
 */
import { expect, test } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spkiHash } from '../server/addresses.js';
import { freePort, startApp } from '../tests/support/app';
import { Device } from './support/device';

const install = (...args: string[]) => spawnSync('sh', ['scripts/install.sh', ...args], { encoding: 'utf8' });
const asRoot = process.getuid?.() === 0;

let roots: string[] = [];
test.afterEach(() => {
	for (const r of roots) rmSync(r, { recursive: true, force: true });
	roots = [];
});
/** A throwaway device, removed after the test. */
function device(addresses: string[] = []): Device {
	const root = mkdtempSync(join(tmpdir(), 'ovos-screen-device-'));
	roots.push(root);
	return new Device(root, addresses);
}

test('install.sh: settings, verified units, idempotent re-run, a serving app, uninstall', async () => {
	test.setTimeout(120_000);
	const root = mkdtempSync(join(tmpdir(), 'ovos-screen-root-'));
	roots.push(root);
	const port = await freePort();
	const first = install('--prefix', root, '--build-dir', 'build', '--port', String(port));
	expect(first.status, first.stderr).toBe(0);
	const settings = join(root, 'etc/ovos-screen/ovos-screen.env');
	const system = join(root, 'etc/systemd/system/ovos-screen.service');
	const kiosk = join(root, 'etc/systemd/user/ovos-screen-kiosk.service');
	expect(readFileSync(settings, 'utf8')).toMatch(new RegExp(`^PORT=${port}$`, 'm'));
	expect(readFileSync(settings, 'utf8')).toMatch(/^OVOS_HOST=127\.0\.0\.1$/m);
	const unit = readFileSync(system, 'utf8');
	for (const line of ['Restart=always', 'MemoryMax=', 'Environment=OVOS_SCREEN_SETTINGS=/etc/ovos-screen/ovos-screen.env', 'ExecStart=', 'RuntimeDirectory=ovos-screen']) expect(unit).toContain(line);
	// One reader of the file: the app's (systemd's own parser differs, and says nothing of a mistake).
	expect(unit).not.toContain('EnvironmentFile=');
	// A port above 1024 needs no privilege, and gets none.
	expect(unit).not.toContain('Capabilit');
	expect(existsSync(join(root, 'opt/ovos-screen/.env.example'))).toBe(true);
	expect(readFileSync(join(root, 'opt/ovos-screen/LICENSE'), 'utf8')).toBe(readFileSync('LICENSE', 'utf8'));
	// kiosk.sh reads its Chromium flags from the file beside it (and will not start without it).
	expect(readFileSync(join(root, 'opt/ovos-screen/scripts/kiosk-chromium.flags'), 'utf8')).toBe(readFileSync('scripts/kiosk-chromium.flags', 'utf8'));
	// The kiosk learns where the app is from the app, not from a URL written in at install.
	expect(readFileSync(kiosk, 'utf8')).not.toMatch(/OVOS_SCREEN_URL|127\.0\.0\.1|:\d{4}/);
	// Enabled: the links point where the units will be on the device's own root.
	expect(readlinkSync(join(root, 'etc/systemd/system/multi-user.target.wants/ovos-screen.service'))).toBe('/etc/systemd/system/ovos-screen.service');
	expect(readlinkSync(join(root, 'etc/systemd/user/graphical-session.target.wants/ovos-screen-kiosk.service'))).toBe('/etc/systemd/user/ovos-screen-kiosk.service');
	const verify = spawnSync('systemd-analyze', ['verify', system, kiosk], { encoding: 'utf8' });
	expect(verify.status, verify.stderr).toBe(0);

	// A person's edit survives a second run; only what is asked changes, nothing is duplicated; the
	// app, the same build, is left as it is.
	writeFileSync(settings, readFileSync(settings, 'utf8').replace('OVOS_HANDSHAKE=gui', 'OVOS_HANDSHAKE=full') + '# my note\n');
	const installed = statSync(join(root, 'opt/ovos-screen/node_modules')).ino;
	const port2 = await freePort();
	const second = install('--prefix', root, '--build-dir', 'build', '--port', String(port2), '--ovos-host', '192.168.1.20');
	expect(second.status, second.stderr).toBe(0);
	expect(second.stdout).toMatch(/app in .* unchanged: left as it is/);
	expect(statSync(join(root, 'opt/ovos-screen/node_modules')).ino).toBe(installed);
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
});

test('an option without its value is the installer’s own one line, like every other mistake', () => {
	const root = mkdtempSync(join(tmpdir(), 'ovos-screen-root-'));
	roots.push(root);
	for (const [args, line] of [
		[['--ovos-host'], 'install.sh: --ovos-host needs a host name or address (see --help)'],
		[['--port'], 'install.sh: --port needs a port number (see --help)'],
		[['--port', '--no-kiosk'], 'install.sh: --port needs a port number (see --help)'],
		[['--user'], 'install.sh: --user needs a user name (see --help)'],
		[['--build-dir'], 'install.sh: --build-dir needs a folder (see --help)'],
		[['--prefix'], 'install.sh: --prefix needs a folder (see --help)']
	] as const) {
		const r = install(...(args[0] === '--prefix' ? args : ['--prefix', root, ...args]));
		expect(r.status, args.join(' ')).toBe(1);
		expect(r.stderr, args.join(' ')).toBe(`${line}\n`);
	}
	expect(execFileSync('find', [root, '-type', 'f'], { encoding: 'utf8' })).toBe('');
});

test('--port 80 through sudo: the service it installs starts and listens on port 80 as that user, allowed that one privilege', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device();
	const r = d.install(['--build-dir', 'build', '--port', '80', '--no-kiosk'], { sudoUser: 'newbie' });
	expect(r.status, r.stderr).toBe(0);
	expect(r.stdout).toMatch(/^install\.sh: the app runs as newbie$/m);
	expect(r.stdout).toMatch(/^install\.sh: port 80 is below 1024: ovos-screen\.service may bind it \(AmbientCapabilities=CAP_NET_BIND_SERVICE, nothing else\)$/m);
	const unit = d.read('/etc/systemd/system/ovos-screen.service');
	expect(unit).toMatch(/^User=newbie$/m);
	expect(unit).toMatch(/^CapabilityBoundingSet=CAP_NET_BIND_SERVICE$/m);
	const service = await d.startService(`node -e "fetch('http://127.0.0.1/kiosk').then((r) => console.log('GET /kiosk ' + r.status))"`);
	expect(service.output).not.toMatch(/ports below 1024 need privileges/);
	expect(service.uid).toBe('newbie');
	expect(service.kioskUrl).toBe('url=http://127.0.0.1');
	expect(service.output).toMatch(/^GET \/kiosk 200$/m);
});

test('from a root shell: the app runs as a system user of its own, and says so; never as root', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device();
	// An install from before, whose service ran as root.
	const old = d.run('mkdir -p /etc/systemd/system && printf "[Service]\\nUser=root\\n" > /etc/systemd/system/ovos-screen.service');
	expect(old.status, old.stderr).toBe(0);
	const r = d.install(['--build-dir', 'build', '--no-kiosk']);
	expect(r.status, r.stderr).toBe(0);
	expect(r.stdout).toMatch(/^install\.sh: the app ran as root: from now on it runs as an unprivileged user$/m);
	expect(r.stdout).toMatch(/^install\.sh: made the system user ovos-screen to run the app \(--user NAME names another: /m);
	expect(d.read('/etc/passwd')).toMatch(/^ovos-screen:x:\d+:\d+:[^:]*:\/var\/lib\/ovos-screen:\/usr\/sbin\/nologin$/m);
	expect(d.read('/etc/sysusers.d/ovos-screen.conf')).toMatch(/^u ovos-screen - "ovos-screen web app" \/var\/lib\/ovos-screen$/m);
	expect(d.read('/etc/systemd/system/ovos-screen.service')).toMatch(/^User=ovos-screen$/m);
	const service = await d.startService();
	expect(service.uid, service.output).toBe('ovos-screen');
	expect(service.kioskUrl).toBe('url=http://127.0.0.1:3000');

	// Run again: the same account, not made again; root is refused when asked for.
	const again = d.install(['--build-dir', 'build', '--no-kiosk']);
	expect(again.stdout).toMatch(/^install\.sh: the app runs as the system user ovos-screen /m);
	const root = d.install(['--build-dir', 'build', '--no-kiosk', '--user', 'root']);
	expect(root.status).toBe(1);
	expect(root.stderr).toBe('install.sh: --user root: the app needs no root; leave --user out to run it as the system user ovos-screen\n');
});

test('a Node.js the service’s user cannot run is said in one line, before anything is installed', () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(60_000);
	const d = device();
	// Node.js in root's home (as a version manager puts it), first on root's PATH.
	const r = d.run(`mount -t tmpfs -o mode=700 tmpfs /root && mkdir /root/.nodes && cp "$(command -v node)" /root/.nodes/node && PATH=/root/.nodes:$PATH sh scripts/install.sh --build-dir build --no-kiosk`);
	expect(r.status).toBe(1);
	expect(r.stderr).toBe('install.sh: ovos-screen cannot run /root/.nodes/node (Node.js in a home folder?): install Node.js for everyone (apt-get install nodejs), or pass --user\n');
	expect(existsSync(d.path('/opt/ovos-screen'))).toBe(false);
});

test('a second run with nothing changed builds nothing, installs nothing and keeps the app as it was', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(300_000);
	// The checkout's build made current first (a minute when a source changed since).
	const build = spawnSync(process.execPath, ['scripts/build-app.mjs', 'test'], { encoding: 'utf8' });
	expect(build.status, build.stderr).toBe(0);
	const d = device();
	const first = d.install(['--no-kiosk']);
	expect(first.status, first.stderr).toBe(0);
	const app = statSync(d.path('/opt/ovos-screen/build/index.js')).ino;
	const t0 = Date.now();
	const second = d.install(['--no-kiosk']);
	const ms = Date.now() - t0;
	expect(second.status, second.stderr).toBe(0);
	test.info().annotations.push({ type: 'second run', description: `${ms} ms` });
	expect(second.stdout).toMatch(/^install\.sh: sources, lock file and build settings unchanged since the last build: not building$/m);
	expect(second.stdout).toMatch(/^install\.sh: app in \/opt\/ovos-screen unchanged: left as it is$/m);
	expect(second.stdout).not.toMatch(/settings written|npm ci|app installed/);
	expect(statSync(d.path('/opt/ovos-screen/build/index.js')).ino).toBe(app);
});

test('the kiosk follows the settings file: PORT changed there, the restarted app tells the kiosk its new address', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device();
	expect(d.install(['--build-dir', 'build', '--no-kiosk']).status).toBe(0);
	expect((await d.startService()).kioskUrl).toBe('url=http://127.0.0.1:3000');
	writeFileSync(d.path('/etc/ovos-screen/ovos-screen.env'), d.read('/etc/ovos-screen/ovos-screen.env').replace(/^PORT=3000$/m, 'PORT=3100'));
	expect((await d.startService()).kioskUrl).toBe('url=http://127.0.0.1:3100');
});

test('its last line names every address a phone can open, IPv4 first', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device(['10.9.8.7/24', 'fd00:9::7/64']);
	const r = d.install(['--build-dir', 'build', '--no-kiosk', '--port', '8080']);
	expect(r.status, r.stderr).toBe(0);
	expect(r.stdout.trim().split('\n').at(-1)).toMatch(
		/then open http:\/\/10\.9\.8\.7:8080\/ or http:\/\/\[fd00:9::7\]:8080\/ from a phone or another computer \(other browsers pair with a code shown on this screen\)$/
	);
	// And the app's start line, the same.
	const service = await d.startService();
	expect(service.output).toMatch(/open http:\/\/localhost:8080\/ here, or http:\/\/10\.9\.8\.7:8080\/ or http:\/\/\[fd00:9::7\]:8080\/ from a phone or another computer/);
});

/** GET / over https on loopback from a client that trusts `ca` only, checking the name `name` (else the address): the status, or why not. */
function trusted(ca: string, port: number, name?: string): Promise<string> {
	return new Promise((resolve) => {
		get({ host: '127.0.0.1', port, ca, servername: name, path: '/' }, (res) => {
			res.resume();
			resolve(`${res.statusCode}`);
		}).on('error', (e) => resolve(e.message));
	});
}

test('--tls: a self-signed certificate for the device’s names and addresses, named in the settings, its key the app’s alone; kept, and made again when an address is new', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device(['10.9.8.7/24', 'fd00:9::7/64']);
	const r = d.install(['--build-dir', 'build', '--no-kiosk', '--port', '8443', '--tls']);
	expect(r.status, r.stderr).toBe(0);
	const made = /^install\.sh: made a certificate for this machine \(none yet\): \/etc\/ovos-screen\/tls\/cert\.pem, SHA-256 ([0-9A-F:]{95})$/m.exec(r.stdout);
	expect(made, r.stdout).not.toBeNull();
	expect(r.stdout).toMatch(/^install\.sh: a phone trusts it once it has it installed \(docs\/install\.md, HTTPS\)/m);
	expect(r.stdout.trim().split('\n').at(-1)).toMatch(/then open https:\/\/10\.9\.8\.7:8443\/ or https:\/\/\[fd00:9::7\]:8443\/ from a phone/);
	const settings = d.read('/etc/ovos-screen/ovos-screen.env');
	expect(settings).toMatch(/^OVOS_SCREEN_TLS_CERT=\/etc\/ovos-screen\/tls\/cert\.pem$/m);
	expect(settings).toMatch(/^OVOS_SCREEN_TLS_KEY=\/etc\/ovos-screen\/tls\/key\.pem$/m);
	expect(d.run('stat -c "%U %a" /etc/ovos-screen/tls/key.pem /etc/ovos-screen/tls/cert.pem').stdout).toBe('ovos-screen 600\nroot 644\n');

	const pem = d.read('/etc/ovos-screen/tls/cert.pem');
	const cert = new X509Certificate(pem);
	expect(cert.fingerprint256).toBe(made?.[1]);
	for (const ip of ['10.9.8.7', 'fd00:9::7', '127.0.0.1', '::1']) expect(cert.checkIP(ip), ip).toBe(ip);
	const short = hostname().split('.')[0] ?? '';
	for (const name of [short, `${short}.local`, 'localhost']) expect(cert.checkHost(name), name).toBe(name);
	expect(cert.checkHost('example.com')).toBeUndefined();
	// A phone has two years and more before it must trust a new one, and no more than it accepts.
	const days = (Date.parse(cert.validTo) - Date.now()) / 86_400_000;
	expect(days).toBeGreaterThan(820);
	expect(days).toBeLessThanOrEqual(825);
	// A client that trusts this certificate alone reaches a server using it, by name and by address.
	const server = createServer({ cert: pem, key: readFileSync(d.path('/etc/ovos-screen/tls/key.pem')) }, (_, res) => res.end('ok'));
	await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
	try {
		const { port } = server.address() as AddressInfo;
		expect(await trusted(pem, port, 'localhost')).toBe('200');
		expect(await trusted(pem, port)).toBe('200');
		expect(await trusted(pem, port, 'example.com')).toMatch(/altnames/);
	} finally {
		server.close();
	}

	// Its key can vouch for the device's own names only: a certificate it signs for another name fails.
	const sign = (name: string) =>
		d.run(`mkdir "$ROOT/leaf-${name}" && cd "$ROOT/leaf-${name}" && printf 'subjectAltName=DNS:${name}\\n' > ext && openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout leaf.key -subj /CN=${name} -out leaf.csr 2>/dev/null &&
			openssl x509 -req -in leaf.csr -CA /etc/ovos-screen/tls/cert.pem -CAkey /etc/ovos-screen/tls/key.pem -days 1 -extfile ext -out leaf.pem 2>/dev/null && openssl verify -CAfile /etc/ovos-screen/tls/cert.pem leaf.pem 2>&1`).stdout;
	expect(sign('example.com')).toMatch(/permitted subtree violation/);
	expect(sign('localhost')).toMatch(/leaf\.pem: OK/);

	// The service serves https with it; the kiosk is handed the address and the certificate's key.
	const service = await d.startService(
		`NODE_EXTRA_CA_CERTS=/etc/ovos-screen/tls/cert.pem node -e "fetch('https://10.9.8.7:8443/kiosk').then((r) => console.log('GET /kiosk ' + r.status), (e) => console.log(e.cause?.code ?? e.message))"`
	);
	expect(service.kioskUrl, service.output).toBe(`url=https://127.0.0.1:8443\nspki=${spkiHash(pem)}`);
	expect(service.output).toMatch(/^GET \/kiosk 200$/m);
	expect(service.output).toMatch(/open https:\/\/localhost:8443\/ here, or https:\/\/10\.9\.8\.7:8443\/ or https:\/\/\[fd00:9::7\]:8443\/ from a phone/);

	// Run again: the same certificate, and nothing else to say of it.
	const again = d.install(['--build-dir', 'build', '--no-kiosk']);
	expect(again.status, again.stderr).toBe(0);
	expect(again.stdout).toMatch(/^install\.sh: certificate \/etc\/ovos-screen\/tls\/cert\.pem kept \(it names this machine's names and addresses\)$/m);
	expect(again.stdout).not.toMatch(/settings written/);
	expect(d.read('/etc/ovos-screen/tls/cert.pem')).toBe(pem);

	// On a new address (another network, a new lease) it names that one too.
	const moved = new Device(d.root, ['10.9.8.8/24']).install(['--build-dir', 'build', '--no-kiosk']);
	expect(moved.status, moved.stderr).toBe(0);
	expect(moved.stdout).toMatch(/^install\.sh: made a certificate for this machine \(the old one does not name 10\.9\.8\.8\): /m);
	expect(new X509Certificate(d.read('/etc/ovos-screen/tls/cert.pem')).checkIP('10.9.8.8')).toBe('10.9.8.8');

	// A certificate of the person's own, named in the settings, stays theirs.
	const own = d.run(
		'mkdir -p /etc/ovos-screen/own && cp /etc/ovos-screen/tls/cert.pem /etc/ovos-screen/tls/key.pem /etc/ovos-screen/own/ && sed -i "s|/etc/ovos-screen/tls/|/etc/ovos-screen/own/|" /etc/ovos-screen/ovos-screen.env'
	);
	expect(own.status, own.stderr).toBe(0);
	const mine = d.install(['--build-dir', 'build', '--no-kiosk', '--tls']);
	expect(mine.status, mine.stderr).toBe(0);
	expect(mine.stdout).toMatch(/^install\.sh: --tls: the settings name a certificate of their own \(\/etc\/ovos-screen\/own\/cert\.pem\): kept, none made$/m);
	expect(d.read('/etc/ovos-screen/ovos-screen.env')).toMatch(/^OVOS_SCREEN_TLS_CERT=\/etc\/ovos-screen\/own\/cert\.pem$/m);
});

test('install.sh where systemd is not running (an image built in a chroot): both units enabled alike, and it says nothing was started', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device();
	const r = d.install(['--build-dir', 'build', '--ovos-host', '192.168.1.20']);
	expect(r.status, r.stderr).toBe(0);
	const lines = r.stdout.trim().split('\n');
	// One line a step, each the installer's own (no build or npm output).
	expect(lines.every((l) => l.startsWith('install.sh: ')), r.stdout).toBe(true);
	expect(lines.length).toBeLessThanOrEqual(7);
	expect(r.stderr).toBe('');
	expect(lines.at(-2)).toMatch(/enabled ovos-screen\.service \(the app\) and ovos-screen-kiosk\.service/);
	expect(lines.at(-1)).toMatch(/nothing started: systemd is not running here .*the app starts at the next boot; the kiosk starts with the next desktop login/);
	expect(readlinkSync(d.path('/etc/systemd/system/multi-user.target.wants/ovos-screen.service'))).toBe('/etc/systemd/system/ovos-screen.service');
	expect(readlinkSync(d.path('/etc/systemd/user/graphical-session.target.wants/ovos-screen-kiosk.service'))).toBe('/etc/systemd/user/ovos-screen-kiosk.service');
	expect(d.read('/etc/ovos-screen/ovos-screen.env')).toMatch(/^OVOS_HOST=192\.168\.1\.20$/m);
	expect(existsSync(d.path('/opt/ovos-screen/build/index.js'))).toBe(true);
});

test('install.sh says a bad value or a missing root in one line, before it builds or writes anything', async () => {
	test.skip(!asRoot, 'needs root for the namespaces');
	test.setTimeout(120_000);
	const d = device();
	const settings = d.path('/etc/ovos-screen/ovos-screen.env');
	// No --build-dir: it would build (a minute) if the check did not come first.
	for (const [args, line] of [
		[['--ovos-host', '192.168.1.20:8181'], /^install\.sh: --ovos-host 192\.168\.1\.20:8181: must be a host name or address only/],
		[['--ovos-host', 'bad host&x'], /^install\.sh: --ovos-host bad host&x: must be a host name or address only/],
		[['--ovos-host', '999.1.1.1'], /^install\.sh: --ovos-host 999\.1\.1\.1: .*four numbers from 0 to 255/],
		[['--port', '0'], /^install\.sh: --port 0: not a port number/],
		[['--port', '80$(touch /tmp/pwned)'], /^install\.sh: --port 80\$\(touch \/tmp\/pwned\): not a port number/]
	] as const) {
		const t0 = Date.now();
		const r = d.install([...args]);
		expect(r.status, args.join(' ')).toBe(1);
		expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([expect.stringMatching(line)]);
		// A build takes a minute or more; the check a few seconds (Node and the app's settings code).
		expect(Date.now() - t0, 'said before building').toBeLessThan(20_000);
		expect(existsSync(settings), 'nothing written').toBe(false);
		expect(existsSync(d.path('/opt/ovos-screen'))).toBe(false);
	}
	expect(existsSync('/tmp/pwned')).toBe(false);

	// A file a person edited: a value given later is checked with it, and the file is left as it was.
	const good = d.install(['--build-dir', 'build', '--no-kiosk']);
	expect(good.status, good.stderr).toBe(0);
	const edited = readFileSync(settings, 'utf8').replace('OVOS_HANDSHAKE=gui', 'OVOS_HANDSHAKE=full # mine');
	writeFileSync(settings, edited);
	const bad = d.install(['--build-dir', 'build', '--no-kiosk', '--ovos-host', 'bad host&x']);
	expect(bad.status).toBe(1);
	expect(readFileSync(settings, 'utf8')).toBe(edited);
	// A mistake already in the file is named by its line.
	writeFileSync(settings, edited.replace(/^OVOS_GUI_PORT=.*$/m, 'OVOS_GUI_PORT=eighteen'));
	const inFile = d.install(['--build-dir', 'build', '--no-kiosk', '--port', '3001']);
	expect(inFile.stderr.trim()).toMatch(/^install\.sh: OVOS_GUI_PORT=eighteen \(in \/etc\/ovos-screen\/ovos-screen\.env, line \d+\): not a port number/);
	expect(readFileSync(settings, 'utf8')).not.toMatch(/^PORT=3001$/m);
	// A data folder inside the app's folder would go with the next update.
	writeFileSync(settings, edited.replace(/^OVOS_SCREEN_DATA_DIR=.*$/m, 'OVOS_SCREEN_DATA_DIR=/opt/ovos-screen/data'));
	const inside = d.install(['--build-dir', 'build', '--no-kiosk']);
	expect(inside.stderr).toBe(
		"install.sh: OVOS_SCREEN_DATA_DIR=/opt/ovos-screen/data (in /etc/ovos-screen/ovos-screen.env) is inside the app's folder, which every update replaces: set it to /var/lib/ovos-screen\n"
	);

	// Not root: said first, in one line.
	const user = d.run('exec setpriv --reuid=65534 --regid=65534 --clear-groups sh scripts/install.sh --ovos-host 192.168.1.20');
	expect(user.status).toBe(1);
	expect(user.stderr.trim()).toBe('install.sh: needs root (it writes /opt/ovos-screen, /etc/ovos-screen and systemd units): run it with sudo');

	// --help is the script's own text, and only that.
	const help = install('--help');
	expect(help.stdout).toMatch(/--uninstall +remove; with --purge also the settings file and the data folder\n$/);
	expect(help.stdout).not.toContain('set -eu');
});
