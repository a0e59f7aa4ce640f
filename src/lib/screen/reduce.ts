/**
 * `reduce(state, msg)`: applies one decoded server → client message to the GUI model, with Qt's
 * validation and index rules (spec §4.2) and the deviations spec §7 recommends (placeholders for
 * unresolved pages, missing `items_number` = 1). Pure and total: an op that cannot apply returns the
 * same state and says why through `report`; nothing here throws on any decoded message.
 */
import { MAX_LIST_ROWS, NO_CUTS, PAGE_GAINED_FOCUS, SYSTEM_NAMESPACE, type GuiMessage, type Json, type JsonObject, type PageRef } from '../protocol';
import { capMessage, MAX_PAGES, MAX_STACK, type Cuts } from './caps';
import { insertKept, insertMovingKept, insertUniqueKept, moveKept, removeKept, type Kept, type KeptOutcome } from './list-ops';
import { emptyNamespace, EVENT_NAMES_KEPT, LAST_EVENTS, type GuiEventRecord, type NamespaceState, type ScreenState } from './state';
import { nextStatus } from './status';

export type Report = (problem: string) => void;

const silent: Report = () => {};

export function reduce(state: ScreenState, msg: GuiMessage, report: Report = silent): ScreenState {
	switch (msg.kind) {
		case 'stack.insert': {
			const m = capMessage(msg) as typeof msg;
			// One record per id: an id the stack holds moves (ovos-gui's replay race, list-ops.ts).
			const next = insertMovingKept(stackOf(state), m.position, m.skills, (id) => id, MAX_STACK, m.total ?? m.skills.length);
			if (typeof next === 'string') return refuse(state, report, `stack insert: ${next}`);
			if (next.rows === state.stack && next.length === state.stackTotal) return state;
			return stateOf(next.rows, next.length, namespacesOf(next.rows, state.namespaces), state.status, state.lastEvents);
		}
		case 'stack.move': {
			const next = moveKept(stackOf(state), msg.from, msg.to, msg.count, state.stackTotal - 1);
			if (typeof next === 'string') return refuse(state, report, `stack move: ${next}`);
			if (next.rows === state.stack) return state;
			// One brought to the top from past the kept ones ends the kept ones: those after it go.
			const namespaces = next.rows.length === state.stack.length ? state.namespaces : namespacesOf(next.rows, state.namespaces);
			return stateOf(next.rows, next.length, namespaces, state.status, state.lastEvents);
		}
		case 'stack.remove': {
			const next = removeKept(stackOf(state), msg.position, msg.count);
			if (typeof next === 'string') return refuse(state, report, `stack remove: ${next}`);
			if (next.rows === state.stack && next.length === state.stackTotal) return state;
			// A removed namespace takes its pages and data with it (Qt deletes both; so does the server).
			const namespaces = next.rows === state.stack ? state.namespaces : without(state.namespaces, new Set(state.stack.slice(msg.position, msg.position + msg.count)));
			return stateOf(next.rows, next.length, namespaces, state.status, state.lastEvents);
		}
		case 'pages.insert': {
			const m = capMessage(msg) as typeof msg;
			return withNamespace(state, m.namespace, report, 'page insert', (ns) => {
				// A page the namespace already holds is not inserted again (ovos-gui's rule; its replay race).
				const next = insertUniqueKept(pagesOf(ns), m.position, m.pages, pageName, MAX_PAGES, m.total ?? m.pages.length);
				if (typeof next === 'string') return next;
				if (next.rows === ns.pages && next.length === ns.pageTotal) return ns;
				// Qt jumps to the first inserted page; the server's focus event that follows wins. One
				// past the kept pages cannot be shown: the current page stays.
				const current = m.position < next.rows.length ? m.position : clampPage(ns.currentPage, next.rows.length);
				return nsOf(next.rows, next.length, current, ns.data, ns.events, ns.cuts);
			});
		}
		case 'pages.remove':
			return withNamespace(state, msg.namespace, report, 'page remove', (ns) => {
				const next = removeKept(pagesOf(ns), msg.position, msg.count);
				if (typeof next === 'string') return next;
				if (next.rows === ns.pages && next.length === ns.pageTotal) return ns;
				// Neither Qt nor the server re-points the current page on removal; keep it in range.
				return nsOf(next.rows, next.length, clampPage(ns.currentPage, next.rows.length), ns.data, ns.events, ns.cuts);
			});
		case 'pages.move':
			return withNamespace(state, msg.namespace, report, 'page move', (ns) => {
				const next = moveKept(pagesOf(ns), msg.from, msg.to, msg.count, ns.pageTotal - 1);
				if (typeof next === 'string') return next;
				if (next.rows === ns.pages) return ns;
				// The shown page keeps being shown where it went; moved past the kept pages, it cannot be.
				const shown = ns.currentPage === null ? undefined : ns.pages[ns.currentPage];
				const at = shown ? next.rows.indexOf(shown) : -1;
				return nsOf(next.rows, next.length, at >= 0 ? at : clampPage(ns.currentPage, next.rows.length), ns.data, ns.events, ns.cuts);
			});
		case 'focus':
			return withNamespace(state, msg.namespace, report, 'page_gained_focus', (ns) => {
				if (msg.number < 0 || msg.number >= ns.pageTotal) {
					return `page ${msg.number} outside 0..${ns.pageTotal - 1}`;
				}
				if (msg.number >= ns.pages.length) return `page ${msg.number} is past the ${ns.pages.length} pages kept`;
				// Counted as an event of the namespace too: a server focus is also sent for a page shown
				// again as it is (a re-show), which a page may need to tell from a data change.
				const events = withEvent(ns.events, PAGE_GAINED_FOCUS, { number: msg.number });
				return nsOf(ns.pages, ns.pageTotal, msg.number, ns.data, events, ns.cuts);
			});
		case 'data.set': {
			// The most frequent message by far: no closure, one copy of the data record.
			const ns = Object.hasOwn(state.namespaces, msg.namespace) ? state.namespaces[msg.namespace] : undefined;
			if (ns === undefined) return refuse(state, report, `session.set: namespace ${msg.namespace} is not active`);
			const m = msg.cut === undefined ? (capMessage(msg) as typeof msg) : msg;
			for (const _ in m.data) {
				// A copy of the record, then the frame's keys written in: mostly keys it has, so the copy
				// keeps its shape (a second spread costs more). setOwn keeps a `__proto__` key plain data.
				const data = { ...ns.data };
				for (const key in m.data) setOwn(data, key, m.data[key] as Json);
				const cuts = ns.cuts === NO_CUTS && m.cut === NO_CUTS ? NO_CUTS : withCuts(ns.cuts, Object.keys(m.data), m.cut);
				return withNs(state, msg.namespace, nsOf(ns.pages, ns.pageTotal, ns.currentPage, data, ns.events, cuts));
			}
			return state;
		}
		case 'data.delete':
			return withNamespace(state, msg.namespace, report, 'session.delete', (ns) => {
				if (!Object.hasOwn(ns.data, msg.property)) return ns;
				return nsOf(ns.pages, ns.pageTotal, ns.currentPage, without(ns.data, msg.property), ns.events, withCuts(ns.cuts, [msg.property]));
			});
		case 'list.insert': {
			const m = capMessage(msg) as typeof msg;
			return withList(state, m.namespace, m.property, report, 'list insert', true, (list) =>
				insertKept(list, m.position, m.items, MAX_LIST_ROWS, m.total ?? m.items.length)
			);
		}
		case 'list.update': {
			const m = capMessage(msg) as typeof msg;
			const count = m.total ?? m.items.length;
			return withList(state, m.namespace, m.property, report, 'list update', false, (list) => {
				if (m.position < 0 || m.position + count > list.length) {
					return `rows ${m.position}..${m.position + count - 1} outside 0..${list.length - 1}`;
				}
				// Qt fixes a model's roles from its first row; other keys in an update do not take effect.
				const { rows } = list;
				const roles = Object.keys(rows[0] ?? {});
				const next = rows.slice();
				// Rows past the kept ones are not known here: their updates have nothing to change.
				for (let i = 0; i < m.items.length && m.position + i < rows.length; i++) {
					const item = m.items[i] as JsonObject;
					let row = rows[m.position + i] as JsonObject;
					for (const role of roles) if (Object.hasOwn(item, role)) row = withKey(row, role, item[role] as Json);
					next[m.position + i] = row;
				}
				return { rows: next, length: list.length };
			});
		}
		case 'list.move':
			return withList(state, msg.namespace, msg.property, report, 'list move', false, (list) =>
				moveKept(list, msg.from, msg.to, msg.count, list.length)
			);
		case 'list.remove':
			return withList(state, msg.namespace, msg.property, report, 'list remove', false, (list) =>
				removeKept(list, msg.position, msg.count)
			);
		case 'event': {
			if (msg.namespace === SYSTEM_NAMESPACE) {
				// Forwarded status events drive the cue; the wire log keeps them, so they stay out of lastEvents.
				const status = nextStatus(state.status, msg.name, msg.data);
				return status === state.status ? state : stateOf(state.stack, state.stackTotal, state.namespaces, status, state.lastEvents);
			}
			// Qt drops events for namespaces that are not active (spec §6.14).
			if (!Object.hasOwn(state.namespaces, msg.namespace)) {
				return refuse(state, report, `event ${msg.name}: namespace ${msg.namespace} is not active`);
			}
			const lastEvents = state.lastEvents.length < LAST_EVENTS ? state.lastEvents.slice() : state.lastEvents.slice(1);
			lastEvents.push({ namespace: msg.namespace, name: msg.name, data: msg.data });
			const ns = state.namespaces[msg.namespace] as NamespaceState;
			const namespaces = withKey(state.namespaces, msg.namespace, nsOf(ns.pages, ns.pageTotal, ns.currentPage, ns.data, withEvent(ns.events, msg.name, msg.data), ns.cuts));
			return stateOf(state.stack, state.stackTotal, namespaces, state.status, lastEvents);
		}
	}
}

