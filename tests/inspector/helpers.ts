import { decode, decodeBus, type ProtocolError } from '../../src/lib/protocol';
import type { FrameLike } from '../../src/lib/inspector/entry';

let seq = 0;

/** A frame as ScreenClient would deliver it: decoded when it decodes, with the error otherwise. */
export function guiIn(raw: string | object, time = 1000): FrameLike {
	const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
	const d = decode(text);
	return d.ok
		? { seq: ++seq, time, socket: 'gui', dir: 'in', raw: text, message: d.value }
		: { seq: ++seq, time, socket: 'gui', dir: 'in', raw: text, error: d.error as ProtocolError };
}

export function busIn(raw: object, time = 1000): FrameLike {
	const text = JSON.stringify(raw);
	const d = decodeBus(text);
	return { seq: ++seq, time, socket: 'bus', dir: 'in', raw: text, ...(d.ok ? { message: d.value } : { error: d.error }) };
}

export function guiOut(msg: object, time = 1000): FrameLike {
	return { seq: ++seq, time, socket: 'gui', dir: 'out', raw: JSON.stringify(msg), message: msg as never };
}

export const ACTIVE = 'mycroft.system.active_skills';
export const insertNs = (id: string, position = 0) => ({ type: 'mycroft.session.list.insert', namespace: ACTIVE, position, data: [{ skill_id: id }] });
export const removeNs = (position: number) => ({ type: 'mycroft.session.list.remove', namespace: ACTIVE, position, items_number: 1 });
export const insertPages = (ns: string, position: number, ...pages: string[]) => ({
	type: 'mycroft.gui.list.insert',
	namespace: ns,
	position,
	data: pages.map((p) => ({ url: p.startsWith('SYSTEM') ? `/x/${p}.qml` : null, page: p }))
});
export const set = (ns: string, data: object) => ({ type: 'mycroft.session.set', namespace: ns, data });
export const focus = (ns: string, number: number) => ({ type: 'mycroft.events.triggered', namespace: ns, event_name: 'page_gained_focus', data: { number } });
export const event = (ns: string, name: string, data: object = {}) => ({ type: 'mycroft.events.triggered', namespace: ns, event_name: name, data });
