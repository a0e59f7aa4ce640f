/**
 * Memory of a kiosk that has shown every template: `/kiosk` in Chromium with the kiosk's flags
 * (KIOSK_LAUNCH of scripts/chromium.mjs: the test flags and scripts/kiosk-chromium.flags, which
 * scripts/kiosk.sh passes the device's Chromium; printed first, and as `kiosk_flags` in the last
 * line) shows each SYSTEM template and each skill page of the registry in turn,
 * with plausible data (a picture, an HTML card, a web page in a frame), then a text page for 3 s.
 * Then, from /proc: the busiest renderer's RSS (the page's) and how much of it is the Chromium
 * binary's own pages (`renderer_code_mb`, shared by all its processes: a floor under it), how
 * many renderer processes are left (frames that are gone must not keep theirs), and the whole
 * browser tree's RSS and PSS.
 * Then once more 10 s after the service worker has stopped (`*_worker_stopped_mb`): in a kiosk
 * Chromium stops an idle worker 30 s after its last event, but a worker with DevTools attached is
 * never stopped, and Playwright attaches to every one — so here it is stopped through the DevTools
 * protocol, as Chromium would stop it. Its isolate and what it allocated (it precaches the build at
 * a first visit) is 10-20 MB of the renderer while it runs.
 * Needs a fresh `build/`.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { busMessage, TEMPLATE_NAMES, type JsonObject } from '../src/lib/protocol';
import { startSimulator } from '../simulator';
import { KIOSK_ARGS, KIOSK_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';
import { assets } from '../e2e/support/screen';
import { busiestRenderer, chromiumProcs, executableRssKb } from './support/procs';

/** Skill pages and one namespace each, read from the registry's source (it imports components). */
function skillPages(): { namespace: string; page: string }[] {
	const src = readFileSync(new URL('../src/lib/templates/registry.ts', import.meta.url), 'utf8');
	return src
		.split('namespaces:')
		.slice(1)
		.flatMap((block) => {
			const ns = /'([^']+)'/.exec(block)?.[1];
			const pages = block.slice(0, block.indexOf('}')).matchAll(/(\w+): \(\) => import/g);
			return ns ? [...pages].map((m) => ({ namespace: ns, page: m[1]! })) : [];
		});
}

