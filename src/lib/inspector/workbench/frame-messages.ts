/**
 * What the page workbench and its preview frame (`/inspect/frame`) tell each other with
 * `postMessage`, both on this app's origin: the workbench says what to draw; the frame says it is
 * ready, each message the page sent, and how a page file fared.
 */
import type { ClientMessage, JsonObject } from '$lib/protocol';
import type { PageFileProblem } from '$lib/templates/page-files.svelte';

export const FRAME_PATH = '/inspect/frame';

export type FrameTheme = 'dark' | 'light';

export interface DrawPage {
	readonly type: 'ovos-workbench-draw';
	readonly namespace: string;
	readonly page: string;
	readonly data: JsonObject;
	readonly theme: FrameTheme;
}

export type FrameReport =
	| { readonly type: 'ovos-workbench-ready' }
	| { readonly type: 'ovos-workbench-sent'; readonly message: ClientMessage }
	| { readonly type: 'ovos-workbench-problem'; readonly skill: string; readonly page: string; readonly problem: PageFileProblem | null };

function tagged(value: unknown, type: string): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type;
}

export function isDrawPage(value: unknown): value is DrawPage {
	return (
		tagged(value, 'ovos-workbench-draw') &&
		typeof value.namespace === 'string' &&
		typeof value.page === 'string' &&
		typeof value.data === 'object' &&
		value.data !== null &&
		!Array.isArray(value.data) &&
		(value.theme === 'dark' || value.theme === 'light')
	);
}

export function isFrameReport(value: unknown): value is FrameReport {
	return tagged(value, 'ovos-workbench-ready') || tagged(value, 'ovos-workbench-sent') || tagged(value, 'ovos-workbench-problem');
}
