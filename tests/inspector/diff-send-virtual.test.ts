import { describe, expect, it } from 'vitest';
import { replayLines } from '../../src/lib/screen';
import { changedPaths, diffJson, diffStates, pathKey } from '../../src/lib/inspector/diff';
import { checkDraft, draftFromEntry, presetDraft, SEND_PRESETS } from '../../src/lib/inspector/send';
import { rowAt, rowTop, visibleWindow } from '../../src/lib/inspector/virtual';
import { toEntry } from '../../src/lib/inspector/entry';
import { event, focus, guiIn, insertNs, insertPages, removeNs, set } from './helpers';

const L = (...xs: object[]) => xs.map((x) => JSON.stringify(x));

describe('diffStates', () => {
	const lines = L(insertNs('a'), insertPages('a', 0, 'SYSTEM_TextFrame', 'p2'), set('a', { title: 'T', n: { x: 1, y: 2 } }), focus('a', 1), set('a', { n: { x: 1, y: 3 } }), event('system', 'recognizer_loop:record_begin'), removeNs(0));
	const at = (n: number) => replayLines(lines, n).state;

	it('names what each message changed', () => {
		expect(diffStates(at(0), at(1))).toEqual([
			{ path: 'stack', kind: 'changed', before: [], after: ['a'] },
			{ path: 'a', kind: 'added', after: { pages: [], currentPage: null, data: {} } }
		]);
		expect(diffStates(at(1), at(2)).map((c) => c.path)).toEqual(['a › pages', 'a › currentPage']);
		expect(diffStates(at(2), at(3)).map((c) => [c.path, c.kind])).toEqual([
			['a › data › title', 'added'],
			['a › data › n', 'added']
		]);
		expect(diffStates(at(3), at(4))).toEqual([{ path: 'a › currentPage', kind: 'changed', before: 0, after: 1 }]);
		expect(diffStates(at(4), at(5))).toEqual([{ path: 'a › data › n › y', kind: 'changed', before: 2, after: 3 }]);
		const ev = diffStates(at(5), at(6));
		expect(ev.map((c) => c.path)).toContain('status › listening');
		// System status events only drive the cue; they no longer enter lastEvents (skill events do).
		expect(diffStates(at(6), at(7)).map((c) => [c.path, c.kind])).toEqual([
			['stack', 'changed'],
			['a', 'removed']
		]);
		expect(diffStates(at(7), at(7))).toEqual([]);
		// a skill event is recorded, and the diff says so
		const skillEv = L(insertNs('b'), event('b', 'timer.tick', { left: 3 }));
		expect(diffStates(replayLines(skillEv, 1).state, replayLines(skillEv, 2).state)).toEqual([
			{ path: 'event', kind: 'added', after: { namespace: 'b', name: 'timer.tick', data: { left: 3 } } }
		]);
	});

	it('compares arrays and nested values whole where keys do not apply', () => {
		expect(diffJson([1, 2], [1, 2], 'x')).toEqual([]);
		expect(diffJson([1, 2], [2, 1], 'x')).toEqual([{ path: 'x', kind: 'changed', before: [1, 2], after: [2, 1] }]);
		expect(diffJson({ a: 1 }, { b: 1 }, 'd').map((c) => c.kind)).toEqual(['removed', 'added']);
	});

	it('lists changed leaf paths for the tree to flash', () => {
		const p = changedPaths({ a: 1, b: { c: 1, d: [1] }, e: 'same' }, { a: 2, b: { c: 1, d: [2] }, e: 'same', f: null });
		expect([...p].sort()).toEqual([pathKey(['a']), pathKey(['b', 'd', '0']), pathKey(['f'])].sort());
		expect(changedPaths({ a: [1] }, { a: [1] }).size).toBe(0);
	});

	it('costs what changed, not what is there: one row of 100,000 flashes alone; a flood flashes its container', () => {
		const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `row ${i}` }));
		const updated = rows.slice();
		updated[77_777] = { id: 77_777, name: 'renamed' };
		expect([...changedPaths({ list: rows }, { list: updated })]).toEqual([pathKey(['list', '77777', 'name'])]);
		expect([...changedPaths({ list: rows }, { list: [...rows, { id: -1, name: 'new' }] })]).toEqual([pathKey(['list', '100000'])]);
		const renamedAll = rows.map((r) => ({ ...r, name: r.name + '!' }));
		expect([...changedPaths({ list: rows }, { list: renamedAll })]).toEqual([pathKey(['list'])]);
		// Equal content in new objects (a replay of the same frames) is not a change.
		expect(changedPaths({ list: rows.slice(0, 40) }, { list: rows.slice(0, 40).map((r) => ({ ...r })) }).size).toBe(0);
	});
});

describe('send drafts', () => {
	it('validates with the protocol schemas before sending', () => {
		expect(checkDraft('gui', '{"type":"mycroft.events.triggered","namespace":"s","event_name":"e","parameters":{}}')).toMatchObject({ ok: true, channel: 'gui' });
		const noParams = checkDraft('gui', '{"type":"mycroft.events.triggered","namespace":"s","event_name":"e"}');
		expect(noParams.ok).toBe(false);
		expect(!noParams.ok && noParams.error).toMatch(/parameters/);
		expect(checkDraft('gui', '{"type":"mycroft.session.set","namespace":"s"')).toMatchObject({ ok: false, error: expect.stringMatching(/not JSON/) });
		expect(checkDraft('bus', '{"type":"speak","data":{"utterance":"hi"}}')).toMatchObject({ ok: true, message: { context: {} } });
		expect(checkDraft('bus', '{"type":"","data":{}}').ok).toBe(false);
		expect(checkDraft('bus', '[1]').ok).toBe(false);
	});

	it('every preset is valid for its channel', () => {
		for (const p of SEND_PRESETS) {
			const d = presetDraft(p, 'skill-x');
			expect(checkDraft(d.channel, d.text), p.id).toMatchObject({ ok: true });
		}
	});

	it('edit and resend starts from the row, on its socket', () => {
		const e = toEntry({ seq: 1, time: 0, socket: 'bus', dir: 'in', raw: '{"type":"speak","data":{}}' });
		expect(draftFromEntry(e)).toEqual({ channel: 'bus', text: '{\n  "type": "speak",\n  "data": {}\n}' });
		const g = toEntry(guiIn('junk'));
		expect(draftFromEntry(g).text).toBe('junk');
	});
});

describe('visibleWindow', () => {
	it('renders only the rows in view plus overscan', () => {
		const w = visibleWindow({ count: 5000, rowHeight: 20, scrollTop: 20_000, viewport: 400, overscan: 5 });
		expect(w).toEqual({ start: 995, end: 1026, total: 100_000 });
		expect(visibleWindow({ count: 0, rowHeight: 20, scrollTop: 0, viewport: 400 })).toEqual({ start: 0, end: 0, total: 0 });
		expect(visibleWindow({ count: 3, rowHeight: 20, scrollTop: 0, viewport: 400 }).end).toBe(3);
	});

	it('accounts for one expanded row', () => {
		expect(rowTop(11, 20, 10, 200)).toBe(11 * 20 + 200);
		expect(rowTop(10, 20, 10, 200)).toBe(200);
		expect(rowAt(215, 20, 10, 200)).toBe(10);
		expect(rowAt(10 * 20 + 20 + 200, 20, 10, 200)).toBe(11);
		expect(visibleWindow({ count: 100, rowHeight: 20, scrollTop: 0, viewport: 100, expanded: 2, extra: 300, overscan: 0 })).toEqual({ start: 0, end: 3, total: 2300 });
	});
});
