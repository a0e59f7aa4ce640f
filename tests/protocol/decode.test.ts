import { describe, expect, it } from 'vitest';
import { decode, nameFromUrl } from '../../src/lib/protocol';

const ok = (raw: unknown) => {
	const d = decode(typeof raw === 'string' ? raw : JSON.stringify(raw));
	if (!d.ok) throw new Error(`expected ok, got ${d.error.message}`);
	return d.value;
};
const err = (raw: unknown) => {
	const d = decode(typeof raw === 'string' ? raw : JSON.stringify(raw));
	if (d.ok) throw new Error(`expected an error, got ${JSON.stringify(d.value)}`);
	return d.error;
};

describe('decode: server → client messages', () => {
	it('reads an active-skills insert as a stack insert', () => {
		expect(ok({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: 'w' }] })).toEqual({
			kind: 'stack.insert',
			position: 0,
			skills: ['w']
		});
	});

	it('reads list ops on any other namespace as skill-data list ops keyed by property', () => {
		expect(ok({ type: 'mycroft.session.list.insert', namespace: 'w', property: 'days', position: 0, data: [{ d: 1 }] })).toEqual({
			kind: 'list.insert',
			namespace: 'w',
			property: 'days',
			position: 0,
			items: [{ d: 1 }]
		});
		expect(ok({ type: 'mycroft.session.list.update', namespace: 'w', property: 'days', position: 1, data: [{ d: 2 }] }).kind).toBe('list.update');
		expect(ok({ type: 'mycroft.session.list.move', namespace: 'w', property: 'days', from: 0, to: 2, items_number: 1 }).kind).toBe('list.move');
		expect(ok({ type: 'mycroft.session.list.remove', namespace: 'w', property: 'days', position: 0, items_number: 1 }).kind).toBe('list.remove');
	});

	it('accepts "values" where "data" is expected (old docs)', () => {
		expect(ok({ type: 'mycroft.gui.list.insert', namespace: 'w', position: 0, values: [{ url: '/a/b.qml', page: 'b' }] })).toEqual({
			kind: 'pages.insert',
			namespace: 'w',
			position: 0,
			pages: [{ name: 'b', url: '/a/b.qml' }]
		});
	});

	it('defaults a missing items_number to 1', () => {
		expect(ok({ type: 'mycroft.gui.list.remove', namespace: 'w', position: 2 })).toEqual({ kind: 'pages.remove', namespace: 'w', position: 2, count: 1 });
		expect(ok({ type: 'mycroft.session.list.move', namespace: 'mycroft.system.active_skills', from: 2, to: 0 })).toEqual({
			kind: 'stack.move',
			from: 2,
			to: 0,
			count: 1
		});
	});

	it('keeps a page whose url is null, named by its page key', () => {
		expect(ok({ type: 'mycroft.gui.list.insert', namespace: 'w', position: 0, data: [{ url: null, page: 'forecast_details' }] })).toMatchObject({
			pages: [{ name: 'forecast_details', url: null }]
		});
	});

	it('derives the page name from the url for servers before 1.0, and accepts SYSTEM: urls', () => {
		expect(nameFromUrl('/home/ovos/.cache/ovos_gui/system/qt5/SYSTEM_TextFrame.qml')).toBe('SYSTEM_TextFrame');
		expect(nameFromUrl('http://host:8000/skill/qt5/forecast.qml')).toBe('forecast');
		expect(ok({ type: 'mycroft.gui.list.insert', namespace: 'w', position: 0, data: [{ url: 'SYSTEM:Text.qml', page: 'Text.qml' }] })).toMatchObject({
			pages: [{ name: 'Text.qml', url: 'SYSTEM:Text.qml' }]
		});
		expect(ok({ type: 'mycroft.gui.list.insert', namespace: 'w', position: 0, data: [{ url: 'SYSTEM:Image.qml' }] })).toMatchObject({
			pages: [{ name: 'Image', url: 'SYSTEM:Image.qml' }]
		});
	});

	it('takes several keys in one session.set', () => {
		expect(ok({ type: 'mycroft.session.set', namespace: 'w', data: { a: 1, b: [1, 2], c: null } })).toEqual({
			kind: 'data.set',
			namespace: 'w',
			data: { a: 1, b: [1, 2], c: null },
			// Too short to hold a list over the screen's cap: marked as needing no cut.
			cut: {}
		});
	});

	it('reads page_gained_focus as a focus op and other events as events', () => {
		expect(ok({ type: 'mycroft.events.triggered', namespace: 'w', event_name: 'page_gained_focus', data: { number: 1 } })).toEqual({
			kind: 'focus',
			namespace: 'w',
			number: 1
		});
		expect(ok({ type: 'mycroft.events.triggered', namespace: 'system', event_name: 'recognizer_loop:wakeword', data: {} })).toEqual({
			kind: 'event',
			namespace: 'system',
			name: 'recognizer_loop:wakeword',
			data: {}
		});
		// Other producers may send null or nothing as the event's data.
		expect(ok({ type: 'mycroft.events.triggered', namespace: 'w', event_name: 'x' })).toMatchObject({ data: null });
	});
});

