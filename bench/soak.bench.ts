/**
 * A compressed hour of a device's day through `/kiosk`, with `/inspect` open in another browser
 * context: utterances to the simulated skills (weather, timers, alarms, clock, media, photos, web
 * pages…), the homescreen's clock ticking, voice status and data churn — an hour's traffic in
 * BENCH_SECONDS (default 180). Heap (after a forced GC) and DOM nodes of each page are read at the
 * "5-minute mark" (1/12 of the run) and at the end, and so is the kiosk's renderer process from
 * /proc (RSS and private memory: images, layers, caches and code the JS heap does not count) — the
 * kiosk runs in a browser of its own so its renderer is known. The same is read at the end of each
 * compressed hour (BENCH_SECONDS / 180 of them; 1440 is 8 hours), so a cache that levels off can be
 * told from a leak that keeps climbing (`renderer_private_mb_by_hour`, `*_heap_mb_by_hour`). The last line is
 * `{"heap_ratio", "dom_nodes_ratio", "renderer_private_ratio", …}`, the first two the worse of the
 * two pages (aim ≤ 1.5). Needs `build/`.
 * The kiosk's browser runs with the kiosk's flags (KIOSK_LAUNCH of scripts/chromium.mjs), as on a
 * device; /inspect's with the test flags.
 */
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';
import { CHROMIUM_LAUNCH, KIOSK_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';
import { browserPid, busiestRenderer, chromiumProcs } from './support/procs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
/** An hour of a family's talk to the device, repeated as often as the run allows. */
const UTTERANCES = [
	"what's the weather",
	'set a timer for 1 minute',
	'what time is it',
	'show me a photo',
	'play some jazz',
	'pause',
	"what's the date",
	'set an alarm for 7 am',
	'tell me a fun fact',
	'check the system',
	'stop',
	'take the tour',
	'open the web page',
	'hello',
	'cancel the timer'
];

interface Sample {
	readonly heap: number;
	readonly nodes: number;
}

/** The kiosk's renderer (its browser's busiest), MB. */
function renderer(browserRoot: number): { rss: number; priv: number } {
	const r = busiestRenderer(chromiumProcs(browserRoot));
	return { rss: r.rssKb / 1024, priv: r.privateKb / 1024 };
}

/**
 * Both samples are taken on the same screen: traffic paused, every skill's pages cleared, the kiosk
 * back on its resting page — so the ratios compare the same view, not a weather page with a clock.
 */
async function quiesce(sim: Simulator, kiosk: Page): Promise<void> {
	const { stack } = JSON.parse(sim.canonical()) as { stack: string[] };
	for (const id of stack) if (!/homescreen/.test(id)) sim.emit(busMessage('gui.clear.namespace', { __from: id }));
	await kiosk.waitForFunction(() => {
		const shown = document.querySelector('.tpl-root');
		return shown === null || /homescreen/.test(shown.getAttribute('data-namespace') ?? '');
	}, undefined, { timeout: 20_000 });
	await new Promise((r) => setTimeout(r, 1000));
}

async function sample(cdp: CDPSession): Promise<Sample> {
	await cdp.send('HeapProfiler.collectGarbage');
	const { metrics } = await cdp.send('Performance.getMetrics');
	const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? 0;
	return { heap: m('JSHeapUsedSize'), nodes: m('Nodes') };
}

async function main(): Promise<void> {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort) });
	// The kiosk alone in its browser: its renderer is that browser's busiest.
	const browser = await chromium.launch(KIOSK_LAUNCH);
	const kioskRoot = browserPid(chromiumProcs(process.pid, false));
	const other = await chromium.launch(CHROMIUM_LAUNCH);
	const pages: { name: string; page: Page; cdp: CDPSession }[] = [];
	let stop = false;
	try {
		for (const [name, path] of [
			['kiosk', '/kiosk'],
			['inspect', '/inspect']
		] as const) {
			// Each watched page in its own context: a background tab's frames would be throttled.
			const context = await (name === 'kiosk' ? browser : other).newContext({ viewport: { width: 800, height: 480 } });
			const page = await context.newPage();
			await page.goto(`${app.url}${path}`);
			const cdp = await context.newCDPSession(page);
			await cdp.send('Performance.enable');
			pages.push({ name, page, cdp });
		}

		const ctx = { session: { session_id: 'default' } };
		let paused: Promise<void> | null = null;
		let utterances = 0;
		const traffic = (async () => {
			for (let i = 0; !stop; i++) {
				if (paused) await paused;
				const utterance = UTTERANCES[i % UTTERANCES.length] as string;
				utterances++;
				sim.emit(busMessage('recognizer_loop:record_begin', {}, ctx));
				sim.emit(busMessage('recognizer_loop:record_end', {}, ctx));
				sim.emit(busMessage('recognizer_loop:utterance', { utterances: [utterance], lang: 'en-US' }, ctx));
				// Between utterances: a skill's live data and a few status events, as on a busy device.
				for (let k = 0; k < 20 && !stop; k++) {
					sim.emit(busMessage('gui.value.set', { __from: 'skill-soak.bench', counter: i * 20 + k, label: `update ${k}` }, ctx));
					await new Promise((r) => setTimeout(r, 100));
				}
			}
		})();

		const kiosk = (pages[0] as (typeof pages)[number]).page;
		const early = SECONDS / 12;
		await new Promise((r) => setTimeout(r, early * 1000));
		let resume = () => {};
		paused = new Promise((r) => (resume = r));
		await quiesce(sim, kiosk);
		const first = await Promise.all(pages.map((p) => sample(p.cdp)));
		const firstRenderer = renderer(kioskRoot);
		paused = null;
		resume();
		// The same sample at the end of each compressed hour (a run of 8 × 180 s is 8 hours): a cache
		// levels off where a leak keeps climbing, which a first and a last sample alone cannot tell.
		const hours = Math.max(1, Math.round(SECONDS / 180));
		const series: { samples: Sample[]; renderer: { rss: number; priv: number } }[] = [];
		const hourEnd = (h: number) => (SECONDS * h) / hours;
		for (let h = 1; h <= hours; h++) {
			await new Promise((r) => setTimeout(r, (hourEnd(h) - Math.max(early, hourEnd(h - 1))) * 1000));
			if (h === hours) {
				stop = true;
				await traffic;
			} else paused = new Promise((r) => (resume = r));
			await quiesce(sim, kiosk);
			series.push({ samples: await Promise.all(pages.map((p) => sample(p.cdp))), renderer: renderer(kioskRoot) });
			if (h < hours) {
				paused = null;
				resume();
			}
		}
		const { samples: last, renderer: lastRenderer } = series.at(-1) as (typeof series)[number];

		const out: Record<string, number> = {};
		let heapRatio = 0;
		let nodesRatio = 0;
		pages.forEach((p, i) => {
			const a = first[i] as Sample;
			const b = last[i] as Sample;
			const hr = b.heap / a.heap;
			const nr = b.nodes / Math.max(1, a.nodes);
			console.error(`${p.name}: heap ${(a.heap / 1e6).toFixed(1)} → ${(b.heap / 1e6).toFixed(1)} MB (×${hr.toFixed(2)}), DOM nodes ${a.nodes} → ${b.nodes} (×${nr.toFixed(2)})`);
			out[`${p.name}_heap_mb`] = Math.round(b.heap / 1e5) / 10;
			out[`${p.name}_heap_ratio`] = Math.round(hr * 100) / 100;
			out[`${p.name}_dom_nodes_ratio`] = Math.round(nr * 100) / 100;
			heapRatio = Math.max(heapRatio, hr);
			nodesRatio = Math.max(nodesRatio, nr);
		});
		const r1 = (x: number) => Math.round(x * 10) / 10;
		const r2 = (x: number) => Math.round(x * 100) / 100;
		console.error(`kiosk renderer: RSS ${r1(firstRenderer.rss)} → ${r1(lastRenderer.rss)} MB, private ${r1(firstRenderer.priv)} → ${r1(lastRenderer.priv)} MB; ${utterances} utterances`);
		const byHour = (f: (s: (typeof series)[number]) => number) => series.map((s) => r1(f(s)));
		const privByHour = byHour((s) => s.renderer.priv);
		const heapsByHour = pages.map((_, i) => byHour((s) => (s.samples[i] as Sample).heap / 1e6));
		console.error(`at the end of each compressed hour: kiosk renderer private ${privByHour.join(', ')} MB; ${pages.map((p, i) => `${p.name} heap ${(heapsByHour[i] as number[]).join(', ')} MB`).join('; ')}`);
		console.log(
			JSON.stringify({
				heap_ratio: r2(heapRatio),
				dom_nodes_ratio: r2(nodesRatio),
				renderer_rss_ratio: r2(lastRenderer.rss / firstRenderer.rss),
				renderer_private_ratio: r2(lastRenderer.priv / firstRenderer.priv),
				renderer_rss_mb: r1(lastRenderer.rss),
				renderer_private_mb: r1(lastRenderer.priv),
				utterances,
				seconds: SECONDS,
				renderer_private_mb_by_hour: privByHour,
				...Object.fromEntries(pages.map((p, i) => [`${p.name}_heap_mb_by_hour`, heapsByHour[i]])),
				...out
			})
		);
	} finally {
		stop = true;
		await browser.close();
		await other.close();
		await app.stop();
		await sim.stop();
	}
}

await main();
