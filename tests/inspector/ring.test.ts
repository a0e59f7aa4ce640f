import { describe, expect, it } from 'vitest';
import { Ring } from '../../src/lib/inspector/ring';
import { Tally } from '../../src/lib/inspector/tally';

describe('Ring', () => {
	it('keeps the newest `capacity` items in order and counts the dropped ones', () => {
		const r = new Ring<number>(3);
		expect(r.push(1)).toBeUndefined();
		r.push(2);
		r.push(3);
		expect(r.push(4)).toBe(1);
		expect(r.push(5)).toBe(2);
		expect(r.toArray()).toEqual([3, 4, 5]);
		expect(r.dropped).toBe(2);
		expect(r.oldest).toBe(3);
		expect(r.newest).toBe(5);
		expect(r.at(3)).toBeUndefined();
		expect(r.at(-1)).toBeUndefined();
	});
	it('clears', () => {
		const r = new Ring<number>(2);
		r.push(1);
		r.push(2);
		r.push(3);
		r.clear();
		expect(r.length).toBe(0);
		expect(r.dropped).toBe(0);
		expect(r.toArray()).toEqual([]);
	});
	it('refuses a useless capacity', () => {
		expect(() => new Ring(0)).toThrow(RangeError);
	});
});

describe('Tally', () => {
	it('forgets keys whose count falls to zero', () => {
		const t = new Tally();
		t.add('a');
		t.add('a');
		t.add('b');
		t.add('');
		expect(t.keys()).toEqual(['a', 'b']);
		t.remove('b');
		t.remove('a');
		expect(t.keys()).toEqual(['a']);
		t.remove('a');
		expect(t.size).toBe(0);
	});
});
