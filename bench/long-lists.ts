/**
 * Long lists on every list-bearing page (the probe: 10,000 / 100,000 items froze
 * the screen for 0.85–15.5 s and one page held 1 M DOM nodes). Each case is one skill showing one
 * page with `n` entries in the keys it reads, on /kiosk in a browser context of its own; the
 * dashboard (/inspect) gets the SYSTEM_list case while it watches. Figures per case: the longest
 * main-thread task from the frame to a second after the page shows (PerformanceObserver
 * `longtask`: 0 when none reached 50 ms), the DOM's element count, and whether the GUI socket was
 * still live.
 */
import type { Browser, Page } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import type { Simulator } from '../simulator';
import type { LongCase } from '../tests/support/long-lists';

export { LONG_CASES } from '../tests/support/long-lists';

export interface LongResult {
	/** At least the time waited, when the page never answered. */
	readonly longest_task_ms: number;
	/**
	 * The most CPU time one main-thread task took (from a Chromium trace): what the page itself
	 * costs, whatever else the machine runs. A long task's wall time also counts the time the
	 * thread waited for a core, which on a loaded 2-core machine doubled or tripled it.
	 */
	readonly longest_task_cpu_ms: number;
	readonly dom_nodes: number;
	/** -1: not shown within the time allowed. */
	readonly shown_ms: number;
	readonly live: boolean;
}

/** How long a page may take to show its list (the probe saw 15 s; a frozen page never shows it). */
const SHOW_MS = 120_000;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Opens `url` in a page of its own that records main-thread long tasks into `window.__long`, waits
 * for the GUI socket to be live, lets `settleMs` pass, then empties the record so it holds only what
 * follows. Shared with bench/hostile.bench.ts.
 */
export async function openWatched(browser: Browser, url: string, viewport: { width: number; height: number }, settleMs = 0): Promise<Page> {
	const page = await browser.newPage({ viewport });
	await page.addInitScript(() => {
		const w = window as unknown as { __long: number[] };
		w.__long = [];
		new PerformanceObserver((l) => {
			for (const e of l.getEntries()) w.__long.push(e.duration);
		}).observe({ type: 'longtask', buffered: true });
	});
	await page.goto(url);
	// A function, not a string: the pages' CSP allows no eval, which a string predicate needs.
	await page.waitForFunction(() => {
		const g = globalThis as { __ovosScreen?: { conn?: { status?: string } }; __ovosInspector?: { client?: { conn?: { status?: string } } } };
		return (g.__ovosScreen?.conn?.status ?? g.__ovosInspector?.client?.conn?.status) === 'live';
	}, undefined, { timeout: 15_000 });
	if (settleMs > 0) await page.waitForTimeout(settleMs);
	await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
	return page;
}

/** Shows `c` with `n` entries and measures it. */
export async function measureLong(browser: Browser, appUrl: string, sim: Simulator, c: LongCase, n: number): Promise<LongResult> {
	const page = await openWatched(browser, `${appUrl}${c.path ?? '/kiosk'}`, { width: 800, height: 480 }, 300);
	let tracing = false;
	try {
		// RunTask, each task's wall and thread time, is in the disabled-by-default category.
		await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
		tracing = true;
		const t0 = Date.now();
		sim.emit(busMessage('gui.value.set', { __from: c.ns, ...c.data(n) }));
		sim.emit(busMessage('gui.page.show', { page_names: c.pages(n), index: 0, __from: c.ns, __idle: true }));
		const shown = await page
			.waitForFunction((m) => (document.body.textContent ?? '').includes(m), c.marker, { timeout: SHOW_MS, polling: 250 })
			.then(() => true, () => false);
		const shown_ms = shown ? Date.now() - t0 : -1;
		if (shown) await page.waitForTimeout(1000);
		const read = page.evaluate(() => {
			const g = globalThis as { __ovosScreen?: { conn?: { status?: string } }; __ovosInspector?: { client?: { conn?: { status?: string } } } };
			return {
				longest: Math.max(0, ...(window as unknown as { __long: number[] }).__long),
				nodes: document.getElementsByTagName('*').length,
				live: (g.__ovosScreen?.conn?.status ?? g.__ovosInspector?.client?.conn?.status) === 'live'
			};
		});
		// A page still frozen does not answer: its task has lasted at least as long as we waited.
		const r = await Promise.race([read, new Promise<null>((res) => setTimeout(() => res(null), 60_000))]);
		tracing = false;
		const cpu = mainThreadCpuMax(await browser.stopTracing());
		if (r === null) return { longest_task_ms: Date.now() - t0, longest_task_cpu_ms: cpu, dom_nodes: -1, shown_ms, live: false };
		return { longest_task_ms: round(r.longest), longest_task_cpu_ms: cpu, dom_nodes: r.nodes, shown_ms, live: r.live };
	} finally {
		if (tracing) await browser.stopTracing().catch(() => {});
		await page.close();
		sim.emit(busMessage('gui.clear.namespace', { __from: c.ns }));
	}
}

interface TraceEvent {
	readonly name: string;
	readonly ph: string;
	readonly pid: number;
	readonly tid: number;
	readonly tdur?: number;
	readonly args?: { readonly name?: string };
}

/** The most thread time (ms) of one task on a renderer's main thread in a Chromium trace. */
function mainThreadCpuMax(trace: Buffer): number {
	const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
	const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
	let max = 0;
	for (const e of events) if (e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`)) max = Math.max(max, e.tdur ?? 0);
	return round(max / 1000);
}
