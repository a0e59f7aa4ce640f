/**
 * What changed between two models: the diff panel of time travel ("what did message N do") and
 * the key paths the data tree flashes. Plain data in, plain data out.
 */
import type { Json } from '../protocol';
import { nsOf, type ScreenState } from '../screen';

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface Change {
	/** Human path, e.g. `stack`, `skill-x › pages`, `skill-x › data › title`. */
	readonly path: string;
	readonly kind: ChangeKind;
	readonly before?: Json;
	readonly after?: Json;
}

const SEP = ' › ';

export function diffStates(a: ScreenState, b: ScreenState): Change[] {
	const out: Change[] = [];
	if (a === b) return out;
	if (!sameJson(a.stack as Json, b.stack as Json)) out.push({ path: 'stack', kind: 'changed', before: [...a.stack], after: [...b.stack] });
	const ids = union(Object.keys(a.namespaces), Object.keys(b.namespaces));
	for (const id of ids) {
		const x = nsOf(a, id);
		const y = nsOf(b, id);
		if (x === y) continue;
		if (!x) {
			out.push({ path: id, kind: 'added', after: nsJson(y) });
			continue;
		}
		if (!y) {
			out.push({ path: id, kind: 'removed', before: nsJson(x) });
			continue;
		}
		const pa = x.pages.map((p) => ({ page: p.name, url: p.url }));
		const pb = y.pages.map((p) => ({ page: p.name, url: p.url }));
		if (!sameJson(pa, pb)) out.push({ path: id + SEP + 'pages', kind: 'changed', before: pa, after: pb });
		if (x.currentPage !== y.currentPage) {
			out.push({ path: id + SEP + 'currentPage', kind: 'changed', before: x.currentPage, after: y.currentPage });
		}
		for (const c of diffJson(x.data as Json, y.data as Json, id + SEP + 'data')) out.push(c);
	}
	const sa = a.status as unknown as Record<string, Json>;
	const sb = b.status as unknown as Record<string, Json>;
	for (const k of Object.keys(sb)) {
		if (sa[k] !== sb[k]) out.push({ path: 'status' + SEP + k, kind: 'changed', before: sa[k], after: sb[k] });
	}
	// States from separate replays share no objects, so compare the event lists by value.
	if (a.lastEvents !== b.lastEvents && JSON.stringify(a.lastEvents) !== JSON.stringify(b.lastEvents)) {
		const ev = b.lastEvents[b.lastEvents.length - 1];
		if (ev) {
			out.push({ path: 'event', kind: 'added', after: { namespace: ev.namespace, name: ev.name, data: ev.data } });
		}
	}
	return out;
}

/** Key-level changes between two JSON values: objects recurse, anything else compares whole. */
export function diffJson(a: Json | undefined, b: Json | undefined, path: string, depth = 0): Change[] {
	if (a === b) return [];
	if (isPlain(a) && isPlain(b) && depth < 8) {
		const out: Change[] = [];
		for (const k of union(Object.keys(a), Object.keys(b))) {
			const has = Object.hasOwn(a, k);
			const now = Object.hasOwn(b, k);
			if (!has) out.push({ path: path + SEP + k, kind: 'added', after: b[k] });
			else if (!now) out.push({ path: path + SEP + k, kind: 'removed', before: a[k] });
			else for (const c of diffJson(a[k], b[k], path + SEP + k, depth + 1)) out.push(c);
		}
		return out;
	}
	if (a !== undefined && b !== undefined && sameJson(a, b)) return [];
	if (a === undefined) return [{ path, kind: 'added', after: b }];
	if (b === undefined) return [{ path, kind: 'removed', before: a }];
	return [{ path, kind: 'changed', before: a, after: b }];
}

/** Past this many changed children a container flashes as a whole (its rows would be a blur anyway). */
const FLASH_CHILDREN_MAX = 50;

/**
 * Paths (as key arrays joined by `\u0000`) whose value differs between `a` and `b`, for the tree to
 * flash. Ancestors of a changed key are not listed. Unchanged subtrees are skipped by reference (the
 * reducer keeps them), so the cost follows what changed, not how big the data is: one row updated in
 * a 100,000-row list flashes that row after a scan of references.
 */
export function changedPaths(a: Json | undefined, b: Json | undefined, prefix: readonly string[] = [], out: Set<string> = new Set(), depth = 0): Set<string> {
	if (a === b) return out;
	const kind = containerKind(a);
	if (kind !== null && kind === containerKind(b) && depth < 8) {
		const differing = differingChildren(a as Container, b as Container, kind);
		if (differing === null) out.add(pathKey(prefix));
		else for (const k of differing) changedPaths(childOf(a as Container, k), childOf(b as Container, k), [...prefix, k], out, depth + 1);
		return out;
	}
	out.add(pathKey(prefix));
	return out;
}

type Container = Json[] | { [k: string]: Json };

function containerKind(v: Json | undefined): 'array' | 'object' | null {
	if (typeof v !== 'object' || v === null) return null;
	return Array.isArray(v) ? 'array' : 'object';
}

function childOf(v: Container, k: string): Json | undefined {
	return Object.hasOwn(v, k) ? (v as Record<string, Json>)[k] : undefined;
}

/** Keys of `b` whose value is not the same as in `a` (by reference), or null when too many differ. */
function differingChildren(a: Container, b: Container, kind: 'array' | 'object'): string[] | null {
	const out: string[] = [];
	if (kind === 'array') {
		const x = a as Json[];
		const y = b as Json[];
		for (let i = 0; i < y.length; i++) {
			if (i >= x.length || x[i] !== y[i]) {
				if (out.push(String(i)) > FLASH_CHILDREN_MAX) return null;
			}
		}
		return out;
	}
	const x = a as Record<string, Json>;
	const y = b as Record<string, Json>;
	for (const k of Object.keys(y)) {
		if (!Object.hasOwn(x, k) || x[k] !== y[k]) {
			if (out.push(k) > FLASH_CHILDREN_MAX) return null;
		}
	}
	return out;
}

export function pathKey(path: readonly string[]): string {
	return path.join('\u0000');
}

function nsJson(ns: ScreenState['namespaces'][string] | undefined): Json {
	if (!ns) return null;
	return { pages: ns.pages.map((p) => ({ page: p.name, url: p.url })), currentPage: ns.currentPage, data: ns.data as Json };
}

function isPlain(v: Json | undefined): v is { [k: string]: Json } {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function union(a: string[], b: string[]): string[] {
	const seen = new Set(a);
	const out = [...a];
	for (const k of b) if (!seen.has(k)) out.push(k);
	return out;
}

function sameJson(a: Json, b: Json): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i] as Json));
	const ka = Object.keys(a);
	const ob = b as { [k: string]: Json };
	const oa = a as { [k: string]: Json };
	return ka.length === Object.keys(ob).length && ka.every((k) => Object.hasOwn(ob, k) && sameJson(oa[k] as Json, ob[k] as Json));
}

/**
 * Per namespace on the stack, the data paths that changed between two states (for the flash).
 * A Map, so namespace ids like `constructor` or `__proto__` are just keys.
 */
export function dataFlashes(before: ScreenState, after: ScreenState): Map<string, ReadonlySet<string>> {
	const out = new Map<string, ReadonlySet<string>>();
	for (const id of after.stack) {
		const a = nsOf(before, id)?.data as Json | undefined;
		const b = nsOf(after, id)?.data as Json | undefined;
		if (a === undefined || a === b) continue;
		const paths = changedPaths(a, b);
		if (paths.size > 0) out.set(id, paths);
	}
	return out;
}
