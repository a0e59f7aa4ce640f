/**
 * `reduce(state, msg)`: applies one decoded server → client message to the GUI model, with Qt's
 * validation and index rules (spec §4.2) and the deviations spec §7 recommends (placeholders for
 * unresolved pages, missing `items_number` = 1). Pure and total: an op that cannot apply returns the
 * same state and says why through `report`; nothing here throws on any decoded message.
 */
import { PAGE_GAINED_FOCUS, SYSTEM_NAMESPACE, type GuiMessage, type Json, type JsonObject } from '../protocol';
import { insertAt, moveBlock, removeAt, type ListOutcome } from './list-ops';
import { emptyNamespace, EVENT_NAMES_KEPT, LAST_EVENTS, type GuiEventRecord, type NamespaceState, type ScreenState } from './state';
import { nextStatus } from './status';

export type Report = (problem: string) => void;

const silent: Report = () => {};

/**
 * Most namespaces the stack may hold. A device has tens; a hostile server inserting 20,000 in one
 * frame must not make every later op copy a huge record.
 */
export const MAX_STACK = 1000;

export function reduce(state: ScreenState, msg: GuiMessage, report: Report = silent): ScreenState {
	switch (msg.kind) {
		case 'stack.insert': {
			// Linear in the frame: a Set for duplicates, one copy of the namespace record.
			const seen = new Set<string>();
			const fresh = msg.skills.filter((id) => !Object.hasOwn(state.namespaces, id) && !seen.has(id) && seen.add(id));
			if (state.stack.length + fresh.length > MAX_STACK) {
				return refuse(state, report, `stack insert: ${fresh.length} skills would grow the stack past ${MAX_STACK}`);
			}
			const stack = insertAt(state.stack, msg.position, fresh);
			if (typeof stack === 'string') return refuse(state, report, `stack insert: ${stack}`);
			if (stack === state.stack) return state;
			const namespaces = { ...state.namespaces };
			for (const id of fresh) setOwn(namespaces, id, emptyNamespace());
			return { ...state, stack, namespaces };
		}
		case 'stack.move': {
			const stack = moveBlock(state.stack, msg.from, msg.to, msg.count, state.stack.length - 1);
			if (typeof stack === 'string') return refuse(state, report, `stack move: ${stack}`);
			return stack === state.stack ? state : { ...state, stack };
		}
		case 'stack.remove': {
			const stack = removeAt(state.stack, msg.position, msg.count);
			if (typeof stack === 'string') return refuse(state, report, `stack remove: ${stack}`);
			if (stack === state.stack) return state;
			// A removed namespace takes its pages and data with it (Qt deletes both; so does the server).
			const namespaces = { ...state.namespaces };
			for (const id of state.stack.slice(msg.position, msg.position + msg.count)) delete namespaces[id];
			return { ...state, stack, namespaces };
		}
		case 'pages.insert':
			return withNamespace(state, msg.namespace, report, 'page insert', (ns) => {
				const pages = insertAt(ns.pages, msg.position, msg.pages);
				if (typeof pages === 'string') return pages;
				// Qt jumps to the first inserted page; the server's focus event that follows wins.
				return pages === ns.pages ? ns : { ...ns, pages, currentPage: msg.position };
			});
		case 'pages.remove':
			return withNamespace(state, msg.namespace, report, 'page remove', (ns) => {
				const pages = removeAt(ns.pages, msg.position, msg.count);
				if (typeof pages === 'string') return pages;
				// Neither Qt nor the server re-points the current page on removal; keep it in range.
				return pages === ns.pages ? ns : { ...ns, pages, currentPage: clampPage(ns.currentPage, pages.length) };
			});
		case 'pages.move':
			return withNamespace(state, msg.namespace, report, 'page move', (ns) => {
				const pages = moveBlock(ns.pages, msg.from, msg.to, msg.count, ns.pages.length - 1);
				if (typeof pages === 'string') return pages;
				if (pages === ns.pages) return ns;
				const shown = ns.currentPage === null ? undefined : ns.pages[ns.currentPage];
				return { ...ns, pages, currentPage: shown ? pages.indexOf(shown) : ns.currentPage };
			});
		case 'focus':
			return withNamespace(state, msg.namespace, report, 'page_gained_focus', (ns) => {
				if (msg.number < 0 || msg.number >= ns.pages.length) {
					return `page ${msg.number} outside 0..${ns.pages.length - 1}`;
				}
				// Counted as an event of the namespace too: a server focus is also sent for a page shown
				// again as it is (a re-show), which a page may need to tell from a data change.
				const events = withEvent(ns.events, PAGE_GAINED_FOCUS, { number: msg.number });
				return { pages: ns.pages, currentPage: msg.number, data: ns.data, events };
			});
		case 'data.set': {
			// The most frequent message by far: no closure, one copy of the data record.
			const ns = Object.hasOwn(state.namespaces, msg.namespace) ? state.namespaces[msg.namespace] : undefined;
			if (ns === undefined) return refuse(state, report, `session.set: namespace ${msg.namespace} is not active`);
			for (const _ in msg.data) {
				// Spread defines own properties, so a `__proto__` key from JSON.parse stays plain data.
				const data = { ...ns.data, ...msg.data };
				return withNs(state, msg.namespace, { pages: ns.pages, currentPage: ns.currentPage, data, events: ns.events });
			}
			return state;
		}
		case 'data.delete':
			return withNamespace(state, msg.namespace, report, 'session.delete', (ns) => {
				if (!Object.hasOwn(ns.data, msg.property)) return ns;
				const data = { ...ns.data };
				delete data[msg.property];
				return { ...ns, data };
			});
		case 'list.insert':
			return withList(state, msg.namespace, msg.property, report, 'list insert', true, (rows) =>
				insertAt(rows, msg.position, msg.items)
			);
		case 'list.update':
			return withList(state, msg.namespace, msg.property, report, 'list update', false, (rows) => {
				if (msg.position < 0 || msg.position + msg.items.length > rows.length) {
					return `rows ${msg.position}..${msg.position + msg.items.length - 1} outside 0..${rows.length - 1}`;
				}
				// Qt fixes a model's roles from its first row; other keys in an update do not take effect.
				const roles = Object.keys(rows[0] ?? {});
				const next = rows.slice();
				msg.items.forEach((item, i) => {
					let row = rows[msg.position + i] as JsonObject;
					for (const role of roles) if (Object.hasOwn(item, role)) row = withKey(row, role, item[role] as Json);
					next[msg.position + i] = row;
				});
				return next;
			});
		case 'list.move':
			return withList(state, msg.namespace, msg.property, report, 'list move', false, (rows) =>
				moveBlock(rows, msg.from, msg.to, msg.count, rows.length)
			);
		case 'list.remove':
			return withList(state, msg.namespace, msg.property, report, 'list remove', false, (rows) =>
				removeAt(rows, msg.position, msg.count)
			);
		case 'event': {
			if (msg.namespace === SYSTEM_NAMESPACE) {
				// Forwarded status events drive the cue; the wire log keeps them, so they stay out of lastEvents.
				const status = nextStatus(state.status, msg.name, msg.data);
				return status === state.status ? state : { stack: state.stack, namespaces: state.namespaces, status, lastEvents: state.lastEvents };
			}
			// Qt drops events for namespaces that are not active (spec §6.14).
			if (!Object.hasOwn(state.namespaces, msg.namespace)) {
				return refuse(state, report, `event ${msg.name}: namespace ${msg.namespace} is not active`);
			}
			const lastEvents = state.lastEvents.length < LAST_EVENTS ? state.lastEvents.slice() : state.lastEvents.slice(1);
			lastEvents.push({ namespace: msg.namespace, name: msg.name, data: msg.data });
			const ns = state.namespaces[msg.namespace] as NamespaceState;
			const namespaces = withKey(state.namespaces, msg.namespace, { ...ns, events: withEvent(ns.events, msg.name, msg.data) });
			return { stack: state.stack, namespaces, status: state.status, lastEvents };
		}
	}
}

