/**
 * Wire-to-screen latency in Chromium: a GUI socket server streams `mycroft.session.set` frames (a
 * new `text` each time) at 1,000 messages/s to `/kiosk` showing SYSTEM_TextFrame. For each frame:
 * from the server sending it to the DOM first showing it or a later value (the screen publishes at
 * most once per animation frame, so coalesced frames count from their own send). Measured from the
 * send, not from the page's `message` event, so time a frame waits for a busy main thread before
 * its event runs counts too; and the page runs no code of the bench's per message (a listener on
 * every frame cost its main thread as much as the app's own handler). Page and server clocks are
 * both wall-clock based (`performance.timeOrigin`); their offset is measured by round trips and
 * taken off.
 *
 * Twice, each in a fresh browser context: as the machine runs, then under Chromium's 4× CPU
 * throttle (CDP Emulation.setCPUThrottlingRate, a Pi-class CPU). Streaming starts once the screen
 * is live (its server-rendered copy shows the page before the app has taken over). BENCH_SECONDS
 * (default 10) of streaming each, every frame counted, the first second's included; p99 over the
 * run and per second (by send time); a Chromium trace of the same seconds gives the longest task
 * on the page's main thread, how busy that thread was over them (`main_busy_pct`: the busier, the
 * more a frame that arrives waits for a task to end), and its own time (`main_cpu_ms_per_s`:
 * without the time it waited for a core, so it moves with what the page does more than with what
 * else the machine runs). Needs a fresh `build/`.
 * BENCH_TRACE=file.json keeps each run's full trace (open it in DevTools' Performance panel): file.json,
 * file-throttled.json, file-floor.json, file-floor-throttled.json.
 * Chromium runs with the kiosk's flags (KIOSK_LAUNCH of scripts/chromium.mjs), as on a device.
 *
 * The same two runs on a floor page (`*_floor_*`, floorPage below): one paragraph whose text the
 * frames set, with the screen's transport (the build's own socket worker) and nothing else. It is what this Chromium on this machine costs before any of the app's own work, so the
 * app's figures read against it, run by run: what the app adds is its own; what the floor misses
 * is not the app's to meet.
 *
 * Streaming starts SETTLE_MS after the throttle and the trace are on: turning them on stalls the
 * page for a moment (the floor page's first second had a p99 of 45 ms, its later ones 9-11), and
 * that stall is the bench's, not the page's.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { WebSocketServer } from 'ws';
import { KIOSK_LAUNCH } from '../scripts/chromium.mjs';
import { freePort, startApp } from '../tests/support/app';
import { FRAME_CATEGORIES, mainThreadBusy, mainThreadCpu, renderedFrames, rendererTasks } from './support/trace';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);
const NS = 'skill-bench.test';
/** After the throttle and the trace are on, before the first frame (see above). */
const SETTLE_MS = 1000;

const frame = (o: object) => JSON.stringify(o);
const set = (seq: number) => frame({ type: 'mycroft.session.set', namespace: NS, data: { text: `m${seq}` } });

interface Run {
	readonly lat: number[];
	/** Send → the compositor drawing the first frame that holds it, ms, sorted. */
	readonly drawn: number[];
	readonly longestTask: number;
	/** p99 of each whole second of the run, ms. */
	readonly perSecondP99: number[];
	readonly rate: number;
	/** Share of the streaming seconds the page's main thread was running tasks, 0..1. */
	readonly busy: number;
	/** The main thread's own time over them, ms per second (mainThreadCpu). */
	readonly cpu: number;
}

