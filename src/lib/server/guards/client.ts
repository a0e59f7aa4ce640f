/**
 * Who a request comes from, as the limits count it. One address is one client; addresses are also
 * grouped by network — an IPv4 /24, an IPv6 /64 (what one household or one rented machine gets) —
 * so that many addresses of one network cannot take every slot (issue 24.6: 45 addresses took all
 * 256 event streams). Loopback clients (the kiosk on the device itself, behind a local proxy) and
 * holders of OVOS_SCREEN_TOKEN are privileged: slots are kept for them.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

export interface Client {
	/** The address, as the socket (or the adapter's ADDRESS_HEADER) gave it. */
	readonly address: string;
	/** Its network: `a.b.c.0/24`, `x:x:x:x::/64`; each loopback address is a network of its own. */
	readonly network: string;
	readonly privileged: boolean;
	/** Who it is, when the server knows (a paired browser, a token's holder); else absent. */
	readonly principal?: string | null;
}

export function clientOf(address: string, tokenHolder = false): Client {
	const v4 = ipv4Of(address);
	if (v4 !== null) {
		const loopback = v4.startsWith('127.');
		return { address, network: loopback ? v4 : `${v4.split('.').slice(0, 3).join('.')}.0/24`, privileged: loopback || tokenHolder };
	}
	if (isIPv6(address)) {
		const groups = expandIPv6(address);
		const loopback = groups.every((g, i) => (i < 7 ? g === 0 : g === 1));
		return { address, network: loopback ? '::1' : `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`, privileged: loopback || tokenHolder };
	}
	// Not an address (a test's label, a proxy's odd header): a network of its own.
	return { address, network: address, privileged: tokenHolder };
}

/**
 * The one name a client's share of core's pool is counted under: who it is when the server knows
 * (`principal`: a paired browser, a token's holder), else its network — so many addresses of one
 * network, or one address, are one client.
 */
export function clientKey(client: Client): string {
	return client.principal ? `principal:${client.principal}` : `network:${client.network}`;
}

/** The IPv4 address, also out of an IPv4-mapped IPv6 one (`::ffff:10.0.0.5`); else null. */
function ipv4Of(address: string): string | null {
	if (isIPv4(address)) return address;
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
	return mapped && isIPv4(mapped[1]!) ? mapped[1]! : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded; a zone id dropped). */
function expandIPv6(address: string): number[] {
	const bare = address.split('%')[0]!;
	const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, null];
	const part = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16) || 0) : []);
	const a = part(head);
	const b = tail === null ? [] : part(tail);
	return [...a, ...Array<number>(Math.max(0, 8 - a.length - b.length)).fill(0), ...b].slice(0, 8);
}

/**
 * The client's address of a raw request (a WebSocket upgrade, which no SvelteKit route sees), as
 * the HTTP adapter names it for routes: ADDRESS_HEADER (the last XFF_DEPTH-th of an
 * X-Forwarded-For) behind a proxy, else the connection's own. A configured header that is missing
 * names no address (an empty one, never the proxy's loopback: that would be the device itself).
 */
export function addressOf(req: IncomingMessage, env: Readonly<Record<string, string | undefined>> = process.env): string {
	const header = env.ADDRESS_HEADER?.trim().toLowerCase();
	if (!header) return req.socket.remoteAddress ?? '';
	const value = req.headers[header];
	const v = (Array.isArray(value) ? value.join(',') : value)?.trim();
	if (!v) return '';
	if (header !== 'x-forwarded-for') return v;
	const all = v.split(',');
	const depth = Math.max(1, parseInt(env.XFF_DEPTH ?? '1', 10) || 1);
	return all[all.length - depth]?.trim() ?? '';
}