function withEvent(events: NamespaceState['events'], name: string, data: Json): NamespaceState['events'] {
	const seq = (Object.hasOwn(events, name) ? (events[name] as GuiEventRecord).seq : 0) + 1;
	let kept = events;
	if (!Object.hasOwn(events, name) && Object.keys(events).length >= EVENT_NAMES_KEPT) {
		kept = { ...events };
		delete (kept as Record<string, GuiEventRecord>)[Object.keys(events)[0] as string];
	}
	return withKey(kept, name, { data, seq });
}

function refuse(state: ScreenState, report: Report, problem: string): ScreenState {
	report(problem);
	return state;
}

/**
 * Records are plain objects (fast in V8, unlike prototype-less ones) read with `Object.hasOwn`,
 * never `in`. Writes go through `setOwn` so a `__proto__` key is stored as data, not as a prototype.
 */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
	if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
	else record[key] = value;
}

function withKey<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
	const out = { ...record };
	setOwn(out, key, value);
	return out;
}

/** `state` with namespace `id` replaced; an explicit literal keeps every state one shape. */
function withNs(state: ScreenState, id: string, ns: NamespaceState): ScreenState {
	return { stack: state.stack, namespaces: withKey(state.namespaces, id, ns), status: state.status, lastEvents: state.lastEvents };
}

function clampPage(current: number | null, length: number): number | null {
	if (length === 0) return null;
	return current === null ? 0 : Math.min(current, length - 1);
}

/** Applies `edit` to an active namespace; a string result is a refusal. */
function withNamespace(
	state: ScreenState,
	id: string,
	report: Report,
	op: string,
	edit: (ns: NamespaceState) => NamespaceState | string
): ScreenState {
	const ns = Object.hasOwn(state.namespaces, id) ? state.namespaces[id] : undefined;
	// Qt keeps pages and data only for active namespaces; anything else is dropped (spec §4.2).
	if (ns === undefined) return refuse(state, report, `${op}: namespace ${id} is not active`);
	const next = edit(ns);
	if (typeof next === 'string') return refuse(state, report, `${op} on ${id}: ${next}`);
	if (next === ns) return state;
	return withNs(state, id, next);
}

/** Applies a list op to the array of objects under `data[property]`. */
function withList(
	state: ScreenState,
	id: string,
	property: string,
	report: Report,
	op: string,
	create: boolean,
	edit: (rows: readonly JsonObject[]) => ListOutcome<JsonObject>
): ScreenState {
	return withNamespace(state, id, report, `${op} ${property}`, (ns) => {
		const current = Object.hasOwn(ns.data, property) ? ns.data[property] : undefined;
		let rows: readonly JsonObject[];
		if (Array.isArray(current)) rows = current as JsonObject[];
		else if (create) rows = []; // Qt creates the model when the key holds none.
		else return 'no list under that key';
		const next = edit(rows);
		if (typeof next === 'string') return next;
		if (next === rows && Array.isArray(current)) return ns;
		return { ...ns, data: withKey(ns.data, property, next as Json[]) };
	});
}
