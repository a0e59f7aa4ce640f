/** Reading Chromium traces (Playwright's `browser.startTracing`) for the benchmarks. */

/** Enough for the renderer main thread's tasks (`ThreadControllerImpl::RunTask`), cheap enough to leave on while measuring. */
export const TASK_CATEGORIES = ['toplevel'];

/**
 * What `renderedFrames` needs besides the tasks: a few events per frame (begin main frame on the
 * page's main thread, activation and draw on its compositor) and user-timing marks for the clock.
 */
export const FRAME_CATEGORIES = [...TASK_CATEGORIES, 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing'];

interface TraceEvent {
	readonly name: string;
	readonly ph: string;
	readonly pid: number;
	readonly tid: number;
	readonly ts: number;
	readonly dur?: number;
	/** Thread time: what the thread ran, without the time it waited for a core. */
	readonly tdur?: number;
	readonly args?: { name?: string };
}

const eventsOf = (buf: Buffer) => (JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
/** The renderers' main threads (`pid:tid`). */
const mainThreads = (events: readonly TraceEvent[]) => new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(thread));

/** The user-timing mark `anchor` that puts the trace's clock on the page's. */
function anchorMark(events: readonly TraceEvent[], anchor: string): TraceEvent {
	const mark = events.find((e) => e.name === anchor && e.ph !== 'e');
	if (!mark) throw new Error(`no user-timing mark ${anchor} in the trace`);
	return mark;
}

/** Every task on a renderer's main thread, in ms, with its start (µs, trace clock); from the user-timing mark `anchor` on, when given. */
export function rendererTasks(buf: Buffer, anchor?: string): { start: number; ms: number }[] {
	const events = eventsOf(buf);
	const main = mainThreads(events);
	const from = anchor === undefined ? -Infinity : anchorMark(events, anchor).ts;
	// Each task is `ThreadControllerImpl::RunTask` (toplevel) and, with DevTools' categories, also `RunTask`.
	const name = events.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
	return events
		.filter((e) => e.name === name && e.ph === 'X' && e.dur !== undefined && e.ts >= from && main.has(thread(e)))
		.map((e) => ({ start: e.ts, ms: (e.dur as number) / 1000 }));
}

/** The longest renderer main-thread task of a trace, in ms (every task, not only longtask's ≥ 50 ms). */
export function longestTracedTask(buf: Buffer): number {
	return rendererTasks(buf).reduce((m, t) => Math.max(m, t.ms), 0);
}

/**
 * The page's rendered frames (trace taken with FRAME_CATEGORIES), on the page's clock
 * (`performance.now()`, ms), given a user-timing mark `anchor` made at page time `anchorAt`:
 * `mainDone` when each main-thread frame task (animation frame callbacks, style, layout, paint,
 * commit) ended, `drawn` when the compositor drew the first frame after that commit's activation.
 * A DOM change made before a frame task ends is in that frame (made during it, it came from the
 * frame's own callbacks).
 */
export function renderedFrames(buf: Buffer, anchor: string, anchorAt: number): { mainDone: number; drawn: number }[] {
	const events = eventsOf(buf);
	const mark = anchorMark(events, anchor);
	const toPage = (ts: number) => (ts - mark.ts) / 1000 + anchorAt;
	const frameId = (e: TraceEvent) => (e.args as { frameId?: number; data?: { frameId?: number } } | undefined)?.data?.frameId ?? (e.args as { frameId?: number } | undefined)?.frameId;
	const begins = events.filter((e) => e.name === 'BeginMainThreadFrame' && e.ph === 'I' && e.pid === mark.pid).sort((a, b) => a.ts - b.ts);
	const main = begins[0] ? thread(begins[0]) : '';
	const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && thread(e) === main).sort((a, b) => a.ts - b.ts);
	const activated = new Map<number, number>();
	for (const e of events) if (e.name === 'ActivateLayerTree' && e.pid === mark.pid && frameId(e) !== undefined) activated.set(frameId(e) as number, e.ts);
	const draws = events.filter((e) => e.name === 'DrawFrame' && e.ph === 'I' && e.pid === mark.pid).map((e) => e.ts).sort((a, b) => a - b);
	const out: { mainDone: number; drawn: number }[] = [];
	let t = 0;
	let d = 0;
	for (const b of begins) {
		while (t < tasks.length && (tasks[t] as TraceEvent).ts + ((tasks[t] as TraceEvent).dur ?? 0) < b.ts) t++;
		const task = tasks[t];
		const at = activated.get(frameId(b) ?? -1);
		if (!task || task.ts > b.ts || at === undefined) continue;
		while (d < draws.length && (draws[d] as number) < at) d++;
		if (d < draws.length) out.push({ mainDone: toPage(task.ts + (task.dur ?? 0)), drawn: toPage(draws[d] as number) });
	}
	return out;
}

/**
 * The busiest renderer main thread's tasks from the user-timing mark `anchor` for `ms`, each
 * clipped to that window and weighed by `amount` (its µs in the window, and the task), summed per
 * thread: the largest sum, in µs.
 */
function busiestMainThread(buf: Buffer, anchor: string, ms: number, amount: (run: number, task: TraceEvent & { dur: number }) => number): number {
	const events = eventsOf(buf);
	const from = anchorMark(events, anchor).ts;
	const to = from + ms * 1000;
	const main = mainThreads(events);
	const sums = new Map<string, number>();
	for (const e of events) {
		if (e.name !== 'ThreadControllerImpl::RunTask' || e.ph !== 'X' || !e.dur || !main.has(thread(e))) continue;
		const run = Math.min(to, e.ts + e.dur) - Math.max(from, e.ts);
		if (run > 0) sums.set(thread(e), (sums.get(thread(e)) ?? 0) + amount(run, e as TraceEvent & { dur: number }));
	}
	return Math.max(0, ...sums.values());
}

/**
 * How busy the page's main thread was from the user-timing mark `anchor` for `ms`: the share of that
 * time its tasks ran (the busiest renderer main thread of the trace, tasks clipped to the window).
 * A frame that arrives while it is busy waits: the nearer this is to 1, the more of the latency
 * tail is queueing.
 */
export function mainThreadBusy(buf: Buffer, anchor: string, ms: number): number {
	return busiestMainThread(buf, anchor, ms, (run) => run) / (ms * 1000);
}

/**
 * The page's main-thread work from the user-timing mark `anchor` for `ms`, in thread time (ms of
 * it per second of the window): the busiest renderer main thread's tasks, each clipped to the window
 * in proportion. Unlike `mainThreadBusy` it leaves out the time the thread waited for a core, so it
 * moves with what the page does, not with what else the machine runs (A/B comparisons of builds).
 * Under Chromium's CPU throttle the throttle's pauses count as the thread's time too.
 */
export function mainThreadCpu(buf: Buffer, anchor: string, ms: number): number {
	return busiestMainThread(buf, anchor, ms, (run, task) => ((task.tdur ?? 0) * run) / task.dur) / ms;
}
