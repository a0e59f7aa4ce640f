import { describe, expect, it } from 'vitest';
import { createThrottle, exitKioskHref, isBackKey, kioskOptions, nextPick, pageWindow, shownIndex, swipeResult } from '../../src/lib/screen-view/interaction';

describe('createThrottle', () => {
	it('lets one interaction per skill through per window', () => {
		let t = 0;
		const ok = createThrottle(2000, () => t);
		expect(ok('a')).toBe(true);
		t = 1999;
		expect(ok('a')).toBe(false);
		expect(ok('b')).toBe(true);
		t = 2000;
		expect(ok('a')).toBe(true);
	});
});

describe('swipeResult', () => {
	it('goes next on a long left drag, previous on a right one, stays on short slow ones', () => {
		expect(swipeResult(-250, 600, 800)).toBe(1);
		expect(swipeResult(250, 600, 800)).toBe(-1);
		expect(swipeResult(-100, 600, 800)).toBe(0);
		// A flick: short but fast.
		expect(swipeResult(-60, 80, 800)).toBe(1);
		expect(swipeResult(-20, 10, 800)).toBe(0);
	});
});

describe('pageWindow', () => {
	const pw = (width: number, shown: number, fills: boolean[]) => pageWindow(width, shown, fills.length, (i) => fills[i] as boolean);
	it('one page below switchWidth, or when the page fills the width', () => {
		expect(pw(800, 1, [false, false, false])).toEqual({ start: 1, cols: 1 });
		expect(pw(1700, 0, [true, false])).toEqual({ start: 0, cols: 1 });
	});
	it('skill pages side by side on wide screens, keeping the current one in view', () => {
		expect(pw(1700, 0, [false, false])).toEqual({ start: 0, cols: 2 });
		expect(pw(1500, 2, [false, false, false])).toEqual({ start: 1, cols: 2 });
		expect(pw(1700, 2, [false, false, false])).toEqual({ start: 0, cols: 3 });
		expect(pw(2400, 3, [false, false, false, false])).toEqual({ start: 1, cols: 3 });
	});
	it('never puts a full-width template beside another page', () => {
		expect(pw(1700, 1, [true, false])).toEqual({ start: 1, cols: 1 });
		expect(pw(2500, 1, [false, false, true])).toEqual({ start: 0, cols: 2 });
	});
	it('looks only at the pages beside the shown one in a namespace of 100,000', () => {
		const asked = new Set<number>();
		const w = pageWindow(2500, 50_000, 100_000, (i) => (asked.add(i), false));
		expect(w).toEqual({ start: 49_999, cols: 4 });
		expect(Math.min(...asked)).toBeGreaterThanOrEqual(49_998);
		expect(Math.max(...asked)).toBeLessThanOrEqual(50_002);
	});
});

describe('shownIndex / nextPick', () => {
	it('shows the user pick until the server index moves elsewhere', () => {
		const pick = nextPick(null, 'a', 0, 3, 1);
		expect(pick).toEqual({ namespace: 'a', base: 0, index: 1, sent: [1] });
		expect(shownIndex(pick, 'a', 0, 3)).toBe(1);
		expect(shownIndex(pick, 'a', 1, 3)).toBe(1);
		// A server focus the user did not cause wins.
		expect(shownIndex(pick, 'a', 2, 3)).toBe(2);
		// Another namespace, or a pick past the end, is ignored.
		expect(shownIndex(pick, 'b', 0, 3)).toBe(0);
		expect(shownIndex(pick, 'a', 0, 1)).toBe(0);
	});
	it('quick moves 0→1→2: the echo of 1 does not pull the view back', () => {
		const p1 = nextPick(null, 'a', 0, 3, 1);
		const p2 = nextPick(p1, 'a', 0, 3, 2);
		expect(p2).toEqual({ namespace: 'a', base: 0, index: 2, sent: [1, 2] });
		expect(shownIndex(p2, 'a', 1, 3)).toBe(2);
		expect(shownIndex(p2, 'a', 2, 3)).toBe(2);
		// After the server moved on by itself, a new move starts a new pick.
		expect(nextPick(p1, 'a', 2, 3, 1)).toEqual({ namespace: 'a', base: 2, index: 1, sent: [1] });
	});
	it('clamps the server index into the page list', () => {
		expect(shownIndex(null, 'a', null, 2)).toBe(0);
		expect(shownIndex(null, 'a', 5, 2)).toBe(1);
	});
});

describe('keys and kiosk options', () => {
	it('back keys', () => {
		expect(isBackKey({ key: 'Escape', altKey: false })).toBe(true);
		expect(isBackKey({ key: 'ArrowLeft', altKey: true })).toBe(true);
		expect(isBackKey({ key: 'ArrowLeft', altKey: false })).toBe(false);
	});
	it('reads rotate, scale and cursor with safe fallbacks', () => {
		expect(kioskOptions(new URLSearchParams(''))).toEqual({ rotate: 0, scale: 1, cursorIdleMs: 3000 });
		expect(kioskOptions(new URLSearchParams('rotate=90&scale=1.5&cursor=0'))).toEqual({ rotate: 90, scale: 1.5, cursorIdleMs: 0 });
		expect(kioskOptions(new URLSearchParams('rotate=45&scale=99&cursor=x'))).toEqual({ rotate: 0, scale: 1, cursorIdleMs: 3000 });
	});
	it('the escape hatch keeps only the connection options', () => {
		expect(exitKioskHref(new URLSearchParams('host=pi&guiPort=1&rotate=90'))).toBe('/?host=pi&guiPort=1');
		expect(exitKioskHref(new URLSearchParams('rotate=90'))).toBe('/');
		// the language chosen by URL goes along
		expect(exitKioskHref(new URLSearchParams('lang=de&rotate=90'))).toBe('/?lang=de');
	});
});
