/**
 * `decode(raw)`: one server → client GUI-socket frame into a `GuiMessage`, or a `ProtocolError`
 * that says what was wrong. It never throws, whatever the input.
 *
 * Hand-written rather than schema-driven: this is the hot path of every frame (and of the replay
 * tool over million-line traces), and a schema library would cost more than JSON.parse itself.
 */
import { isObject, MAX_JSON_DEPTH, nestsDeeperThan, NO_CUTS, SHORTEST_CUT, type JsonObject } from './json';
import { arrayOfObjects, count, FieldError, int, json, payload, str } from './fields';
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
	return decodeValue(value, raw.length);
}

/** Same as `decode` for an already parsed value (`rawLength`: the length of its text, when known). */
export function decodeValue(parsed: unknown, rawLength = Infinity): Decoded<GuiMessage> {
	if (!isObject(parsed)) return fail('not-object', 'a frame must be a JSON object');
	const type = parsed.type;
	if (typeof type !== 'string') {
		return fail('type', type === undefined ? 'missing "type"' : '"type" must be a string');
	}
	try {
		return { ok: true, value: decodeFields(type, parsed, rawLength) };
	} catch (e) {
		if (e instanceof FieldError) return fail(e.code, `${type}: ${e.message}`);
		return fail('field', `${type}: ${String(e)}`);
	}
}

function fail(code: ProtocolError['code'], message: string): Decoded<never> {
	return { ok: false, error: { code, message } };
}

/**
 * A frame's namespace is any string the server uses, "" included — ovos-gui keeps whatever `__from`
 * a skill sent, and a client that refused "" would lose the indices of every namespace after it.
 */
function decodeFields(type: string, o: Record<string, unknown>, rawLength: number): GuiMessage {
	switch (type) {
		case 'mycroft.session.list.insert': {
			const namespace = str(o.namespace, 'namespace');
			if (namespace === ACTIVE_SKILLS) {
				const items = arrayOfObjects(payload(o.data, o.values), 'data');
				// Qt takes a non-string skill_id as ""; so do we, keeping the stack's indices.
				const skills = items.map((item) => (typeof item.skill_id === 'string' ? item.skill_id : ''));
				return { kind: 'stack.insert', position: int(o.position, 'position'), skills };
			}
			return {
				kind: 'list.insert',
				namespace,
				property: str(o.property, 'property'),
				position: int(o.position, 'position'),
				items: arrayOfObjects(payload(o.data, o.values), 'data')
			};
		}
		case 'mycroft.session.list.move': {
			const namespace = str(o.namespace, 'namespace');
			if (namespace === ACTIVE_SKILLS) {
				return { kind: 'stack.move', from: int(o.from, 'from'), to: int(o.to, 'to'), count: count(o.items_number) };
			}
			return { kind: 'list.move', namespace, property: str(o.property, 'property'), from: int(o.from, 'from'), to: int(o.to, 'to'), count: count(o.items_number) };
		}
		case 'mycroft.session.list.remove': {
			const namespace = str(o.namespace, 'namespace');
			if (namespace === ACTIVE_SKILLS) {
				return { kind: 'stack.remove', position: int(o.position, 'position'), count: count(o.items_number) };
			}
			return { kind: 'list.remove', namespace, property: str(o.property, 'property'), position: int(o.position, 'position'), count: count(o.items_number) };
		}
		case 'mycroft.session.list.update':
			return {
				kind: 'list.update',
				namespace: str(o.namespace, 'namespace'),
				property: str(o.property, 'property'),
				position: int(o.position, 'position'),
				items: arrayOfObjects(payload(o.data, o.values), 'data')
			};
		case 'mycroft.gui.list.insert':
			return {
				kind: 'pages.insert',
				namespace: str(o.namespace, 'namespace'),
				position: int(o.position, 'position'),
				pages: arrayOfObjects(payload(o.data, o.values), 'data').map(pageRef)
			};
		case 'mycroft.gui.list.move':
			return { kind: 'pages.move', namespace: str(o.namespace, 'namespace'), from: int(o.from, 'from'), to: int(o.to, 'to'), count: count(o.items_number) };
		case 'mycroft.gui.list.remove':
			return { kind: 'pages.remove', namespace: str(o.namespace, 'namespace'), position: int(o.position, 'position'), count: count(o.items_number) };
		case 'mycroft.session.set': {
			const data = payload(o.data, o.values);
			if (!isObject(data)) throw new FieldError('field', data === undefined ? 'missing "data"' : '"data" must be an object');
			// Text too short to hold a list over the screen's cap: its data need not be walked for one.
			return { kind: 'data.set', namespace: str(o.namespace, 'namespace'), data: data as JsonObject, cut: rawLength < SHORTEST_CUT ? NO_CUTS : undefined };
		}
		case 'mycroft.session.delete':
			return { kind: 'data.delete', namespace: str(o.namespace, 'namespace'), property: str(o.property, 'property') };
		case 'mycroft.events.triggered': {
			const namespace = str(o.namespace, 'namespace');
			const name = str(o.event_name, 'event_name');
			// Server → client events carry `data`; accept `parameters` from servers that echo client shape.
			const data = o.data !== undefined ? o.data : o.parameters;
			if (name === PAGE_GAINED_FOCUS) {
				if (!isObject(data)) throw new FieldError('field', 'page_gained_focus needs a "data" object with "number"');
				return { kind: 'focus', namespace, number: int(data.number, 'number') };
			}
			return { kind: 'event', namespace, name, data: json(data) };
		}
		default:
			throw new FieldError('unknown-type', `unknown message type`);
	}
}

/**
 * A page item: `{url, page}` (ovos-gui ≥ 1.0), `{url}` only (≤ 0.2: name from the url's basename),
 * or `{url: "SYSTEM:Text.qml", page: "Text.qml"}` (the adapter servers that replace ovos-gui's own socket).
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
