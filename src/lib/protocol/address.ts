/** Where the screen finds OVOS: the server's configuration, overridden by URL options. Browser-safe. */
export type Handshake = 'gui' | 'full';

export interface OvosAddress {
	/** Host of ovos-gui (and of the core bus for the full handshake); null = the page's own host. */
	readonly host: string | null;
	readonly guiPort: number;
	readonly busPort: number;
	/** `gui`: connect straight to the GUI socket; `full`: Qt's core-bus handshake first (spec §1.2). */
	readonly handshake: Handshake;
}

export const DEFAULT_ADDRESS: OvosAddress = { host: null, guiPort: 18181, busPort: 8181, handshake: 'gui' };

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
		handshake: handshake === 'full' || handshake === 'gui' ? handshake : base.handshake
	};
}

/** A host as it goes in a URL: IPv6 literals in brackets. */
export function hostPart(host: string): string {
	return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function guiUrl(a: OvosAddress, pageHost: string): string {
	return `ws://${hostPart(a.host ?? pageHost)}:${a.guiPort}/gui`;
}

export function busUrl(a: OvosAddress, pageHost: string): string {
	return `ws://${hostPart(a.host ?? pageHost)}:${a.busPort}/core`;
}

/** Stands for the page's own host in a URL the server writes for the browser (app.html's early socket). */
export const PAGE_HOST = '{host}';

/**
 * The GUI socket app.html opens before the app's code loads, for the screen routes (`/`, `/kiosk`)
 * in `gui` mode ('' otherwise: the full handshake asks the bus for the port first).
 */
export function earlySocketUrl(url: URL, base: OvosAddress): string {
	if (url.pathname !== '/' && url.pathname !== '/kiosk') return '';
	const a = addressFromParams(url.searchParams, base);
	return a.handshake === 'gui' ? guiUrl(a, PAGE_HOST) : '';
}
