/**
 * `decode(raw)`: one server → client GUI-socket frame into a `GuiMessage`, or a `ProtocolError`
 * that says what was wrong. It never throws, whatever the input.
 *
 * Hand-written rather than schema-driven: this is the hot path of every frame (and of the replay
 * tool over million-line traces), and a schema library would cost more than JSON.parse itself.
 */
import { isObject, parseWireJson, type JsonObject } from './json';
import { arrayOfObjects, count, FieldError, int, json, nonEmptyStr, obj, payload, str } from './fields';
import { ACTIVE_SKILLS, PAGE_GAINED_FOCUS, type Decoded, type GuiMessage, type PageRef, type ProtocolError } from './types';

export function decode(raw: string): Decoded<GuiMessage> {
	const parsed = parseWireJson(raw);
	return parsed.ok ? decodeValue(parsed.value) : fail('json', parsed.message);
}

/** Same as `decode` for an already parsed value. */
export function decodeValue(parsed: unknown): Decoded<GuiMessage> {
	if (!isObject(parsed)) return fail('not-object', 'a frame must be a JSON object');
	const type = parsed.type;
	if (typeof type !== 'string') {
		return fail('type', type === undefined ? 'missing "type"' : '"type" must be a string');
	}
	try {
		return { ok: true, value: decodeFields(type, parsed) };
	} catch (e) {
		if (e instanceof FieldError) return fail(e.code, `${type}: ${e.message}`);
		return fail('field', `${type}: ${String(e)}`);
	}
}

function fail(code: ProtocolError['code'], message: string): Decoded<never> {
	return { ok: false, error: { code, message } };
}

function decodeFields(type: string, o: Record<string, unknown>): GuiMessage {
	switch (type) {
		case 'mycroft.session.list.insert': {
			const namespace = nonEmptyStr(o, 'namespace');
			if (namespace === ACTIVE_SKILLS) {
				const items = arrayOfObjects(payload(o), 'data');
				const skills = items.map((item, i) => {
					const id = item.skill_id;
					if (typeof id !== 'string' || id === '') {
						throw new FieldError('field', `data[${i}].skill_id must be a non-empty string`);
					}
					return id;
				});
				return { kind: 'stack.insert', position: int(o, 'position'), skills };
			}
			return {
				kind: 'list.insert',
				namespace,
				property: str(o, 'property'),
				position: int(o, 'position'),
				items: arrayOfObjects(payload(o), 'data')
			};
		}
		case 'mycroft.session.list.move': {
			const namespace = nonEmptyStr(o, 'namespace');
			if (namespace === ACTIVE_SKILLS) {
				return { kind: 'stack.move', from: int(o, 'from'), to: int(o, 'to'), count: count(o) };
			}
			return { kind: 'list.move', namespace, property: str(o, 'property'), from: int(o, 'from'), to: int(o, 'to'), count: count(o) };
		}
		case 'mycroft.session.list.remove': {
			const namespace = nonEmptyStr(o, 'namespace');
			if (namespace === ACTIVE_SKILLS) {
				return { kind: 'stack.remove', position: int(o, 'position'), count: count(o) };
			}
			return { kind: 'list.remove', namespace, property: str(o, 'property'), position: int(o, 'position'), count: count(o) };
		}
		case 'mycroft.session.list.update':
			return {
				kind: 'list.update',
				namespace: nonEmptyStr(o, 'namespace'),
				property: str(o, 'property'),
				position: int(o, 'position'),
				items: arrayOfObjects(payload(o), 'data')
			};
		case 'mycroft.gui.list.insert':
			return {
				kind: 'pages.insert',
				namespace: nonEmptyStr(o, 'namespace'),
				position: int(o, 'position'),
				pages: arrayOfObjects(payload(o), 'data').map(pageRef)
			};
		case 'mycroft.gui.list.move':
			return { kind: 'pages.move', namespace: nonEmptyStr(o, 'namespace'), from: int(o, 'from'), to: int(o, 'to'), count: count(o) };
		case 'mycroft.gui.list.remove':
			return { kind: 'pages.remove', namespace: nonEmptyStr(o, 'namespace'), position: int(o, 'position'), count: count(o) };
		case 'mycroft.session.set': {
			const data = payload(o);
			if (!isObject(data)) throw new FieldError('field', data === undefined ? 'missing "data"' : '"data" must be an object');
			return { kind: 'data.set', namespace: nonEmptyStr(o, 'namespace'), data: data as JsonObject };
		}
		case 'mycroft.session.delete':
			return { kind: 'data.delete', namespace: nonEmptyStr(o, 'namespace'), property: str(o, 'property') };
		case 'mycroft.events.triggered': {
			const namespace = nonEmptyStr(o, 'namespace');
			const name = str(o, 'event_name');
			// Server → client events carry `data`; accept `parameters` from servers that echo client shape.
			const data = o.data !== undefined ? o.data : o.parameters;
			if (name === PAGE_GAINED_FOCUS) {
				if (!isObject(data)) throw new FieldError('field', 'page_gained_focus needs a "data" object with "number"');
				return { kind: 'focus', namespace, number: int(data, 'number') };
			}
			return { kind: 'event', namespace, name, data: json(data) };
		}
		default:
			throw new FieldError('unknown-type', `unknown message type`);
	}
}

/**
 * A page item: `{url, page}` (ovos-gui ≥ 1.0), `{url}` only (≤ 0.2: name from the url's basename),
 * or `{url: "SYSTEM:Text.qml", page: "Text.qml"}` (adapter servers, spec §8).
 */
function pageRef(item: JsonObject, i: number): PageRef {
	const url = item.url;
	const page = item.page;
	if (url !== undefined && url !== null && typeof url !== 'string') {
		throw new FieldError('field', `data[${i}].url must be a string or null`);
	}
	if (page !== undefined && typeof page !== 'string') throw new FieldError('field', `data[${i}].page must be a string`);
	const name = typeof page === 'string' && page !== '' ? page : typeof url === 'string' ? nameFromUrl(url) : '';
	if (name === '') throw new FieldError('field', `data[${i}] names no page (no "page" and no usable "url")`);
	return { name, url: typeof url === 'string' ? url : null };
}

/** `/x/ovos_gui/system/qt5/SYSTEM_TextFrame.qml` → `SYSTEM_TextFrame`; `SYSTEM:Text.qml` → `Text`. */
export function nameFromUrl(url: string): string {
	const path = url.split(/[?#]/)[0] ?? '';
	const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf(':')) + 1);
	return base.endsWith('.qml') ? base.slice(0, -4) : base;
}
