/**
 * Who is asking — the one decision every route, page and socket shares (docs/security.md, "Who is
 * let in"):
 * - **device**: this machine itself (loopback or its own address, no proxy between, named as this
 *   machine): the kiosk on its display, tools and skills on it. Needs nothing.
 * - **paired**: a browser that entered a code shown on the device, or was handed a token once; it
 *   keeps a long-lived cookie (`browser:<id>`).
 * - **token**: a tool sending an API token (`Authorization: Bearer …` or `X-OVOS-Screen-Token`): a
 *   named one made on /settings (`token:<id>`) or OVOS_SCREEN_TOKEN (`token:OVOS_SCREEN_TOKEN`).
 * - **trusted**: an address in OVOS_SCREEN_TRUSTED_NETWORKS (`net:<cidr>`; none by default).
 * - **stranger**: anyone else. Gets the pairing page and nothing of the device.
 */
import { timingSafeEqual } from 'node:crypto';
import { CredentialStore, type BrowserInfo, type TokenInfo } from './credentials';
import { isOwnAddress, namesThisMachine, originOf, type ProxySettings } from './address';
import { networkOf, type Network } from './networks';
import { readCookie } from '../../settings/choices';

export type IdentityKind = 'device' | 'trusted' | 'paired' | 'token' | 'stranger';

export interface Identity {
	readonly kind: IdentityKind;
	/** `device` | `net:<cidr>` | `browser:<id>` | `token:<id>` | `stranger:<address>` */
	readonly principal: string;
	/** The client's address (forwarded when a proxy named it). */
	readonly address: string;
}

/** The paired browser's cookie. */
export const PAIR_COOKIE = 'ovos-screen-paired';
/** OVOS_SCREEN_TOKEN's principal: it has no id, and cannot be revoked but by changing the setting. */
export const ENV_TOKEN_PRINCIPAL = 'token:OVOS_SCREEN_TOKEN';

export interface AccessOptions extends ProxySettings {
	readonly store: CredentialStore;
	/** OVOS_SCREEN_TOKEN. */
	readonly apiToken: string | null;
	/** OVOS_SCREEN_TRUSTED_NETWORKS. */
	readonly trusted: readonly Network[];
	/** Names of this machine besides its address, `localhost` and its host name (ORIGIN's host). */
	readonly names?: readonly string[];
}

export type RevokedListener = (principal: string) => void;

export class Access {
	readonly store: CredentialStore;
	readonly #o: AccessOptions;
	readonly #revoked = new Set<RevokedListener>();

	constructor(o: AccessOptions) {
		this.#o = o;
		this.store = o.store;
	}

	/**
	 * Who a request is. `header` reads a request header (null when absent); `cookie` is the pairing
	 * cookie's value when the caller has parsed it, else it is read from the Cookie header.
	 */
	whoIs(socketAddress: string, header: (name: string) => string | null, cookie?: string | null): Identity {
		const { address, proxied } = originOf(socketAddress, header, this.#o);
		if (!proxied && isOwnAddress(socketAddress) && namesThisMachine(header('host'), this.#o.names)) return { kind: 'device', principal: 'device', address };
		const paired = this.#browser(cookie === undefined ? readCookie(header('cookie'), PAIR_COOKIE) : cookie, address);
		if (paired) return { kind: 'paired', principal: `browser:${paired.id}`, address };
		const token = this.tokenPrincipal(tokenIn(header));
		if (token) return { kind: 'token', principal: token, address };
		const net = networkOf(address, this.#o.trusted);
		if (net) return { kind: 'trusted', principal: `net:${net.cidr}`, address };
		return { kind: 'stranger', principal: `stranger:${address}`, address };
	}

	/** The principal of an API token (named or OVOS_SCREEN_TOKEN), or null when it is none. */
	tokenPrincipal(token: string | null): string | null {
		if (!token) return null;
		if (this.#o.apiToken !== null && safeEqual(token, this.#o.apiToken)) return ENV_TOKEN_PRINCIPAL;
		const named = this.store.tokenOf(token);
		return named ? `token:${named.id}` : null;
	}

	/** Pairs a browser; its cookie value, or null when the list is full. */
	pair(o: { name: string; address: string; via: string }): { credential: string; info: BrowserInfo } | null {
		return this.store.addBrowser(o);
	}

	createToken(name: string): { token: string; info: TokenInfo } | null {
		return this.store.addToken(name);
	}

	/** Forgets a paired browser: its requests, streams and sockets end at once. */
	forgetBrowser(id: string): boolean {
		const gone = this.store.forgetBrowser(id);
		if (gone) this.#fire(`browser:${id}`);
		return gone !== null;
	}

	/** Revokes a named token and the browsers it handed over. */
	revokeToken(id: string): boolean {
		const gone = this.store.revokeToken(id);
		if (!gone) return false;
		this.#fire(`token:${id}`);
		for (const b of gone.browsers) this.#fire(`browser:${b.id}`);
		return true;
	}

	/** `fn` hears every principal forgotten or revoked; returns the unsubscribe. */
	onRevoked(fn: RevokedListener): () => void {
		this.#revoked.add(fn);
		return () => this.#revoked.delete(fn);
	}

	#browser(credential: string | null, address: string): BrowserInfo | null {
		return credential ? this.store.browserOf(credential, address) : null;
	}

	#fire(principal: string): void {
		for (const fn of [...this.#revoked]) {
			try {
				fn(principal);
			} catch (e) {
				console.error('ovos-screen: a listener of revoked access failed', e);
			}
		}
	}
}

/** `Authorization: Bearer <it>` (the scheme in any case, RFC 9110, section 11.1) or `X-OVOS-Screen-Token: <it>`. */
export function tokenIn(header: (name: string) => string | null): string | null {
	const bearer = /^bearer\s+(.+)$/i.exec(header('authorization') ?? '');
	const given = bearer ? bearer[1]!.trim() : header('x-ovos-screen-token')?.trim();
	return given ? given : null;
}

function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}
