/**
 * A client at a second address, as a phone on the LAN is: a private network namespace joined to
 * this machine by a veth pair (`ip netns`, as root). The app listens on the host's end of the link
 * (`hostAddress`); requests made through `request` / `stream` come from `clientAddress`. Nothing
 * touches the real network. Unavailable (not root, no `ip`): `lanClient` says why, and the tests
 * that need it skip with that reason.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';

export interface Answer {
	readonly status: number;
	readonly headers: Record<string, string | string[] | undefined>;
	readonly body: string;
}

export interface RequestInit {
	readonly method?: string;
	readonly headers?: Record<string, string>;
	readonly body?: string;
}

export interface LanClient {
	/** The namespace's name (`ip netns exec <name> …` runs a program at the client's address). */
	readonly name: string;
	readonly hostAddress: string;
	readonly clientAddress: string;
	/** One HTTP request from the client's address; redirects are not followed. */
	request(url: string, init?: RequestInit): Promise<Answer>;
	/** Opens a response that stays open (an event stream) from the client's address: its status once its head is in, and when the server ends it. */
	stream(url: string, init?: RequestInit): Promise<{ status: number; ended: Promise<void> }>;
	close(): void;
}

/** What runs inside the namespace: HTTP requests asked for on stdin, one JSON line each; answers on stdout. */
const AGENT = `
const http = require('node:http');
const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
	const m = JSON.parse(line);
	const req = http.request(m.url, { method: m.method || 'GET', headers: m.headers || {}, agent: false }, (res) => {
		if (m.op === 'stream') {
			out({ id: m.id, status: res.statusCode, headers: res.headers });
			res.on('data', () => {});
			res.on('close', () => out({ id: m.id, ended: true }));
			return;
		}
		let body = '';
		res.setEncoding('utf8');
		res.on('data', (d) => (body += d));
		res.on('end', () => out({ id: m.id, status: res.statusCode, headers: res.headers, body }));
	});
	req.on('error', (e) => out({ id: m.id, error: e.message, ended: true }));
	req.end(m.body);
});
`;

function run(...args: string[]): void {
	execFileSync('ip', args, { stdio: 'pipe' });
}

/** A client at a second address, or why there can be none here. */
export function lanClient(): LanClient | string {
	if (process.getuid?.() !== 0) return 'network namespaces need root (ip netns)';
	const tag = randomBytes(3).toString('hex');
	const name = `scr-${tag}`;
	const [host, peer] = [`vh${tag}`, `vn${tag}`];
	const taken = execFileSync('ip', ['-4', '-o', 'addr'], { encoding: 'utf8' });
	let net = '';
	do net = `10.${randomInt(100, 250)}.${randomInt(0, 255)}`;
	while (taken.includes(` ${net}.`));
	const [hostAddress, clientAddress] = [`${net}.1`, `${net}.2`];
	try {
		run('netns', 'add', name);
		run('link', 'add', host, 'type', 'veth', 'peer', 'name', peer);
		run('link', 'set', peer, 'netns', name);
		run('addr', 'add', `${hostAddress}/30`, 'dev', host);
		run('link', 'set', host, 'up');
		run('netns', 'exec', name, 'ip', 'addr', 'add', `${clientAddress}/30`, 'dev', peer);
		run('netns', 'exec', name, 'ip', 'link', 'set', peer, 'up');
		run('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
	} catch (e) {
		remove(name, host);
		return `cannot make a network namespace here: ${((e as { stderr?: Buffer }).stderr?.toString() || (e as Error).message).trim()}`;
	}
	const agent: ChildProcessWithoutNullStreams = spawn('ip', ['netns', 'exec', name, process.execPath, '-e', AGENT], { stdio: ['pipe', 'pipe', 'pipe'] });
	const waiting = new Map<number, (m: Record<string, unknown>) => void>();
	createInterface({ input: agent.stdout }).on('line', (line) => {
		const m = JSON.parse(line) as Record<string, unknown>;
		waiting.get(m.id as number)?.(m);
	});
	let next = 0;
	const ask = (op: string, url: string, init: RequestInit, on: (m: Record<string, unknown>) => void) => {
		const id = ++next;
		waiting.set(id, on);
		agent.stdin.write(JSON.stringify({ id, op, url, ...init }) + '\n');
	};
	const closed = () => remove(name, host);
	process.once('exit', closed);
	return {
		name,
		hostAddress,
		clientAddress,
		request: (url, init = {}) =>
			new Promise((resolve, reject) =>
				ask('request', url, init, (m) => (m.error ? reject(new Error(String(m.error))) : resolve({ status: m.status as number, headers: m.headers as Answer['headers'], body: m.body as string })))
			),
		stream: (url, init = {}) =>
			new Promise((resolve, reject) => {
				let ended!: () => void;
				const end = new Promise<void>((r) => (ended = r));
				ask('stream', url, init, (m) => {
					if (m.error && m.status === undefined) reject(new Error(String(m.error)));
					if (m.status !== undefined) resolve({ status: m.status as number, ended: end });
					if (m.ended) ended();
				});
			}),
		close() {
			agent.kill();
			process.off('exit', closed);
			closed();
		}
	};
}

function remove(name: string, host: string): void {
	for (const args of [['link', 'del', host], ['netns', 'del', name]]) {
		try {
			run(...args);
		} catch {
			/* already gone */
		}
	}
}
