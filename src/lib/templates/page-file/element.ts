/**
 * A page file's module, loaded and its element class defined under a name of our own for each
 * version (docs/pages.md). A custom element name is defined once per document and a class under one
 * name only, so a changed file could never be defined again under the same name: each version is
 * imported from its own URL (`?v=<version>`, a new module) and defined as `ovos-page-<page>-<version>`,
 * as a subclass of the file's default export (the export itself may already be defined under the
 * author's own name). A file that defines its own name as it loads (Lit's `@customElement`, Svelte's
 * `customElement="tag"`) would be refused the second time; while a page file loads, defining a name
 * that is taken is let go silently, and the screen uses the new version's class under its own name.
 */
import { pageFileKey, pageFileUrl } from '$lib/protocol/page-files';
import type { PageFileProblem } from '../page-files.svelte';

export class PageFileFailure extends Error {
	constructor(readonly problem: PageFileProblem) {
		super(problem.detail || problem.kind);
	}
}

const classes = new Map<string, Promise<CustomElementConstructor>>();
let loading = 0;
let defineGuarded = false;

/** Lets a page file that defines its own element name load again after a change (see above). */
function guardDefine(): void {
	if (defineGuarded) return;
	defineGuarded = true;
	const registry = customElements;
	const define = registry.define.bind(registry);
	registry.define = (name, ctor, options) => {
		if (loading > 0 && registry.get(name) !== undefined) return;
		define(name, ctor, options);
	};
}

/** FNV-1a of the skill and page, base 36: a valid, stable part of an element name for any page name. */
function nameOf(skill: string, page: string, version: string): string {
	let h = 0x811c9dc5;
	for (const ch of pageFileKey(skill, page)) {
		h ^= ch.charCodeAt(0);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return `ovos-page-${h.toString(36)}-${version}`;
}

function words(e: unknown): string {
	return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

async function load(skill: string, page: string, version: string): Promise<CustomElementConstructor> {
	guardDefine();
	loading++;
	let module: { default?: unknown };
	try {
		module = (await import(/* @vite-ignore */ pageFileUrl(skill, page, version))) as { default?: unknown };
	} catch (e) {
		throw new PageFileFailure({ kind: 'load', detail: words(e) });
	} finally {
		loading--;
	}
	const Export = module.default;
	if (typeof Export !== 'function' || !(Export.prototype instanceof HTMLElement)) {
		throw new PageFileFailure({ kind: 'not-element', detail: typeof Export === 'function' ? Export.name : typeof Export });
	}
	const name = nameOf(skill, page, version);
	const known = customElements.get(name);
	if (known) return known;
	const Own = class extends (Export as CustomElementConstructor) {};
	customElements.define(name, Own);
	return Own;
}

/** The element class of this version of a page file; a failure is a `PageFileFailure`, and is tried again on the next call. */
export function pageElement(skill: string, page: string, version: string): Promise<CustomElementConstructor> {
	const key = `${pageFileKey(skill, page)}@${version}`;
	let p = classes.get(key);
	if (!p) {
		p = load(skill, page, version);
		classes.set(key, p);
		p.catch(() => classes.delete(key));
	}
	return p;
}

/**
 * Runs `fn`, turning what it throws, and what the element's own callbacks report while it runs (a
 * custom element's `connectedCallback` does not throw to its caller: the browser reports it), into
 * a `PageFileFailure`.
 */
export function guarded<T>(fn: () => T): T {
	let reported: unknown = null;
	const listen = (e: ErrorEvent) => {
		reported ??= e.error ?? e.message;
		e.preventDefault();
	};
	window.addEventListener('error', listen);
	try {
		const out = fn();
		if (reported !== null) throw reported;
		return out;
	} catch (e) {
		throw e instanceof PageFileFailure ? e : new PageFileFailure({ kind: 'threw', detail: words(e) });
	} finally {
		window.removeEventListener('error', listen);
	}
}
