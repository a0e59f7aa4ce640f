/**
 * `encodeGui(msg)`: a decoded server → client message back into a wire frame that `decode` turns into
 * the same message. The dashboard writes a frame this way when it no longer holds the frame's own
 * text: one decoded in the GUI socket's worker, of which the page keeps only the start
 * (connection/socket-frames.ts).
 *
 * Such a message may have been cut to the screen's caps (`total`, `cut`). The rows the cap dropped
 * are gone, so they are written as placeholders (`null`, `{}`, a nameless page, a skill id no
 * server uses) that the same caps drop again: the frame replays to the rows the screen kept and to
 * the lengths the server sent, so later indices mean what they meant live.
 */
import type { Json, JsonObject } from './json';
import { ACTIVE_SKILLS, PAGE_GAINED_FOCUS, type GuiMessage } from './types';

export function encodeGui(msg: GuiMessage): string {
	return JSON.stringify(wireOf(msg));
}

function wireOf(msg: GuiMessage): JsonObject {
	switch (msg.kind) {
		case 'stack.insert':
			return { type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS, position: msg.position, data: skillRows(msg.skills, msg.total) };
		case 'stack.move':
			return { type: 'mycroft.session.list.move', namespace: ACTIVE_SKILLS, from: msg.from, to: msg.to, items_number: msg.count };
		case 'stack.remove':
			return { type: 'mycroft.session.list.remove', namespace: ACTIVE_SKILLS, position: msg.position, items_number: msg.count };
		case 'pages.insert': {
			const data: JsonObject[] = msg.pages.map((p) => ({ url: p.url, page: p.name }));
			return { type: 'mycroft.gui.list.insert', namespace: msg.namespace, position: msg.position, data: padded(data, msg.total, { url: null }) };
		}
		case 'pages.move':
			return { type: 'mycroft.gui.list.move', namespace: msg.namespace, from: msg.from, to: msg.to, items_number: msg.count };
		case 'pages.remove':
			return { type: 'mycroft.gui.list.remove', namespace: msg.namespace, position: msg.position, items_number: msg.count };
		case 'data.set':
			return { type: 'mycroft.session.set', namespace: msg.namespace, data: msg.cut ? withCutRows(msg.data, msg.cut) : msg.data };
		case 'data.delete':
			return { type: 'mycroft.session.delete', namespace: msg.namespace, property: msg.property };
		case 'list.insert':
		case 'list.update': {
			const type = msg.kind === 'list.insert' ? 'mycroft.session.list.insert' : 'mycroft.session.list.update';
			return { type, namespace: msg.namespace, property: msg.property, position: msg.position, data: padded(msg.items, msg.total, {}) };
		}
		case 'list.move':
			return { type: 'mycroft.session.list.move', namespace: msg.namespace, property: msg.property, from: msg.from, to: msg.to, items_number: msg.count };
		case 'list.remove':
			return { type: 'mycroft.session.list.remove', namespace: msg.namespace, property: msg.property, position: msg.position, items_number: msg.count };
		case 'focus':
			return { type: 'mycroft.events.triggered', namespace: msg.namespace, event_name: PAGE_GAINED_FOCUS, data: { number: msg.number } };
		case 'event':
			return { type: 'mycroft.events.triggered', namespace: msg.namespace, event_name: msg.name, data: msg.data };
	}
}

/** `rows` followed by `filler` up to `total` entries. */
function padded(rows: readonly Json[], total: number | undefined, filler: Json): Json[] {
	const out = rows.slice();
	while (out.length < (total ?? 0)) out.push(filler);
	return out;
}

/**
 * The stack cap counts an insert's skills without repeats, so each placeholder is an id of its own,
 * none of them one the frame kept.
 */
function skillRows(skills: readonly string[], total: number | undefined): JsonObject[] {
	const rows: JsonObject[] = skills.map((id) => ({ skill_id: id }));
	const kept = new Set(skills);
	for (let i = 0; rows.length < (total ?? 0); i++) {
		const id = `\u0000cut ${i}`;
		if (!kept.has(id)) rows.push({ skill_id: id });
	}
	return rows;
}

/**
 * `data` with each list the cap cut (`cut`: the data key, then keys and indices down to the list,
 * joined by NUL → the list's length as sent) padded with `null` back to that length. Only the
 * containers on those paths are copied.
 */
function withCutRows(data: Readonly<JsonObject>, cut: Readonly<Record<string, number>>): JsonObject {
	const copies = new Set<object>();
	const root: JsonObject = { ...data };
	copies.add(root);
	for (const path in cut) {
		const segments = path.split('\u0000');
		let node: Json = root;
		for (const seg of segments) {
			if (typeof node !== 'object' || node === null) break;
			const parent: Json[] | JsonObject = node;
			const child: Json | undefined = Array.isArray(parent) ? parent[Number(seg)] : parent[seg];
			if (typeof child !== 'object' || child === null) {
				node = null;
				break;
			}
			const copy: Json[] | JsonObject = copies.has(child) ? child : Array.isArray(child) ? child.slice() : { ...child };
			copies.add(copy);
			if (Array.isArray(parent)) parent[Number(seg)] = copy;
			else Object.defineProperty(parent, seg, { value: copy, writable: true, enumerable: true, configurable: true });
			node = copy;
		}
		if (Array.isArray(node)) {
			const total = cut[path] as number;
			while (node.length < total) node.push(null);
		}
	}
	return root;
}