describe('decode: bad input comes back as a typed error, never a throw', () => {
	it.each([
		['malformed JSON', '{"type": ', 'json'],
		['a JSON array', '[1,2]', 'not-object'],
		['a JSON string', '"hello"', 'not-object'],
		['null', 'null', 'not-object'],
		['missing type', '{"namespace":"w"}', 'type'],
		['numeric type', '{"type": 5}', 'type'],
		['unknown type', '{"type":"mycroft.whatever"}', 'unknown-type'],
		['position as a string', '{"type":"mycroft.gui.list.remove","namespace":"w","position":"1"}', 'field'],
		['fractional position', '{"type":"mycroft.gui.list.remove","namespace":"w","position":1.5}', 'field'],
		['missing namespace', '{"type":"mycroft.session.set","data":{"a":1}}', 'field'],
		['data not an object', '{"type":"mycroft.session.set","namespace":"w","data":[1]}', 'field'],
		['page item not an object', '{"type":"mycroft.gui.list.insert","namespace":"w","position":0,"data":[1]}', 'field'],
		['list op without property', '{"type":"mycroft.session.list.remove","namespace":"w","position":0}', 'field'],
		['focus without number', '{"type":"mycroft.events.triggered","namespace":"w","event_name":"page_gained_focus","data":{}}', 'field']
	])('%s', (_what, raw, code) => {
		const e = err(raw);
		expect(e.code).toBe(code);
		expect(e.message.length).toBeGreaterThan(5);
	});

	it('keeps what Qt keeps so indices match the server: a nameless page, a non-string skill id as "", the "" namespace', () => {
		expect(ok('{"type":"mycroft.gui.list.insert","namespace":"w","position":0,"data":[{"url":null}]}')).toMatchObject({ kind: 'pages.insert', pages: [{ name: '', url: null }] });
		expect(ok('{"type":"mycroft.session.list.insert","namespace":"mycroft.system.active_skills","position":0,"data":[{"skill_id":3},{"skill_id":"a"}]}')).toMatchObject({ kind: 'stack.insert', skills: ['', 'a'] });
		expect(ok('{"type":"mycroft.session.set","namespace":"","data":{"a":1}}')).toMatchObject({ kind: 'data.set', namespace: '' });
	});

	it('says which field was wrong', () => {
		expect(err('{"type":"mycroft.gui.list.remove","namespace":"w","position":"1"}').message).toContain('"position" must be an integer');
		expect(err('{"type":"mycroft.session.set","data":{}}').message).toContain('missing "namespace"');
	});

	it('survives hostile shapes', () => {
		for (const raw of ['', ' ', '\u0000', '{"type":"mycroft.session.set","namespace":"w","data":{"__proto__":{"polluted":1}}}', 'x'.repeat(10000), '{"__proto__":{"type":"mycroft.session.set"}}']) {
			expect(() => decode(raw)).not.toThrow();
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});
