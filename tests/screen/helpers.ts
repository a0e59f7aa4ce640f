import { decode, type JsonObject } from '../../src/lib/protocol';
import { emptyState, reduce, type ScreenState } from '../../src/lib/screen';
import { toCanonical } from '../../src/lib/protocol';

export const AS = 'mycroft.system.active_skills';

/** Applies wire frames (objects as they would arrive) and collects the reducer's refusals. */
export function run(frames: JsonObject[], from: ScreenState = emptyState()) {
	const problems: string[] = [];
	let state = from;
	for (const f of frames) {
		const d = decode(JSON.stringify(f));
		if (!d.ok) throw new Error(`fixture does not decode: ${d.error.message}`);
		state = reduce(state, d.value, (p) => problems.push(p));
	}
	return { state, problems, canonical: JSON.parse(toCanonical(state)) as unknown };
}

export const stackInsert = (position: number, ...ids: string[]): JsonObject => ({
	type: 'mycroft.session.list.insert',
	namespace: AS,
	position,
	data: ids.map((skill_id) => ({ skill_id }))
});
export const stackMove = (from: number, to: number, items_number?: number): JsonObject => ({
	type: 'mycroft.session.list.move',
	namespace: AS,
	from,
	to,
	...(items_number === undefined ? {} : { items_number })
});
export const stackRemove = (position: number, items_number?: number): JsonObject => ({
	type: 'mycroft.session.list.remove',
	namespace: AS,
	position,
	...(items_number === undefined ? {} : { items_number })
});
export const pagesInsert = (namespace: string, position: number, ...pages: (string | [string, string | null])[]): JsonObject => ({
	type: 'mycroft.gui.list.insert',
	namespace,
	position,
	data: pages.map((p) => (typeof p === 'string' ? { url: `/c/${namespace}/qt5/${p}.qml`, page: p } : { url: p[1], page: p[0] }))
});
export const pagesRemove = (namespace: string, position: number, items_number = 1): JsonObject => ({
	type: 'mycroft.gui.list.remove',
	namespace,
	position,
	items_number
});
export const pagesMove = (namespace: string, from: number, to: number, items_number = 1): JsonObject => ({
	type: 'mycroft.gui.list.move',
	namespace,
	from,
	to,
	items_number
});
export const set = (namespace: string, data: JsonObject): JsonObject => ({ type: 'mycroft.session.set', namespace, data });
export const del = (namespace: string, property: string): JsonObject => ({ type: 'mycroft.session.delete', namespace, property });
export const focus = (namespace: string, number: number): JsonObject => ({
	type: 'mycroft.events.triggered',
	namespace,
	event_name: 'page_gained_focus',
	data: { number }
});
export const event = (namespace: string, event_name: string, data: JsonObject = {}): JsonObject => ({
	type: 'mycroft.events.triggered',
	namespace,
	event_name,
	data
});
