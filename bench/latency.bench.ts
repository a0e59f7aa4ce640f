/**
 * Wire-message-to-screen latency in Chromium: a GUI socket server streams `mycroft.session.set`
 * frames (a new `text` each time) at 1,000 messages/s to `/kiosk` showing SYSTEM_TextFrame. For
 * each frame: from its arrival in the page (a `message` listener registered before the app's own)
 * to the DOM first showing it or a later value (the screen publishes at most once per animation
 * frame, so coalesced frames count from their own arrival).
 *
 * Twice, each in a fresh browser context: as the machine runs, then under Chromium's 4× CPU
 * throttle (CDP Emulation.setCPUThrottlingRate, a Pi-class CPU). BENCH_SECONDS (default 10) of
 * streaming each, so a task that comes every few seconds shows in the p99; a Chromium trace of the
 * same seconds gives the longest task on the page's main thread. Needs a fresh `build/`.
 * BENCH_TRACE=file.json keeps the unthrottled run's full trace (open it in DevTools' Performance panel).
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { WebSocketServer } from 'ws';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { freePort, startApp } from '../tests/support/app';
import { TASK_CATEGORIES, rendererTasks } from './support/trace';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);
const WARMUP = 200;
const NS = 'skill-bench.test';

const frame = (o: object) => JSON.stringify(o);
const set = (seq: number) => frame({ type: 'mycroft.session.set', namespace: NS, data: { text: `m${seq}` } });

interface Run {
	readonly lat: number[];
	readonly longestTask: number;
	/** p99 of each whole second of the run, ms. */
	readonly perSecondP99: number[];
	readonly rate: number;
}

const quantile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
	const guiPort = await freePort();
	const wss = new WebSocketServer({ host: '127.0.0.1', port: guiPort, path: '/gui' });
	let seq = 0;
	// Every client gets every frame, as from ovos-gui: the kiosk, and the app server's copy of the screen.
	const broadcast = (raw: string) => {
		for (const c of wss.clients) if (c.readyState === c.OPEN) c.send(raw);
	};
	wss.on('connection', (ws) => {
		ws.send(frame({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: NS }] }));
		ws.send(frame({ type: 'mycroft.gui.list.insert', namespace: NS, position: 0, data: [{ url: null, page: 'SYSTEM_TextFrame' }] }));
		ws.send(frame({ type: 'mycroft.session.set', namespace: NS, data: { title: 'Latency' } }));
		ws.send(set(seq));
	});

	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(guiPort) });
	const browser = await chromium.launch(CHROMIUM_LAUNCH);
	try {
		const plain = await run(browser, `${app.url}/kiosk`, 1);
		const throttled = await run(browser, `${app.url}/kiosk`, THROTTLE);
		const out: Record<string, number> = {};
		for (const [name, r, key] of [
			['as is', plain, ''],
			[`${THROTTLE}× CPU throttle`, throttled, '_throttled']
		] as const) {
			const s = r.lat;
			console.log(
				`${name}: ${s.length} frames at ${r.rate}/s; arrival → DOM p50 ${r1(quantile(s, 0.5))} ms, p90 ${r1(quantile(s, 0.9))} ms, p99 ${r1(quantile(s, 0.99))} ms, max ${r1(s.at(-1) ?? NaN)} ms; ` +
					`p99 per second ${r.perSecondP99.map(r1).join(', ')}; longest main-thread task ${r1(r.longestTask)} ms (one frame = 16.7 ms)`
			);
			out[`p50${key}_ms`] = r1(quantile(s, 0.5));
			out[`p99${key}_ms`] = r1(quantile(s, 0.99));
			out[`max${key}_ms`] = r1(s.at(-1) ?? NaN);
			out[`longest_task${key}_ms`] = r1(r.longestTask);
			out[`rate${key}_per_s`] = r.rate;
		}
		console.log(JSON.stringify({ ...out, seconds: SECONDS, frames: plain.lat.length + throttled.lat.length }));
	} finally {
		await browser.close();
		await app.stop();
		wss.close();
	}

	/** Streams SECONDS of frames into a fresh `/kiosk` under `throttle` and measures each one. */
	async function run(browser: Browser, url: string, throttle: number): Promise<Run> {
		const context = await browser.newContext({ viewport: { width: 800, height: 480 } });
		const page = await context.newPage();
		try {
			// A string, not a function: tsx's name-keeping helpers do not exist in the page.
			await page.addInitScript(`(() => {
				const w = window;
				w.__arrive = new Map();
				w.__lat = [];
				const Native = w.WebSocket;
				w.WebSocket = class extends Native {
					constructor(u, p) {
						super(u, p);
						this.addEventListener('message', (e) => {
							const m = /"text": ?"m(\\d+)"/.exec(String(e.data));
							if (m) w.__arrive.set(Number(m[1]), performance.now());
						});
					}
				};
				let shownUpTo = -1;
				new MutationObserver(() => {
					const t = document.querySelector('[data-key="text"]')?.textContent ?? '';
					const m = /^m(\\d+)$/.exec(t);
					if (!m) return;
					const seq = Number(m[1]);
					const now = performance.now();
					for (let s = shownUpTo + 1; s <= seq; s++) {
						const at = w.__arrive.get(s);
						if (at !== undefined) {
							w.__lat.push([at, now - at]);
							w.__arrive.delete(s);
						}
					}
					if (seq > shownUpTo) shownUpTo = seq;
				}).observe(document, { subtree: true, childList: true, characterData: true });
			})()`);
			await page.goto(url);
			await page.getByText(`m${seq}`, { exact: true }).waitFor();
			if (throttle !== 1) {
				const cdp = await context.newCDPSession(page);
				await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
			}
			await browser.startTracing(page, { categories: process.env.BENCH_TRACE && throttle === 1 ? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel', 'v8', 'blink.user_timing', 'disabled-by-default-v8.gc'] : TASK_CATEGORIES });

			// Stream at RATE/s: each 1 ms tick sends what is due, so the pace holds even when timers slip.
			const total = RATE * SECONDS;
			const start = performance.now();
			let sent = 0;
			await new Promise<void>((done) => {
				const tick = setInterval(() => {
					const due = Math.min(total, Math.floor(((performance.now() - start) * RATE) / 1000));
					while (sent < due) {
						sent++;
						broadcast(set(++seq));
					}
					if (sent >= total) {
						clearInterval(tick);
						done();
					}
				}, 1);
			});
			const elapsed = (performance.now() - start) / 1000;
			await page.getByText(`m${seq}`, { exact: true }).waitFor({ timeout: 60_000 });
			const trace = await browser.stopTracing();
			if (process.env.BENCH_TRACE && throttle === 1) writeFileSync(process.env.BENCH_TRACE, trace);
			const pairs = (await page.evaluate('window.__lat')) as [number, number][];
			// The first WARMUP frames of the stream are left out (the page's code still warming up).
			const measured = pairs.slice(WARMUP);
			const t0 = measured[0]?.[0] ?? 0;
			const bySecond: number[][] = [];
			for (const [at, ms] of measured) (bySecond[Math.floor((at - t0) / 1000)] ??= []).push(ms);
			const perSecondP99 = bySecond.filter((s) => s.length > RATE / 2).map((s) => quantile(s.sort((a, b) => a - b), 0.99));
						return {
				lat: measured.map(([, ms]) => ms).sort((a, b) => a - b),
				longestTask: rendererTasks(trace).reduce((m, t) => Math.max(m, t.ms), 0),
				perSecondP99,
				rate: Math.round(total / elapsed)
			};
		} finally {
			await context.close();
		}
	}
}

await main();
