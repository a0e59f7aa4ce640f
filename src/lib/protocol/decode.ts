/**
 * `decode(raw)`: one server → client GUI-socket frame into a `GuiMessage`, or a `ProtocolError`
 * that says what was wrong. It never throws, whatever the input.
 *
 * Hand-written rather than schema-driven: this is the hot path of every frame (and of the replay
 * tool over million-line traces), and a schema library would cost more than JSON.parse itself.
 */
import { isObject, MAX_JSON_DEPTH, nestsDeeperThan, type JsonObject } from './json';
import { arrayOfObjects, count, FieldError, int, json, obj, payload, str } from './fields';
import { ACTIVE_SKILLS, PAGE_GAINED_FOCUS, type Decoded, type GuiMessage, type PageRef, type ProtocolError } from './types';

export function decode(raw: string): Decoded<GuiMessage> {
	// parseWireJson's checks without its result object: this runs for every frame.
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch (e) {
		return fail('json', `not JSON: ${(e as Error).message}`);
	}
	if (raw.length > 2 * MAX_JSON_DEPTH && nestsDeeperThan(value, MAX_JSON_DEPTH)) return fail('json', `nests deeper than ${MAX_JSON_DEPTH} levels`);
	return decodeValue(value);
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

/**
 * A frame's namespace: any string the server uses, "" included — ovos-gui keeps whatever `__from`
 * a skill sent, and a client that refused "" would lose the indices of every namespace after it.
 */
function namespaceOf(o: Record<string, unknown>): string {
	return str(o, 'namespace');
}

function fail(code: ProtocolError['code'], message: string): Decoded<never> {
	return { ok: false, error: { code, message } };
}

function decodeFields(type: string, o: Record<string, unknown>): GuiMessage {
	switch (type) {
		case 'mycroft.session.list.insert': {
			const namespace = namespaceOf(o);
			if (namespace === ACTIVE_SKILLS) {
				const items = arrayOfObjects(payload(o), 'data');
				// Qt takes a non-string skill_id as "" (spec §4.2); so do we, keeping the stack's indices.
				const skills = items.map((item) => (typeof item.skill_id === 'string' ? item.skill_id : ''));
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
			const namespace = namespaceOf(o);
			if (namespace === ACTIVE_SKILLS) {
				return { kind: 'stack.move', from: int(o, 'from'), to: int(o, 'to'), count: count(o) };
			}
			return { kind: 'list.move', namespace, property: str(o, 'property'), from: int(o, 'from'), to: int(o, 'to'), count: count(o) };
		}
		case 'mycroft.session.list.remove': {
			const namespace = namespaceOf(o);
			if (namespace === ACTIVE_SKILLS) {
				return { kind: 'stack.remove', position: int(o, 'position'), count: count(o) };
			}
			return { kind: 'list.remove', namespace, property: str(o, 'property'), position: int(o, 'position'), count: count(o) };
		}
		case 'mycroft.session.list.update':
			return {
				kind: 'list.update',
				namespace: namespaceOf(o),
				property: str(o, 'property'),
				position: int(o, 'position'),
				items: arrayOfObjects(payload(o), 'data')
			};
		case 'mycroft.gui.list.insert':
			return {
				kind: 'pages.insert',
				namespace: namespaceOf(o),
				position: int(o, 'position'),
				pages: arrayOfObjects(payload(o), 'data').map(pageRef)
			};
		case 'mycroft.gui.list.move':
			return { kind: 'pages.move', namespace: namespaceOf(o), from: int(o, 'from'), to: int(o, 'to'), count: count(o) };
		case 'mycroft.gui.list.remove':
			return { kind: 'pages.remove', namespace: namespaceOf(o), position: int(o, 'position'), count: count(o) };
		case 'mycroft.session.set': {
			const data = payload(o);
			if (!isObject(data)) throw new FieldError('field', data === undefined ? 'missing "data"' : '"data" must be an object');
			return { kind: 'data.set', namespace: namespaceOf(o), data: data as JsonObject };
		}
		case 'mycroft.session.delete':
			return { kind: 'data.delete', namespace: namespaceOf(o), property: str(o, 'property') };
		case 'mycroft.events.triggered': {
			const namespace = namespaceOf(o);
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
	// A page with no usable name (ovos-gui relays `page_names: [""]` as is) is still a page: kept as a
	// nameless placeholder, so the indices of the pages after it stay those of the server.
	const name = typeof page === 'string' && page !== '' ? page : typeof url === 'string' ? nameFromUrl(url) : '';
	return { name, url: typeof url === 'string' ? url : null };
}

/** `/x/ovos_gui/system/qt5/SYSTEM_TextFrame.qml` → `SYSTEM_TextFrame`; `SYSTEM:Text.qml` → `Text`. */
export function nameFromUrl(url: string): string {
	const path = url.split(/[?#]/)[0] ?? '';
	const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf(':')) + 1);
	return base.endsWith('.qml') ? base.slice(0, -4) : base;
}
