import { describe, expect, it } from 'vitest';
import { announce, decodeBus, encode, focusPage, guiConnected, pageEvent, screenClose, sessionIdOf, setData, templateFor, userInteraction } from '../../src/lib/protocol';
import { validateBus, validateClient } from '../../src/lib/protocol/schemas';

describe('client messages, shaped as the Qt client sends them', () => {
	it('page focus carries parameters.number and parameters.skillId', () => {
		expect(JSON.parse(encode(focusPage('skill-x', 2)))).toEqual({
			type: 'mycroft.events.triggered',
			namespace: 'skill-x',
			event_name: 'page_gained_focus',
			parameters: { number: 2, skillId: 'skill-x' }
		});
	});

	it('user interaction goes under the system namespace', () => {
		expect(JSON.parse(encode(userInteraction('skill-x')))).toEqual({
			type: 'mycroft.events.triggered',
			namespace: 'system',
			event_name: 'system.gui.user.interaction',
			parameters: { skillId: 'skill-x' }
		});
	});

	it('events always carry a parameters object; system.* events go under system', () => {
		expect(pageEvent('skill-x', 'refresh')).toEqual({ type: 'mycroft.events.triggered', namespace: 'skill-x', event_name: 'refresh', parameters: {} });
		expect(pageEvent('skill-x', 'system.next')).toMatchObject({ namespace: 'system', event_name: 'system.next' });
	});

	it('session.set and the flat announce', () => {
		expect(JSON.parse(encode(setData('skill-x', { volume: 7 })))).toEqual({ type: 'mycroft.session.set', namespace: 'skill-x', data: { volume: 7 } });
		expect(JSON.parse(encode(announce('id-1')))).toEqual({ type: 'mycroft.gui.connected', gui_id: 'id-1', framework: 'qt5' });
	});

	it('validates hand-made client messages with the same schema', () => {
		expect(validateClient(focusPage('a', 1)).ok).toBe(true);
		const bad = validateClient({ type: 'mycroft.events.triggered', namespace: 'a', event_name: 'x' });
		expect(bad.ok).toBe(false);
		if (!bad.ok) expect(bad.error.message).toContain('parameters');
		expect(validateClient({ type: 'mycroft.session.set', namespace: 'a', data: 'x' }).ok).toBe(false);
		expect(validateClient({ type: 'nope' }).ok).toBe(false);
	});
});

describe('core-bus envelope', () => {
	it('decodes and defaults data/context', () => {
		const d = decodeBus('{"type":"speak"}');
		expect(d).toEqual({ ok: true, value: { type: 'speak', data: {}, context: {} } });
		expect(decodeBus('{"type":"speak","data":5}').ok).toBe(false);
		expect(decodeBus('nope').ok).toBe(false);
		expect(decodeBus('{"type":""}').ok).toBe(false);
		expect(decodeBus('{"type":"x","context":[]}').ok).toBe(false);
	});

	it('the hand-written decoder and the valibot schema agree', () => {
		const cases = ['{"type":"speak"}', '{"type":"speak","data":{"a":1},"context":{"session":{}}}', '{"type":5}', '{"type":"x","data":null}', '[]', '{"type":"x","context":"c"}', '{"data":{}}'];
		for (const raw of cases) expect(decodeBus(raw).ok, raw).toBe(validateBus(JSON.parse(raw)).ok);
	});

	it('names the session of a frame, default when absent', () => {
		expect(sessionIdOf({ type: 'x', data: {}, context: { session: { session_id: 'abc' } } })).toBe('abc');
		expect(sessionIdOf({ type: 'x', data: {}, context: {} })).toBe('default');
	});

	it('builds the handshake announce and global back', () => {
		expect(guiConnected('g')).toEqual({ type: 'mycroft.gui.connected', data: { gui_id: 'g', framework: 'qt5' }, context: { session: { session_id: 'default' } } });
		expect(screenClose().type).toBe('mycroft.gui.screen.close');
	});
});

describe('templateFor', () => {
	it('maps legacy, OVOS-GUI-1 and adapter names to one template', () => {
		expect(templateFor({ name: 'SYSTEM_TextFrame', url: null })).toBe('SYSTEM_TextFrame');
		expect(templateFor({ name: 'SYSTEM_text', url: null })).toBe('SYSTEM_TextFrame');
		expect(templateFor({ name: 'Text.qml', url: 'SYSTEM:Text.qml' })).toBe('SYSTEM_TextFrame');
		expect(templateFor({ name: 'SYSTEM_ImageFrame.qml', url: null })).toBe('SYSTEM_ImageFrame');
		expect(templateFor({ name: 'forecast', url: '/x/forecast.qml' })).toBeNull();
		expect(templateFor({ name: 'constructor', url: null })).toBeNull();
		expect(templateFor({ name: '__proto__', url: null })).toBeNull();
	});
});
