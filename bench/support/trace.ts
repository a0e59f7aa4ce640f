/** Reading Chromium traces (Playwright's `browser.startTracing`) for the benchmarks. */

/** Enough for the renderer main thread's tasks (`ThreadControllerImpl::RunTask`), cheap enough to leave on while measuring. */
export const TASK_CATEGORIES = ['toplevel'];

interface TraceEvent {
	readonly name: string;
	readonly ph: string;
	readonly pid: number;
	readonly tid: number;
	readonly ts: number;
	readonly dur?: number;
	readonly args?: { name?: string };
}

/** Every task on a renderer's main thread, in ms, with its start (µs, trace clock). */
export function rendererTasks(buf: Buffer): { start: number; ms: number }[] {
	const events = (JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
	const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
	// Each task is `ThreadControllerImpl::RunTask` (toplevel) and, with DevTools' categories, also `RunTask`.
	const name = events.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
	return events
		.filter((e) => e.name === name && e.ph === 'X' && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`))
		.map((e) => ({ start: e.ts, ms: (e.dur as number) / 1000 }));
}

/** The longest renderer main-thread task of a trace, in ms (every task, not only longtask's ≥ 50 ms). */
export function longestTracedTask(buf: Buffer): number {
	return rendererTasks(buf).reduce((m, t) => Math.max(m, t.ms), 0);
}
