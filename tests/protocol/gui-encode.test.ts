import { describe, expect, it } from 'vitest';
import { ACTIVE_SKILLS, decode, encodeGui, type GuiMessage } from '../../src/lib/protocol';

const ns = 'a.skill';
/** One message of every kind, as decode makes them from frames that carry nothing the screen drops. */
const messages: GuiMessage[] = [
	{ kind: 'stack.insert', position: 0, skills: ['a.skill', ''] },
	{ kind: 'stack.move', from: 1, to: 0, count: 2 },
	{ kind: 'stack.remove', position: 1, count: 1 },
	{ kind: 'pages.insert', namespace: ns, position: 0, pages: [{ name: 'SYSTEM_TextFrame', url: '/x/SYSTEM_TextFrame.qml' }, { name: 'mine', url: null }, { name: '', url: null }] },
	{ kind: 'pages.move', namespace: ns, from: 0, to: 1, count: 1 },
	{ kind: 'pages.remove', namespace: ns, position: 0, count: 1 },
	{ kind: 'data.set', namespace: ns, data: { title: 'hi', nested: { list: [1, { x: null }] } } },
	{ kind: 'data.delete', namespace: ns, property: 'title' },
	{ kind: 'list.insert', namespace: ns, property: 'rows', position: 0, items: [{ a: 1 }] },
	{ kind: 'list.update', namespace: ns, property: 'rows', position: 0, items: [{ a: 2 }] },
	{ kind: 'list.move', namespace: ns, property: 'rows', from: 0, to: 1, count: 1 },
	{ kind: 'list.remove', namespace: ns, property: 'rows', position: 0, count: 1 },
	{ kind: 'focus', namespace: ns, number: 2 },
	{ kind: 'event', namespace: 'system', name: 'recognizer_loop:record_begin', data: { at: 1 } }
];

describe('encodeGui', () => {
	it('writes each kind as a frame that decodes to the same message', () => {
		for (const m of messages) {
			const d = decode(encodeGui(m));
			expect(d.ok && d.value).toMatchObject(m);
		}
		expect(JSON.parse(encodeGui(messages[0]!))).toMatchObject({ type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS });
	});

	it("pads what a cap cut back to the frame's length with placeholders, and copies only what it pads", () => {
		const rows = [{ i: 0 }, { i: 1 }];
		const data = { rows, deep: { lists: [[1], 'x'] }, other: { untouched: true } };
		const text = encodeGui({ kind: 'data.set', namespace: ns, data, cut: { rows: 5, 'deep\u0000lists\u00000': 3 } });
		expect(JSON.parse(text).data).toEqual({ rows: [{ i: 0 }, { i: 1 }, null, null, null], deep: { lists: [[1, null, null], 'x'] }, other: { untouched: true } });
		expect(data).toEqual({ rows: [{ i: 0 }, { i: 1 }], deep: { lists: [[1], 'x'] }, other: { untouched: true } });
		const skills = JSON.parse(encodeGui({ kind: 'stack.insert', position: 0, skills: ['a'], total: 4 })).data.map((r: { skill_id: string }) => r.skill_id);
		expect(skills).toHaveLength(4);
		expect(new Set(skills).size).toBe(4);
	});
});
