/**
 * The canonical JSON form of a GUI model, shared by the replay tool, the simulator and the tests:
 * `{"stack": [...top first], "namespaces": {id: {"pages": [{"page", "url"}], "currentPage", "data"}}}`
 * with object keys sorted at every depth so equal states print equal strings.
 */
import type { Json } from './json';
import type { PageRef } from './types';

export interface CanonicalNamespace {
	readonly pages: readonly PageRef[];
	readonly currentPage: number | null;
	readonly data: Readonly<Record<string, Json>>;
}

export interface CanonicalSource {
	readonly stack: readonly string[];
	readonly namespaces: Readonly<Record<string, CanonicalNamespace>>;
}

export function toCanonical(state: CanonicalSource): string {
	const namespaces: Record<string, Json> = Object.create(null);
	for (const id of [...state.stack].sort()) {
		const ns = Object.hasOwn(state.namespaces, id) ? state.namespaces[id] : undefined;
		if (!ns) continue;
		namespaces[id] = {
			pages: ns.pages.map((p) => ({ page: p.name, url: p.url })),
			currentPage: ns.currentPage,
			data: sortKeys(ns.data as Json)
		};
	}
	return JSON.stringify({ stack: state.stack, namespaces });
}

function sortKeys(value: Json): Json {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (value === null || typeof value !== 'object') return value;
	const out: Record<string, Json> = Object.create(null);
	for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key] as Json);
	return out;
}
