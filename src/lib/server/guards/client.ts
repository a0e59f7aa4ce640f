/**
 * Who a request comes from, as the limits count it. One address is one client — but a paired
 * browser or a token is one client wherever it connects from (its principal, identity.ts). Addresses
 * are also grouped by network — an IPv4 /24, an IPv6 /64 (what one household or one rented machine
 * gets) — so that many addresses of one network cannot take every slot (45 addresses once took all
 * 256 event streams). The device itself and token holders are privileged: slots are kept
 * for them.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { isLoopback } from './address';
import type { Identity } from './identity';

export interface Client {
	/** The address, as the socket (or the proxy's header) gave it. */
	readonly address: string;
	/** Its network: `a.b.c.0/24`, `x:x:x:x::/64`; each loopback address is a network of its own. */
	readonly network: string;
	/** Who it is (identity.ts): `device`, `browser:<id>`, `token:<id>`, `net:<cidr>`, `stranger:<address>`. */
	readonly principal: string;
	readonly privileged: boolean;
}

/**
 * The client of `who`: an identity, or a bare address (then loopback is the device, as it is when
 * nothing between claims otherwise).
 */
export function clientOf(who: Identity | string): Client {
	const id: Identity =
		typeof who !== 'string' ? who : isLoopback(who) ? { kind: 'device', principal: 'device', address: who } : { kind: 'stranger', principal: `stranger:${who}`, address: who };
	const privileged = id.kind === 'device' || id.kind === 'token';
	return { address: id.address, network: networkOf(id.address), principal: id.principal, privileged };
}

/** What the per-client limits count as one client: a paired browser or a token as itself, anyone else by address. */
export function clientKey(c: Client): string {
	return isNamed(c) ? c.principal : c.address;
}

function networkOf(address: string): string {
	const v4 = ipv4Of(address);
	if (v4 !== null) return v4.startsWith('127.') ? v4 : `${v4.split('.').slice(0, 3).join('.')}.0/24`;
	if (isIPv6(address)) {
		const groups = expandIPv6(address);
		const loopback = groups.every((g, i) => (i < 7 ? g === 0 : g === 1));
		return loopback ? '::1' : `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
	}
	// Not an address (a test's label, a proxy's odd header): a network of its own.
	return address;
}

/**
 * The one name a client's share of core's pool is counted under: who it is when the server knows
 * (a paired browser, a token's holder), else its network — so many addresses of one network, or one
 * address, are one client.
 */
export function shareKey(client: Client): string {
	return isNamed(client) ? `principal:${client.principal}` : `network:${client.network}`;
}

function isNamed(c: Client): boolean {
	return c.principal.startsWith('browser:') || c.principal.startsWith('token:');
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
