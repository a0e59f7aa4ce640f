/**
 * bench:inspector — the dashboard under load, in Debian's Chromium against the built app and a
 * private simulator:
 *  1. fills the log to 5,000 rows through the real GUI socket;
 *  2. keeps 100 messages/s arriving for DURATION_S while scrolling the log and typing in the filter,
 *     and records the longest main-thread task (every `RunTask` of the renderer's main thread in a
 *     Chromium trace, and PerformanceObserver `longtask` entries, which only exist from 50 ms) and
 *     the longest gap between frames;
 *  3. pushes 1,000,000 messages through the dashboard's log path in-page (ScreenClient's actor →
 *     onFrame → ring buffer and view), and compares the JS heap (after GC) after 10,000 and after
 *     1,000,000.
 * Needs `build/` (run `npx vite build` first). Last line: {"longest_task_ms", "heap_ratio", …}.
 */
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { busMessage } from '../src/lib/protocol';
import { startSimulator } from '../simulator';
import { startApp } from '../tests/support/app';
import { longestTracedTask } from './support/trace';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const TOTAL = 1_000_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (s: string) => process.stderr.write(s + '\n');

async function heapAfterGc(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('HeapProfiler.collectGarbage');
	await cdp.send('HeapProfiler.collectGarbage');
	const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
	await cdp.detach();
	return usedSize;
}

/** Feeds `n` GUI frames into ScreenClient's actor (decode → reduce in the machine → onFrame → the log). */
async function feed(page: Page, from: number, n: number): Promise<void> {
	const CHUNK = 20_000;
	for (let done = 0; done < n; done += CHUNK) {
		await page.evaluate(
			([start, count]) => {
				const g = globalThis as unknown as { __ovosInspector: { client: { receive(raw: string): void } } };
				const client = g.__ovosInspector.client;
				// the namespace exists, so every frame applies (reduce does real work, no refusals)
				if (start === 0) client.receive('{"type":"mycroft.session.list.insert","namespace":"mycroft.system.active_skills","position":0,"data":[{"skill_id":"skill-bench.test"}]}');
				for (let i = start; i < start + count; i++) {
					client.receive(`{"type":"mycroft.session.set","namespace":"skill-bench.test","data":{"n":${i},"text":"frame ${i} of the benchmark"}}`);
				}
				// let the view render once, as it would between bursts
				return new Promise((r) => requestAnimationFrame(() => r(null)));
			},
			[from + done, Math.min(CHUNK, n - done)] as const
		);
	}
}

