/**
 * The stack cap (screen/caps.ts `MAX_STACK`, issues 14.3, 24.4). It used to refuse a frame that
 * would grow the stack past the cap, so the server's stack held namespaces the screen had never
 * counted and every later stack index was off. Now the screen keeps the first K of the server's N
 * namespaces and N: whatever stack ops follow, the kept ids are exactly the first of the server's
 * stack, each has its record (and no other id has one), and an op is refused exactly when the
 * server's stack refuses it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, type JsonObject } from '../../src/lib/protocol';
import { capMessage, insertMoving, insertMovingKept, MAX_STACK, moveBlock, reduce, removeAt, type Kept, type ScreenState } from '../../src/lib/screen';
import { pagesInsert, run, set, stackInsert, stackMove, stackRemove } from './helpers';

const flood = (n: number, prefix = 'f') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('a stack past the cap', () => {
	it('applies later ops at the server indices', () => {
		const s0 = run([stackInsert(0, 'home'), pagesInsert('home', 0, 'idle'), stackInsert(1, ...flood(20_000))]).state;
		expect(s0.stack).toHaveLength(MAX_STACK);
		expect(s0.stackTotal).toBe(20_001);
		expect(s0.stack[0]).toBe('home');
		expect(s0.namespaces.home!.pages).toHaveLength(1);
		// The server removes what it inserted, from the far end first: the kept ones follow.
		let { state, problems } = run([stackRemove(15_000, 5001), stackRemove(MAX_STACK, 15_000 - MAX_STACK)], s0);
		expect(problems).toEqual([]);
		expect(state.stack).toBe(s0.stack);
		expect(state.stackTotal).toBe(MAX_STACK);
		({ state, problems } = run([stackRemove(1, MAX_STACK - 1)], state));
		expect(problems).toEqual([]);
		expect(state.stack).toEqual(['home']);
		expect(state.stackTotal).toBe(1);
		expect(Object.keys(state.namespaces)).toEqual(['home']);
		expect(state.namespaces.home!.pages[0]!.name).toBe('idle');
	});

	it('refuses what the server would refuse, and data for a namespace it does not keep', () => {
		const s = run([stackInsert(0, ...flood(20_000))]).state;
		expect(run([stackRemove(20_000)], s).problems).toEqual(['stack remove: position 20000 outside 0..19999']);
		expect(run([stackMove(19_999, 20_000)], s).problems).toEqual(['stack move: to 20000 outside 0..19999']);
		expect(run([stackInsert(20_001, 'x')], s).problems).toEqual(['stack insert: position 20001 outside 0..20000']);
		expect(run([set('f5000', { k: 1 })], s).problems).toEqual(['session.set: namespace f5000 is not active']);
	});

	it('forgets a namespace pushed past the cap, as one removed, and does not guess one brought back from there', () => {
		const s = run([stackInsert(0, ...flood(MAX_STACK)), set(`f${MAX_STACK - 1}`, { k: 1 })]).state;
		const pushed = run([stackInsert(0, 'new')], s).state;
		expect(pushed.stack[0]).toBe('new');
		expect(Object.hasOwn(pushed.namespaces, `f${MAX_STACK - 1}`)).toBe(false);
		// The server brings its last namespace (past the kept ones) to the top: the kept ones end before it.
		const { state, problems } = run([stackMove(MAX_STACK, 0)], pushed);
		expect(problems).toEqual([]);
		expect(state.stack).toEqual([]);
		expect(state.stackTotal).toBe(MAX_STACK + 1);
		expect(state.namespaces).toEqual({});
	});

	it('counts a frame of repeats once, and gives the same state whether it was cut off the main thread or by reduce', () => {
		const ids = flood(MAX_STACK + 50);
		const d = decode(JSON.stringify(stackInsert(0, ...ids, ...ids, ...ids)));
		if (!d.ok) throw new Error(d.error.message);
		const cut = structuredClone(capMessage(d.value));
		expect(cut).toMatchObject({ kind: 'stack.insert', total: MAX_STACK + 50 });
		const direct = reduce(run([]).state, d.value);
		expect(reduce(run([]).state, cut)).toEqual(direct);
		expect(direct.stackTotal).toBe(MAX_STACK + 50);
	});
});

type Where = { readonly from: 'start' | 'cap' | 'end'; readonly off: number };
const where: fc.Arbitrary<Where> = fc.record({ from: fc.constantFrom('start', 'cap', 'end'), off: fc.integer({ min: -2, max: 2 }) });
const at = (w: Where, length: number) => (w.from === 'start' ? 0 : w.from === 'cap' ? MAX_STACK : length) + w.off;

type StackOp =
	| { readonly kind: 'insert'; readonly at: Where; readonly fresh: number; readonly dups: readonly number[] }
	| { readonly kind: 'bulk'; readonly at: Where; readonly extra: number }
	| { readonly kind: 'remove'; readonly at: Where; readonly count: number }
	| { readonly kind: 'move'; readonly from: Where; readonly to: Where; readonly count: number }
	| { readonly kind: 'set'; readonly pick: number };

const stackOp: fc.Arbitrary<StackOp> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: where, fresh: fc.integer({ min: 0, max: 3 }), dups: fc.array(fc.nat(), { maxLength: 2 }) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('bulk' as const), at: where, extra: fc.integer({ min: 0, max: 30 }) }) },
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: where, count: fc.integer({ min: -1, max: 4 }) }) },
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), from: where, to: where, count: fc.integer({ min: 0, max: 4 }) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat() }) }
);

describe('the kept stack against a reference model of all of it (property)', () => {
	it(`after random op sequences the screen keeps exactly the first namespaces of the server's stack, each with its own record (cap ${MAX_STACK})`, () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 40 }), fc.array(stackOp, { maxLength: 25 }), fc.boolean(), (over, ops, offThread) => {
				let next = 0;
				const fresh = (n: number) => Array.from({ length: n }, () => `n${next++}`);
				let whole: readonly string[] = [];
				// What each namespace was last set to, while the screen has kept it since it came.
				const data = new Map<string, number>();
				let s: ScreenState = run([]).state;
				const apply = (frame: JsonObject): boolean => {
					const d = decode(JSON.stringify(frame));
					if (!d.ok) throw new Error(d.error.message);
					const msg = offThread ? structuredClone(capMessage(d.value)) : d.value;
					let refused = false;
					s = reduce(s, msg, () => (refused = true));
					return refused;
				};
				const insert = (position: number, ids: string[]) => {
					const a = insertMoving(whole, position, ids, (id) => id);
					expect(apply(stackInsert(position, ...ids))).toBe(typeof a === 'string');
					if (typeof a !== 'string') whole = a;
				};
				insert(0, fresh(MAX_STACK + over));
				for (const o of ops) {
					const n = whole.length;
					if (o.kind === 'insert') {
						const dups = s.stack.length === 0 ? [] : o.dups.map((i) => s.stack[i % s.stack.length]!);
						insert(at(o.at, n), [...dups, ...fresh(o.fresh)]);
					} else if (o.kind === 'bulk') {
						insert(at(o.at, n), fresh(MAX_STACK + o.extra));
					} else if (o.kind === 'remove') {
						const position = at(o.at, n);
						const a = removeAt(whole, position, o.count);
						expect(apply(stackRemove(position, o.count))).toBe(typeof a === 'string');
						if (typeof a !== 'string') whole = a;
					} else if (o.kind === 'move') {
						const from = at(o.from, n);
						const to = at(o.to, n);
						const a = moveBlock(whole, from, to, o.count, n - 1);
						expect(apply(stackMove(from, to, o.count))).toBe(typeof a === 'string');
						if (typeof a !== 'string') whole = a;
					} else if (s.stack.length > 0) {
						const id = s.stack[o.pick % s.stack.length]!;
						expect(apply(set(id, { k: o.pick }))).toBe(false);
						data.set(id, o.pick);
					}
					expect(s.stackTotal).toBe(whole.length);
					expect(s.stack.length).toBeLessThanOrEqual(MAX_STACK);
					expect(s.stack).toEqual(whole.slice(0, s.stack.length));
					expect(Object.keys(s.namespaces).sort()).toEqual([...s.stack].sort());
					// A namespace that left the kept ones is forgotten with its data (ids are never reused here).
					for (const id of data.keys()) if (!s.stack.includes(id)) data.delete(id);
					for (const id of s.stack) expect(s.namespaces[id]!.data.k).toBe(data.get(id));
				}
			}),
			{ numRuns: 150 }
		);
	}, 60_000);

	it('the list rule alone, with a small cap: insertMovingKept against insertMoving on the whole list', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 6 }),
				fc.array(fc.record({ position: fc.integer({ min: -1, max: 12 }), fresh: fc.integer({ min: 0, max: 4 }), dups: fc.array(fc.nat(), { maxLength: 3 }) }), { maxLength: 30 }),
				(max, ops) => {
					let next = 0;
					const key = (x: string) => x;
					let whole: readonly string[] = [];
					let kept: Kept<string> = { rows: [], length: 0 };
					for (const o of ops) {
						// Sent again: ids the screen keeps (one past the kept ones cannot be found there).
						const dups = kept.rows.length === 0 ? [] : o.dups.map((i) => kept.rows[i % kept.rows.length]!);
						const items = [...dups, ...Array.from({ length: o.fresh }, () => `n${next++}`)];
						const a = insertMoving(whole, o.position, items, key);
						const b = insertMovingKept(kept, o.position, items, key, max);
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
				}
			),
			{ numRuns: 2000 }
		);
	});
});
