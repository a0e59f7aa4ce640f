/**
 * How fast `/kiosk` in Chromium is live again after OVOS comes back: the time from the restarted
 * simulator listening to the page showing the new server's state, after outages of 5 s, 30 s, 2 min
 * and 10 min, in both handshake modes. Each case has its own simulator, app (configured for that
 * simulator, as on a device) and a fresh Chromium, so no case warms up or throttles another; they
 * run side by side, so the whole run lasts about as long as the longest outage. Also counts the
 * failed network attempts the page logs in its console while offline.
 * `BENCH_OUTAGES=5,30` (seconds) runs fewer. Needs a fresh `build/`.
 * Chromium runs with the kiosk's flags (KIOSK_LAUNCH of scripts/chromium.mjs), as on a device.
 */
import { chromium, type ConsoleMessage } from '@playwright/test';
import { busMessage, type Handshake } from '../src/lib/protocol';
import { startSimulator, type Simulator } from '../simulator';
import { KIOSK_LAUNCH } from '../scripts/chromium.mjs';
import { startApp } from '../tests/support/app';

const OUTAGES_S = (process.env.BENCH_OUTAGES ?? '5,30,120,600').split(',').map(Number);
const MODES: Handshake[] = ['gui', 'full'];
const SKILL = 'skill-bench.test';

interface Sample {
	readonly mode: Handshake;
	readonly outage_s: number;
	readonly ms: number;
	/** Failed attempts (WebSocket or fetch) logged in the console per 5 s while offline. */
	readonly failed_per_5s: number;
}

function showText(sim: Simulator, text: string): void {
	sim.emit(busMessage('gui.value.set', { __from: SKILL, text, title: 'Bench' }));
	sim.emit(busMessage('gui.page.show', { __from: SKILL, page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
}

const sim = (busPort = 0, guiPort = 0) => startSimulator({ host: '127.0.0.1', busPort, guiPort, skills: false, log: false });

/** Sets a case up (simulator, app, browser, page showing a first text); `run` then measures it. */
async function prepare(mode: Handshake, outageS: number): Promise<{ run(startDelayMs: number): Promise<Sample> }> {
	let s = await sim();
	const { busPort, guiPort } = s;
	const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_GUI_PORT: String(guiPort), OVOS_BUS_PORT: String(busPort), OVOS_HANDSHAKE: mode }, { stderr: false });
	const browser = await chromium.launch(KIOSK_LAUNCH);
	const close = async () => {
		await browser.close();
		await app.stop();
		await s.stop();
	};
	try {
		const page = await (await browser.newContext({ viewport: { width: 800, height: 480 } })).newPage();
		// The moment (wall clock, shared with this process) each text first appears.
		await page.addInitScript(() => {
			const seen: Record<string, number> = {};
			(window as unknown as { __seen: typeof seen }).__seen = seen;
			new MutationObserver(() => {
				const t = document.querySelector('[data-key="text"]')?.textContent;
				if (t && !(t in seen)) seen[t] = Date.now();
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		let failures = 0;
		let counting = false;
		page.on('console', (m: ConsoleMessage) => {
			if (counting && m.type() === 'error' && /failed|ERR_/i.test(m.text())) failures++;
		});
		await page.goto(`${app.url}/kiosk`);
		showText(s, 'before');
		await page.getByText('before', { exact: true }).waitFor();
		// Where the time goes: the moment each GUI frame reached the page (the machine's wire log).
		await page.evaluate(() => {
			const w = window as unknown as { __frames: { time: number; connection: number }[]; __ovosScreen: { onFrame(fn: (f: { time: number; connection: number; socket: string; dir: string }) => void): void } };
			w.__frames = [];
			w.__ovosScreen.onFrame((f) => {
				if (f.socket === 'gui' && f.dir === 'in') w.__frames.push({ time: f.time, connection: f.connection });
			});
		});
		return { run: (delay) => measure(delay).finally(close) };

		async function measure(delay: number): Promise<Sample> {
			await new Promise((r) => setTimeout(r, delay));
			await s.stop();
			counting = true;
			const down = Date.now();
			await new Promise((r) => setTimeout(r, outageS * 1000));
			s = await sim(busPort, guiPort);
			const back = Date.now();
			counting = false;
			const offlineS = (back - down) / 1000;
			// The new server's state is there before the screen connects: it arrives by the replay.
			showText(s, 'after');
			await page.getByText('after', { exact: true }).waitFor({ timeout: 60_000 });
			const { shown, notes, frames } = await page.evaluate(() => {
				const w = window as unknown as { __seen: Record<string, number>; __frames: { time: number }[]; __ovosScreen: { conn: { timeline: { time: number; what: string }[] } } };
				return { shown: w.__seen['after']!, notes: w.__ovosScreen.conn.timeline, frames: w.__frames };
			});
			const sample = { mode, outage_s: outageS, ms: shown - back, failed_per_5s: Math.round((failures / offlineS) * 5 * 100) / 100 };
			console.log(`${mode.padEnd(4)} outage ${String(outageS).padStart(3)} s → live again in ${String(sample.ms).padStart(5)} ms; ${sample.failed_per_5s} failed attempts logged per 5 s offline`);
			// Each step after the restart, in ms since the simulator listened.
			const at = (t: number) => t - back;
			const steps = notes.filter((n) => n.time >= back).map((n) => `${at(n.time)} ${n.what}`);
			const replay = frames.filter((f) => f.time >= back);
			if (replay.length) steps.push(`${at(replay[0]!.time)}–${at(replay.at(-1)!.time)} ${replay.length} GUI frames`);
			steps.push(`${sample.ms} shown`);
			console.log(`     ${steps.join(' · ')}`);
			return sample;
		}
	} catch (e) {
		await close();
		throw e;
	}
}

const cases = OUTAGES_S.flatMap((o) => MODES.map((m) => ({ o, m })));
console.log(`${cases.length} cases side by side (longest outage ${Math.max(...OUTAGES_S)} s)`);
// Set up one after the other, then the outages side by side, staggered so no two restarts meet.
const ready = [];
for (const c of cases) ready.push(await prepare(c.m, c.o));
const samples = await Promise.all(ready.map((r, i) => r.run(i * 2000)));
const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
const median = ms.length % 2 ? ms[(ms.length - 1) / 2]! : (ms[ms.length / 2 - 1]! + ms[ms.length / 2]!) / 2;
const perFive = samples.map((s) => s.failed_per_5s);
console.log(`Qt client (measured on a real ovos-gui): 700 ms after a short ovos-gui restart, 8,600–9,600 ms for the whole stack`);
console.log(
	JSON.stringify({
		median_ms: Math.round(median),
		max_ms: Math.max(...ms),
		samples: samples.length,
		failed_per_5s_max: Math.max(...perFive)
	})
);
