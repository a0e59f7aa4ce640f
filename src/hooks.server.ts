import type { Handle, HandleServerError, ServerInit } from '@sveltejs/kit';
import { dev } from '$app/environment';
import { earlySocketUrl, guiUrl, isLoopback } from '$lib/protocol/address';
import { requestLanguage } from '$lib/i18n/languages';
import { config, ConfigError, type ServerConfig } from '$lib/server/config';
import { exposureWatch } from '$lib/server/exposure';
import { access, crossSiteReason, openRequests, openToStrangers, PAIR_COOKIE, pairingDesk, servedOverHttps, unauthorized, wantsPage, whenSent, whoIs, withSecurityHeaders } from '$lib/server/guards';
import { handOver, pairRoute, strangerPage } from '$lib/server/pairing-http';
import { startScreenMirror } from '$lib/server/screen-mirror';
import { lazyPartCode, lazyPartHead, moduleListHead, socketWorkerPath } from '$lib/server/first-paint';
import { reachability } from '$lib/server/reachability';
import { pageDeps } from '$lib/server/pages';
import { logFailedRequest } from '$lib/server/request-log';
import { publishStart, startInfo } from '$lib/server/start-info';
import { OPTIONS_COOKIE, screenParams, THEME_COOKIE, themeOf } from '$lib/settings/choices';

/**
 * With no OVOS address configured the app brings its own OVOS: the embedded simulator.
 * A bad setting or a taken port ends the start with one clear line and exit status 1, not a stack.
 * The server entry (server/index.js) listens after this and prints the start line.
 */
export const init: ServerInit = async () => {
	let c: ServerConfig;
	try {
		c = config();
	} catch (e) {
		if (e instanceof ConfigError) stop(`ovos-screen: ${e.message}`);
		throw e;
	}
	if (c.simulator) {
		const { startEmbedded } = await import('../simulator/embedded');
		const { PortInUseError } = await import('../simulator/listen');
		try {
			const sim = await startEmbedded(c.ovos, { guiCache: c.simulatorGuiCache, lang: c.lang });
			publishStart(c, `the embedded OVOS simulator (messagebus ${sim.busUrl}, ovos-gui ${sim.guiUrl}, demo on)`);
		} catch (e) {
			if (e instanceof PortInUseError) stop(`ovos-screen: ${e.service === 'messagebus' ? 'OVOS_BUS_PORT' : 'OVOS_GUI_PORT'}=${e.port}: ${e.message} Or set OVOS_HOST to use that OVOS.`);
			throw e;
		}
	} else if (c.ovos.host !== null) {
		publishStart(c, `OVOS at ${c.ovos.host} (ovos-gui port ${c.ovos.guiPort}, messagebus port ${c.ovos.busPort})`);
	} else {
		publishStart(c, `OVOS on the machine each page is opened from (ovos-gui port ${c.ovos.guiPort}, messagebus port ${c.ovos.busPort}; simulator off)`);
	}
	// Skill authors' pages: the folder is watched from the start, so a screen hears of every change.
	if (c.pagesDir !== null) pageDeps();
	// The screens' first HTML shows the page that is up (first paint): the server keeps a copy of its
	// OVOS's screen. With no OVOS_HOST, OVOS (the simulator or a real one) is on this machine.
	// Its connects also tell the log when the device stops answering and when it is back.
	const reach = reachability(c.busHost);
	// A real OVOS on this machine, its screens through the app: each time the server reaches ovos-gui,
	// whether it (or the bus) also answers beyond loopback, where it need not (exposure.ts).
	const shared = c.ovos.via === 'app' && !c.simulator && isLoopback(c.busHost);
	const exposure = shared ? exposureWatch({ 'ovos-gui': c.ovos.guiPort, messagebus: c.ovos.busPort }) : null;
	startScreenMirror(guiUrl({ ...c.ovos, via: 'direct' }, '127.0.0.1'), {
		connected: () => {
			reach.connected('ovos-gui');
			void exposure?.check();
		},
		failed: (why) => reach.failed('ovos-gui', c.ovos.guiPort, why)
	});
	// `vite dev` prints its own URL; the built server prints the whole start line once it listens.
	if (dev) console.log(`ovos-screen: talking to ${startInfo()?.ovos}`);
};

