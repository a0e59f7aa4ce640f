import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, type JsonObject } from '../../src/lib/protocol';
import { emptyState, reduce, type ScreenState } from '../../src/lib/screen';
import { toCanonical } from '../../src/lib/protocol';
import { AS } from './helpers';

const ids = fc.constantFrom('a', 'b', 'c', 'd', '__proto__', 'constructor', 'system');
const idx = fc.integer({ min: -2, max: 6 });
const maybeCount = fc.option(fc.integer({ min: -2, max: 6 }), { nil: undefined });
const jsonValue = fc.jsonValue() as fc.Arbitrary<unknown>;
const keys = fc.constantFrom('k', 'title', '__proto__', 'constructor', 'toString', 'list');

/** Wire frames, valid and hostile, as a server (or an attacker) might send them. */
const frame: fc.Arbitrary<unknown> = fc.oneof(
	fc.record({ type: fc.constant('mycroft.session.list.insert'), namespace: fc.constant(AS), position: idx, data: fc.array(fc.record({ skill_id: ids }), { maxLength: 3 }) }),
	fc.record({ type: fc.constant('mycroft.session.list.move'), namespace: fc.constant(AS), from: idx, to: idx, items_number: maybeCount }),
	fc.record({ type: fc.constant('mycroft.session.list.remove'), namespace: fc.constant(AS), position: idx, items_number: maybeCount }),
	fc.record({
		type: fc.constant('mycroft.gui.list.insert'),
		namespace: ids,
		position: idx,
		data: fc.array(fc.record({ url: fc.option(fc.string(), { nil: null }), page: fc.constantFrom('p', 'q', 'SYSTEM_TextFrame', '') }), { maxLength: 3 })
	}),
	fc.record({ type: fc.constant('mycroft.gui.list.remove'), namespace: ids, position: idx, items_number: maybeCount }),
	fc.record({ type: fc.constant('mycroft.gui.list.move'), namespace: ids, from: idx, to: idx, items_number: maybeCount }),
	fc.record({ type: fc.constant('mycroft.session.set'), namespace: ids, data: fc.dictionary(keys, jsonValue, { maxKeys: 3 }) }),
	fc.record({ type: fc.constant('mycroft.session.delete'), namespace: ids, property: keys }),
	fc.record({ type: fc.constantFrom('mycroft.session.list.insert', 'mycroft.session.list.update'), namespace: ids, property: keys, position: idx, data: fc.array(fc.dictionary(keys, jsonValue, { maxKeys: 2 }), { maxLength: 3 }) }),
	fc.record({ type: fc.constant('mycroft.session.list.move'), namespace: ids, property: keys, from: idx, to: idx, items_number: maybeCount }),
	fc.record({ type: fc.constant('mycroft.session.list.remove'), namespace: ids, property: keys, position: idx, items_number: maybeCount }),
	fc.record({ type: fc.constant('mycroft.events.triggered'), namespace: ids, event_name: fc.constant('page_gained_focus'), data: fc.record({ number: idx }) }),
	fc.record({ type: fc.constant('mycroft.events.triggered'), namespace: ids, event_name: fc.constantFrom('recognizer_loop:wakeword', 'speak', 'x'), data: jsonValue }),
	// hostile: anything at all
	fc.anything(),
	fc.string()
);

function checkInvariants(s: ScreenState) {
	expect(new Set(s.stack).size).toBe(s.stack.length);
	expect(Object.keys(s.namespaces).sort()).toEqual([...s.stack].sort());
	for (const id of s.stack) {
		const ns = s.namespaces[id]!;
		if (ns.pages.length === 0) expect(ns.currentPage).toBeNull();
		else {
			expect(ns.currentPage).not.toBeNull();
			expect(ns.currentPage!).toBeGreaterThanOrEqual(0);
			expect(ns.currentPage!).toBeLessThan(ns.pages.length);
		}
	}
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('reduce over random message sequences', () => {
	it('never throws and keeps its invariants (no duplicate namespaces; current page in range or null)', () => {
		fc.assert(
			fc.property(fc.array(frame, { maxLength: 40 }), (frames) => {
				let s = emptyState();
				for (const f of frames) {
					const raw = typeof f === 'string' ? f : JSON.stringify(f) ?? 'undefined';
					const d = decode(raw);
					if (!d.ok) continue;
					const before = toCanonical(s);
					let refused = false;
					const next = reduce(s, d.value, () => (refused = true));
					// A refused op leaves the state exactly as it was.
					if (refused) expect(toCanonical(next)).toBe(before);
					s = next;
					checkInvariants(s);
				}
			}),
			{ numRuns: 400 }
		);
	});

	it('is pure: the same frames give the same canonical state, and inputs are not mutated', () => {
		fc.assert(
			fc.property(fc.array(frame, { maxLength: 25 }), (frames) => {
				const raws = frames.map((f) => (typeof f === 'string' ? f : JSON.stringify(f) ?? ''));
				const play = () => {
					let s = emptyState();
					const snapshots: string[] = [];
					for (const raw of raws) {
						const d = decode(raw);
						if (d.ok) {
							s = reduce(s, d.value);
							snapshots.push(toCanonical(s));
						}
					}
					return snapshots;
				};
				const first = play();
				expect(play()).toEqual(first);
			}),
			{ numRuns: 150 }
		);
	});

	it('earlier states are never changed by later messages (safe for time travel)', () => {
		fc.assert(
			fc.property(fc.array(frame, { maxLength: 25 }), (frames) => {
				let s = emptyState();
				const kept: [ScreenState, string][] = [];
				for (const f of frames) {
					const d = decode(typeof f === 'string' ? f : JSON.stringify(f) ?? '');
					if (!d.ok) continue;
					s = reduce(s, d.value);
					kept.push([s, toCanonical(s)]);
				}
				for (const [state, canon] of kept) expect(toCanonical(state)).toBe(canon);
			}),
			{ numRuns: 150 }
		);
	});
});

export type { JsonObject };
