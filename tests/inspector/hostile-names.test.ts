// Namespaces named like Object.prototype members once made /inspect throw on every update
// (a plain-object lookup found the inherited function). Every inspector path treats them as names.
import { describe, expect, it } from 'vitest';
import { toCanonical } from '../../src/lib/protocol';
import { replayLines } from '../../src/lib/screen';
import { dataFlashes, diffStates } from '../../src/lib/inspector/diff';
import { framesForState } from '../../src/lib/inspector/trace';
import { insertNs, insertPages, set } from './helpers';

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
const L = (...xs: object[]) => xs.map((x) => JSON.stringify(x));

describe('namespaces named like Object.prototype members', () => {
	for (const id of NAMES) {
		it(`${id}: diff, flashes and export work, and the exported frames replay to the same state`, () => {
			const lines = L(insertNs('other'), insertPages('other', 0, 'SYSTEM_TextFrame'), insertNs(id), insertPages(id, 0, 'SYSTEM_TextFrame'), set(id, { text: 'a' }), set(id, { text: 'b' }));
			const at = (n: number) => replayLines(lines, n).state;
			const added = diffStates(at(2), at(4));
			expect(added.some((c) => c.path === id && c.kind === 'added')).toBe(true);
			const flashes = dataFlashes(at(5), at(6));
			expect([...(flashes.get(id) ?? [])]).toEqual(['text']);
			expect(flashes.has('other')).toBe(false);
			// A state where the name is absent must not find an inherited member under it.
			expect(diffStates(at(2), at(2 + 0))).toEqual([]);
			expect(dataFlashes(at(1), at(2)).size).toBe(0);
			expect(toCanonical(replayLines(framesForState(at(6))).state)).toBe(toCanonical(at(6)));
		});
	}
});
