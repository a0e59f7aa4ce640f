import { describe, expect, it } from 'vitest';
import { emptyState, MAX_STACK, shownPage } from '../../src/lib/screen';
import { del, event, focus, pagesInsert, pagesMove, pagesRemove, run, set, stackInsert, stackMove, stackRemove } from './helpers';

const url = (ns: string, p: string) => `/c/${ns}/qt5/${p}.qml`;
const page = (ns: string, p: string) => ({ page: p, url: url(ns, p) });

describe('namespace stack (mycroft.session.list.* on active_skills)', () => {
	it('inserts at the top and keeps the stack top first', () => {
		const { canonical } = run([stackInsert(0, 'h'), stackInsert(0, 'w')]);
		expect(canonical).toEqual({
			stack: ['w', 'h'],
			namespaces: { h: { pages: [], currentPage: null, data: {} }, w: { pages: [], currentPage: null, data: {} } }
		});
	});

	it('inserts at position i during a replay', () => {
		expect(run([stackInsert(0, 'a'), stackInsert(1, 'b'), stackInsert(2, 'c')]).state.stack).toEqual(['a', 'b', 'c']);
	});

	it('holds each id once: one the stack holds moves to where the insert puts it, and an insert naming one twice counts it once', () => {
		const { state, problems } = run([stackInsert(0, 'a', 'b'), stackInsert(0, 'b', 'c', 'c')]);
		expect(state.stack).toEqual(['b', 'c', 'a']);
		expect(problems).toEqual([]);
	});

	it("a namespace ovos-gui's replay sends again one place further on moves there; sent again where it is, nothing changes", () => {
		// The replay read `a` before a show's insert of `n` at 0 grew ovos-gui's stack, so `a` came
		// before `n` pushed it on: at 2, ahead of `b`. ovos-gui's stack is [n, b, a]: it sends `a` again at 2.
		const raced = run([stackInsert(0, 'b'), stackInsert(0, 'n'), stackInsert(1, 'a')]);
		expect(raced.state.stack).toEqual(['n', 'a', 'b']);
		const { state } = run([stackInsert(2, 'a')], raced.state);
		expect(state.stack).toEqual(['n', 'b', 'a']);
		expect(state.namespaces.a).toBe(raced.state.namespaces.a);
		expect(run([stackInsert(2, 'a')], state).state).toBe(state);
	});

	it('a repeat past the end of what is left goes at the end; past the end of the stack it is refused', () => {
		const base = run([stackInsert(0, 'a', 'b', 'c')]).state;
		expect(run([stackInsert(3, 'a')], base).state.stack).toEqual(['b', 'c', 'a']);
		const { state, problems } = run([stackInsert(4, 'a')], base);
		expect(state).toBe(base);
		expect(problems).toEqual(['stack insert: position 4 outside 0..3']);
	});

	it('refuses an insert position past the end, leaving the state unchanged', () => {
		const { state, problems } = run([stackInsert(0, 'a'), stackInsert(2, 'b')]);
		expect(state.stack).toEqual(['a']);
		expect(problems).toEqual(['stack insert: position 2 outside 0..1']);
	});

	it('refuses a negative insert position', () => {
		const { state, problems } = run([stackInsert(-1, 'a')]);
		expect(state.stack).toEqual([]);
		expect(problems[0]).toContain('position -1');
	});

	it('moves an active namespace to the top (what ovos-gui sends)', () => {
		expect(run([stackInsert(0, 'a', 'b', 'c', 'd'), stackMove(3, 0, 1)]).state.stack).toEqual(['d', 'a', 'b', 'c']);
	});

	it("moves forward with Qt's insert-before-`to` rule: [w,t,f,s,k] 1→4 twice = [w,s,t,f,k]", () => {
		const { state } = run([stackInsert(0, 'w', 't', 'f', 's', 'k'), stackMove(1, 4, 1)]);
		expect(state.stack).toEqual(['w', 'f', 's', 't', 'k']);
		expect(run([stackMove(1, 4, 1)], state).state.stack).toEqual(['w', 's', 't', 'f', 'k']);
	});

	it('moves a block of several', () => {
		expect(run([stackInsert(0, 'a', 'b', 'c', 'd', 'e'), stackMove(3, 1, 2)]).state.stack).toEqual(['a', 'd', 'e', 'b', 'c']);
		expect(run([stackInsert(0, 'a', 'b', 'c', 'd', 'e'), stackMove(0, 4, 2)]).state.stack).toEqual(['c', 'd', 'a', 'b', 'e']);
	});

	it('treats a missing items_number as 1', () => {
		expect(run([stackInsert(0, 'a', 'b', 'c'), stackMove(2, 0)]).state.stack).toEqual(['c', 'a', 'b']);
		expect(run([stackInsert(0, 'a', 'b', 'c'), stackRemove(1)]).state.stack).toEqual(['a', 'c']);
	});

	it('refuses moves outside Qt ranges: to past count-1, items_number 0 or too many, negative from', () => {
		const base = [stackInsert(0, 'a', 'b', 'c')];
		for (const [m, why] of [
			[stackMove(0, 3, 1), 'to 3 outside 0..2'],
			[stackMove(0, 2, 0), 'items_number 0 outside 1..3'],
			[stackMove(1, 0, 3), 'items_number 3 outside 1..2'],
			[stackMove(-1, 0, 1), 'from -1 outside 0..2'],
			[stackMove(0, 1, -2), 'items_number -2']
		] as const) {
			const { state, problems } = run([...base, m]);
			expect(state.stack).toEqual(['a', 'b', 'c']);
			expect(problems[0]).toContain(why);
		}
	});

	it('a move onto itself or just behind its block changes nothing', () => {
		const base = [stackInsert(0, 'a', 'b', 'c')];
		for (const m of [stackMove(1, 1, 1), stackMove(0, 1, 1)]) {
			const { state, problems } = run([...base, m]);
			expect(state.stack).toEqual(['a', 'b', 'c']);
			expect(problems).toEqual([]);
		}
	});

	it('removing a namespace drops its pages and data', () => {
		const { canonical } = run([stackInsert(0, 'a', 'b'), pagesInsert('b', 0, 'p'), set('b', { k: 1 }), stackRemove(1, 1)]);
		expect(canonical).toEqual({ stack: ['a'], namespaces: { a: { pages: [], currentPage: null, data: {} } } });
	});

	it('a namespace removed and added again starts fresh', () => {
		const { state } = run([stackInsert(0, 'a'), set('a', { k: 1 }), stackRemove(0, 1), stackInsert(0, 'a')]);
		expect({ ...state.namespaces.a?.data }).toEqual({});
	});

	it('remove: items_number 0 is a no-op; too many or negative is refused', () => {
		const base = [stackInsert(0, 'a', 'b', 'c')];
		expect(run([...base, stackRemove(1, 0)]).problems).toEqual([]);
		expect(run([...base, stackRemove(1, 3)]).problems[0]).toContain('items_number 3 outside 0..2');
		expect(run([...base, stackRemove(1, -1)]).problems[0]).toContain('items_number -1');
		expect(run([...base, stackRemove(3, 1)]).problems[0]).toContain('position 3 outside 0..2');
		expect(run([stackRemove(0, 1)]).problems[0]).toContain('position 0 outside 0..-1');
	});
});

