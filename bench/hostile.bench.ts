/**
 * bench:hostile — the hostile-data figures again, in Debian's Chromium against the built app
 * and a private simulator:
 *   1. one key holding 100,000 objects, shown in /inspect (the probe: the dashboard stopped answering
 *      for 5–116 s and the renderer grew to 7.4 GB): time until the tree shows it, the longest
 *      main-thread task meanwhile, and the JS heap after GC;
 *   2. 1 MB and 10 MB of `text` on /kiosk (the probe: auto-fit took 1.9 s and 44.6 s of main
 *      thread): time until its start shows, and the longest main-thread task;
 *   3. one GUI frame inserting 1,000, 10,000 and 20,000 skills, through the screen's decode + reduce
 *      in Node (the probe: 0.22 s, 19.8 s, 90.5 s);
 *   4. 100,000 entries in every list-bearing page at 800×480 (bench/long-lists.ts; the probe: up to
 *      15.5 s of main thread): the longest task per page and over all (goal ≤ 50 ms), the most CPU
 *      time any one main-thread task took (from a trace: the page's own cost, apart from the time a
 *      loaded machine kept the thread waiting), the most DOM elements any of them held, and how
 *      many left the GUI socket not live;
 *   5. OCP's web player on /kiosk showing a page of another loopback address whose script, if it ran,
 *      would send `speak` on the device's bus and a GUI event through ovos-gui (the third probe: both
 *      reached the device in every run): the messages that reached it.
 * Long tasks are PerformanceObserver `longtask` entries (0 when none reached 50 ms). Needs `build/`.
 * `tsx bench/hostile.bench.ts lists [n] [case,…]` runs part 4 alone (with `n` entries, only the named cases).
 * Last line: {"inspector_100k_shown_ms", "inspector_longest_task_ms", "inspector_heap_mb",
 * "text_1mb_shown_ms", "text_1mb_longest_task_ms", "text_10mb_shown_ms", "text_10mb_longest_task_ms",
 * "insert_1k_ms", "insert_10k_ms", "insert_20k_ms", "longest_task_ms_max", "longest_task_ms_<page>"…,
 * "longest_task_cpu_ms_max", "longest_task_cpu_ms_<page>"…,
 * "dom_nodes_max", "lists_not_live", "web_player_messages_reached"}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';
import { ACTIVE_SKILLS, busMessage, decode, type JsonObject } from '../src/lib/protocol';
import { emptyState, reduce } from '../src/lib/screen';
import { startSimulator, type Simulator } from '../simulator';
import { startApp } from '../tests/support/app';
import { LONG_CASES, measureLong, openWatched } from './long-lists';

const log = (s: string) => process.stderr.write(s + '\n');
const round = (n: number) => Math.round(n * 10) / 10;

const fresh = (browser: Browser, url: string): Promise<Page> => openWatched(browser, url, { width: 1280, height: 800 });

const longest = (page: Page) => page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));

async function heapMb(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('HeapProfiler.collectGarbage');
	const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
	await cdp.detach();
	return usedSize / 1024 / 1024;
}

function show(sim: Simulator, skill: string, data: JsonObject): void {
	sim.emit(busMessage('gui.value.set', { __from: skill, ...data }));
	sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: skill, __idle: true }));
}

const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort) }, { stderr: false });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const out: Record<string, number> = {};
const only = process.argv[2];
try {
	if (only !== 'lists') await probes();
	// 4. 100,000 entries in every list-bearing page.
	const N = Number(process.argv[3] ?? 100_000);
	let max = 0;
	let cpuMax = 0;
	let nodes = 0;
	let notLive = 0;
	const names = process.argv[4]?.split(',');
	for (const c of LONG_CASES.filter((c) => !names || names.includes(c.name))) {
		const r = await measureLong(browser, app.url, sim, c, N);
		out[`longest_task_ms_${c.name}`] = r.longest_task_ms;
		out[`longest_task_cpu_ms_${c.name}`] = r.longest_task_cpu_ms;
		max = Math.max(max, r.longest_task_ms);
		cpuMax = Math.max(cpuMax, r.longest_task_cpu_ms);
		nodes = Math.max(nodes, r.dom_nodes);
		if (!r.live) notLive++;
		log(`${c.name}: ${N.toLocaleString('en')} entries ${r.shown_ms < 0 ? 'not shown within 120 s' : `shown in ${r.shown_ms} ms`}, longest task ${r.longest_task_ms} ms (its CPU time at most ${r.longest_task_cpu_ms} ms), ${r.dom_nodes} DOM elements${r.live ? '' : ', GUI socket not live'}`);
	}
	out.longest_task_ms_max = max;
	out.longest_task_cpu_ms_max = cpuMax;
	out.dom_nodes_max = nodes;
	out.lists_not_live = notLive;
} finally {
	await browser.close();
	await app.stop();
	await sim.stop();
}

async function probes(): Promise<void> {
	// 1. The dashboard and 100,000 objects under one key.
	const inspect = await fresh(browser, `${app.url}/inspect`);
	const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ['a', 'b'] }));
	let t0 = Date.now();
	show(sim, 'skill-big.test', { rows, title: 'Big' });
	await inspect.waitForFunction(() => document.body.innerText.includes('[100000]'), undefined, { timeout: 120_000 });
	out.inspector_100k_shown_ms = Date.now() - t0;
	await inspect.waitForTimeout(1000);
	out.inspector_longest_task_ms = round(await longest(inspect));
	out.inspector_heap_mb = round(await heapMb(inspect));
	log(`inspector: 100,000 objects shown in ${out.inspector_100k_shown_ms} ms, longest task ${out.inspector_longest_task_ms} ms, heap ${out.inspector_heap_mb} MB`);
	await inspect.close();
	sim.emit(busMessage('gui.clear.namespace', { __from: 'skill-big.test' }));

	// 2. Huge text on the kiosk.
	for (const [label, size] of [['1mb', 1_000_000], ['10mb', 10_000_000]] as const) {
		const kiosk = await fresh(browser, `${app.url}/kiosk`);
		const words = 'The quick brown fox jumps over the lazy dog. ';
		const text = `FIRST LINE ${label}. ` + words.repeat(Math.ceil(size / words.length));
		t0 = Date.now();
		show(sim, `skill-text-${label}.test`, { text, title: 'Huge' });
		await kiosk.waitForFunction((l) => document.querySelector('[data-key="text"]')?.textContent?.includes(`FIRST LINE ${l}.`), label, { timeout: 120_000 });
		out[`text_${label}_shown_ms`] = Date.now() - t0;
		await kiosk.waitForTimeout(1000);
		out[`text_${label}_longest_task_ms`] = round(await longest(kiosk));
		log(`kiosk: ${label} of text shown in ${out[`text_${label}_shown_ms`]} ms, longest task ${out[`text_${label}_longest_task_ms`]} ms`);
		await kiosk.close();
		sim.emit(busMessage('gui.clear.namespace', { __from: `skill-text-${label}.test` }));
	}

	// 5. The OCP web player and a page whose script would take the device.
	const attacker = createServer((req, res) => {
		const q = new URL(req.url ?? '/', 'http://x').searchParams;
		res.setHeader('content-type', 'text/html');
		res.end(`<!doctype html><p id="p">radio</p><script>
			const bus = new WebSocket('ws://127.0.0.1:${q.get('bus')}/core');
			bus.onopen = () => bus.send(JSON.stringify({ type: 'speak', data: { utterance: 'pwned' }, context: {} }));
			const gui = new WebSocket('ws://127.0.0.1:${q.get('gui')}/gui');
			gui.onopen = () => gui.send(JSON.stringify({ type: 'mycroft.events.triggered', namespace: 'ovos.common_play', event_name: 'pwned', parameters: {} }));
		</script>`);
	});
	await new Promise<void>((r) => attacker.listen(0, '127.0.0.5', r));
	let reached = 0;
	sim.on('speak', () => reached++);
	sim.on('ovos.common_play.pwned', () => reached++);
	const kiosk = await fresh(browser, `${app.url}/kiosk`);
	const uri = `http://127.0.0.5:${(attacker.address() as AddressInfo).port}/attack.html?bus=${sim.busPort}&gui=${sim.guiPort}`;
	sim.emit(busMessage('gui.value.set', { __from: 'ovos.common_play', playerBackend: 'OVOSWebPlayer', uri, title: 'Radio' }));
	sim.emit(busMessage('gui.page.show', { page_names: ['PlayerLoader'], index: 0, __from: 'ovos.common_play', __idle: true }));
	await kiosk.frameLocator('[data-backend="web"] iframe').locator('#p').waitFor({ timeout: 30_000 });
	await kiosk.waitForTimeout(2000); // time for its sockets to speak, were its script allowed to run
	out.web_player_messages_reached = reached;
	log(`web player: a page whose script would take the device was shown; ${reached} of its messages reached the bus or ovos-gui`);
	await kiosk.close();
	await new Promise<void>((r) => attacker.close(() => r()));
	sim.emit(busMessage('gui.clear.namespace', { __from: 'ovos.common_play' }));
}

// 3. Stack inserts through the screen's own decode + reduce.
for (const n of only === 'lists' ? [] : [1000, 10_000, 20_000]) {
	const frame = JSON.stringify({ type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS, position: 0, data: Array.from({ length: n }, (_, i) => ({ skill_id: `skill-${i}` })) });
	const t = performance.now();
	const d = decode(frame);
	const s = d.ok ? reduce(emptyState(), d.value) : emptyState();
	const ms = performance.now() - t;
	out[`insert_${n / 1000}k_ms`] = round(ms);
	log(`stack insert of ${n.toLocaleString('en')} skills: ${round(ms)} ms, ${s.stack.length} of ${s.stackTotal} kept on the stack`);
}

console.log(JSON.stringify(out));
process.exit(0);
