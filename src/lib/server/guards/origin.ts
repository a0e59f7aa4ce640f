/**
 * Is a browser request same-origin? The app serves HTTP (or HTTPS with OVOS_SCREEN_TLS_CERT) on
 * whatever address the browser used (localhost, 127.0.0.1, a LAN address, a name), so its own origin
 * is its scheme + the Host header the browser sent — a browser cannot forge Host for another site
 * (a route's URL, as the adapter makes it, is `https://` + Host unless told otherwise; `http://` +
 * Host is added here). Behind a TLS proxy the scheme and
 * host come from X-Forwarded-Proto / X-Forwarded-Host, believed only when told to
 * (OVOS_SCREEN_TRUST_PROXY, or the adapter's ORIGIN / PROTOCOL_HEADER / HOST_HEADER, which shape
 * the request URL SvelteKit gives us and so are accepted as they are).
 */
import type { IncomingMessage } from 'node:http';

/** What the origin rules read of a request: its headers. */
type Headed = { readonly headers: Headers };

/** Request headers of an unsafe method, and what makes them cross-site; null when they are not. */
export function crossSiteReason(request: Headed, url: URL, trustProxy: boolean): string | null {
	const origin = request.headers.get('origin');
	if (origin !== null && !ownOrigins(request, url, trustProxy).has(normalize(origin) ?? '')) {
		return `cross-origin request from ${origin} refused`;
	}
	const site = request.headers.get('sec-fetch-site');
	// The browser's own verdict: same-site (another port or subdomain) is another origin too.
	if (site !== null && site !== 'same-origin' && site !== 'none') return `cross-site request (${site}) refused`;
	return null;
}

/** Every origin this request may legitimately come from, normalised. */
export function ownOrigins(request: Headed, url: URL, trustProxy: boolean): Set<string> {
	const out = new Set<string>([url.origin]);
	const host = first(request.headers.get('host'));
	const add = (scheme: string | null, h: string | null) => {
		const o = scheme && h ? normalize(`${scheme}://${h}`) : null;
		if (o) out.add(o);
	};
	add('http', host);
	if (trustProxy) {
		const proto = first(request.headers.get('x-forwarded-proto'))?.toLowerCase() ?? null;
		const fwdHost = first(request.headers.get('x-forwarded-host'));
		if (proto === 'http' || proto === 'https') add(proto, fwdHost ?? host);
		else add('http', fwdHost);
	}
	return out;
}

/**
 * `crossSiteReason` for a raw request (a WebSocket upgrade, which no SvelteKit route sees): its own
 * origin as the adapter makes a route's URL (ORIGIN, or PROTOCOL_HEADER / HOST_HEADER when set)
 * else the scheme it came in on (https when the app serves TLS) and its Host header. A browser
 * always sends Origin with a WebSocket, so a page of another site is refused; a tool without one
 * is not a browser page.
 */
export function upgradeCrossSiteReason(req: IncomingMessage, trustProxy: boolean, env: Readonly<Record<string, string | undefined>> = process.env): string | null {
	const headers = new Headers();
	for (const [k, v] of Object.entries(req.headers)) {
		if (typeof v === 'string') headers.set(k, v);
		else if (Array.isArray(v)) for (const one of v) headers.append(k, one);
	}
	const header = (name: string | undefined) => (name?.trim() ? first(headers.get(name.trim())) : null);
	const scheme = header(env.PROTOCOL_HEADER) ?? ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
	const host = header(env.HOST_HEADER) ?? first(headers.get('host')) ?? 'localhost';
	let url: URL;
	try {
		url = new URL(env.ORIGIN?.trim() || `${scheme}://${host}`);
	} catch {
		return `no origin can be made of this request's Host (${host})`;
	}
	return crossSiteReason({ headers }, url, trustProxy);
}

/** `scheme://host[:port]` with default ports dropped and the host lower-cased; null if not an origin. */
function normalize(origin: string): string | null {
	try {
		const u = new URL(origin);
		if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
		if (u.username || u.password || u.pathname !== '/' || u.search || u.hash) return null;
		return u.origin;
	} catch {
		return null;
	}
}

/** The first value of a comma-separated header (the client-side hop of a proxy chain). */
function first(value: string | null): string | null {
	const v = value?.split(',')[0]?.trim();
	return v ? v : null;
}

/**
 * Whether the browser sees this app over https: a TLS socket of its own, a trusted proxy's
 * X-Forwarded-Proto, or the adapter's ORIGIN / PROTOCOL_HEADER (which then shape the URL; without
 * them adapter-node's URL always says https, so it is not asked).
 */
export function servedOverHttps(request: Request, url: URL, o: { readonly tlsSocket: boolean; readonly trustProxy: boolean; readonly urlIsTold: boolean }): boolean {
	if (o.tlsSocket) return true;
	if (o.trustProxy && first(request.headers.get('x-forwarded-proto'))?.toLowerCase() === 'https') return true;
	return o.urlIsTold && url.protocol === 'https:';
}
