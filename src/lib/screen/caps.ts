/**
 * How long a list the screen keeps. A real skill's lists hold tens of rows (a playlist a few
 * hundred); a hostile or broken server once sent 10⁶ and the renderer grew to ~10 GB. Every list
 * of a namespace's data — a key's value, a list nested anywhere inside it, the rows of a list op —
 * is cut to its first `MAX_LIST_ROWS` entries (protocol/json.ts), and the cut is recorded (where,
 * and what arrived) so the dashboard can say so. Event data is not kept as data and not cut (a
 * namespace keeps the last of 32 event names). Pure: the reducer applies it, and a frame decoded
 * off the main thread is cut there first, so what crosses back is small.
 */
import { MAX_LIST_ROWS, NO_CUTS, type GuiMessage, type Json, type JsonObject } from '../protocol';
import { withoutRepeats } from './list-ops';

/**
 * Most pages a namespace keeps. A skill shows a few (ovos-gui sets no limit); a hostile server
 * sent 100,000 in one frame, and every later page op copied them all. The first `MAX_PAGES` of
 * the server's list are kept and its length is recorded (`NamespaceState.pageTotal`), so later
 * indices mean what they mean to the server (list-ops.ts).
 */
export const MAX_PAGES = 1000;

/**
 * Most namespaces the stack keeps. A device has tens; a hostile server sent 20,000 in one frame,
 * and refusing such a frame left every later stack index off by its count. The first `MAX_STACK`
 * of the server's stack are kept (its top is what is shown) and its length is recorded (`ScreenState.stackTotal`), so later
 * indices mean what they mean to the server (list-ops.ts); a namespace pushed past the cap is
 * dropped with its pages and data, as one the server removed.
 */
export const MAX_STACK = 1000;

/**
 * The lists kept in part: path → how many entries the server's list has. A path is the data key,
 * then the keys and indices down to the list, joined by NUL (no JSON key the skills use holds one).
 */
export type Cuts = Readonly<Record<string, number>>;

export const pathOf = (segments: readonly (string | number)[]): string => segments.join('\u0000');

/**
 * `msg` with its lists cut to the cap: `data.set` carries `cut` (empty when nothing was), list
 * ops and page inserts carry `total` when their rows were cut. A `data.set` that has `cut` already (decode marks
 * frames too short to hold a long list) comes back as it is.
 */
export function capMessage(msg: GuiMessage): GuiMessage {
	switch (msg.kind) {
		case 'data.set': {
			if (msg.cut !== undefined) return msg;
			const cuts: Record<string, number> = {};
			let data: JsonObject | null = null;
			for (const key in msg.data) {
				const v = msg.data[key] as Json;
				if (typeof v !== 'object' || v === null) continue;
				const kept = capJson(v, key, cuts);
				if (kept !== v) {
					data ??= { ...msg.data };
					setOwn(data, key, kept);
				}
			}
			return { ...msg, data: data ?? msg.data, cut: data ? cuts : NO_CUTS };
		}
		case 'stack.insert': {
			if (msg.skills.length <= MAX_STACK || msg.total !== undefined) return msg;
			// The stack drops an insert's repeats (list-ops.ts), so they are not counted in what is cut.
			const skills = withoutRepeats(msg.skills, (id) => id);
			return skills.length > MAX_STACK ? { ...msg, skills: skills.slice(0, MAX_STACK), total: skills.length } : { ...msg, skills };
		}
		case 'pages.insert':
			return msg.pages.length > MAX_PAGES ? { ...msg, pages: msg.pages.slice(0, MAX_PAGES), total: msg.pages.length } : msg;
		case 'list.insert':
		case 'list.update':
			return msg.items.length > MAX_LIST_ROWS ? { ...msg, items: msg.items.slice(0, MAX_LIST_ROWS), total: msg.items.length } : msg;
		default:
			return msg;
	}
}

/**
 * `v` with every list longer than the cap cut, at any depth (the same value when none is); each
 * cut is written to `cuts` under its path. Walks only what it keeps, so a 100,000-row list costs
 * the rows kept, and recursion stops at the protocol's nesting limit, which decode enforces.
 */
function capJson(v: Json, path: string, cuts: Record<string, number>): Json {
	if (typeof v !== 'object' || v === null) return v;
	if (Array.isArray(v)) {
		let out: Json[] | null = null;
		if (v.length > MAX_LIST_ROWS) {
			cuts[path] = v.length;
			out = v.slice(0, MAX_LIST_ROWS);
		}
		const src = out ?? v;
		for (let i = 0; i < src.length; i++) {
			const x = src[i] as Json;
			if (typeof x !== 'object' || x === null) continue;
			const kept = capJson(x, `${path}\u0000${i}`, cuts);
			if (kept !== x) (out ??= v.slice(0, MAX_LIST_ROWS))[i] = kept;
		}
		return out ?? v;
	}
	let out: JsonObject | null = null;
	for (const key in v) {
		const x = v[key] as Json;
		if (typeof x !== 'object' || x === null) continue;
		const kept = capJson(x, `${path}\u0000${key}`, cuts);
		if (kept !== x) setOwn((out ??= { ...v }), key, kept);
	}
	return out ?? v;
}

/** A `__proto__` key from JSON.parse stays plain data. */
function setOwn(record: Record<string, Json>, key: string, value: Json): void {
	if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
	else record[key] = value;
}
