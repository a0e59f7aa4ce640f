/**
 * Page → component. Page identity rules live in `templateFor` ($lib/protocol); this only picks.
 * Templates are split out of the screen's bundle and fetched on first use (then cached): a kiosk
 * starts with none and loads only what its skills show.
 */
import type { Component } from 'svelte';
import { templateFor, type PageRef, type TemplateName } from '$lib/protocol';
import type { TemplateProps } from './types';

type Loader = () => Promise<{ default: Component<TemplateProps> }>;
/** The fallback for pages without a template (skill QML), split out like the templates. */
const UNKNOWN = 'unknown';

const LOADERS: Readonly<Record<TemplateName | typeof UNKNOWN, Loader>> = {
	[UNKNOWN]: () => import('./UnknownPage.svelte'),
	SYSTEM_TextFrame: () => import('./TextFrame.svelte'),
	SYSTEM_ImageFrame: () => import('./ImageFrame.svelte'),
	SYSTEM_AnimatedImageFrame: () => import('./AnimatedImageFrame.svelte'),
	SYSTEM_HtmlFrame: () => import('./HtmlFrame.svelte'),
	SYSTEM_UrlFrame: () => import('./UrlFrame.svelte'),
	SYSTEM_Loading: () => import('./Loading.svelte'),
	SYSTEM_Status: () => import('./Status.svelte'),
	SYSTEM_Face: () => import('./Face.svelte'),
	SYSTEM_InputBox: () => import('./InputBox.svelte')
};

const loaded = new Map<string, Component<TemplateProps>>();
const pending = new Map<string, Promise<Component<TemplateProps>>>();

/** The component for a page once loaded: its template, or the fallback that still shows what is known. */
export function componentFor(page: PageRef): Component<TemplateProps> | undefined {
	return loaded.get(templateFor(page) ?? UNKNOWN);
}

/** Fetches a page's template (once); resolves to the component `componentFor` will return from then on. */
export function loadComponent(page: PageRef): Promise<Component<TemplateProps>> {
	const name = templateFor(page) ?? UNKNOWN;
	const ready = loaded.get(name);
	if (ready) return Promise.resolve(ready);
	let p = pending.get(name);
	if (!p) {
		p = LOADERS[name as TemplateName]().then(
			(m) => {
				loaded.set(name, m.default);
				return m.default;
			},
			(e: unknown) => {
				pending.delete(name); // let a later show try again
				throw e;
			}
		);
		pending.set(name, p);
	}
	return p;
}

/** Loads every template (server-side rendering and tests). */
export async function preloadTemplates(): Promise<void> {
	await Promise.all(Object.keys(LOADERS).map((name) => loadComponent({ name: name === UNKNOWN ? 'not-a-template' : name, url: null })));
}

/** Built-in templates fill the width; skill pages may sit side by side on wide screens (spec §4.3). */
export function fillsWidth(page: PageRef): boolean {
	return templateFor(page) !== null;
}