const files = await assets();
const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { stderr: false });
const browser = await chromium.launch(KIOSK_LAUNCH);
try {
	const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
	await page.goto(`${app.url}/kiosk`);
	const data: JsonObject = {
		title: 'Memory',
		text: 'Every template, one after the other',
		caption: 'A picture',
		image: `${files.url}/clock.png`,
		html: '<h1>An HTML card</h1><p>From a skill.</p>',
		url: `${files.url}/page.html`,
		placeholder: 'name'
	};
	const all = [...TEMPLATE_NAMES.map((t) => ({ namespace: 'skill-memory.test', page: t })), ...skillPages()];
	// BENCH_PAGES=0: only the last page, for the baseline.
	const shows = all.slice(0, Number(process.env.BENCH_PAGES ?? all.length));
	for (const s of shows) {
		sim.emit(busMessage('gui.value.set', { __from: s.namespace, ...data }));
		sim.emit(busMessage('gui.page.show', { __from: s.namespace, page_names: [s.page], index: 0, __idle: true }));
		await page.waitForTimeout(700);
	}
	sim.emit(busMessage('gui.value.set', { __from: 'skill-last.test', text: 'The last page' }));
	sim.emit(busMessage('gui.page.show', { __from: 'skill-last.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
	await page.getByText('The last page').waitFor();
	await page.waitForTimeout(3000);
	// What the page still holds, as Chromium counts it: documents and frames left behind, DOM nodes
	// and listeners (detached ones included), the JS heap — before and after a forced GC.
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Performance.enable');
	const metrics = async () => Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]));
	const held = await metrics();
	// Chromium's processes: this process's descendants that are Chromium (not the app server).
	const procs = chromiumProcs();
	const renderers = procs.filter((p) => p.kind === 'renderer');
	const page_ = busiestRenderer(procs);
	const busiest = page_.rssKb / 1024;
	const code = executableRssKb(page_.pid) / 1024;
	const rss = procs.reduce((n, p) => n + p.rssKb, 0) / 1024;
	const pss = procs.reduce((n, p) => n + p.pssKb, 0) / 1024;
	const priv = procs.reduce((n, p) => n + p.privateKb, 0) / 1024;
	const r1 = (x: number) => Math.round(x * 10) / 10;
	if (process.env.BENCH_DEBUG) {
		const cdp = await browser.newBrowserCDPSession();
		const t = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
		console.log('iframes in page:', await page.evaluate(() => document.querySelectorAll('iframe').length), 'targets:', t.targetInfos.map((i) => `${i.type} ${i.url.slice(0, 60)}`));
		for (const p of renderers) console.log(p.pid, readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').filter((a) => /site|origin|extension|isolat|renderer-client-id/.test(a)).join(' '));
	}
	console.log(`Chromium flags: ${KIOSK_LAUNCH.args.join(' ')}`);
	console.log(`${shows.length} pages shown; ${procs.length} browser processes, ${renderers.length} renderers (RSS MB: ${renderers.map((p) => r1(p.rssKb / 1024)).join(', ')})`);
	// Most of a renderer's RSS is Chromium's own code, shared by all its processes: PSS tells the page's share.
	console.log(`busiest renderer ${r1(busiest)} MB RSS (of it ${r1(code)} MB the Chromium binary's own pages), ${r1(page_.pssKb / 1024)} MB PSS, ${r1(page_.privateKb / 1024)} MB private; browser tree ${r1(rss)} MB RSS, ${r1(pss)} MB PSS, ${r1(priv)} MB private (Qt client: 244 MB RSS in one process, 248 MB PSS with WebEngine)`);
	await cdp.send('HeapProfiler.collectGarbage');
	const gced = await metrics();
	const procsAfterGc = chromiumProcs();
	const mb = (b: number | undefined) => r1((b ?? NaN) / 1048576);
	console.log(
		`page holds: ${held.Documents} documents, ${held.Frames} frames, ${held.Nodes} DOM nodes, ${held.JSEventListeners} listeners, JS heap ${mb(held.JSHeapUsedSize)} of ${mb(held.JSHeapTotalSize)} MB; ` +
			`after a forced GC: ${gced.Documents} documents, ${gced.Nodes} nodes, JS heap ${mb(gced.JSHeapUsedSize)} of ${mb(gced.JSHeapTotalSize)} MB, renderer ${r1(busiestRenderer(procsAfterGc).rssKb / 1024)} MB RSS`
	);
	await cdp.send('ServiceWorker.enable');
	await cdp.send('ServiceWorker.stopAllWorkers');
	// Its memory goes back over seconds (the allocators give freed pages back on their own schedule).
	await page.waitForTimeout(10_000);
	const stopped = busiestRenderer(chromiumProcs());
	console.log(`10 s after the service worker stopped: renderer ${r1(stopped.rssKb / 1024)} MB RSS, ${r1(stopped.privateKb / 1024)} MB private`);
	console.log(JSON.stringify({ renderer_rss_mb: r1(busiest), renderer_code_mb: r1(code), renderer_pss_mb: r1(page_.pssKb / 1024), renderer_private_mb: r1(page_.privateKb / 1024), renderer_rss_worker_stopped_mb: r1(stopped.rssKb / 1024), renderer_private_worker_stopped_mb: r1(stopped.privateKb / 1024), tree_pss_mb: r1(pss), tree_private_mb: r1(priv), tree_rss_mb: r1(rss), renderers: renderers.length, pages: shows.length, js_heap_mb: mb(held.JSHeapUsedSize), dom_nodes: held.Nodes, documents: held.Documents, kiosk_flags: KIOSK_ARGS.join(' ') }));
} finally {
	await browser.close();
	await app.stop();
	await sim.stop();
	await files.close();
}
