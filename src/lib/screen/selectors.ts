/** What the views ask of a `ScreenState`. */
import type { Json, PageRef } from '../protocol';
import type { NamespaceState, ScreenState } from './state';

export interface ShownPage {
	readonly namespace: string;
	readonly index: number;
	readonly page: PageRef;
	readonly pages: readonly PageRef[];
	readonly data: Readonly<Record<string, Json>>;
}

/**
 * The namespace on screen: the first in the stack that has pages. Qt goes blank when the top one
 * has none; falling through to the next is a deviation on purpose
 * (docs/architecture.md#where-the-client-differs-from-qt-on-purpose).
 */
export function shownNamespace(state: ScreenState): string | null {
	for (const id of state.stack) {
		if ((nsOf(state, id)?.pages.length ?? 0) > 0) return id;
	}
	return null;
}

export function shownPage(state: ScreenState): ShownPage | null {
	const id = shownNamespace(state);
	return id === null ? null : pageOf(state, id);
}

/** The current page of any active namespace (for the inspector's preview). */
export function pageOf(state: ScreenState, id: string): ShownPage | null {
	const ns = nsOf(state, id);
	if (!ns || ns.currentPage === null) return null;
	const page = ns.pages[ns.currentPage];
	return page ? { namespace: id, index: ns.currentPage, page, pages: ns.pages, data: ns.data } : null;
}

/** A namespace by id; safe for ids like `constructor` that plain objects inherit. */
export function nsOf(state: ScreenState, id: string): NamespaceState | undefined {
	return Object.hasOwn(state.namespaces, id) ? state.namespaces[id] : undefined;
}
