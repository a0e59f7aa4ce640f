/**
 * A throwaway device for the installer's tests: `root` holds its /etc (a copy of this machine's,
 * made on first use, so users made on the device stay), /opt, /var/lib and /run. Each call runs as
 * root in mount and network namespaces of its own over them: the machine's own files and ports are
 * never touched, no systemd runs (as in a chroot), and the network is loopback plus, when given,
 * `addresses` on a link of their own (a device on a LAN). Needs root.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Run {
	status: number | null;
	stdout: string;
	stderr: string;
}

const MOUNTS = `set -e
mount --make-rprivate /
for d in etc opt var-lib run; do mkdir -p "$ROOT/$d"; done
[ -e "$ROOT/etc/passwd" ] || cp -a /etc/. "$ROOT/etc/"
mount --bind "$ROOT/etc" /etc; mount --bind "$ROOT/opt" /opt; mount --bind "$ROOT/var-lib" /var/lib; mount --bind "$ROOT/run" /run
ip link set lo up
`;

export class Device {
	constructor(
		readonly root: string,
		readonly addresses: readonly string[] = []
	) {}

	/** `script` (sh) on the device, from this repository's folder. */
	run(script: string, env: Record<string, string> = {}): Run {
		const r = spawnSync('unshare', ['-m', '--net', 'sh', '-c', this.#prelude() + script], { encoding: 'utf8', env: { ...process.env, ...env, ROOT: this.root } });
		return { status: r.status, stdout: r.stdout, stderr: r.stderr };
	}

	/** install.sh with `args`, as root, or through sudo by `sudoUser` (made on the device first). */
	install(args: readonly string[], opts: { sudoUser?: string; env?: Record<string, string> } = {}): Run {
		const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, ROOT: this.root };
		delete env.SUDO_USER;
		let script = 'exec sh scripts/install.sh "$@"';
		if (opts.sudoUser) {
			env.SUDO_USER = opts.sudoUser;
			script = `id "$SUDO_USER" >/dev/null 2>&1 || useradd --create-home "$SUDO_USER"; ${script}`;
		}
		const r = spawnSync('unshare', ['-m', '--net', 'sh', '-c', this.#prelude() + script, 'sh', ...args], { encoding: 'utf8', env });
		return { status: r.status, stdout: r.stdout, stderr: r.stderr };
	}

	/** A file of the device, by its path there. */
	read(path: string): string {
		return readFileSync(this.path(path), 'utf8');
	}

	/** Where a path of the device is on this machine. */
	path(path: string): string {
		return join(this.root, path.replace(/^\/var\/lib\//, '/var-lib/'));
	}

	/**
	 * Starts the installed ovos-screen.service as systemd would, in what its unit says matters to the
	 * app: its user, its capabilities (ambient, bounding set, no new privileges), its environment and
	 * folder, its state and runtime folders made for that user. Waits until the app leaves its address
	 * for the kiosk (it listens) or ends, runs `then` (sh) meanwhile, then stops it. Not modelled:
	 * ProtectSystem and the other sandboxing, which `systemd-analyze verify` checks as text only.
	 */
	async startService(then = '', ms = 30_000): Promise<{ output: string; kioskUrl: string; uid: string; status: number | null }> {
		const unit = this.read('/etc/systemd/system/ovos-screen.service');
		const all = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1] ?? '');
		const one = (key: string) => all(key)[0] ?? '';
		const user = one('User') || 'root';
		const caps = (key: string) => one(key).split(/\s+/).filter(Boolean).map((c) => c.replace(/^CAP_/, '').toLowerCase());
		const ambient = caps('AmbientCapabilities');
		const bounding = one('CapabilityBoundingSet') ? caps('CapabilityBoundingSet') : null;
		const runtime = one('RuntimeDirectory');
		const state = one('StateDirectory');
		const env = ['PATH=/usr/bin:/bin', `USER=${user}`, ...all('Environment'), ...(runtime ? [`RUNTIME_DIRECTORY=/run/${runtime}`] : []), ...(state ? [`STATE_DIRECTORY=/var/lib/${state}`] : [])];
		const setpriv = [
			'setpriv',
			`--reuid=$(id -u ${user})`,
			`--regid=$(id -g ${user})`,
			'--init-groups',
			...(one('NoNewPrivileges') === 'yes' ? ['--no-new-privs'] : []),
			...(ambient.length ? [`--inh-caps=${ambient.map((c) => `+${c}`).join(',')}`, `--ambient-caps=${ambient.map((c) => `+${c}`).join(',')}`] : []),
			...(bounding ? [`--bounding-set=-all${bounding.map((c) => `,+${c}`).join('')}`] : [])
		].join(' ');
		const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
		const script = `
${runtime ? `rm -rf /run/${runtime}; mkdir -p /run/${runtime}; chown ${user}: /run/${runtime}; chmod ${one('RuntimeDirectoryMode') || '0755'} /run/${runtime}` : ''}
${state ? `mkdir -p /var/lib/${state}; chown -R ${user}: /var/lib/${state}` : ''}
cd ${q(one('WorkingDirectory') || '/')}
env -i HOME="$(getent passwd ${user} | cut -d: -f6)" ${env.map(q).join(' ')} ${setpriv} -- /bin/sh -c 'exec "$@"' sh ${one('ExecStart')} &
pid=$!
i=0
while [ $i -lt ${Math.ceil(ms / 100)} ] && kill -0 $pid 2>/dev/null && [ ! -s /run/${runtime || 'none'}/kiosk-url ]; do sleep 0.1; i=$((i + 1)); done
if [ -s /run/${runtime || 'none'}/kiosk-url ]; then
	sed 's/^/kiosk-url /' /run/${runtime}/kiosk-url
	echo "uid $(stat -c %U /proc/$pid)"
	${then}
fi
kill $pid 2>/dev/null || true
wait $pid
`;
		return new Promise((resolve) => {
			const child = spawn('unshare', ['-m', '--net', 'sh', '-c', this.#prelude() + script], { env: { ...process.env, ROOT: this.root } });
			let out = '';
			child.stdout.on('data', (d) => (out += String(d)));
			child.stderr.on('data', (d) => (out += String(d)));
			child.on('exit', (status) =>
				resolve({
					output: out,
					kioskUrl: [...out.matchAll(/^kiosk-url (.*)$/gm)].map((m) => m[1]).join('\n'),
					uid: /^uid (.*)$/m.exec(out)?.[1] ?? '',
					status
				})
			);
		});
	}

	#prelude(): string {
		if (this.addresses.length === 0) return MOUNTS;
		// No duplicate address detection: an IPv6 address is usable at once, as on a network that has run a while.
		const add = this.addresses.map((a) => `ip addr add ${a} dev lan0${a.includes(':') ? ' nodad' : ''}`).join('\n');
		return `${MOUNTS}ip link add lan0 type veth peer name lan1\n${add}\nip link set lan0 up; ip link set lan1 up\n`;
	}
}
