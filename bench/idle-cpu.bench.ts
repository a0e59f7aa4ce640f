/**
 * What a screen costs while nothing happens: `/kiosk` in Chromium (KIOSK_LAUNCH of scripts/chromium.mjs)
 * showing one page, each in a fresh browser context — SYSTEM_Loading, the homescreen's idle page,
 * a static SYSTEM_TextFrame, and OCP's player while a track plays. For each: after the page has
 * settled, the CPU time (user + system, from /proc/<pid>/stat) Chromium's renderers and its GPU
 * process (which composites and draws every frame) spend, per 5 s: the median of BENCH_WINDOWS
 * (default 3) windows of 5 s. The browser process's share is printed beside it. Needs a fresh `build/`.
 */
import { chromium, type Page } from '@playwright/test';
import { busMessage } from '../src/lib/protocol';
import { startSimulator } from '../simulator';
import { KIOSK_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';
import { chromiumProcs, type ChromiumProc } from './support/procs';

const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 3);
const WINDOW_MS = 5000;
const SETTLE_MS = 3000;
/** CPU seconds per kind between two readings (processes that came or went count what they spent in the window). */
function spent(a: ChromiumProc[], b: ChromiumProc[]): Record<ChromiumProc['kind'], number> {
	const before = new Map(a.map((p) => [p.pid, p.cpu]));
	const out = { renderer: 0, gpu: 0, browser: 0, other: 0 };
	for (const p of b) out[p.kind] += p.cpu - (before.get(p.pid) ?? 0);
	return out;
}

interface Cost {
	/** Renderers + GPU process, CPU-s per 5 s (median window). */
	readonly screen: number;
	readonly browser: number;
	readonly windows: number[];
}

async function measure(): Promise<Cost> {
	await new Promise((r) => setTimeout(r, SETTLE_MS));
	const windows: { screen: number; browser: number }[] = [];
	for (let i = 0; i < WINDOWS; i++) {
		const a = chromiumProcs(process.pid, false);
		await new Promise((r) => setTimeout(r, WINDOW_MS));
		const s = spent(a, chromiumProcs(process.pid, false));
		windows.push({ screen: s.renderer + s.gpu, browser: s.browser + s.other });
	}
	const sorted = [...windows].sort((x, y) => x.screen - y.screen);
	const mid = sorted[Math.floor(sorted.length / 2)]!;
	return { screen: mid.screen, browser: mid.browser, windows: windows.map((w) => w.screen) };
}

const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, demo: false, log: false });
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(sim.guiPort), OVOS_BUS_PORT: String(sim.busPort) }, { stderr: false });
const browser = await chromium.launch(KIOSK_LAUNCH);
const ctx = { session: { session_id: 'default' } };
const shown = (page: Page, selector: string) => page.locator(selector).first().waitFor({ timeout: 30_000 });
/** Clears every skill's pages but the homescreen's. */
function clearSkills(): void {
	const { stack } = JSON.parse(sim.canonical()) as { stack: string[] };
	for (const id of stack) if (!/homescreen/.test(id)) sim.emit(busMessage('gui.clear.namespace', { __from: id }));
}

const scenes: [string, (page: Page) => Promise<void>][] = [
	[
		'loading',
		async (page) => {
			sim.emit(busMessage('gui.value.set', { __from: 'skill-loading.test', label: 'Loading…' }));
			sim.emit(busMessage('gui.page.show', { __from: 'skill-loading.test', page_names: ['SYSTEM_Loading'], index: 0, __idle: true }));
			await shown(page, '.tpl-root[data-page="SYSTEM_Loading"]');
		}
	],
	['idle', (page) => shown(page, '.tpl-root[data-namespace*="homescreen"]')],
	[
		'text',
		async (page) => {
			sim.emit(busMessage('gui.value.set', { __from: 'skill-text.test', title: 'A static page', text: 'Nothing moves here.' }));
			sim.emit(busMessage('gui.page.show', { __from: 'skill-text.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
			await shown(page, '.tpl-root[data-page="SYSTEM_TextFrame"]');
		}
	],
	[
		'player',
		async (page) => {
			for (const type of ['recognizer_loop:record_begin', 'recognizer_loop:record_end']) sim.emit(busMessage(type, {}, ctx));
			sim.emit(busMessage('recognizer_loop:utterance', { utterances: ['play some jazz'], lang: 'en-US' }, ctx));
			await shown(page, '.tpl-root[data-namespace="ovos.common_play"]');
		}
	]
];

try {
	const out: Record<string, number> = {};
	for (const [name, show] of scenes) {
		clearSkills();
		const context = await browser.newContext({ viewport: { width: 800, height: 480 } });
		const page = await context.newPage();
		await page.goto(`${app.url}/kiosk`);
		await show(page);
		const c = await measure();
		const r = (x: number) => Math.round(x * 1000) / 1000;
		console.log(`${name}: renderers + GPU ${r(c.screen)} CPU-s per 5 s (windows ${c.windows.map(r).join(', ')}); browser process and utilities ${r(c.browser)}`);
		out[`${name}_cpu_s_per_5s`] = r(c.screen);
		out[`${name}_browser_cpu_s_per_5s`] = r(c.browser);
		await context.close();
	}
	const perHour = (out.idle_cpu_s_per_5s ?? 0) * (3600 / 5);
	console.log(`the homescreen for an hour: ${perHour.toFixed(0)} CPU-s (${((perHour / 3600) * 100).toFixed(1)} % of one core)`);
	console.log(JSON.stringify({ ...out, idle_cpu_s_per_hour: Math.round(perHour) }));
} finally {
	await browser.close();
	await app.stop();
	await sim.stop();
}
