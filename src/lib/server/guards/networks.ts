/**
 * Networks written as CIDR (`192.168.1.0/24`, `fd00::/8`) or single addresses, and whether an
 * address lies in one: OVOS_SCREEN_TRUSTED_NETWORKS.
 */
import { BlockList, isIP } from 'node:net';
import { bare } from './address';

export interface Network {
	/** As written, normalised: `192.168.1.0/24`, `fd00::/8`. */
	readonly cidr: string;
	readonly list: BlockList;
}

/** A network from `a.b.c.d/n`, `x::/n` or a bare address; null when it is none. */
export function parseNetwork(text: string): Network | null {
	const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(text.trim());
	if (!m) return null;
	const address = bare(m[1]!);
	const family = isIP(address);
	if (family === 0) return null;
	const max = family === 4 ? 32 : 128;
	const prefix = m[2] === undefined ? max : Number(m[2]);
	if (prefix > max) return null;
	const list = new BlockList();
	const type = family === 4 ? 'ipv4' : 'ipv6';
	list.addSubnet(address, prefix, type);
	return { cidr: `${address}/${prefix}`, list };
}

/** The first of `networks` that holds `address`, or null. */
export function networkOf(address: string, networks: readonly Network[]): Network | null {
	const a = bare(address);
	const family = isIP(a);
	if (family === 0) return null;
	return networks.find((n) => n.list.check(a, family === 4 ? 'ipv4' : 'ipv6')) ?? null;
}
