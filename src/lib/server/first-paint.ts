/**
 * A screen's first HTML shows the page that is up (issue 23.4), so the first frame needs no socket:
 *   - `firstScreen`: the page the server's copy of the device's screen holds (screen-mirror.ts), for
 *     a screen that talks to that same OVOS — only the namespace on screen, as a fresh client holds
 *     it after ovos-gui's replay;
 *   - `lazyPartHead`: the stylesheets (and code) of the lazily loaded parts that page was rendered
 *     with. SvelteKit links only what a route imports statically; a template brings its own CSS when
 *     it loads in the browser, which on a server-rendered page would be after its first paint. The
 *     build lists which stylesheet scopes which Svelte component class (server/preloads.js); the
 *     classes in the rendered HTML say which of them the page needs;
 *   - `socketWorkerPath`: the build's GUI-socket worker, which app.html opens the first socket in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseAddress, sameHost, type AllowedHosts, type OvosAddress } from '../protocol/address';
import { shownNamespace } from '../screen/selectors';
import { IDLE_STATUS, type ScreenState } from '../screen/state';
import { withSaved } from '../settings/screen-params';
import { screenMirror } from './screen-mirror';

/**
 * The model a screen opened at `url` can show before its socket speaks: the server's copy of its
 * OVOS's screen cut to the namespace on screen, or null (another OVOS, nothing up, or no copy yet).
 */
export function firstScreen(url: URL, saved: string, ovos: OvosAddress, allowed: AllowedHosts): ScreenState | null {
	const choice = chooseAddress(withSaved(url.searchParams, saved), ovos, allowed, url.hostname);
	if (!choice.ok || !sameDevice(choice.address, ovos)) return null;
	const model = screenMirror()?.replayed();
	const id = model ? shownNamespace(model) : null;
	if (!model || id === null) return null;
	const ns = model.namespaces[id]!;
	if (sizeOf(ns) > FIRST_PAINT_MAX_CHARS) return null;
	return { stack: [id], stackTotal: 1, namespaces: { [id]: { ...ns, pages: ns.pages.map((p) => ({ ...p, url: fileOf(p.url) })) } }, status: IDLE_STATUS, lastEvents: [] };
}

/**
 * A page url as the first paint gives it to any client: the file's name. ovos-gui's urls are paths in
 * its cache (the embedded OVOS keeps it in the data folder), which a screen needs no more of — only
 * an adapter's `SYSTEM:` scheme means anything to it — and the socket's replay brings the url itself.
 */
function fileOf(url: string | null): string | null {
	if (url === null || !/^(\/|file:)/i.test(url)) return url;
	return url.slice(url.lastIndexOf('/') + 1);
}

/**
 * The largest namespace (JSON characters) a first HTML carries. A bigger page (10 MB of text, a list
 * of 100,000) comes over the screen's socket as it would without a first paint; in every page and
 * `__data.json` it made each answer that big, and a client that never read them had the server hold
 * each one whole (100 such clients: 500 MB).
 */
export const FIRST_PAINT_MAX_CHARS = 256 * 1024;

/** The mirror replaces a namespace's record when it changes: its size is measured once. */
const sizes = new WeakMap<object, number>();
function sizeOf(ns: object): number {
	let n = sizes.get(ns);
	if (n === undefined) sizes.set(ns, (n = JSON.stringify(ns).length));
	return n;
}

/** The server's copy watches the configured OVOS's GUI port; a screen told `?host=` elsewhere sees another screen. */
function sameDevice(a: OvosAddress, ovos: OvosAddress): boolean {
	if (a.guiPort !== ovos.guiPort) return false;
	return a.host === ovos.host || (a.host !== null && ovos.host !== null && sameHost(a.host, ovos.host));
}

/** Per Svelte component class (`svelte-1x2y3z`) of a lazily loaded part: its stylesheets and code, as URL paths. */
export type LazyParts = Readonly<Record<string, { readonly css: readonly string[]; readonly js: readonly string[] }>>;

