/**
 * The list cap (screen/caps.ts) against the uncut model: whatever list ops follow a cut, the rows
 * the screen keeps are exactly the first rows of the server's list, the length it records is the
 * server's, and an op is refused exactly when it would be refused on the whole list — so every
 * index of a later op means what it means to the server.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, MAX_LIST_ROWS, NO_CUTS, type JsonObject } from '../../src/lib/protocol';
import { capMessage, insertAt, insertKept, moveBlock, moveKept, reduce, removeAt, removeKept, type Kept, type ScreenState } from '../../src/lib/screen';
import { run, stackInsert } from './helpers';

type Op = { kind: 'insert'; position: number; count: number } | { kind: 'remove'; position: number; count: number } | { kind: 'move'; from: number; to: number; count: number };

const op: fc.Arbitrary<Op> = fc.oneof(
	fc.record({ kind: fc.constant('insert' as const), position: fc.integer({ min: -1, max: 14 }), count: fc.integer({ min: 0, max: 6 }) }),
	fc.record({ kind: fc.constant('remove' as const), position: fc.integer({ min: -1, max: 14 }), count: fc.integer({ min: -1, max: 6 }) }),
	fc.record({ kind: fc.constant('move' as const), from: fc.integer({ min: -1, max: 14 }), to: fc.integer({ min: -1, max: 15 }), count: fc.integer({ min: 0, max: 6 }) })
);

describe('kept list ops (a small cap, as the reducer uses MAX_LIST_ROWS)', () => {
	it('keep a prefix of the whole list, its length, and refuse exactly what the whole list refuses', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 10 }), fc.array(op, { maxLength: 30 }), (max, start, ops) => {
				let next = 0;
				const fresh = (n: number) => Array.from({ length: n }, () => next++);
				let whole: readonly number[] = fresh(start);
				let kept: Kept<number> = { rows: whole.slice(0, max), length: whole.length };
				for (const o of ops) {
					let a: readonly number[] | string;
					let b: Kept<number> | string;
					if (o.kind === 'insert') {
						const items = fresh(o.count);
						a = insertAt(whole, o.position, items);
						// The frame's rows arrive cut to the cap too, with their count.
						b = insertKept(kept, o.position, items.slice(0, max), max, items.length);
					} else if (o.kind === 'remove') {
						a = removeAt(whole, o.position, o.count);
						b = removeKept(kept, o.position, o.count);
					} else {
						a = moveBlock(whole, o.from, o.to, o.count, whole.length);
						b = moveKept(kept, o.from, o.to, o.count, kept.length);
					}
					expect(typeof b).toBe(typeof a);
					if (typeof a === 'string') {
						expect(b).toBe(a); // the same words, from the same length
						continue;
					}
					whole = a;
					kept = b as Kept<number>;
					expect(kept.length).toBe(whole.length);
					expect(kept.rows.length).toBeLessThanOrEqual(max);
					expect(kept.rows).toEqual(whole.slice(0, kept.rows.length));
				}
			}),
			{ numRuns: 2000 }
		);
	});

	it('keep every row while the list stays under the cap', () => {
		fc.assert(
			fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
				let next = 0;
				let whole: readonly number[] = [];
				let kept: Kept<number> = { rows: [], length: 0 };
				for (const o of ops) {
					const items = Array.from({ length: o.count > 0 ? o.count : 0 }, () => next++);
					const a = o.kind === 'insert' ? insertAt(whole, o.position, items) : o.kind === 'remove' ? removeAt(whole, o.position, o.count) : moveBlock(whole, o.from, o.to, o.count, whole.length);
					const b = o.kind === 'insert' ? insertKept(kept, o.position, items, 1000) : o.kind === 'remove' ? removeKept(kept, o.position, o.count) : moveKept(kept, o.from, o.to, o.count, kept.length);
					if (typeof a === 'string') continue;
					whole = a;
					kept = b as Kept<number>;
					expect(kept.rows).toEqual(whole);
				}
			})
		);
	});
});

const NS = 'skill-long.test';
const rows = (n: number, from = 0): JsonObject[] => Array.from({ length: n }, (_, i) => ({ id: from + i }));
const withNs = (): ScreenState => run([stackInsert(0, NS)]).state;

describe('the reducer caps lists', () => {
	it('keeps the first MAX_LIST_ROWS rows of a data key and records the length sent', () => {
		const { state, problems } = run([{ type: 'mycroft.session.set', namespace: NS, data: { items: rows(MAX_LIST_ROWS + 7), title: 'x' } }], withNs());
		const ns = state.namespaces[NS]!;
		expect(problems).toEqual([]);
		expect(ns.data.items).toHaveLength(MAX_LIST_ROWS);
		expect((ns.data.items as JsonObject[])[MAX_LIST_ROWS - 1]).toEqual({ id: MAX_LIST_ROWS - 1 });
		expect(ns.cuts).toEqual({ items: MAX_LIST_ROWS + 7 });
		expect(ns.data.title).toBe('x');
	});

	it('cuts lists nested anywhere in a value, and records where', () => {
		const { state } = run([{ type: 'mycroft.session.set', namespace: NS, data: { activeTimers: { timers: rows(MAX_LIST_ROWS + 1) }, m: { data: [{ tags: Array(MAX_LIST_ROWS + 2).fill('t') }] } } }], withNs());
		const ns = state.namespaces[NS]!;
		expect((ns.data.activeTimers as { timers: unknown[] }).timers).toHaveLength(MAX_LIST_ROWS);
		expect(ns.cuts).toEqual({ 'activeTimers\u0000timers': MAX_LIST_ROWS + 1, 'm\u0000data\u00000\u0000tags': MAX_LIST_ROWS + 2 });
	});

	it('forgets a cut when the key is set again or deleted', () => {
		const long = { type: 'mycroft.session.set', namespace: NS, data: { items: rows(MAX_LIST_ROWS + 1), other: { l: rows(MAX_LIST_ROWS + 1) } } };
		let { state } = run([long, { type: 'mycroft.session.set', namespace: NS, data: { items: rows(3) } }], withNs());
		expect(state.namespaces[NS]!.cuts).toEqual({ 'other\u0000l': MAX_LIST_ROWS + 1 });
		({ state } = run([{ type: 'mycroft.session.delete', namespace: NS, property: 'other' }], state));
		expect(state.namespaces[NS]!.cuts).toEqual({});
	});

	it('keeps the server indices of list ops on a cut list', () => {
		const set = { type: 'mycroft.session.set', namespace: NS, data: { items: rows(MAX_LIST_ROWS + 10) } };
		// Past the kept rows but inside the server's list: valid, and only the length changes.
		const insertFar = { type: 'mycroft.session.list.insert', namespace: NS, property: 'items', position: MAX_LIST_ROWS + 10, data: rows(2, 900_000) };
		const removeFront = { type: 'mycroft.session.list.remove', namespace: NS, property: 'items', position: 0, items_number: 3 };
		const { state, problems } = run([set, insertFar, removeFront], withNs());
		const ns = state.namespaces[NS]!;
		expect(problems).toEqual([]);
		expect(ns.cuts).toEqual({ items: MAX_LIST_ROWS + 9 });
		// Three rows left the front: the rows kept are still the first of the server's list, and the
		// three after the old cut are not known.
		expect(ns.data.items).toHaveLength(MAX_LIST_ROWS - 3);
		expect((ns.data.items as JsonObject[])[0]).toEqual({ id: 3 });
		// An index past the whole list is refused, as the server's model would refuse it.
		const { problems: p2 } = run([{ type: 'mycroft.session.list.remove', namespace: NS, property: 'items', position: MAX_LIST_ROWS + 9, items_number: 1 }], state);
		expect(p2).toEqual([`list remove items on ${NS}: position ${MAX_LIST_ROWS + 9} outside 0..${MAX_LIST_ROWS + 8}`]);
	});

	it('cuts the rows of one list insert and counts them all', () => {
		const { state } = run([{ type: 'mycroft.session.list.insert', namespace: NS, property: 'items', position: 0, data: rows(MAX_LIST_ROWS * 2) }], withNs());
		expect(state.namespaces[NS]!.data.items).toHaveLength(MAX_LIST_ROWS);
		expect(state.namespaces[NS]!.cuts).toEqual({ items: MAX_LIST_ROWS * 2 });
	});

	it('gives the same state whether a frame was cut before (off the main thread) or by reduce', () => {
		const raw = JSON.stringify({ type: 'mycroft.session.set', namespace: NS, data: { a: rows(MAX_LIST_ROWS + 3), b: { c: rows(MAX_LIST_ROWS + 4) }, d: 1 } });
		const d = decode(raw);
		if (!d.ok) throw new Error(d.error.message);
		const before = withNs();
		const direct = reduce(before, d.value);
		// What a worker sends back: the cut message, through a structured clone.
		const cut = structuredClone(capMessage(d.value));
		expect(reduce(before, cut)).toEqual(direct);
	});

	it('costs a frame with no long list no copy of its data', () => {
		const raw = JSON.stringify({ type: 'mycroft.session.set', namespace: NS, data: { items: rows(3), nested: { l: [1, 2] } } });
		const d = decode(raw);
		if (!d.ok) throw new Error(d.error.message);
		// Decode marks a frame this short, so nothing walks it.
		expect(d.value).toMatchObject({ cut: NO_CUTS });
		const m = capMessage({ ...d.value, cut: undefined } as typeof d.value);
		expect(m).toMatchObject({ cut: {} });
		expect(m.kind === 'data.set' && m.data).toBe(d.value.kind === 'data.set' && d.value.data);
		expect(reduce(withNs(), d.value).namespaces[NS]!.cuts).toBe(NO_CUTS);
	});
});