describe('pages (mycroft.gui.list.*)', () => {
	it('appends pages and focuses the first inserted one', () => {
		const { canonical } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a'), pagesInsert('w', 1, 'b', 'c')]);
		expect(canonical).toEqual({
			stack: ['w'],
			namespaces: { w: { pages: [page('w', 'a'), page('w', 'b'), page('w', 'c')], currentPage: 1, data: {} } }
		});
	});

	it('keeps url:null pages as placeholders so later indices match the server', () => {
		const { state, canonical } = run([
			stackInsert(0, 'w'),
			pagesInsert('w', 0, 'SYSTEM_TextFrame', ['forecast_details', null], 'third'),
			focus('w', 2),
			pagesRemove('w', 1)
		]);
		expect(state.namespaces.w?.pages.map((p) => p.name)).toEqual(['SYSTEM_TextFrame', 'third']);
		expect(canonical).toMatchObject({ namespaces: { w: { currentPage: 1 } } });
	});

	it('holds a page once, as ovos-gui does: an insert of a page the namespace has is skipped (issue 23.1)', () => {
		// ovos-gui's replay race: the live show, then the same page again in the new connection's sync.
		const { state, problems } = run([
			stackInsert(0, 'w'),
			pagesInsert('w', 0, 'SYSTEM_TextFrame'),
			focus('w', 0),
			stackInsert(0, 'w'),
			pagesInsert('w', 0, 'SYSTEM_TextFrame'),
			// later indices count what the server counts
			pagesInsert('w', 1, 'second'),
			focus('w', 1),
			pagesRemove('w', 0)
		]);
		expect(problems).toEqual([]);
		expect(state.stack).toEqual(['w']);
		expect(state.namespaces.w?.pages.map((p) => p.name)).toEqual(['second']);
	});

	it('inserts the pages it does not have at the position, skipping the ones it has', () => {
		const { state } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a', 'b'), pagesInsert('w', 1, 'b', 'c', 'a', 'd')]);
		expect(state.namespaces.w?.pages.map((p) => p.name)).toEqual(['a', 'c', 'd', 'b']);
		expect(state.namespaces.w?.currentPage).toBe(1);
	});

	it('keeps a page a single insert names twice, as ovos-gui appends it twice (load_pages checks names held before the request)', () => {
		const { state } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'SYSTEM_TextFrame', 'SYSTEM_TextFrame'), pagesInsert('w', 0, 'SYSTEM_TextFrame', 'SYSTEM_TextFrame')]);
		expect(state.namespaces.w?.pages.map((p) => p.name)).toEqual(['SYSTEM_TextFrame', 'SYSTEM_TextFrame']);
	});

	it('an insert of pages it all has changes nothing, the current page included', () => {
		const before = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a', 'b'), focus('w', 1)]).state;
		expect(run([pagesInsert('w', 0, 'a', 'b')], before).state).toBe(before);
	});

	it('still refuses a position past the end when every page is already there', () => {
		const { problems } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a'), pagesInsert('w', 3, 'a')]);
		expect(problems).toEqual(['page insert on w: position 3 outside 0..1']);
	});

	it('refuses pages for a namespace that is not active (Qt drops them)', () => {
		const { state, problems } = run([pagesInsert('w', 0, 'a')]);
		expect(state).toEqual(emptyState());
		expect(problems).toEqual(['page insert: namespace w is not active']);
	});

	it('refuses an insert past the end', () => {
		const { problems } = run([stackInsert(0, 'w'), pagesInsert('w', 1, 'a')]);
		expect(problems).toEqual(['page insert on w: position 1 outside 0..0']);
	});

	it('an empty insert (synchronize of a page-less namespace) is a no-op', () => {
		const { state, problems } = run([stackInsert(0, 'w'), { type: 'mycroft.gui.list.insert', namespace: 'w', position: 0, data: [] }]);
		expect(state.namespaces.w?.pages).toEqual([]);
		expect(problems).toEqual([]);
	});

	it('removes in descending order as ovos-gui does, keeping the current index in range', () => {
		const { canonical } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a', 'b', 'c'), focus('w', 2), pagesRemove('w', 2), pagesRemove('w', 1)]);
		expect(canonical).toEqual({ stack: ['w'], namespaces: { w: { pages: [page('w', 'a')], currentPage: 0, data: {} } } });
	});

	it('removing every page leaves the namespace active with no current page', () => {
		const { canonical } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a'), pagesRemove('w', 0)]);
		expect(canonical).toEqual({ stack: ['w'], namespaces: { w: { pages: [], currentPage: null, data: {} } } });
	});

	it('does not re-point the current page when an earlier page is removed (neither does Qt nor the server)', () => {
		const { state } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a', 'b', 'c'), focus('w', 1), pagesRemove('w', 0)]);
		expect(state.namespaces.w?.currentPage).toBe(1);
	});

	it("moves pages with the insert-before rule, the current page following its page", () => {
		const { state } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a', 'b', 'c', 'd'), focus('w', 0), pagesMove('w', 0, 3)]);
		expect(state.namespaces.w?.pages.map((p) => p.name)).toEqual(['b', 'c', 'a', 'd']);
		expect(state.namespaces.w?.currentPage).toBe(2);
	});

	it('refuses a page move whose `to` is past count-1', () => {
		const { problems } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a', 'b'), pagesMove('w', 0, 2)]);
		expect(problems[0]).toContain('to 2 outside 0..1');
	});
});

