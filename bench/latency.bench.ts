/**
 * Wire-message-to-screen latency in Chromium: a GUI socket server streams `mycroft.session.set`
 * frames (a new `text` each time) at 1,000 messages/s to `/kiosk` showing SYSTEM_TextFrame. For
 * each frame: from its arrival in the page (a `message` listener registered before the app's own)
 * to the DOM first showing it or a later value (the screen publishes at most once per animation
 * frame, so coalesced frames count from their own arrival). Needs a fresh `build/`.
 */
import { chromium } from '@playwright/test';
import { WebSocketServer, type WebSocket } from 'ws';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { freePort, startApp } from '../tests/support/app';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP = 200;
const NS = 'skill-bench.test';

const frame = (o: object) => JSON.stringify(o);
const set = (seq: number) => frame({ type: 'mycroft.session.set', namespace: NS, data: { text: `m${seq}` } });

async function main(): Promise<void> {
	const guiPort = await freePort();
	const wss = new WebSocketServer({ host: '127.0.0.1', port: guiPort, path: '/gui' });
	let client: WebSocket | null = null;
	wss.on('connection', (ws) => {
		client = ws;
		ws.send(frame({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: NS }] }));
		ws.send(frame({ type: 'mycroft.gui.list.insert', namespace: NS, position: 0, data: [{ url: null, page: 'SYSTEM_TextFrame' }] }));
		ws.send(frame({ type: 'mycroft.session.set', namespace: NS, data: { title: 'Latency' } }));
		ws.send(set(0));
	});

	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(guiPort) });
	const browser = await chromium.launch(CHROMIUM_LAUNCH);
	try {
		const url = `${app.url}/kiosk`;
		const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
		await page.addInitScript(() => {
			const w = window as unknown as { __arrive: Map<number, number>; __lat: number[]; WebSocket: typeof globalThis.WebSocket };
			w.__arrive = new Map();
			w.__lat = [];
			const Native = w.WebSocket;
			w.WebSocket = class extends Native {
				constructor(u: string | URL, p?: string | string[]) {
					super(u, p);
					this.addEventListener('message', (e) => {
						const m = /"text": ?"m(\d+)"/.exec(String(e.data));
						if (m) w.__arrive.set(Number(m[1]), performance.now());
					});
				}
			};
			let shownUpTo = -1;
			new MutationObserver(() => {
				const t = document.querySelector('[data-key="text"]')?.textContent ?? '';
				const m = /^m(\d+)$/.exec(t);
				if (!m) return;
				const seq = Number(m[1]);
				const now = performance.now();
				for (let s = shownUpTo + 1; s <= seq; s++) {
					const at = w.__arrive.get(s);
					if (at !== undefined) w.__lat.push(now - at);
				}
				if (seq > shownUpTo) shownUpTo = seq;
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		await page.goto(url);
		await page.getByText('m0', { exact: true }).waitFor();

		// Stream at RATE/s: each 1 ms tick sends what is due, so the pace holds even when timers slip.
		const total = RATE * SECONDS;
		const start = performance.now();
		let sent = 0;
		await new Promise<void>((done) => {
			const tick = setInterval(() => {
				const due = Math.min(total, Math.floor(((performance.now() - start) * RATE) / 1000));
				while (sent < due) client?.send(set(++sent));
				if (sent >= total) {
					clearInterval(tick);
					done();
				}
			}, 1);
		});
		const elapsed = (performance.now() - start) / 1000;
		await page.getByText(`m${total}`, { exact: true }).waitFor();
		const lat = (await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat)).slice(WARMUP);
		lat.sort((a, b) => a - b);
		const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
		const r = (x: number) => Math.round(x * 100) / 100;
		console.log(`sent ${total} frames in ${elapsed.toFixed(2)} s (${Math.round(total / elapsed)}/s); measured ${lat.length} after ${WARMUP} warm-up`);
		console.log(`arrival → DOM: p50 ${r(q(0.5))} ms, p90 ${r(q(0.9))} ms, p99 ${r(q(0.99))} ms, max ${r(lat[lat.length - 1] ?? NaN)} ms (one frame = 16.7 ms)`);
		console.log(JSON.stringify({ p50_ms: r(q(0.5)), p99_ms: r(q(0.99)), rate_per_s: Math.round(total / elapsed), frames: lat.length }));
	} finally {
		await browser.close();
		await app.stop();
		wss.close();
	}
}

await main();
