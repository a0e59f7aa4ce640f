// Run inside a network namespace of its own (e2e/exposure.spec.ts): a stand-in for ovos-gui on
// `host` (argv[2]), the built app with OVOS on this machine, and, once the app has reached ovos-gui,
// its /settings page and its log, printed as one JSON line. With argv[3], a screenshot of /settings
// by Debian's Chromium into that file.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';

const [host, shot] = process.argv.slice(2);
const wss = new WebSocketServer({ host, port: 18181, path: '/gui' });
await new Promise((r) => wss.once('listening', r));
const data = mkdtempSync(join(tmpdir(), 'exposure-'));
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OVOS_') && k !== 'ORIGIN'));
const app = spawn(process.execPath, ['build'], {
	env: { ...env, PORT: '3000', HOST: '127.0.0.1', OVOS_SIMULATOR: 'off', OVOS_SCREEN_DATA_DIR: data, OVOS_SCREEN_LANG: 'en' },
	stdio: ['ignore', 'pipe', 'pipe']
});
let log = '';
app.stdout.on('data', (d) => (log += d));
app.stderr.on('data', (d) => (log += d));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
	// Until the app's own copy of the screen has connected to ovos-gui (its check follows that).
	for (let i = 0; i < 300 && wss.clients.size === 0; i++) await sleep(50);
	const res = await fetch('http://127.0.0.1:3000/settings');
	const html = await res.text();
	if (shot) {
		spawnSync('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--window-size=800,1400', `--screenshot=${shot}`, 'http://127.0.0.1:3000/settings'], { stdio: 'ignore', timeout: 60_000 });
	}
	await sleep(200);
	console.log(JSON.stringify({ status: res.status, html, log, connected: wss.clients.size > 0 }));
} finally {
	app.kill('SIGTERM');
	await new Promise((r) => app.once('exit', r));
	wss.close();
	rmSync(data, { recursive: true, force: true });
}
