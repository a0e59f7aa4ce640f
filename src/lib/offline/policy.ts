/**
 * What the service worker (src/service-worker.ts) does with each request, as plain rules so they
 * can be tested without a browser. Only the app shell is ever cached: the screens' HTML and the
 * build's files. Everything else — the APIs and their streams, media, the chat, the dashboards —
 * goes to the network untouched, as if there were no worker.
 */

/** `shell`: a screen's HTML, network first, the last copy when the app server cannot answer;
 *  `asset`: a file of this build, from the cache; `pass`: not the worker's business. */
export type Strategy = 'shell' | 'asset' | 'pass';

/** The routes a device shows unattended: they must come up without the app server. */
export const SCREEN_PATHS: readonly string[] = ['/', '/kiosk'];

/**
 * Requests that never reach the worker at all (Chromium's static routing: no worker start-up for a
 * long-poll, an event stream or a video). The fetch handler passes them too, for other browsers.
 */
export const NETWORK_ONLY: readonly string[] = ['/api/*', '/v1/*', '/media/*', '/pages/*'];

/** One rule of Chromium's static routing (InstallEvent.addRoutes): what the browser does with a request before it would start the worker. */
export interface RouterRule {
	readonly condition: { readonly urlPattern: string | { readonly pathname: string } } | { readonly not: { readonly urlPattern: string } };
	readonly source: 'network' | { readonly cacheName: string };
}

/**
 * The worker's static routes: the requests the browser answers itself, without starting
 * the worker — which, once started, holds 10-20 MB of the kiosk's renderer until 30 s after its last
 * event. The build's files come straight from this build's cache (the worker put every one there at
 * install; a miss goes to the network), the APIs and their streams straight to the network
 * (NETWORK_ONLY), and so does anything of another origin (a skill's image, the GUI host's probe),
 * which the fetch handler would only pass. Left to the worker: the screens' HTML and the static files.
 * A string pattern is relative to the worker's own URL, so of this origin only.
 */
export function routerRules(cache: string): RouterRule[] {
	return [
		{ condition: { urlPattern: '/_app/immutable/*' }, source: { cacheName: cache } },
		...NETWORK_ONLY.map((pathname): RouterRule => ({ condition: { urlPattern: { pathname } }, source: 'network' })),
		{ condition: { not: { urlPattern: '/*' } }, source: 'network' }
	];
}

/** How long a screen's HTML may take before the cached copy is shown (a dropped network hangs, it does not fail). */
export const SHELL_WAIT_MS = 2500;

export interface RequestLike {
	readonly method: string;
	readonly url: string;
	/** `navigate` for a page load. */
	readonly mode: string;
}

/**
 * @param origin the app's origin (the worker's own)
 * @param assets the build's files and the static files, as paths (`/_app/immutable/…`, `/icons/…`)
 */
export function strategyFor(req: RequestLike, origin: string, assets: ReadonlySet<string>): Strategy {
	if (req.method !== 'GET') return 'pass';
	const url = new URL(req.url);
	if (url.origin !== origin) return 'pass';
	// A page opened with `?token=` (how a browser is handed the API token) is never kept: the token
	// would stay in the cache under that URL.
	if (req.mode === 'navigate') return SCREEN_PATHS.includes(url.pathname) && !url.searchParams.has('token') ? 'shell' : 'pass';
	return assets.has(url.pathname) ? 'asset' : 'pass';
}

/** Whether a network answer to a screen's HTML is one to keep, or to replace by the kept one. */
export function isShell(res: { readonly ok: boolean; readonly type: string; readonly headers: { get(name: string): string | null } }): boolean {
	return res.ok && res.type === 'basic' && (res.headers.get('content-type') ?? '').startsWith('text/html');
}

/**
 * A screen's HTML carries the page the device shows (its first paint) — the server says so with
 * `FIRST_PAGE_HEADER`. Kept, that page would come back stale, looking live, whenever the server
 * cannot answer; so the worker keeps a copy asked for with `KEPT_HEADER`, which carries none.
 */
export const FIRST_PAGE_HEADER = 'x-ovos-first-page';
export const KEPT_HEADER = 'x-ovos-kept-shell';

export function carriesPage(res: { readonly headers: { get(name: string): string | null } }): boolean {
	return res.headers.get(FIRST_PAGE_HEADER) !== null;
}

/** The app server's own answer (a 4xx included) is shown as it is; a 5xx (a proxy with the app down) is not. */
export function serverAnswered(status: number): boolean {
	return status < 500;
}

/** This build's cache, and whether a cache name is an older build's (removed when this one takes over). */
export function cacheName(version: string): string {
	return `ovos-screen-${version}`;
}

export function isStaleCache(name: string, version: string): boolean {
	return name.startsWith('ovos-screen-') && name !== cacheName(version);
}
