// The page's sleeps and wakes, for the connection: online and visible again wake it; a frozen page
// resuming, or a timer tick far too late on a visible page (the machine slept), is a sleep.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLEPT_MS, TICK_MS, watchSleepWake, type PageEvents } from '../../src/lib/screen-view/sleep-wake';

function page() {
	const win = new EventTarget();
	const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
	let now = 0;
	const events: PageEvents = { window: win, document: doc, now: () => now };
	const said: string[] = [];
	const stop = watchSleepWake({ wake: () => said.push('wake'), slept: (ms) => said.push(`slept ${ms}`), hidden: () => said.push('hidden') }, events);
	return { win, doc, said, stop, set: (ms: number) => (now = ms) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchSleepWake', () => {
	it('wakes on online and on the page becoming visible; says when it is hidden', () => {
		const p = page();
		p.win.dispatchEvent(new Event('online'));
		p.doc.visibilityState = 'hidden';
		p.doc.dispatchEvent(new Event('visibilitychange'));
		p.doc.visibilityState = 'visible';
		p.doc.dispatchEvent(new Event('visibilitychange'));
		expect(p.said).toEqual(['wake', 'hidden', 'wake']);
		p.stop();
	});

	it('a frozen page that resumes slept as long as it was frozen', () => {
		const p = page();
		p.set(5000);
		p.doc.dispatchEvent(new Event('freeze'));
		p.set(65_000);
		p.doc.dispatchEvent(new Event('resume'));
		expect(p.said).toEqual(['slept 60000']);
		p.stop();
	});

	it('a tick far too late on a visible page is a sleep; on a hidden page (throttled timers) it is not', () => {
		const p = page();
		p.set(TICK_MS);
		vi.advanceTimersByTime(TICK_MS);
		expect(p.said).toEqual([]);
		p.set(TICK_MS + SLEPT_MS + 5000); // the machine slept between two ticks
		vi.advanceTimersByTime(TICK_MS);
		expect(p.said).toEqual([`slept ${SLEPT_MS + 5000}`]);
		p.doc.visibilityState = 'hidden';
		p.set(TICK_MS * 3 + SLEPT_MS * 10);
		vi.advanceTimersByTime(TICK_MS);
		expect(p.said).toEqual([`slept ${SLEPT_MS + 5000}`]);
		p.stop();
	});

	it('stops watching when told', () => {
		const p = page();
		p.stop();
		p.win.dispatchEvent(new Event('online'));
		p.set(SLEPT_MS * 10);
		vi.advanceTimersByTime(TICK_MS * 2);
		expect(p.said).toEqual([]);
	});
});
