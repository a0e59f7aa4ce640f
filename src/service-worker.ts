/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/**
 * Offline first paint: a screen whose app server restarts, or whose network drops,
 * loads from here and shows the offline clock until OVOS answers again — never the browser's error
 * page. Rules in $lib/offline/policy.ts.
 *
 * Precached at install: every file of this build and the static files (~190 KiB gzip; nearly all
 * of it is the screens' own lazily loaded templates and overlays, which a screen must be able to
 * show while only the app server is down), and the HTML of `/` and `/kiosk`. A screen's HTML is
 * fetched from the network first and the copy is kept per URL (its early GUI socket URL was filled
 * in by the server for that URL); the copy is shown only when the server cannot answer. One cache
 * per build; a new build's worker takes over at once and deletes the old caches, and the screens
 * reload into the new build (src/app.html).
 * In Chromium the browser itself answers the build's files (from this cache), the APIs and every
 * other origin (from the network), by static routes (routerRules): a page shown, a skill's picture
 * or a probe of the GUI host never starts the worker, which runs at a load and stops 30 s later.
 */
import { build, files, version } from '$service-worker';
import { cacheName, carriesPage, isShell, isStaleCache, KEPT_HEADER, routerRules, SCREEN_PATHS, serverAnswered, SHELL_WAIT_MS, strategyFor, type RouterRule } from '$lib/offline/policy';

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = cacheName(version);
const ASSETS = new Set([...build, ...files]);

/** Chromium's static routing (InstallEvent.addRoutes): not in TypeScript's lib yet. */
type RoutedInstall = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

sw.addEventListener('install', (event) => {
	// One rule a call: a browser that does not know one kind of rule refuses the whole call, and the
	// others must still hold (without any, the fetch handler below does the same, only slower).
	const add = (event as RoutedInstall).addRoutes?.bind(event);
	const routes = add ? routerRules(CACHE).map((rule) => add(rule).catch(() => undefined)) : [];
	event.waitUntil(
		Promise.all([
			...routes,
			caches.open(CACHE).then(async (cache) => {
				await cache.addAll([...ASSETS]);
				// The screens' HTML as this server fills it in; a screen that never loaded online still comes up.
				await Promise.all(SCREEN_PATHS.map((p) => keptCopy(p).then((res) => (res ? cache.put(p, res) : undefined), () => undefined)));
			})
		]).then(() => sw.skipWaiting())
	);
});

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		caches
			.keys()
			.then((names) => Promise.all(names.filter((n) => isStaleCache(n, version)).map((n) => caches.delete(n))))
			.then(() => sw.clients.claim())
	);
});

sw.addEventListener('fetch', (event) => {
	const how = strategyFor(event.request, sw.location.origin, ASSETS);
	if (how === 'asset') event.respondWith(asset(event.request));
	else if (how === 'shell') event.respondWith(shell(event));
});

async function asset(req: Request): Promise<Response> {
	const cache = await caches.open(CACHE);
	const hit = await cache.match(req);
	if (hit) return hit;
	const res = await fetch(req);
	if (res.ok) await cache.put(req, res.clone());
	return res;
}

async function shell(event: FetchEvent): Promise<Response> {
	const cache = await caches.open(CACHE);
	const network = fetch(event.request).then((res) => {
		if (isShell(res)) {
			// The page the server drew into it is the device's now, not whenever the copy is shown:
			// that one is kept without it, fetched beside (the screen does not wait for it).
			const copy = carriesPage(res) ? keptCopy(event.request.url) : Promise.resolve(res.clone());
			event.waitUntil(copy.then((c) => (c ? cache.put(event.request, c) : undefined)).catch(() => undefined));
		}
		return res;
	});
	event.waitUntil(network.catch(() => undefined));
	let late = false;
	const res = await Promise.race([network, new Promise<null>((r) => setTimeout(() => r(null), SHELL_WAIT_MS))]).catch(() => undefined);
	if (res === null) late = true;
	else if (res && serverAnswered(res.status)) return res;
	const kept = await keptShell(cache, event.request);
	if (kept) return kept;
	// Never loaded online here: all there is to show is what the network says, when it says it.
	return late ? network : (res ?? Response.error());
}

/** A screen's HTML as the worker keeps it: without the device's page in it (policy.ts). */
async function keptCopy(url: string): Promise<Response | undefined> {
	const res = await fetch(url, { headers: { [KEPT_HEADER]: '1' } });
	return isShell(res) && !carriesPage(res) ? res : undefined;
}

/** The copy for this very URL, else the one of the same screen without options, else any of that screen. */
async function keptShell(cache: Cache, req: Request): Promise<Response | undefined> {
	const url = new URL(req.url);
	return (await cache.match(req)) ?? (await cache.match(url.pathname)) ?? (await cache.match(req, { ignoreSearch: true }));
}
