/**
 * The page each namespace is on, as a client that heard ovos-gui's focus events knows it. ovos-gui
 * replays pages but no `page_gained_focus` to a new connection, so a client that connects after a page was
 * shown starts on page 0 of its namespace: a page shown while a screen's socket was still opening
 * (the kiosk loading) was never displayed there. The app server's copy of the screen
 * heard the focus; `focusHeard` is what it tells, `withFocus` what a new connection takes of it.
 */
import { PAGE_GAINED_FOCUS } from '../protocol';
import type { NamespaceState, ScreenState } from './state';

/** Per namespace: the page it is on, by index and by name (the name guards against a stale index). */
export type PageFocus = Readonly<Record<string, { readonly number: number; readonly page: string }>>;

/** The namespaces whose page a focus event set, with the page they are on. */
export function focusHeard(state: ScreenState): PageFocus {
	const out: Record<string, { number: number; page: string }> = Object.create(null);
	for (const id of state.stack) {
		const ns = nsAt(state, id);
		if (!ns || !Object.hasOwn(ns.events, PAGE_GAINED_FOCUS) || ns.currentPage === null) continue;
		const page = ns.pages[ns.currentPage];
		if (page) out[id] = { number: ns.currentPage, page: page.name };
	}
	return out;
}

/** Whether any namespace has a page to choose: only then can a replay's page 0 be the wrong one. */
export function hasPageChoice(state: ScreenState): boolean {
	return state.stack.some((id) => (nsAt(state, id)?.pages.length ?? 0) > 1);
}

/**
 * `state` with each namespace on the page `focus` names, where this connection has heard no focus
 * of its own (that one is newer) and the page at that index has that name. Bad entries are skipped
 * and counted by `report`.
 */
export function withFocus(state: ScreenState, focus: unknown, report: (problem: string) => void = () => {}): ScreenState {
	if (typeof focus !== 'object' || focus === null) return state;
	let namespaces: Record<string, NamespaceState> | null = null;
	for (const [id, hint] of Object.entries(focus)) {
		const ns = nsAt(state, id);
		if (!ns || Object.hasOwn(ns.events, PAGE_GAINED_FOCUS)) continue;
		const { number, page } = (typeof hint === 'object' && hint !== null ? hint : {}) as { number?: unknown; page?: unknown };
		if (typeof number !== 'number' || !Number.isInteger(number) || typeof page !== 'string') {
			report(`focus of ${id}: not a page number and name`);
			continue;
		}
		if (ns.pages[number]?.name !== page || ns.currentPage === number) continue;
		namespaces ??= { ...state.namespaces };
		// Own data even for an id like `__proto__`; one literal shape, as reduce builds them.
		const next: NamespaceState = { pages: ns.pages, pageTotal: ns.pageTotal, currentPage: number, data: ns.data, events: ns.events, cuts: ns.cuts };
		Object.defineProperty(namespaces, id, { value: next, writable: true, enumerable: true, configurable: true });
	}
	return namespaces ? { stack: state.stack, stackTotal: state.stackTotal, namespaces, status: state.status, lastEvents: state.lastEvents } : state;
}

function nsAt(state: ScreenState, id: string): NamespaceState | undefined {
	return Object.hasOwn(state.namespaces, id) ? state.namespaces[id] : undefined;
}