/**
 * Every request, before any route runs: cross-site requests that change something are refused (403);
 * then who is asking is decided once (`whoIs`, docs/security.md "Who is let in") — a stranger gets
 * the pairing page (401) for a page and a JSON 401 for anything else, and reaches only the pairing
 * form; a page opened with `?token=` pairs that browser and leaves the address bar. SvelteKit's own
 * origin check is off (svelte.config.js): it compares with an origin it guesses as https when ORIGIN
 * is unset, and answers form types (text/plain) before a route can say 415. The app's static files
 * (`/_app/…`, the icons) are served before this hook, to anyone: they hold nothing of the device.
 */
export const handle: Handle = async ({ event, resolve }) => {
	const { request, url } = event;
	const c = config();
	if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
		const reason = crossSiteReason(request, url, c.trustProxy);
		// One body for both APIs: the chat API's {error: {code, message}} and OpenAI's {error: {message, type, code}}.
		if (reason !== null)
			return withSecurityHeaders(
				new Response(JSON.stringify({ error: { code: 'forbidden', message: reason, type: 'invalid_request_error' } }), {
					status: 403,
					headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }
				})
			);
	}
	// The UI language (`?lang=`, the saved choice, OVOS_SCREEN_LANG, the browser's languages), also for `<html lang>`.
	event.locals.i18n = requestLanguage(url, request.headers, c.lang);
	// The socket's own peer (under `vite dev` there is no Node request: the dev server's address).
	const socket = event.platform?.req?.socket;
	const identity = whoIs(socket?.remoteAddress ?? event.getClientAddress(), (name) => request.headers.get(name), event.cookies.get(PAIR_COOKIE) ?? null);
	event.locals.identity = identity;
	const pairing = () => ({
		request,
		url,
		identity,
		i18n: event.locals.i18n,
		access: access(),
		desk: pairingDesk(),
		https: servedOverHttps(request, url, { tlsSocket: (socket as { encrypted?: boolean } | undefined)?.encrypted === true, trustProxy: c.trustProxy, urlIsTold: Boolean(process.env.ORIGIN || process.env.PROTOCOL_HEADER) })
	});
	const page = wantsPage(request.method, url.pathname, request.headers.get('accept'), event.isDataRequest);
	const handedOver = page && request.method === 'GET' ? handOver(pairing()) : null;
	if (handedOver) return withSecurityHeaders(handedOver);
	if (openToStrangers(url.pathname)) return withSecurityHeaders(await pairRoute(pairing()));
	if (identity.kind === 'stranger') return withSecurityHeaders(page ? strangerPage(pairing()) : unauthorized());
	// app.html opens a screen's GUI socket before the app's code loads (first paint): its URL, with
	// the screen options this browser saved (/settings); and the theme, so the first paint has it.
	const early = new URL(url);
	early.search = screenParams(url.searchParams, event.cookies.get(OPTIONS_COOKIE)).toString();
	const theme = themeOf(event.cookies.get(THEME_COOKIE), c.theme);
	// The page's code is preloaded by app.html after the first paint (first-paint.ts), not with the HTML.
	const modules: string[] = [];
	// A paired browser's or a token's request stays open to revocation until it is answered (a stream: until it ends).
	const revocable = socket && (identity.kind === 'paired' || identity.kind === 'token') ? openRequests().hold(identity.principal, socket) : null;
	let res: Response;
	try {
		res = await resolve(event, {
			preload: ({ type, path }) => {
				if (type !== 'js') return true;
				modules.push(path);
				return false;
			},
			transformPageChunk: ({ html }) =>
				html
					.replace('%ovos.early%', earlySocketUrl(early, c.ovos, c.allowedHosts, c.allowedPorts))
					.replace('%ovos.socketWorker%', socketWorkerPath())
					.replace('%ovos.theme%', theme)
					.replace('%ovos.lang%', event.locals.i18n.lang)
					// A server-rendered page (the screens' first paint) brings the lazily loaded parts it shows.
					.replace('</head>', () => `${lazyPartHead(html)}${moduleListHead([...modules, ...lazyPartCode(html)])}</head>`)
		});
	} catch (e) {
		revocable?.();
		throw e;
	}
	return withSecurityHeaders(revocable ? whenSent(res, revocable) : res);
};

/** Bad requests are a quiet line, failures of the app a stack (request-log.ts); the client sees only the message. */
export const handleError: HandleServerError = ({ error, event, status, message }) => {
	logFailedRequest({ error, status, message, method: event.request.method, path: event.url.pathname });
	return { message };
};

function stop(message?: string): never {
	if (message) console.error(message);
	process.exit(1);
}
