// The page held on screen while a GUI connection's replay has not spoken: the server-rendered page,
// or the page up before a reconnect, instead of a blank frame.
import { describe, expect, it } from 'vitest';
import { emptyNamespace, emptyState, type ScreenState } from '../../src/lib/screen';
import { ReplayedPage, type ReplayStage } from '../../src/lib/screen-view/replayed-page';

function showing(id: string): ScreenState {
	return { ...emptyState(), stack: [id], stackTotal: 1, namespaces: { [id]: { ...emptyNamespace(), pages: [{ url: null, name: 'SYSTEM_TextFrame' }], pageTotal: 1, currentPage: 0 } } };
}
const EMPTY = emptyState();
const down: ReplayStage = { live: false, replaying: false, model: EMPTY };
const replaying = (model: ScreenState = EMPTY): ReplayStage => ({ live: true, replaying: true, model });
const steady = (model: ScreenState = EMPTY): ReplayStage => ({ live: true, replaying: false, model });

describe('ReplayedPage', () => {
	it('holds the server-rendered page through the connect and an empty replay start, then shows what the replay shows', () => {
		const ssr = showing('ssr');
		const p = new ReplayedPage();
		p.start(ssr, EMPTY);
		expect(p.shown(down, ssr)).toBe(ssr);
		expect(p.shown(replaying(), ssr)).toBe(ssr);
		const replayed = showing('a');
		expect(p.waiting(replaying(replayed), ssr)).toBe(false);
		expect(p.shown(replaying(replayed), ssr)).toBe(replayed);
	});

	it('lets the held page go when the replay is over and showed nothing: the device shows nothing', () => {
		const ssr = showing('ssr');
		const p = new ReplayedPage();
		p.start(ssr, EMPTY);
		expect(p.shown(steady(), ssr)).toBe(EMPTY);
		// Let go for good: a later connect holds nothing.
		expect(p.waiting(down, EMPTY)).toBe(false);
	});

	it('without a server-rendered page, holds what is on screen if it shows a page, and nothing otherwise', () => {
		const up = showing('up');
		const p = new ReplayedPage();
		p.start(undefined, up);
		expect(p.shown(replaying(), up)).toBe(up);
		const q = new ReplayedPage();
		q.start(undefined, EMPTY);
		expect(q.waiting(down, EMPTY)).toBe(false);
		expect(q.shown(replaying(), EMPTY)).toBe(EMPTY);
	});

	it('keeps the page up before a sleep until the new connection replays, and ignores an empty screen', () => {
		const up = showing('up');
		const p = new ReplayedPage();
		p.start(undefined, EMPTY);
		p.keep(up);
		expect(p.waiting(down, up)).toBe(true);
		expect(p.shown(replaying(), up)).toBe(up);
		expect(p.shown(steady(showing('b')), up).stack).toEqual(['b']);
		const q = new ReplayedPage();
		q.keep(EMPTY);
		expect(q.waiting(down, EMPTY)).toBe(false);
	});
});
