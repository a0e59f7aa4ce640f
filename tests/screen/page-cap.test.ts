/**
 * The page cap (screen/caps.ts `MAX_PAGES`, issue 24.4: one frame of 100,000 pages, and every
 * later page op copied them all). The server's model holds all N pages; the screen keeps the first
 * K and N. Whatever page ops follow, the kept pages are exactly the first pages of the server's
 * list, N is the server's length, and an op is refused exactly when the server's list refuses it,
 * so the index of every later insert, move, remove and focus means what it means to the server.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, type GuiMessage, type JsonObject, type PageRef } from '../../src/lib/protocol';
import { capMessage, insertUnique, insertUniqueKept, MAX_PAGES, moveBlock, moveKept, reduce, removeAt, removeKept, type Kept, type ScreenState } from '../../src/lib/screen';
import { focus, pagesInsert, pagesMove, pagesRemove, run, stackInsert } from './helpers';

const NS = 'skill-pages.test';
const names = (n: number, prefix = 'page_') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const start = (n: number): ScreenState => run([stackInsert(0, NS), pagesInsert(NS, 0, ...names(n))]).state;
const ns = (s: ScreenState) => s.namespaces[NS]!;
const pageNames = (s: ScreenState) => ns(s).pages.map((p) => p.name);

describe('a namespace past the page cap', () => {
	it(`keeps the first ${MAX_PAGES} of a 100,000-page frame and counts them all`, () => {
		const s = start(100_000);
		expect(ns(s).pages).toHaveLength(MAX_PAGES);
		expect(ns(s).pages[0]).toEqual({ name: 'page_0', url: `/c/${NS}/qt5/page_0.qml` });
		expect(ns(s).pages[MAX_PAGES - 1]!.name).toBe(`page_${MAX_PAGES - 1}`);
		expect(ns(s).pageTotal).toBe(100_000);
		expect(ns(s).currentPage).toBe(0);
	});

	it('applies later ops at the server indices: past the kept pages only the count changes', () => {
		const s0 = start(100_000);
		const kept = ns(s0).pages;
		// The server's last page goes, and one is appended: nothing kept moves.
		let { state, problems } = run([pagesRemove(NS, 99_999), pagesInsert(NS, 99_999, 'appended')], s0);
		expect(problems).toEqual([]);
		expect(ns(state).pages).toBe(kept);
		expect(ns(state).pageTotal).toBe(100_000);
		// The first goes: every kept page moves up one, and the one after the old cut is not known.
		({ state, problems } = run([pagesRemove(NS, 0)], state));
		expect(problems).toEqual([]);
		expect(pageNames(state)).toEqual(names(MAX_PAGES).slice(1));
		expect(ns(state).pageTotal).toBe(99_999);
		// One inserted among the kept pages is kept, and is where the server has it.
		({ state } = run([pagesInsert(NS, 5, 'new')], state));
		expect(pageNames(state)[5]).toBe('new');
		expect(pageNames(state)[6]).toBe('page_6');
		expect(ns(state).pageTotal).toBe(100_000);
	});

	it('refuses what the server would refuse, and a focus on a page it does not keep', () => {
		const s = start(100_000);
		expect(run([focus(NS, 500)], s).state.namespaces[NS]!.currentPage).toBe(500);
		expect(run([focus(NS, 5000)], s).problems).toEqual([`page_gained_focus on ${NS}: page 5000 is past the ${MAX_PAGES} pages kept`]);
		expect(run([focus(NS, 100_000)], s).problems).toEqual([`page_gained_focus on ${NS}: page 100000 outside 0..99999`]);
		expect(run([pagesRemove(NS, 100_000)], s).problems).toEqual([`page remove on ${NS}: position 100000 outside 0..99999`]);
		expect(run([pagesInsert(NS, 100_001, 'x')], s).problems).toEqual([`page insert on ${NS}: position 100001 outside 0..100000`]);
		expect(run([pagesMove(NS, 99_999, 100_000)], s).problems).toEqual([`page move on ${NS}: to 100000 outside 0..99999`]);
	});

	it('does not guess a page it does not hold: one moved to the front from past the cut ends the kept pages', () => {
		const { state, problems } = run([focus(NS, 3), pagesMove(NS, 50_000, 0)], start(100_000));
		expect(problems).toEqual([]);
		expect(ns(state).pages).toEqual([]);
		expect(ns(state).pageTotal).toBe(100_000);
		expect(ns(state).currentPage).toBeNull();
		// A page moved from the kept ones to past the cut: the shown one stays in range.
		const moved = run([focus(NS, 3), pagesMove(NS, 3, 60_000)], start(100_000)).state;
		expect(pageNames(moved)[3]).toBe('page_4');
		expect(ns(moved).currentPage).toBe(3);
	});

	it('does not insert a kept page again (ovos-gui appends only new names) over the cap either', () => {
		const { state, problems } = run([pagesInsert(NS, 100_000, 'page_7')], start(100_000));
		expect(problems).toEqual([]);
		expect(ns(state).pageTotal).toBe(100_000);
	});

	it('gives the same state whether the frame was cut off the main thread or by reduce', () => {
		const d = decode(JSON.stringify(pagesInsert(NS, 0, ...names(MAX_PAGES + 123))));
		if (!d.ok) throw new Error(d.error.message);
		const before = run([stackInsert(0, NS)]).state;
		// What the worker sends back: the cut message, through a structured clone.
		const cut = structuredClone(capMessage(d.value));
		expect(cut).toMatchObject({ kind: 'pages.insert', total: MAX_PAGES + 123 });
		expect((cut as Extract<GuiMessage, { kind: 'pages.insert' }>).pages).toHaveLength(MAX_PAGES);
		expect(reduce(before, cut)).toEqual(reduce(before, d.value));
	});

	it('keeps every page, and says nothing of a cut, while the namespace stays under the cap', () => {
		const s = start(MAX_PAGES);
		expect(ns(s).pages).toHaveLength(MAX_PAGES);
		expect(ns(s).pageTotal).toBe(MAX_PAGES);
		const d = decode(JSON.stringify(pagesInsert(NS, 0, ...names(3))));
		if (!d.ok) throw new Error(d.error.message);
		expect(capMessage(d.value)).toBe(d.value);
	});
});

/** A position relative to the start, the cap or the end of the server's list, so ops hit each edge. */
type Where = { readonly from: 'start' | 'cap' | 'end'; readonly off: number };
const where: fc.Arbitrary<Where> = fc.record({ from: fc.constantFrom('start', 'cap', 'end'), off: fc.integer({ min: -2, max: 2 }) });
const at = (w: Where, length: number, cap: number) => (w.from === 'start' ? 0 : w.from === 'cap' ? cap : length) + w.off;

