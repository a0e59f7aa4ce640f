/**
 * Starting the built app (`node build`) for browser tests and benchmarks, exactly as a user would:
 * on a free port, configured through the environment only.
 */
import { spawn } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = createServer();
		srv.once('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const a = srv.address();
			const port = typeof a === 'object' && a ? a.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/**
 * A request to an https app whose certificate is the test's own (self-signed): its status and body.
 * `fetch` cannot be told to accept it.
 */
export function insecureRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const req = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers, rejectUnauthorized: false }, (res) => {
			let body = '';
			res.on('data', (d) => (body += String(d)));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
		});
		req.once('error', reject);
		req.end(init.body);
	});
}

export async function waitForHttp(url: string, ms = 15_000): Promise<void> {
	const end = Date.now() + ms;
	for (;;) {
		try {
			const status = url.startsWith('https:') ? (await insecureRequest(url)).status : (await fetch(url)).status;
			if (status < 500) return;
		} catch {
			/* not up yet */
		}
		if (Date.now() > end) throw new Error(`app did not answer at ${url} within ${ms} ms`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

export interface App {
	readonly url: string;
	readonly port: number;
	readonly pid: number;
	/** Everything the app printed so far (stdout and stderr). */
	output(): string;
	/** SIGTERM, then wait for the exit (SIGKILL after 10 s). */
	stop(): Promise<void>;
	/** Resolves when the process has exited. */
	readonly exited: Promise<void>;
}

export interface AppOptions {
	/** Variables to unset from this process's environment first (e.g. OVOS_HOST for the embedded default). */
	readonly unset?: readonly string[];
	/** Echo the app's stderr to ours (default true). */
	readonly stderr?: boolean;
	/** Folder holding the `build/` to run (default: this repository). */
	readonly cwd?: string;
	/** Listen on this port (a restart on the same address); default a free one. */
	readonly port?: number;
	/** Listen on this address of the machine (HOST); default 127.0.0.1. */
	readonly host?: string;
	/** `https` when `env` gives the app a certificate (OVOS_SCREEN_TLS_CERT / _KEY). */
	readonly scheme?: 'http' | 'https';
}

/** Starts `node build` on a free port with `env` added to ours, and waits until it answers. */
export async function startApp(env: Record<string, string>, opts: AppOptions = {}): Promise<App> {
	const port = opts.port ?? (await freePort());
	const host = opts.host ?? '127.0.0.1';
	const url = `${opts.scheme ?? 'http'}://${host}:${port}`;
	// No ORIGIN: the app works out its own origin from the address the browser used, as for a user.
	// Tests point screens at simulators of their own on free ports: ports are allowed unless a test says otherwise.
	const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: host, OVOS_SCREEN_ALLOWED_PORTS: '*', ...env };
	for (const key of opts.unset ?? []) delete full[key];
	const child = spawn(process.execPath, ['build'], { env: full, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	child.stdout.on('data', (d) => (out += String(d)));
	child.stderr.on('data', (d) => {
		out += String(d);
		if (opts.stderr !== false) process.stderr.write(d);
	});
	const exited = new Promise<void>((r) => child.once('exit', () => r()));
	try {
		// An app that exits (no build yet, a bad setting) has said why: no need to wait out the timeout.
		await Promise.race([waitForHttp(url), exited.then(() => Promise.reject(new Error(`app exited before it answered at ${url}`)))]);
	} catch (e) {
		child.kill('SIGKILL');
		throw new Error(`${(e as Error).message}; it printed:\n${out}`);
	}
	return {
		url,
		port,
		pid: child.pid ?? 0,
		output: () => out,
		// SIGTERM as a service manager would; an app that does not exit is a bug, said loudly, and
		// killed so no test run hangs on it.
		stop: async () => {
			if (child.exitCode !== null) return;
			child.kill('SIGTERM');
			const timer = setTimeout(() => {
				process.stderr.write(`app on ${url} did not exit 10 s after SIGTERM: killed\n`);
				child.kill('SIGKILL');
			}, 10_000);
			await exited;
			clearTimeout(timer);
		},
		exited
	};
}