const quantile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
	const guiPort = await freePort();
	const wss = new WebSocketServer({ host: '127.0.0.1', port: guiPort, path: '/gui' });
	let seq = 0;
	/** When each streamed frame was sent, ms on the wall clock (performance.timeOrigin-based). */
	const sentAt = new Map<number, number>();
	const wallNow = () => performance.timeOrigin + performance.now();
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
	const floorPort = await freePort();
	const worker = socketWorkerCode();
	const floor = createServer((req, res) =>
		req.url === '/worker.js'
			? res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker)
			: res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(floorPage(guiPort))
	);
	await new Promise<void>((ok) => floor.listen(floorPort, '127.0.0.1', ok));
	const floorUrl = `http://127.0.0.1:${floorPort}/`;
	const browser = await chromium.launch(KIOSK_LAUNCH);
	try {
		// Each run beside its floor, one after the other: the machine's load moves from minute to minute.
		const plain = await run(browser, `${app.url}/kiosk`, 1);
		const floorPlain = await run(browser, floorUrl, 1, true);
		const throttled = await run(browser, `${app.url}/kiosk`, THROTTLE);
		const floorThrottled = await run(browser, floorUrl, THROTTLE, true);
		const out: Record<string, number | number[]> = {};
		for (const [name, r, key] of [
			['as is', plain, ''],
			[`${THROTTLE}× CPU throttle`, throttled, '_throttled'],
			['floor page', floorPlain, '_floor'],
			[`floor page, ${THROTTLE}× CPU throttle`, floorThrottled, '_floor_throttled']
		] as const) {
			const s = r.lat;
			console.log(
				`${name}: ${s.length} frames at ${r.rate}/s; send → DOM p50 ${r1(quantile(s, 0.5))} ms, p90 ${r1(quantile(s, 0.9))} ms, p99 ${r1(quantile(s, 0.99))} ms, max ${r1(s.at(-1) ?? NaN)} ms; ` +
					`p99 per second ${r.perSecondP99.map(r1).join(', ')}; longest main-thread task ${r1(r.longestTask)} ms (one frame = 16.7 ms); ` +
					`send → drawn (${r.drawn.length} frames) p50 ${r1(quantile(r.drawn, 0.5))} ms, p99 ${r1(quantile(r.drawn, 0.99))} ms; main thread busy ${Math.round(r.busy * 100)} % of the time, ${Math.round(r.cpu)} ms of thread time a second`
			);
			out[`p50${key}_ms`] = r1(quantile(s, 0.5));
			out[`p99${key}_ms`] = r1(quantile(s, 0.99));
			out[`max${key}_ms`] = r1(s.at(-1) ?? NaN);
			out[`p99_per_second${key}_ms`] = r.perSecondP99.map(r1);
			out[`longest_task${key}_ms`] = r1(r.longestTask);
			out[`rate${key}_per_s`] = r.rate;
			out[`p50_drawn${key}_ms`] = r1(quantile(r.drawn, 0.5));
			out[`p99_drawn${key}_ms`] = r1(quantile(r.drawn, 0.99));
			out[`main_busy${key}_pct`] = Math.round(r.busy * 100);
			out[`main_cpu${key}_ms_per_s`] = Math.round(r.cpu);
		}
		// Within this run: the app's main-thread time against the floor page's for the same stream.
		const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
		out.main_cpu_floor_ratio = ratio(plain.cpu, floorPlain.cpu);
		out.main_cpu_throttled_floor_ratio = ratio(throttled.cpu, floorThrottled.cpu);
		out.p99_throttled_over_floor_ms = r1(quantile(throttled.lat, 0.99) - quantile(floorThrottled.lat, 0.99));
		console.log(JSON.stringify({ ...out, seconds: SECONDS, frames: plain.lat.length + throttled.lat.length }));
	} finally {
		await browser.close();
		await app.stop();
		floor.close();
		wss.close();
	}

	/** Streams SECONDS of frames into a fresh `/kiosk` (or the floor page) under `throttle` and measures each one. */
	async function run(browser: Browser, url: string, throttle: number, isFloor = false): Promise<Run> {
		const context = await browser.newContext({ viewport: { width: 800, height: 480 } });
		const page = await context.newPage();
		try {
			// A string, not a function: tsx's name-keeping helpers do not exist in the page. Once per
			// DOM change (an animation frame at most), never per message: which value shows, and when.
			await page.addInitScript(`(() => {
				const w = window;
				w.__shown = [];
				let last = -1;
				new MutationObserver(() => {
					const m = /^m(\\d+)$/.exec(document.querySelector('[data-key="text"]')?.textContent ?? '');
					if (!m || Number(m[1]) <= last) return;
					last = Number(m[1]);
					w.__shown.push([last, performance.timeOrigin + performance.now()]);
				}).observe(document, { subtree: true, childList: true, characterData: true });
			})()`);
			await page.goto(url);
			// The server-rendered copy already shows the text: wait for the app itself, past its replay.
			// A function, not a string: the page's CSP allows no eval, which a string predicate needs.
			if (!isFloor)
				await page.waitForFunction(() => {
					const c = (globalThis as { __ovosScreen?: { conn?: { status?: string; machine?: string } } }).__ovosScreen?.conn;
					return c?.status === 'live' && (c.machine ?? '').includes('.steady');
				}, undefined, { timeout: 30_000 });
			await page.getByText(`m${seq}`, { exact: true }).waitFor();
			// The offline shell's precache (every file of the build, registered 2 s after load) is a
			// first visit's, once per build: streaming starts after it, in the kiosk's steady state.
			if (!isFloor) await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
			const offset = await clockOffset(page);
			if (throttle !== 1) {
				const cdp = await context.newCDPSession(page);
				await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
			}
			const full = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.gc'];
			await browser.startTracing(page, { categories: process.env.BENCH_TRACE ? [...FRAME_CATEGORIES, ...full] : FRAME_CATEGORIES });
			await new Promise((r) => setTimeout(r, SETTLE_MS));
			// Where the trace's clock is on the page's.
			const anchor = (await page.evaluate(() => {
				performance.mark('bench-anchor');
				return [performance.timeOrigin, performance.getEntriesByName('bench-anchor')[0]?.startTime ?? NaN];
			})) as [number, number];

			// Stream at RATE/s: each 1 ms tick sends what is due, so the pace holds even when timers slip.
			const total = RATE * SECONDS;
			const first = seq + 1;
			sentAt.clear();
			const start = performance.now();
			let sent = 0;
			await new Promise<void>((done) => {
				const tick = setInterval(() => {
					const due = Math.min(total, Math.floor(((performance.now() - start) * RATE) / 1000));
					while (sent < due) {
						sent++;
						sentAt.set(++seq, wallNow());
						broadcast(set(seq));
					}
					if (sent >= total) {
						clearInterval(tick);
						done();
					}
				}, 1);
			});
			const elapsed = (performance.now() - start) / 1000;
			await page.getByText(`m${seq}`, { exact: true }).waitFor({ timeout: 120_000 });
			const trace = await browser.stopTracing();
			if (process.env.BENCH_TRACE) {
				const suffix = `${isFloor ? '-floor' : ''}${throttle === 1 ? '' : '-throttled'}`;
				writeFileSync(process.env.BENCH_TRACE.replace(/(\.json)?$/, `${suffix}.json`), trace);
			}
			// Page clock: each rendered frame, when its main-thread task ended and when it was drawn.
			const frames = renderedFrames(trace, 'bench-anchor', anchor[1]).map((f) => ({ mainDone: f.mainDone + anchor[0], drawn: f.drawn + anchor[0] }));
			const shown = (await page.evaluate('window.__shown')) as [number, number][];
			// Each frame: the first DOM change showing it or a later one, on the server's clock.
			const pairs: [number, number][] = [];
			const drawn: number[] = [];
			let i = 0;
			let f = 0;
			for (let s = first; s <= seq; s++) {
				while (i < shown.length && (shown[i] as [number, number])[0] < s) i++;
				const at = shown[i];
				if (!at) continue;
				const sent = sentAt.get(s) as number;
				pairs.push([sent, at[1] - offset - sent]);
				// The first frame whose main-thread task ended after the DOM change holds it.
				while (f < frames.length && (frames[f] as { mainDone: number }).mainDone < at[1]) f++;
				const fr = frames[f];
				if (fr) drawn.push(fr.drawn - offset - sent);
			}
			const t0 = pairs[0]?.[0] ?? 0;
			const bySecond: number[][] = [];
			for (const [at, ms] of pairs) (bySecond[Math.floor((at - t0) / 1000)] ??= []).push(ms);
			const perSecondP99 = bySecond.filter((s) => s.length > RATE / 2).map((s) => quantile(s.sort((a, b) => a - b), 0.99));
			return {
				lat: pairs.map(([, ms]) => ms).sort((a, b) => a - b),
				drawn: drawn.sort((a, b) => a - b),
				longestTask: rendererTasks(trace, 'bench-anchor').reduce((m, t) => Math.max(m, t.ms), 0),
				perSecondP99,
				rate: Math.round(total / elapsed),
				busy: mainThreadBusy(trace, 'bench-anchor', elapsed * 1000),
				cpu: mainThreadCpu(trace, 'bench-anchor', elapsed * 1000)
			};
		} finally {
			await context.close();
		}
	}
}

