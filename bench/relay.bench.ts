/**
 * What the app's relay adds to a screen's GUI socket (src/lib/server/relay/, docs/protocol.md,
 * "Through the app"): one stream of `mycroft.session.set` frames at BENCH_RATE (1,000) a second from
 * a GUI socket server standing in for ovos-gui, to BENCH_SCREENS (20) screens at once, first
 * straight to its `/gui` and then through the built app's `/ovos/gui` (the URL `/kiosk` opens),
 * alternately, BENCH_ROUNDS (2) times each, BENCH_SECONDS (5) of streaming a phase, in one run.
 *
 * Each screen is a WebSocket client in this process, so the time a frame takes is measured on one
 * clock: from the server's send to its arrival at that screen, every frame at every screen. What the
 * relay adds is the difference of the two ways' quantiles (`added_p50_ms`, `added_p99_ms`; the aim
 * is ≤ 1 ms); a browser's own cost after the frame arrives is bench:latency's. The app server's CPU
 * (user + system, from /proc) over the relayed phases, less what it spends over the straight ones
 * (its own copy of the screen reads the same stream both times), per 1,000 frames relayed to a
 * screen: `server_cpu_ms_per_1000_msgs`. Needs a fresh `build/`.
 */
import { readFileSync } from 'node:fs';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort, startApp } from '../tests/support/app';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SCREENS = Number(process.env.BENCH_SCREENS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const NS = 'skill-bench.test';
const HZ = 100; // USER_HZ: /proc's clock ticks per second on Linux

const frame = (o: object) => JSON.stringify(o);
const set = (seq: number) => frame({ type: 'mycroft.session.set', namespace: NS, data: { text: `m${seq}` } });
const SEQ = /"text":"m(\d+)"/;

/** A process's CPU time so far (user + system), ms. */
function cpuMs(pid: number): number {
	const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
	return ((Number(f[11]) + Number(f[12])) / HZ) * 1000;
}

const quantile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const r2 = (x: number) => Math.round(x * 100) / 100;

async function main(): Promise<void> {
	const guiPort = await freePort();
	const wss = new WebSocketServer({ host: '127.0.0.1', port: guiPort, path: '/gui', perMessageDeflate: false });
	// What ovos-gui sends a new connection: its state (one page showing the text).
	wss.on('connection', (ws) => {
		ws.send(frame({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: NS }] }));
		ws.send(frame({ type: 'mycroft.gui.list.insert', namespace: NS, position: 0, data: [{ url: null, page: 'SYSTEM_TextFrame' }] }));
		ws.send(set(0));
	});
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(guiPort) });
	let seq = 0;
	const sentAt = new Map<number, number>();

	/** One phase: SCREENS sockets to `url`, SECONDS of streaming; each frame's send → arrival at each screen, and the app's CPU. */
	async function phase(url: string): Promise<{ lat: number[]; cpuMs: number; received: number }> {
		const screens = await Promise.all(
			Array.from({ length: SCREENS }, () => {
				const ws = new WebSocket(url, { perMessageDeflate: false });
				return new Promise<WebSocket>((ok, fail) => {
					ws.once('open', () => ok(ws));
					ws.once('error', fail);
				});
			})
		);
		const lat: number[] = [];
		const first = seq + 1;
		for (const ws of screens)
			ws.on('message', (d) => {
				const at = performance.now();
				const m = SEQ.exec(String(d));
				if (!m) return;
				const s = Number(m[1]);
				if (s >= first) lat.push(at - (sentAt.get(s) as number));
			});
		// Every screen and the app's own client connected and replayed to before the stream starts.
		await new Promise((r) => setTimeout(r, 500));
		const total = RATE * SECONDS;
		const cpu0 = cpuMs(app.pid);
		const start = performance.now();
		let sent = 0;
		// Each 1 ms tick sends what is due, so the pace holds when timers slip.
		await new Promise<void>((done) => {
			const tick = setInterval(() => {
				const due = Math.min(total, Math.floor(((performance.now() - start) * RATE) / 1000));
				while (sent < due) {
					sent++;
					const raw = set(++seq);
					sentAt.set(seq, performance.now());
					for (const c of wss.clients) if (c.readyState === WebSocket.OPEN) c.send(raw);
				}
				if (sent >= total) {
					clearInterval(tick);
					done();
				}
			}, 1);
		});
		// Until every screen has the last frame (or 30 s).
		const until = performance.now() + 30_000;
		while (lat.length < total * SCREENS && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
		const cpu = cpuMs(app.pid) - cpu0;
		for (const ws of screens) ws.close();
		await new Promise((r) => setTimeout(r, 300));
		sentAt.clear();
		if (lat.length < total * SCREENS) console.log(`${url}: ${total * SCREENS - lat.length} of ${total * SCREENS} frames did not arrive`);
		return { lat, cpuMs: cpu, received: lat.length };
	}

	try {
		const straightUrl = `ws://127.0.0.1:${guiPort}/gui`;
		const relayUrl = `${app.url.replace(/^http/, 'ws')}/ovos/gui?host=127.0.0.1&port=${guiPort}`;
		const straight = { lat: [] as number[], cpuMs: 0, received: 0 };
		const relayed = { lat: [] as number[], cpuMs: 0, received: 0 };
		for (let round = 0; round < ROUNDS; round++) {
			for (const [url, into, name] of [
				[straightUrl, straight, 'straight'],
				[relayUrl, relayed, 'through the app']
			] as const) {
				const p = await phase(url);
				for (const x of p.lat) into.lat.push(x);
				into.cpuMs += p.cpuMs;
				into.received += p.received;
				const s = [...p.lat].sort((a, b) => a - b);
				console.log(`round ${round + 1}, ${name}: ${p.received} frames at ${SCREENS} screens; p50 ${r2(quantile(s, 0.5))} ms, p99 ${r2(quantile(s, 0.99))} ms; app server CPU ${Math.round(p.cpuMs)} ms`);
			}
		}
		const a = straight.lat.sort((x, y) => x - y);
		const b = relayed.lat.sort((x, y) => x - y);
		const out = {
			added_p50_ms: r2(quantile(b, 0.5) - quantile(a, 0.5)),
			added_p99_ms: r2(quantile(b, 0.99) - quantile(a, 0.99)),
			server_cpu_ms_per_1000_msgs: r2(((relayed.cpuMs - straight.cpuMs) / relayed.received) * 1000),
			straight_p50_ms: r2(quantile(a, 0.5)),
			straight_p99_ms: r2(quantile(a, 0.99)),
			relayed_p50_ms: r2(quantile(b, 0.5)),
			relayed_p99_ms: r2(quantile(b, 0.99)),
			screens: SCREENS,
			rate_per_s: RATE,
			seconds: SECONDS * ROUNDS,
			frames_relayed: relayed.received
		};
		console.log(
			`through the app: p50 +${out.added_p50_ms} ms, p99 +${out.added_p99_ms} ms over straight (${out.straight_p50_ms} / ${out.straight_p99_ms} ms); ` +
				`the app server's CPU ${out.server_cpu_ms_per_1000_msgs} ms per 1,000 frames relayed`
		);
		console.log(JSON.stringify(out));
	} finally {
		await app.stop();
		wss.close();
	}
}

await main();