describe('page focus', () => {
	it('sets the current page, also for a namespace that is not on top', () => {
		const { state } = run([stackInsert(0, 'a', 'b'), pagesInsert('b', 0, 'x', 'y'), focus('b', 1)]);
		expect(state.namespaces.b?.currentPage).toBe(1);
	});

	it('the focus event wins over the insert jump (show_pages(["new","old"], index=1))', () => {
		const { state } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'old'), pagesInsert('w', 1, 'new'), focus('w', 0)]);
		expect(state.namespaces.w?.currentPage).toBe(0);
	});

	it('ignores an out-of-range focus and reports it', () => {
		const { state, problems } = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a'), focus('w', 1)]);
		expect(state.namespaces.w?.currentPage).toBe(0);
		expect(problems).toEqual(['page_gained_focus on w: page 1 outside 0..0']);
		expect(run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a'), focus('w', -1)]).problems).toHaveLength(1);
	});

	it('a duplicate focus keeps the page and is counted as the namespace’s page_gained_focus event (a re-show)', () => {
		const first = run([stackInsert(0, 'w'), pagesInsert('w', 0, 'a'), focus('w', 0)]);
		expect(first.state.namespaces.w?.events.page_gained_focus).toEqual({ data: { number: 0 }, seq: 1 });
		const again = run([focus('w', 0)], first.state).state;
		expect(again.namespaces.w?.currentPage).toBe(0);
		expect(again.namespaces.w?.pages).toBe(first.state.namespaces.w?.pages);
		expect(again.namespaces.w?.data).toBe(first.state.namespaces.w?.data);
		expect(again.namespaces.w?.events.page_gained_focus).toEqual({ data: { number: 0 }, seq: 2 });
		expect(again.lastEvents).toBe(first.state.lastEvents);
	});
});