/**
 * The floor page: one paragraph, its text set from the GUI frames as they come, through the build's
 * own GUI-socket worker (`worker.js`, served beside it): the screen's transport, frames gathered for
 * BATCH_MS at most, one batch in flight until the page says it is done, and nothing else: no model,
 * no machine, no framework.
 */
function floorPage(guiPort: number): string {
	return `<!doctype html><meta charset="utf-8"><title>floor</title>
<body style="margin:0;height:100vh;display:grid;place-items:center;background:#222;color:#eee;font:600 150px sans-serif">
<p data-key="text"></p>
<script>
const p = document.querySelector('p');
const w = new Worker('/worker.js');
w.onmessage = (e) => {
	if (e.data.t !== 'frames') return;
	let text = null;
	for (const raw of e.data.raws) {
		const m = JSON.parse(raw);
		if (m.type === 'mycroft.session.set' && typeof m.data.text === 'string') text = m.data.text;
	}
	if (text !== null) p.textContent = text;
	w.postMessage({ ready: true });
};
w.postMessage({ open: 'ws://127.0.0.1:${guiPort}/gui' });
</script>`;
}

/** The fresh build's GUI-socket worker (Vite names it `gui-socket.worker-<hash>.js`). */
function socketWorkerCode(): string {
	const dir = 'build/client/_app/immutable/workers';
	const file = readdirSync(dir).find((f) => /^gui-socket\.worker-[\w-]+\.js$/.test(f));
	if (!file) throw new Error(`no GUI-socket worker in ${dir}: build first`);
	return readFileSync(join(dir, file), 'utf8');
}

/**
 * The page's wall clock minus ours, ms: from the round trip of several asks, the one answered
 * quickest (its error is at most half of that round trip).
 */
async function clockOffset(page: Page): Promise<number> {
	let best = { rtt: Infinity, offset: 0 };
	for (let i = 0; i < 20; i++) {
		const a = performance.timeOrigin + performance.now();
		const theirs = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
		const b = performance.timeOrigin + performance.now();
		if (b - a < best.rtt) best = { rtt: b - a, offset: theirs - (a + b) / 2 };
	}
	return best.offset;
}

await main();