type PageOp =
	| { readonly kind: 'insert'; readonly at: Where; readonly fresh: number; readonly dups: readonly number[]; readonly dupsFirst: boolean }
	| { readonly kind: 'bulk'; readonly at: Where; readonly extra: number }
	| { readonly kind: 'remove'; readonly at: Where; readonly count: number }
	| { readonly kind: 'move'; readonly from: Where; readonly to: Where; readonly count: number }
	| { readonly kind: 'focus'; readonly at: Where };

const pageOp: fc.Arbitrary<PageOp> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: where, fresh: fc.integer({ min: 0, max: 3 }), dups: fc.array(fc.nat(), { maxLength: 2 }), dupsFirst: fc.boolean() }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('bulk' as const), at: where, extra: fc.integer({ min: 0, max: 30 }) }) },
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: where, count: fc.integer({ min: -1, max: 4 }) }) },
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), from: where, to: where, count: fc.integer({ min: 0, max: 4 }) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('focus' as const), at: where }) }
);

const pageName = (p: PageRef) => p.name;

describe('the kept pages against a reference model of all of them (property)', () => {
	it(`after random op sequences the screen keeps exactly the first pages of the server's list (cap ${MAX_PAGES})`, () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 40 }), fc.array(pageOp, { maxLength: 25 }), fc.boolean(), (over, ops, offThread) => {
				let next = 0;
				const fresh = (n: number) => Array.from({ length: n }, () => `p${next++}`);
				// The reference: the server's whole list, with the list rules on all of it.
				let whole: readonly PageRef[] = [];
				let s = run([stackInsert(0, NS)]).state;
				const apply = (frame: JsonObject): boolean => {
					const d = decode(JSON.stringify(frame));
					if (!d.ok) throw new Error(d.error.message);
					// Big frames come cut from the decode worker; small ones are cut by reduce.
					const msg = offThread ? structuredClone(capMessage(d.value)) : d.value;
					let refused = false;
					s = reduce(s, msg, () => (refused = true));
					return refused;
				};
				const urlOf = (name: string) => `/c/${NS}/qt5/${name}.qml`;
				const insert = (position: number, items: string[]) => {
					const a = insertUnique(whole, position, items.map((name) => ({ name, url: urlOf(name) })), pageName);
					expect(apply(pagesInsert(NS, position, ...items))).toBe(typeof a === 'string');
					if (typeof a !== 'string') whole = a;
				};
				insert(0, fresh(MAX_PAGES + over));
				for (const o of ops) {
					const n = whole.length;
					if (o.kind === 'insert') {
						const kept = ns(s).pages;
						// A page sent again is one the screen keeps: it cannot know the names past its cut.
						const dups = kept.length === 0 ? [] : o.dups.map((i) => kept[i % kept.length]!.name);
						const items = o.dupsFirst ? [...dups, ...fresh(o.fresh)] : [...fresh(o.fresh), ...dups];
						insert(at(o.at, n, MAX_PAGES), items);
					} else if (o.kind === 'bulk') {
						insert(at(o.at, n, MAX_PAGES), fresh(MAX_PAGES + o.extra));
					} else if (o.kind === 'remove') {
						const position = at(o.at, n, MAX_PAGES);
						const a = removeAt(whole, position, o.count);
						expect(apply(pagesRemove(NS, position, o.count))).toBe(typeof a === 'string');
						if (typeof a !== 'string') whole = a;
					} else if (o.kind === 'move') {
						const from = at(o.from, n, MAX_PAGES);
						const to = at(o.to, n, MAX_PAGES);
						const a = moveBlock(whole, from, to, o.count, n - 1);
						expect(apply(pagesMove(NS, from, to, o.count))).toBe(typeof a === 'string');
						if (typeof a !== 'string') whole = a;
					} else {
						const number = at(o.at, n, MAX_PAGES);
						const refused = apply(focus(NS, number));
						// Refused past the whole list as the server refuses; past the kept pages too (not shown).
						expect(refused).toBe(number < 0 || number >= ns(s).pages.length);
						if (!refused) expect(ns(s).currentPage).toBe(number);
					}
					const { pages, pageTotal, currentPage } = ns(s);
					expect(pageTotal).toBe(whole.length);
					expect(pages.length).toBeLessThanOrEqual(MAX_PAGES);
					expect(pages).toEqual(whole.slice(0, pages.length));
					if (pages.length === 0) expect(currentPage).toBeNull();
					else {
						expect(currentPage).toBeGreaterThanOrEqual(0);
						expect(currentPage!).toBeLessThan(pages.length);
					}
				}
			}),
			{ numRuns: 150 }
		);
	}, 60_000);

	it('the list rule alone, with a small cap: insertUniqueKept / removeKept / moveKept against the whole list', () => {
		type Op = { kind: 'insert'; position: number; fresh: number; dups: number[] } | { kind: 'remove'; position: number; count: number } | { kind: 'move'; from: number; to: number; count: number };
		const op: fc.Arbitrary<Op> = fc.oneof(
			fc.record({ kind: fc.constant('insert' as const), position: fc.integer({ min: -1, max: 14 }), fresh: fc.integer({ min: 0, max: 8 }), dups: fc.array(fc.nat(), { maxLength: 3 }) }),
			fc.record({ kind: fc.constant('remove' as const), position: fc.integer({ min: -1, max: 14 }), count: fc.integer({ min: -1, max: 6 }) }),
			fc.record({ kind: fc.constant('move' as const), from: fc.integer({ min: -1, max: 14 }), to: fc.integer({ min: -1, max: 15 }), count: fc.integer({ min: 0, max: 6 }) })
		);
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 30 }), (max, ops) => {
				let next = 0;
				const key = (x: string) => x;
				let whole: readonly string[] = [];
				let kept: Kept<string> = { rows: [], length: 0 };
				for (const o of ops) {
					let a: readonly string[] | string;
					let b: Kept<string> | string;
					if (o.kind === 'insert') {
						// Sent again: names the screen keeps, among the first `max` items (those the cap carries).
						const dups = kept.rows.length === 0 ? [] : o.dups.slice(0, max).map((i) => kept.rows[i % kept.rows.length]!);
						const items = [...dups, ...Array.from({ length: o.fresh }, () => `n${next++}`)];
						a = insertUnique(whole, o.position, items, key);
						b = insertUniqueKept(kept, o.position, items.slice(0, max), key, max, items.length);
					} else if (o.kind === 'remove') {
						a = removeAt(whole, o.position, o.count);
						b = removeKept(kept, o.position, o.count);
					} else {
						a = moveBlock(whole, o.from, o.to, o.count, whole.length - 1);
						b = moveKept(kept, o.from, o.to, o.count, kept.length - 1);
					}
					expect(typeof b).toBe(typeof a);
					if (typeof a === 'string') {
						expect(b).toBe(a);
						continue;
					}
					whole = a;
					kept = b as Kept<string>;
					expect(kept.length).toBe(whole.length);
					expect(kept.rows.length).toBeLessThanOrEqual(max);
					expect(kept.rows).toEqual(whole.slice(0, kept.rows.length));
				}
			}),
			{ numRuns: 2000 }
		);
	});
});