describe('session data', () => {
	it('sets several keys at once and replaces whole values', () => {
		const { canonical } = run([stackInsert(0, 'w'), set('w', { a: 1, b: { x: 1 } }), set('w', { b: { y: 2 }, c: [1, 2] })]);
		expect(canonical).toMatchObject({ namespaces: { w: { data: { a: 1, b: { y: 2 }, c: [1, 2] } } } });
	});

	it('stores null as null, deletes keys on session.delete', () => {
		const { canonical } = run([stackInsert(0, 'w'), set('w', { a: 1, b: 2 }), set('w', { a: null }), del('w', 'b')]);
		expect(canonical).toMatchObject({ namespaces: { w: { data: { a: null } } } });
	});

	it('deleting a missing key changes nothing', () => {
		const first = run([stackInsert(0, 'w'), set('w', { a: 1 })]);
		expect(run([del('w', 'zz')], first.state).state).toBe(first.state);
	});

	it('ignores data for an inactive namespace (spec §6.13)', () => {
		const { state, problems } = run([set('w', { a: 1 })]);
		expect(state.stack).toEqual([]);
		expect(problems).toEqual(['session.set: namespace w is not active']);
	});

	it('keys like __proto__ and constructor are plain data and pollute nothing', () => {
		const raw = '{"type":"mycroft.session.set","namespace":"w","data":{"__proto__":{"polluted":true},"constructor":"c","toString":1}}';
		const { state, canonical } = run([stackInsert(0, 'w'), JSON.parse(raw)]);
		const data = state.namespaces.w?.data ?? {};
		expect(Object.keys(data).sort()).toEqual(['__proto__', 'constructor', 'toString']);
		// Stored as an own data property: the record's prototype is untouched.
		expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ polluted: true });
		expect((data as Record<string, unknown>).polluted).toBeUndefined();
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect((canonical as { namespaces: { w: { data: Record<string, unknown> } } }).namespaces.w.data.constructor).toBe('c');
	});

	it('namespaces named __proto__ or constructor are plain too', () => {
		const { state } = run([stackInsert(0, '__proto__', 'constructor'), set('__proto__', { a: 1 })]);
		expect(state.stack).toEqual(['__proto__', 'constructor']);
		expect(state.namespaces['__proto__']?.data.a).toBe(1);
		expect(({} as Record<string, unknown>).a).toBeUndefined();
	});
});