async function main(): Promise<void> {
	if (!existsSync('build/index.js')) throw new Error('build/ is missing: run `npx vite build` first');
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) });
	const browser = await chromium.launch(CHROMIUM_LAUNCH);
	try {
		const base = app.url;
		const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
		await page.goto(`${base}/inspect?host=127.0.0.1&guiPort=${sim.guiPort}&busPort=${sim.busPort}`);
		await page.getByTestId('status').getByText('live').waitFor({ timeout: 15_000 });

		// 1. 5,000 rows through the real socket
		const skill = 'skill-load.test';
		sim.emit(busMessage('gui.value.set', { __from: skill, text: 'start' }));
		sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: skill, __idle: true }));
		for (let i = 0; i < 5000; i++) {
			sim.emit(busMessage('gui.value.set', { __from: skill, text: `prefill ${i}`, n: i }));
			if (i % 500 === 0) await sleep(5);
		}
		await page.waitForFunction(() => /5000\/5000 rows/.test(document.querySelector('[data-testid="log-counts"]')?.textContent ?? ''), null, { timeout: 30_000 });
		log('log holds 5,000 rows');

		// 2. 100 msg/s while scrolling and typing
		// A string, not a function: tsx's name-keeping helpers do not exist in the page.
		await page.evaluate(`(() => {
			const w = window;
			w.__lt = [];
			w.__gaps = [];
			w.__stop = false;
			new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__lt.push(e.duration))).observe({ type: 'longtask' });
			let last = performance.now();
			const tick = (t) => {
				w.__gaps.push(t - last);
				last = t;
				if (!w.__stop) requestAnimationFrame(tick);
			};
			requestAnimationFrame(tick);
		})()`);
		// Chromium's own trace gives every main-thread task, not only those over longtask's 50 ms threshold.
		await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
		let sent = 0;
		const t0 = Date.now();
		const pump = setInterval(() => {
			// keep the average at 100/s whatever the timer jitter
			const due = Math.floor(((Date.now() - t0) / 1000) * 100);
			while (sent < due) sim.emit(busMessage('gui.value.set', { __from: skill, text: `live ${sent++}`, at: Date.now() }));
		}, 10);
		const log$ = page.getByTestId('log');
		const box = await log$.boundingBox();
		if (!box) throw new Error('no log on the page');
		const filter = page.getByLabel('filter text');
		const words = ['session.set', 'live 1', '/live \\d+5"/', 'prefill 49', 'skill-load'];
		const end = Date.now() + DURATION_S * 1000;
		let round = 0;
		while (Date.now() < end) {
			await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
			for (let i = 0; i < 15; i++) {
				await page.mouse.wheel(0, i % 5 === 4 ? -2400 : 600);
				await sleep(30);
			}
			await log$.evaluate((el, r) => (el.scrollTop = (el.scrollHeight * ((r * 37) % 100)) / 100), round);
			await filter.click();
			await page.keyboard.type(words[round % words.length] as string, { delay: 60 });
			await sleep(200);
			await filter.fill('');
			round++;
		}
		clearInterval(pump);
		const seconds = (Date.now() - t0) / 1000;
		const { tasks, gaps } = await page.evaluate(() => {
			const w = window as unknown as { __lt: number[]; __gaps: number[]; __stop: boolean };
			w.__stop = true;
			return { tasks: w.__lt, gaps: w.__gaps };
		});
		const traced = longestTracedTask(await browser.stopTracing());
		const longest = Math.max(traced, ...tasks);
		const sorted = [...gaps].sort((a, b) => a - b);
		const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
		log(`${sent} messages in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), ${round} scroll+type rounds`);
		log(`longest main-thread task (trace): ${traced.toFixed(1)} ms; longtask entries (≥ 50 ms): ${tasks.length}; frame gaps: max ${Math.max(...gaps).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${gaps.length} frames`);

		// 3. memory: 10,000 vs 1,000,000 messages through the log path
		await feed(page, 0, 10_000);
		const h1 = await heapAfterGc(page);
		const t1 = Date.now();
		await feed(page, 10_000, TOTAL - 10_000);
		const feedS = (Date.now() - t1) / 1000;
		const h2 = await heapAfterGc(page);
		const rows = await page.evaluate(() => {
			const g = globalThis as unknown as { __ovosInspector: { model: { live: { log: { length: number; dropped: number; frames: number } } } } };
			const l = g.__ovosInspector.model.live.log;
			return { length: l.length, dropped: l.dropped, frames: l.frames };
		});
		log(`heap after 10,000: ${(h1 / 1e6).toFixed(1)} MB; after ${TOTAL.toLocaleString('en')}: ${(h2 / 1e6).toFixed(1)} MB (fed in ${feedS.toFixed(1)} s); log ${rows.length} rows, ${rows.dropped} dropped, ${rows.frames} frames`);
		process.stdout.write(
			JSON.stringify({
				longest_task_ms: Math.round(longest * 10) / 10,
				heap_ratio: Math.round((h2 / h1) * 1000) / 1000,
				long_tasks: tasks.length,
				frame_gap_max_ms: Math.round(Math.max(...gaps) * 10) / 10,
				frame_gap_p99_ms: Math.round(p99 * 10) / 10,
				msgs_per_s: Math.round(sent / seconds),
				heap_10k_mb: Math.round(h1 / 1e5) / 10,
				heap_1m_mb: Math.round(h2 / 1e5) / 10
			}) + '\n'
		);
	} finally {
		await browser.close();
		await app.stop();
		await sim.stop();
	}
}

main().catch((e) => {
	process.stderr.write(`bench:inspector failed: ${e instanceof Error ? e.stack : String(e)}\n`);
	process.exit(1);
});
