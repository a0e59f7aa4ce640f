/**
 * Is a browser request same-origin? The app serves plain HTTP on whatever address the browser used
 * (localhost, 127.0.0.1, a LAN address, a name), so its own origin is `http://` + the Host header the
 * browser sent — a browser cannot forge Host for another site. Behind a TLS proxy the scheme and
 * host come from X-Forwarded-Proto / X-Forwarded-Host, believed only when told to
 * (OVOS_SCREEN_TRUST_PROXY, or the adapter's ORIGIN / PROTOCOL_HEADER / HOST_HEADER, which shape
 * the request URL SvelteKit gives us and so are accepted as they are).
 */

/** Request headers of an unsafe method, and what makes them cross-site; null when they are not. */
export function crossSiteReason(request: Request, url: URL, trustProxy: boolean): string | null {
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
export function ownOrigins(request: Request, url: URL, trustProxy: boolean): Set<string> {
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