describe('skill-data list ops keyed by property', () => {
	const base = [stackInsert(0, 'w'), set('w', { days: [{ d: 'mon', t: 1 }, { d: 'tue', t: 2 }, { d: 'wed', t: 3 }] })];
	const days = (s: ReturnType<typeof run>) => s.state.namespaces.w?.data.days;

	it('insert creates the list when the key has none', () => {
		expect(days(run([stackInsert(0, 'w'), { type: 'mycroft.session.list.insert', namespace: 'w', property: 'days', position: 0, data: [{ d: 'x' }] }]))).toEqual([{ d: 'x' }]);
	});

	it('insert at a position, refused past the end', () => {
		expect(days(run([...base, { type: 'mycroft.session.list.insert', namespace: 'w', property: 'days', position: 1, data: [{ d: 'x', t: 0 }] }]))).toEqual([
			{ d: 'mon', t: 1 },
			{ d: 'x', t: 0 },
			{ d: 'tue', t: 2 },
			{ d: 'wed', t: 3 }
		]);
		expect(run([...base, { type: 'mycroft.session.list.insert', namespace: 'w', property: 'days', position: 4, data: [{ d: 'x' }] }]).problems[0]).toContain('position 4 outside 0..3');
	});

	it('update overwrites known roles of consecutive rows; unknown keys do not take effect', () => {
		expect(days(run([...base, { type: 'mycroft.session.list.update', namespace: 'w', property: 'days', position: 1, data: [{ t: 20, extra: 1 }, { d: 'WED' }] }]))).toEqual([
			{ d: 'mon', t: 1 },
			{ d: 'tue', t: 20 },
			{ d: 'WED', t: 3 }
		]);
	});

	it('update past the last row is ignored whole', () => {
		const r = run([...base, { type: 'mycroft.session.list.update', namespace: 'w', property: 'days', position: 2, data: [{ t: 9 }, { t: 9 }] }]);
		expect(days(r)).toEqual(days(run(base)));
		expect(r.problems).toHaveLength(1);
	});

	it('move can go to the end of a data list (to = rows)', () => {
		expect(days(run([...base, { type: 'mycroft.session.list.move', namespace: 'w', property: 'days', from: 0, to: 3, items_number: 1 }]))).toEqual([
			{ d: 'tue', t: 2 },
			{ d: 'wed', t: 3 },
			{ d: 'mon', t: 1 }
		]);
	});

	it('remove rows; refused on a key without a list', () => {
		expect(days(run([...base, { type: 'mycroft.session.list.remove', namespace: 'w', property: 'days', position: 0, items_number: 2 }]))).toEqual([{ d: 'wed', t: 3 }]);
		expect(run([...base, { type: 'mycroft.session.list.remove', namespace: 'w', property: 'nope', position: 0, items_number: 1 }]).problems[0]).toContain('no list under that key');
	});
});

describe('hostile stack inserts (issues 14.3, 24.4)', () => {
	it('inserts up to MAX_STACK skills in one frame, duplicates once; past it keeps the first and counts the rest', () => {
		const ids = Array.from({ length: MAX_STACK }, (_, i) => `s${i}`);
		const { state, problems } = run([stackInsert(0, ...ids, ...ids)]);
		expect(state.stack).toHaveLength(MAX_STACK);
		expect(state.stackTotal).toBe(MAX_STACK);
		expect(state.stack[MAX_STACK - 1]).toBe(`s${MAX_STACK - 1}`);
		expect(problems).toEqual([]);
		// One more on top is shown, and the last kept one is pushed past the cap with its record.
		const more = run([stackInsert(0, 'one-more')], state);
		expect(more.problems).toEqual([]);
		expect(more.state.stack[0]).toBe('one-more');
		expect(more.state.stack).toHaveLength(MAX_STACK);
		expect(more.state.stackTotal).toBe(MAX_STACK + 1);
		expect(Object.hasOwn(more.state.namespaces, `s${MAX_STACK - 1}`)).toBe(false);
		const flood = run([stackInsert(0, ...Array.from({ length: 20_000 }, (_, i) => `f${i}`))]);
		expect(flood.state.stack).toHaveLength(MAX_STACK);
		expect(flood.state.stackTotal).toBe(20_000);
		expect(Object.keys(flood.state.namespaces)).toHaveLength(MAX_STACK);
		expect(flood.problems).toEqual([]);
	});
});

