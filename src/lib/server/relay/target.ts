/**
 * Where a relayed socket goes: `/ovos/gui` to ovos-gui's `/gui`, `/ovos/core` to the messagebus's
 * `/core`, on the app's own OVOS (with no OVOS_HOST: this machine) unless `?host=` / `?port=` name
 * another that the allow-lists permit. These are the rules a page applies to its own URL options
 * (protocol/address.ts, chooseAddress), checked again here on the server: whatever a client sends,
 * the relay reaches nothing the allow-lists do not name.
 */
import { networkInterfaces } from 'node:os';
import { chooseAddress, hostPart, isLoopback, RELAY_PATHS, type AllowedHosts, type AllowedPorts, type OvosAddress } from '../../protocol/address';

export type RelayKind = keyof typeof RELAY_PATHS;

/** What the relay may reach: the server's configured OVOS and its allow-lists. */
export interface RelayScope {
	readonly ovos: OvosAddress;
	readonly allowedHosts: AllowedHosts;
	readonly allowedPorts: AllowedPorts;
}

export type RelayTarget =
	| { readonly ok: true; readonly kind: RelayKind; readonly host: string; readonly port: number; readonly url: string }
	| { readonly ok: false; readonly status: 400 | 403; readonly message: string };

const UPSTREAM_PATH: Record<RelayKind, string> = { gui: '/gui', core: '/core' };

/** The relayed socket a path names, or null when it names none. */
export function relayKind(pathname: string): RelayKind | null {
	return pathname === RELAY_PATHS.gui ? 'gui' : pathname === RELAY_PATHS.core ? 'core' : null;
}

/** This machine's own addresses (every interface): a page opened on one may name it as its OVOS. */
export function machineAddresses(): ReadonlySet<string> {
	return new Set(
		Object.values(networkInterfaces())
			.flat()
			.flatMap((a) => (a ? [a.address.toLowerCase()] : []))
	);
}

/** The upstream of a `kind` socket asked for with `params`, or why it is refused. */
export function relayTarget(kind: RelayKind, params: URLSearchParams, scope: RelayScope, own: () => ReadonlySet<string> = machineAddresses): RelayTarget {
	let host = params.get('host');
	const port = params.get('port');
	if (host !== null && !/^[\w.:[\]-]{1,253}$/.test(host)) return { ok: false, status: 400, message: 'host= is not a host name or address' };
	if (port !== null && !/^\d{1,5}$/.test(port)) return { ok: false, status: 400, message: 'port= is not a port number' };
	// With no OVOS_HOST, OVOS is this machine: any of its names or addresses is reached on loopback.
	if (host !== null && scope.ovos.host === null && (isLoopback(host) || own().has(host.replace(/^\[|\]$/g, '').toLowerCase()))) host = null;
	const asked = new URLSearchParams();
	if (host !== null) asked.set('host', host);
	if (port !== null) asked.set(kind === 'gui' ? 'guiPort' : 'busPort', port);
	const choice = chooseAddress(asked, scope.ovos, scope.allowedHosts, '127.0.0.1', scope.allowedPorts);
	if (!choice.ok) return { ok: false, status: 403, message: `${choice.host} is not an OVOS this app reaches (${choice.setting})` };
	const upstreamHost = choice.address.host ?? '127.0.0.1';
	const upstreamPort = kind === 'gui' ? choice.address.guiPort : choice.address.busPort;
	return { ok: true, kind, host: upstreamHost, port: upstreamPort, url: `ws://${hostPart(upstreamHost)}:${upstreamPort}${UPSTREAM_PATH[kind]}` };
}
