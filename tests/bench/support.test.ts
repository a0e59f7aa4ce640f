// The benches' readers of traces and /proc: what they report is only as right as these.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mainThreadBusy } from '../../bench/support/trace';
import { executableRssKb } from '../../bench/support/procs';

const trace = (events: object[]) => Buffer.from(JSON.stringify({ traceEvents: events }));
const thread = (pid: number, tid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number) => ({ ph: 'X', name: 'ThreadControllerImpl::RunTask', pid, tid, ts, dur });

describe('mainThreadBusy', () => {
	it('is the share of the window the busiest renderer main thread ran tasks, clipped to the window', () => {
		const buf = trace([
			thread(1, 10, 'CrRendererMain'),
			thread(1, 11, 'Compositor'),
			thread(2, 20, 'CrRendererMain'),
			{ ph: 'R', name: 'anchor', pid: 1, tid: 10, ts: 1_000_000 },
			task(1, 10, 900_000, 200_000), // 100 ms of it inside the window
			task(1, 10, 1_500_000, 300_000),
			task(1, 10, 1_900_000, 200_000), // 100 ms inside
			task(1, 11, 1_000_000, 1_000_000), // not a main thread
			task(2, 20, 1_000_000, 100_000) // a quieter renderer
		]);
		expect(mainThreadBusy(buf, 'anchor', 1000)).toBeCloseTo(0.5, 6);
	});

	it('says so when the anchor mark is missing', () => {
		expect(() => mainThreadBusy(trace([thread(1, 10, 'CrRendererMain')]), 'anchor', 1000)).toThrow(/anchor/);
	});
});

describe('executableRssKb', () => {
	it('counts the resident pages of the process’s own binary: some, and fewer than its whole RSS', () => {
		const rss = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
		const kb = executableRssKb(process.pid);
		expect(kb).toBeGreaterThan(1000);
		expect(kb).toBeLessThan(rss);
	});
});
