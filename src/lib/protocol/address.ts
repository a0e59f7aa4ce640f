/** Where the screen finds OVOS: the server's configuration, overridden by URL options. Browser-safe. */
export type Handshake = 'gui' | 'full';

/**
 * How a screen's sockets reach OVOS: `app` through the app's own origin (its relay pipes each socket
 * to ovos-gui or the bus, docs/security.md), `direct` straight to ovos-gui and the bus
 * (OVOS_SCREEN_DIRECT_SOCKETS, for developers; the server's own connections always are).
 */
export type Via = 'app' | 'direct';

export interface OvosAddress {
	/** Host of ovos-gui (and of the core bus for the full handshake); null = the page's own host. */
	readonly host: string | null;
	readonly guiPort: number;
	readonly busPort: number;
	/**
	 * `gui`: connect straight to the GUI socket; `full`: Qt's core-bus handshake first
	 * (docs/protocol.md#two-sockets-two-handshakes).
	 */
	readonly handshake: Handshake;
	readonly via: Via;
}

export const DEFAULT_ADDRESS: OvosAddress = { host: null, guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'app' };

function port(v: string | null, fallback: number): number {
	const n = Number(v);
	return v !== null && Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

/** `?host=…&guiPort=…&busPort=…&handshake=full` on the page URL override the server's defaults. */
export function addressFromParams(params: URLSearchParams, base: OvosAddress = DEFAULT_ADDRESS): OvosAddress {
	const host = params.get('host');
	const handshake = params.get('handshake');
	return {
		host: host && /^[\w.:[\]-]+$/.test(host) ? host : base.host,
		guiPort: port(params.get('guiPort'), base.guiPort),
		busPort: port(params.get('busPort'), base.busPort),
		handshake: handshake === 'full' || handshake === 'gui' ? handshake : base.handshake,
		via: base.via
	};
}

/**
 * Hosts a page may be pointed at with `?host=` besides the configured OVOS (OVOS_SCREEN_ALLOWED_HOSTS);
 * `'*'` = any. A link can otherwise make a screen show, on this app's own origin, whatever a foreign
 * "ovos-gui" sends — a fake password box, say.
 */
export type AllowedHosts = readonly string[] | '*';

/**
 * Ports a page may ask for with `?guiPort=` / `?busPort=` besides the configured ones
 * (OVOS_SCREEN_ALLOWED_PORTS); `'*'` = any. Any program of an allowed machine can listen on a port of
 * its own and would otherwise draw on this app's origin.
 */
export type AllowedPorts = readonly number[] | '*';

/** Refused: `host` names what was asked for (`host`, or `host:port` for a port), `setting` what would allow it. */
export type AddressChoice =
	| { readonly ok: true; readonly address: OvosAddress }
	| { readonly ok: false; readonly host: string; readonly setting: 'OVOS_SCREEN_ALLOWED_HOSTS' | 'OVOS_SCREEN_ALLOWED_PORTS' };

function normalHost(h: string): string {
	const bare = h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
	return bare.toLowerCase().replace(/\.$/, '');
}

/** A name of the machine itself (any of 127/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
	const h = normalHost(host);
	return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Whether two hosts name the same machine, as far as names tell (loopback names all do). */
export function sameHost(a: string, b: string): boolean {
	return normalHost(a) === normalHost(b) || (isLoopback(a) && isLoopback(b));
}

/**
 * The address a page's URL asks for, if this server allows it: the configured OVOS host (or, when
 * none is configured, the page's own), any name of the same machine, or a host in `hosts`; and the
 * configured GUI and bus ports or one in `ports`. The handshake is free.
 */
export function chooseAddress(params: URLSearchParams, base: OvosAddress, hosts: AllowedHosts, pageHost: string, ports: AllowedPorts = []): AddressChoice {
	const address = addressFromParams(params, base);
	const host = address.host;
	const hostOk = host === null || host === base.host || hosts === '*' || sameHost(host, base.host ?? pageHost) || hosts.some((h) => sameHost(h, host));
	if (!hostOk) return { ok: false, host, setting: 'OVOS_SCREEN_ALLOWED_HOSTS' };
	const known = (p: number) => p === base.guiPort || p === base.busPort || ports === '*' || ports.includes(p);
	const odd = [address.guiPort, address.busPort].find((p) => !known(p));
	if (odd !== undefined) return { ok: false, host: `${hostPart(host ?? pageHost)}:${odd}`, setting: 'OVOS_SCREEN_ALLOWED_PORTS' };
	return { ok: true, address };
}

/** The page's URL without the connection options that were refused (the "open without it" link). */
export function withoutHostOptions(url: URL): string {
	const u = new URL(url);
	for (const k of ['host', 'guiPort', 'busPort']) u.searchParams.delete(k);
	return u.pathname + u.search + u.hash;
}

/** A host as it goes in a URL: IPv6 literals in brackets. */
export function hostPart(host: string): string {
	return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The app's relay of each socket, on the page's own origin (server/relay). */
export const RELAY_PATHS = { gui: '/ovos/gui', core: '/ovos/core' } as const;

/**
 * A socket's URL on the relay: a path on the page's own origin (`socketUrl` makes it ws: or wss:),
 * naming the OVOS host when the address does (none: the app's own OVOS) and the port, which the
 * relay checks against the same allow-lists as `chooseAddress`.
 */
function relayUrl(path: string, host: string | null, port: number): string {
	const q = new URLSearchParams();
	if (host !== null) q.set('host', host);
	q.set('port', String(port));
	return `${path}?${q}`;
}

/**
 * The address a page on the machine itself falls back to while its app server does not answer:
 * straight to ovos-gui and the bus, as before the relay, so the device's own kiosk survives an app
 * server restart or update. Null for a page on any other host (a remote screen reaches OVOS only
 * through the app) and for an address that is straight already.
 */
export function fallbackAddress(a: OvosAddress, pageHost: string): OvosAddress | null {
	return a.via === 'app' && isLoopback(pageHost) ? { ...a, via: 'direct' } : null;
}

/** The GUI socket's URL: on the relay, or straight to ovos-gui at `pageHost` when the address names no host. */
export function guiUrl(a: OvosAddress, pageHost: string): string {
	if (a.via === 'app') return relayUrl(RELAY_PATHS.gui, a.host, a.guiPort);
	return `ws://${hostPart(a.host ?? pageHost)}:${a.guiPort}/gui`;
}

/** The core bus's URL (the full handshake), as `guiUrl`. */
export function busUrl(a: OvosAddress, pageHost: string): string {
	if (a.via === 'app') return relayUrl(RELAY_PATHS.core, a.host, a.busPort);
	return `ws://${hostPart(a.host ?? pageHost)}:${a.busPort}/core`;
}

/**
 * The URL a WebSocket opens for `url`: a relay path resolved on `base` (the page's, or a worker's,
 * own URL), `wss:` on an https page and `ws:` otherwise, so nothing is mixed content; any other URL
 * as it is.
 */
export function socketUrl(url: string, base: string): string {
	if (!url.startsWith('/')) return url;
	const u = new URL(url, base);
	u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
	return u.href;
}

/** The OVOS a socket URL reaches, as people write it: `host:port` (the relay's: its `host` or the app's own OVOS). */
export function ovosOf(a: OvosAddress, pageHost: string, port: number): string {
	return `${hostPart(a.host ?? pageHost)}:${port}`;
}

/** Stands for the page's own host in a URL the server writes for the browser (app.html's early socket). */
export const PAGE_HOST = '{host}';

/**
 * The GUI socket app.html opens before the app's code loads, for the screen routes (`/`, `/kiosk`)
 * in `gui` mode ('' otherwise: the full handshake asks the bus for the port first; and none to a
 * host the server does not allow).
 */
export function earlySocketUrl(url: URL, base: OvosAddress, hosts: AllowedHosts = [], ports: AllowedPorts = []): string {
	if (url.pathname !== '/' && url.pathname !== '/kiosk') return '';
	const choice = chooseAddress(url.searchParams, base, hosts, url.hostname, ports);
	if (!choice.ok) return '';
	return choice.address.handshake === 'gui' ? guiUrl(choice.address, PAGE_HOST) : '';
}
