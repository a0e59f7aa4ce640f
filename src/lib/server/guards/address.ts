/**
 * Where a request comes from: the client's address, and whether it is this machine itself.
 *
 * The socket's address is the client's unless a proxy stands between. A proxy on this machine
 * connects from loopback for everyone it serves, so a loopback connection that carries any sign of
 * a proxy (X-Forwarded-For, Forwarded, X-Real-IP, X-Forwarded-Host/-Proto, Via, or the configured
 * ADDRESS_HEADER) is never "the machine itself": its client is the forwarded address. Headers from
 * any other connection are believed only when the deployer named one in ADDRESS_HEADER, as
 * adapter-node does (docs/security.md, "Who is let in").
 */
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

export interface ProxySettings {
	/** ADDRESS_HEADER, lower-cased; null when unset. */
	readonly addressHeader: string | null;
	/** XFF_DEPTH: with ADDRESS_HEADER=x-forwarded-for, how many proxies stand in front. */
	readonly xffDepth: number;
}

export interface Origin {
	/** The client's address: forwarded when a proxy named it, else the socket's. */
	readonly address: string;
	/** The request came through a proxy (any of its headers is there). */
	readonly proxied: boolean;
}

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

/**
 * The client of a request whose socket came from `socketAddress`. A configured ADDRESS_HEADER that
 * is missing (someone on the machine or the network reaching the app past the proxy) leaves the
 * socket's address: never an error.
 */
export function originOf(socketAddress: string, header: (name: string) => string | null, p: ProxySettings): Origin {
	const socket = bare(socketAddress);
	const proxied = PROXY_HEADERS.some((h) => header(h) !== null) || (p.addressHeader !== null && header(p.addressHeader) !== null);
	if (p.addressHeader !== null) {
		const v = header(p.addressHeader);
		if (v === null) return { address: socket, proxied };
		return { address: bare(p.addressHeader === 'x-forwarded-for' ? hopsBack(v, p.xffDepth) : v.trim()) || socket, proxied: true };
	}
	// No proxy declared: only one on this machine is believed, and only for the hop it added itself.
	if (!proxied || !isOwnAddress(socket)) return { address: socket, proxied };
	const xff = header('x-forwarded-for');
	const fwd = header('forwarded');
	const real = header('x-real-ip');
	const named = xff !== null ? hopsBack(xff, 1) : fwd !== null ? lastForwardedFor(fwd) : (real?.trim() ?? '');
	return { address: bare(named) || socket, proxied };
}

/** The entry `depth` hops from the right of a comma-separated list, or the furthest one there is. */
function hopsBack(list: string, depth: number): string {
	const parts = list.split(',').map((s) => s.trim());
	return parts[Math.max(0, parts.length - Math.max(1, depth))] ?? '';
}

/** RFC 7239: the `for=` of the last element (the hop the nearest proxy added). */
function lastForwardedFor(value: string): string {
	const last = value.split(',').at(-1) ?? '';
	const m = /(?:^|;)\s*for=("?)([^";]*)\1/i.exec(last);
	return m?.[2] ?? '';
}

/** An address without IPv6 brackets, an IPv4-mapped prefix or a port; a label that is no address stays as it is. */
export function bare(address: string): string {
	let a = address.trim();
	const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
	if (bracketed) a = bracketed[1]!;
	else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
	return mapped ? mapped[1]! : a;
}

export function isLoopback(address: string): boolean {
	const a = bare(address);
	return a.startsWith('127.') ? isIP(a) === 4 : a === '::1' || a === '0:0:0:0:0:0:0:1';
}

let own: { readonly at: number; readonly addresses: ReadonlySet<string> } | null = null;

/** Loopback, or an address of one of this machine's interfaces (the machine reaching itself at its LAN address). */
export function isOwnAddress(address: string): boolean {
	const a = bare(address);
	if (isLoopback(a)) return true;
	if (isIP(a) === 0) return false;
	// Interfaces come and go (a VPN, DHCP): read again on a miss, at most once a second.
	if (!own?.addresses.has(a) && (own === null || Date.now() - own.at > 1000)) {
		const addresses = new Set(
			Object.values(networkInterfaces())
				.flat()
				.map((i) => (i ? bare(i.address.split('%')[0]!) : ''))
		);
		own = { at: Date.now(), addresses };
	}
	return own.addresses.has(a);
}

/**
 * Whether a request to this machine names it as this machine does: an address, `localhost`, or the
 * machine's own name. A page of another site whose name a DNS trick points at 127.0.0.1 is the
 * machine's own browser reading another site's pages: it must not be the device.
 */
export function namesThisMachine(host: string | null, extra: readonly string[] = []): boolean {
	if (host === null || host === '') return true;
	const h = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
	const name = h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
	if (isIP(name) !== 0) return true;
	if (name === 'localhost' || name.endsWith('.localhost')) return true;
	const me = hostname().toLowerCase();
	const short = me.split('.')[0]!;
	return [me, short, `${short}.local`, ...extra.map((e) => e.toLowerCase())].includes(name);
}
