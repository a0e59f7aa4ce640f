/** The long-list window's arithmetic: what is laid out for a scroll position, and the padding for the rest. */
import { describe, expect, it } from 'vitest';
import { dotWindow, pads, windowFor, type Metrics } from '../../src/lib/templates/parts/window-math';

const rows: Metrics = { pitch: 60, cols: 1, lead: 80 };
const grid: Metrics = { pitch: 200, cols: 4, lead: 0 };

describe('windowFor', () => {
	it('lays out the lines in view and a viewport either side, never the whole list', () => {
		// 480 px of 60 px rows, scrolled to row 1,000 (80 + 60,000 px).
		const r = windowFor(5000, rows, 60_080, 480, { start: 0, end: 30 });
		expect(r.start).toBeLessThanOrEqual(1000 - 8);
		expect(r.end).toBeGreaterThanOrEqual(1000 + 8 + 8);
		expect(r.end - r.start).toBeLessThanOrEqual(8 * 3 + 2);
	});
	it('keeps the range while it still covers the view and half its margin', () => {
		const r = windowFor(5000, rows, 60_080, 480, { start: 0, end: 30 });
		expect(windowFor(5000, rows, 60_080 + 120, 480, r)).toBe(r);
		expect(windowFor(5000, rows, 60_080 + 600, 480, r)).not.toBe(r);
	});
	it('starts at the top and stops at the end of the list', () => {
		expect(windowFor(5000, rows, 0, 480, { start: 2000, end: 2030 })).toEqual({ start: 0, end: 15 });
		expect(windowFor(5000, rows, 1e9, 480, { start: 0, end: 30 }).end).toBe(5000);
		expect(windowFor(12, rows, 0, 480, { start: 0, end: 30 })).toEqual({ start: 0, end: 30 });
		expect(windowFor(0, rows, 0, 480, { start: 0, end: 30 })).toEqual({ start: 0, end: 0 });
	});
	it('takes whole lines of a grid, so every tile stays in its column', () => {
		const r = windowFor(5000, grid, 20_000, 480, { start: 0, end: 30 });
		expect(r.start % 4).toBe(0);
		expect(r.start).toBeLessThanOrEqual(100 * 4);
		expect(r.end).toBeGreaterThan(103 * 4);
		// A resize that changes the columns moves a range no longer aligned to them.
		expect(windowFor(5000, { ...grid, cols: 3 }, 20_000, 480, r).start % 3).toBe(0);
	});
});

describe('pads', () => {
	it('stands in for the lines before and after, so the scroller keeps its length', () => {
		const r = { start: 100, end: 130 };
		const p = pads(5000, rows, r);
		expect(p.before).toBe(100 * 60);
		expect(p.after).toBe((5000 - 130) * 60);
		expect(p.before + (r.end - r.start) * 60 + p.after).toBe(5000 * 60);
		expect(pads(4999, grid, { start: 40, end: 80 })).toEqual({ before: 10 * 200, after: (1250 - 20) * 200 });
		expect(pads(10, rows, { start: 0, end: 30 })).toEqual({ before: 0, after: 0 });
	});
});

describe('dotWindow', () => {
	it('holds the current dot, centred where it can be', () => {
		expect(dotWindow(5, 2, 9)).toEqual({ start: 0, end: 5 });
		expect(dotWindow(100_000, 0, 9)).toEqual({ start: 0, end: 9 });
		expect(dotWindow(100_000, 500, 9)).toEqual({ start: 496, end: 505 });
		expect(dotWindow(100_000, 99_999, 9)).toEqual({ start: 99_991, end: 100_000 });
	});
});
