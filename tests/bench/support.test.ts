// The benches' readers of traces and /proc: what they report is only as right as these.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mainThreadBusy, mainThreadCpu, rendererTasks } from '../../bench/support/trace';
import { executableRssKb } from '../../bench/support/procs';

const trace = (events: object[]) => Buffer.from(JSON.stringify({ traceEvents: events }));
const thread = (pid: number, tid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur = dur) => ({ ph: 'X', name: 'ThreadControllerImpl::RunTask', pid, tid, ts, dur, tdur });

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

describe('mainThreadCpu', () => {
	it('is the busiest renderer main thread\'s thread time in the window, per second, each task clipped in proportion', () => {
		const buf = trace([
			thread(1, 10, 'CrRendererMain'),
			thread(1, 11, 'Compositor'),
			{ ph: 'R', name: 'anchor', pid: 1, tid: 10, ts: 1_000_000 },
			task(1, 10, 900_000, 200_000, 100_000), // half inside: 50 ms of thread time
			task(1, 10, 1_500_000, 300_000, 150_000), // waited for a core half the time: 150 ms
			task(1, 11, 1_000_000, 1_000_000) // not a main thread
		]);
		// 200 ms of thread time in a 2 s window: 100 ms per second, though the thread was busy 400 ms.
		expect(mainThreadCpu(buf, 'anchor', 2000)).toBeCloseTo(100, 6);
		expect(mainThreadBusy(buf, 'anchor', 2000)).toBeCloseTo(0.2, 6);
	});
});

describe('rendererTasks', () => {
	it('from an anchor mark on: the tasks before it (a stall while tracing started) are left out', () => {
		const buf = trace([
			thread(1, 10, 'CrRendererMain'),
			task(1, 10, 500_000, 40_000),
			{ ph: 'R', name: 'anchor', pid: 1, tid: 10, ts: 1_000_000 },
			task(1, 10, 1_200_000, 5_000)
		]);
		expect(rendererTasks(buf).map((t) => t.ms)).toEqual([40, 5]);
		expect(rendererTasks(buf, 'anchor').map((t) => t.ms)).toEqual([5]);
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
