/**
 * Which skill authors' page files the app server has (docs/pages.md): set from the server's data at
 * start and kept current by its event stream (page-file/live.ts). Tiny on purpose: every screen
 * loads it to ask whether a page has a file; what shows one (page-file/) loads only when one does.
 */
import { pageFileKey, type PageFiles } from '$lib/protocol/page-files';

let files = $state.raw<PageFiles | null>(null);

export function setPageFiles(next: PageFiles | null): void {
	files = next;
}

/** The version of the file for `page` of `skill`, or null when there is none. Reactive. */
export function pageFileVersion(skill: string, page: string): string | null {
	return files?.[pageFileKey(skill, page)] ?? null;
}

/** Every page file (null: the server has no page folder). Reactive. */
export function pageFiles(): PageFiles | null {
	return files;
}

/** What went wrong with a page file, for whoever shows it (the dashboard; a screen only falls back). */
export interface PageFileProblem {
	/** `load`: the module did not load or threw as it ran; `not-element`: its default export is no custom element class; `threw`: the element threw when made or given its data. */
	readonly kind: 'load' | 'not-element' | 'threw';
	/** The browser's own words, when there are any. */
	readonly detail: string;
}

/** Svelte context: a page file's host tells this of a problem (null: it shows fine now). The dashboard sets it. */
export const PAGE_FILE_REPORT = Symbol('page-file-report');
export type PageFileReport = (skill: string, page: string, problem: PageFileProblem | null) => void;