describe('events', () => {
	it('system status events drive the listening / thinking / speaking cue', () => {
		let s = run([event('system', 'recognizer_loop:wakeword')]).state;
		expect(s.status).toMatchObject({ listening: true, thinking: false });
		s = run([event('system', 'recognizer_loop:record_end')], s).state;
		expect(s.status).toMatchObject({ listening: false, thinking: true });
		s = run([event('system', 'recognizer_loop:audio_output_start'), event('system', 'speak', { utterance: 'hi' })], s).state;
		expect(s.status).toMatchObject({ speaking: true, thinking: false, outcome: 'ok' });
		s = run([event('system', 'recognizer_loop:audio_output_end')], s).state;
		expect(s.status.speaking).toBe(false);
		s = run([event('system', 'complete_intent_failure')], s).state;
		expect(s.status.outcome).toBe('error');
	});

	it('keeps the latest skill events for the inspector, bounded; system events only drive the status', () => {
		const frames = [stackInsert(0, 'w'), ...Array.from({ length: 30 }, (_, i) => event('w', `e${i}`, { i }))];
		const { state } = run([...frames, event('system', 'speak')]);
		expect(state.lastEvents).toHaveLength(20);
		expect(state.lastEvents.at(-1)).toEqual({ namespace: 'w', name: 'e29', data: { i: 29 } });
		expect(state.lastEvents[0]?.name).toBe('e10');
	});

	it('keeps the latest data of each event per namespace, counting arrivals, for the pages that read them', () => {
		const w = 'ovos.timer.widget.manager.update';
		const { state } = run([stackInsert(0, 'home', 'x'), event('home', w, { count: 1 }), event('x', w, { count: 9 }), event('home', w, { count: 2 }), event('home', 'other', {})]);
		expect(state.namespaces.home?.events[w]).toEqual({ data: { count: 2 }, seq: 2 });
		expect(state.namespaces.x?.events[w]).toEqual({ data: { count: 9 }, seq: 1 });
		expect(Object.keys(state.namespaces.home?.events ?? {})).toEqual([w, 'other']);
	});

	it('keeps at most 32 event names per namespace, dropping the oldest name, and a __proto__ name as data', () => {
		const frames = [stackInsert(0, 'w'), ...Array.from({ length: 40 }, (_, i) => event('w', `e${i}`, { i })), event('w', '__proto__', { v: 'x' })];
		const events = run(frames).state.namespaces.w?.events ?? {};
		expect(Object.keys(events)).toHaveLength(32);
		expect(Object.hasOwn(events, 'e8')).toBe(false);
		expect(Object.hasOwn(events, '__proto__') && events['__proto__']?.data).toEqual({ v: 'x' });
		expect(Object.getPrototypeOf(events)).toBe(Object.prototype);
	});

	it('drops skill events for inactive namespaces (Qt)', () => {
		const { state, problems } = run([event('w', 'refresh')]);
		expect(state.lastEvents).toEqual([]);
		expect(problems).toHaveLength(1);
	});
});

describe('worked example of spec §3.3 and a §3.9 replay', () => {
	it('ends with the homescreen on top and the weather namespace gone', () => {
		const { canonical } = run([
			stackInsert(0, 'H'),
			pagesInsert('H', 0, 'idle'),
			stackInsert(0, 'W'),
			set('W', { text: 'hi' }),
			set('W', { title: 'T' }),
			{ type: 'mycroft.gui.list.insert', namespace: 'W', position: 0, data: [{ url: '/x/ovos_gui/system/qt5/SYSTEM_TextFrame.qml', page: 'SYSTEM_TextFrame' }] },
			focus('W', 0),
			del('W', 'text'),
			del('W', 'title'),
			stackRemove(0, 1)
		]);
		expect(canonical).toEqual({ stack: ['H'], namespaces: { H: { pages: [page('H', 'idle')], currentPage: 0, data: {} } } });
	});

	it('a synchronize replay rebuilds two namespaces, pages before data, no focus replayed', () => {
		const { state, canonical } = run([
			stackInsert(0, 'timer'),
			pagesInsert('timer', 0, 'SYSTEM_ImageFrame', 'timer'),
			set('timer', { image: '/x.png' }),
			stackInsert(1, 'H'),
			pagesInsert('H', 0, 'idle'),
			set('H', { time_string: '10:02' })
		]);
		expect(canonical).toEqual({
			stack: ['timer', 'H'],
			namespaces: {
				H: { pages: [page('H', 'idle')], currentPage: 0, data: { time_string: '10:02' } },
				timer: { pages: [page('timer', 'SYSTEM_ImageFrame'), page('timer', 'timer')], currentPage: 0, data: { image: '/x.png' } }
			}
		});
		expect(shownPage(state)?.page.name).toBe('SYSTEM_ImageFrame');
	});
});

describe('shownPage', () => {
	it('falls through a page-less top namespace to the next one with pages (documented deviation)', () => {
		const { state } = run([stackInsert(0, 'a', 'b'), pagesInsert('b', 0, 'p')]);
		expect(shownPage(state)?.namespace).toBe('b');
		expect(shownPage(run([]).state)).toBeNull();
	});

	it('every refused op leaves the very same state object', () => {
		const { state } = run([stackInsert(0, 'w')]);
		const again = run([pagesRemove('w', 3), focus('nope', 0), stackMove(0, 5)], state);
		expect(again.state).toBe(state);
		expect(again.problems).toHaveLength(3);
	});
});