/** Where the build folder (server/index.js) says the build's list of lazy parts is. */
const BUILD_KEY = Symbol.for('ovos-screen.build');
export const LAZY_PARTS_FILE = 'lazy-parts.json';

let parts: LazyParts | null = null;

/** The running build's list (none under `vite dev`, which serves no build: its pages get their CSS when their code runs). */
function lazyParts(): LazyParts {
	if (parts) return parts;
	const dir = (globalThis as { [BUILD_KEY]?: string })[BUILD_KEY];
	try {
		parts = dir ? (JSON.parse(readFileSync(join(dir, LAZY_PARTS_FILE), 'utf8')) as LazyParts) : {};
	} catch {
		parts = {};
	}
	return parts;
}

/** Stylesheets of the running build as text, read once each (null: not in this build). */
const sheets = new Map<string, string | null>();

function buildSheet(path: string): string | null {
	let text = sheets.get(path);
	if (text === undefined) {
		const dir = (globalThis as { [BUILD_KEY]?: string })[BUILD_KEY];
		try {
			text = dir ? readFileSync(join(dir, 'client', path), 'utf8') : null;
		} catch {
			text = null;
		}
		sheets.set(path, text);
	}
	return text;
}

/**
 * What the head needs for the lazily loaded parts rendered in `html`: their stylesheets inline (a
 * linked one blocked the first paint until the server answered it: 0.1-0.4 s on a busy machine, as
 * long again under a Pi's CPU). The browser's loader of a part fetches its stylesheet again when the
 * part's code runs, after the paint; its rules are the same. Their code is in `lazyPartCode`.
 */
export function lazyPartHead(html: string, table: LazyParts = lazyParts(), read: (path: string) => string | null = buildSheet): string {
	const style = (f: string) => {
		const text = read(f);
		return text === null ? `<link rel="stylesheet" href="${f}">` : `<style data-part="${f}">${text}</style>`;
	};
	return [...partsIn(html, table, 'css')].map(style).join('');
}

/** The code of the lazily loaded parts rendered in `html` (the page's renderer), as URL paths. */
export function lazyPartCode(html: string, table: LazyParts = lazyParts()): string[] {
	return [...partsIn(html, table, 'js')];
}

function partsIn(html: string, table: LazyParts, kind: 'css' | 'js'): Set<string> {
	const out = new Set<string>();
	for (const m of html.matchAll(/\bsvelte-[a-z0-9]+\b/g)) {
		const part = Object.hasOwn(table, m[0]) ? table[m[0]] : undefined;
		part?.[kind].forEach((f) => out.add(f));
	}
	return out;
}

/**
 * The app's code a page preloads, named in its head for app.html to preload once the first frame is
 * painted. Preloaded with the HTML (SvelteKit's `Link` header), the ~20 modules' responses were
 * handled on the page's main thread before the parser reached the body: under a Pi-class CPU they
 * held the first paint back by hundreds of ms (issue 23.4).
 */
export function moduleListHead(paths: Iterable<string>): string {
	const list = [...new Set(paths)].filter((p) => /^[\w./-]+$/.test(p));
	return list.length ? `<meta name="ovos-modules" content="${list.join(' ')}">` : '';
}

/** Where the build keeps its workers (Vite names each `<module>-<hash>.js`). */
const WORKERS = '/_app/immutable/workers';
let socketWorker: string | null = null;

/**
 * The URL path of the running build's GUI-socket worker (src/lib/connection/gui-socket.worker.ts),
 * or '' (`vite dev`, which serves no build: app.html then opens its socket on the page).
 */
export function socketWorkerPath(): string {
	if (socketWorker !== null) return socketWorker;
	const dir = (globalThis as { [BUILD_KEY]?: string })[BUILD_KEY];
	try {
		const file = dir ? readdirSync(join(dir, 'client', WORKERS)).find((f) => /^gui-socket\.worker-[\w-]+\.js$/.test(f)) : undefined;
		socketWorker = file ? `${WORKERS}/${file}` : '';
	} catch {
		socketWorker = '';
	}
	return socketWorker;
}