const pageName = (p: PageRef) => p.name;

/** The stack as list-ops keeps it: the first of the server's `stackTotal`. */
const stackOf = (state: ScreenState): Kept<string> => ({ rows: state.stack, length: state.stackTotal });

/** The records of the namespaces `stack` holds: those kept, and an empty one for each new id. */
function namespacesOf(stack: readonly string[], old: ScreenState['namespaces']): Record<string, NamespaceState> {
	const out: Record<string, NamespaceState> = {};
	for (const id of stack) setOwn(out, id, Object.hasOwn(old, id) ? (old[id] as NamespaceState) : emptyNamespace());
	return out;
}

/** A namespace's pages as list-ops keeps them: the first of the server's `pageTotal`. */
const pagesOf = (ns: NamespaceState): Kept<PageRef> => ({ rows: ns.pages, length: ns.pageTotal });

function withEvent(events: NamespaceState['events'], name: string, data: Json): NamespaceState['events'] {
	const held = Object.hasOwn(events, name);
	const seq = (held ? (events[name] as GuiEventRecord).seq : 0) + 1;
	let kept = events;
	if (!held && Object.keys(events).length >= EVENT_NAMES_KEPT) {
		kept = without(events, Object.keys(events)[0] as string);
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

/**
 * `record` without `gone`, built anew: `delete` would turn a record into a slow dictionary that every
 * later copy of it pays for (the namespaces after a skill leaves, a namespace's data after a delete).
 */
function without<T>(record: Readonly<Record<string, T>>, gone: ReadonlySet<string> | string): Record<string, T> {
	const out: Record<string, T> = {};
	if (typeof gone === 'string') {
		for (const key in record) if (key !== gone) setOwn(out, key, record[key] as T);
	} else {
		for (const key in record) if (!gone.has(key)) setOwn(out, key, record[key] as T);
	}
	return out;
}

function withKey<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
	const out = { ...record };
	setOwn(out, key, value);
	return out;
}

/** `state` with namespace `id` replaced. */
function withNs(state: ScreenState, id: string, ns: NamespaceState): ScreenState {
	return stateOf(state.stack, state.stackTotal, withKey(state.namespaces, id, ns), state.status, state.lastEvents);
}

/**
 * New states and namespaces are built by these, never by spreading an old one with changes: one
 * literal gives every record one shape (V8 keeps a spread's copy in another), so the reads of
 * them stay monomorphic.
 */
function stateOf(stack: ScreenState['stack'], stackTotal: number, namespaces: ScreenState['namespaces'], status: ScreenState['status'], lastEvents: ScreenState['lastEvents']): ScreenState {
	return { stack, stackTotal, namespaces, status, lastEvents };
}

function nsOf(pages: NamespaceState['pages'], pageTotal: number, currentPage: NamespaceState['currentPage'], data: NamespaceState['data'], events: NamespaceState['events'], cuts: NamespaceState['cuts']): NamespaceState {
	return { pages, pageTotal, currentPage, data, events, cuts };
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

/**
 * Applies a list op to the array of objects under `data[property]`: to the rows kept of it, with
 * the server's length when the cap cut it (`cuts[property]`).
 */
function withList(
	state: ScreenState,
	id: string,
	property: string,
	report: Report,
	op: string,
	create: boolean,
	edit: (list: Kept<JsonObject>) => KeptOutcome<JsonObject>
): ScreenState {
	return withNamespace(state, id, report, `${op} ${property}`, (ns) => {
		const current = Object.hasOwn(ns.data, property) ? ns.data[property] : undefined;
		let rows: readonly JsonObject[];
		if (Array.isArray(current)) rows = current as JsonObject[];
		else if (create) rows = []; // Qt creates the model when the key holds none.
		else return 'no list under that key';
		const list: Kept<JsonObject> = { rows, length: Object.hasOwn(ns.cuts, property) ? (ns.cuts[property] as number) : rows.length };
		const next = edit(list);
		if (typeof next === 'string') return next;
		if (next === list && Array.isArray(current)) return ns;
		const cuts = ns.cuts === NO_CUTS && next.length === next.rows.length ? NO_CUTS : withCuts(ns.cuts, [property], next.length > next.rows.length ? { [property]: next.length } : NO_CUTS);
		return nsOf(ns.pages, ns.pageTotal, ns.currentPage, withKey(ns.data, property, next.rows as Json[]), ns.events, cuts);
	});
}

/**
 * `cuts` without those under the data keys `replaced` (their lists are new, or their rows moved,
 * so what was cut inside them is not where it was), plus `added`.
 */
function withCuts(cuts: Cuts, replaced: readonly string[], added: Cuts = NO_CUTS): Cuts {
	if (cuts === NO_CUTS && added === NO_CUTS) return NO_CUTS;
	const out: Record<string, number> = {};
	const gone = new Set(replaced);
	for (const path in cuts) {
		const end = path.indexOf('\u0000');
		if (!gone.has(end < 0 ? path : path.slice(0, end))) setOwn(out, path, cuts[path] as number);
	}
	for (const path in added) setOwn(out, path, added[path] as number);
	for (const _ in out) return out;
	return NO_CUTS;
}
