/**
 * The guards every route shares. **Who is asking** (identity.ts: `whoIs`) is decided once per
 * request, before any route runs (hooks.server.ts), and for every socket (the relay): a stranger gets
 * the pairing page and nothing else. Routes that take input then apply, always in this order,
 * **origin** (a browser on another site: 403) and **admission** (the route's limits: 429 / 503), so
 * a request refused for its origin spends nothing — no rate, no slot — of the client whose address it
 * shares. Used by the chat (`/api/chat`, `/api/chat/end`, `/v1/*`) and the bus window
 * (`/api/bus`); hooks.server.ts applies the origin rule to every other route that changes something.
 */
import { config } from '../config';
import { announceCode } from '../pairing-voice';
import { clientOf, type Client } from './client';
import { CredentialStore } from './credentials';
import { Access, type Identity, type RevokedListener } from './identity';
import { OpenRequests } from './gate';
import { crossSiteReason } from './origin';
import { PairingDesk } from './pairing';

export { clientKey, clientOf, shareKey, type Client } from './client';
export { crossSiteReason, ownOrigins, servedOverHttps, upgradeCrossSiteReason } from './origin';
export { mayManage, OpenRequests, openToStrangers, PAIR_PATH, unauthorized, wantsPage, whenSent } from './gate';
export { RateLimiter, type RateLimitOptions } from './rate-limit';
export { FairSlots, type Slot, type SlotOptions } from './slots';
export { ANSWER_HEADERS, headersOnEveryAnswer, SECURITY_HEADERS, withSecurityHeaders } from './headers';
export { Access, ENV_TOKEN_PRINCIPAL, PAIR_COOKIE, type AccessOptions, type Identity, type IdentityKind, type RevokedListener } from './identity';
export { PairingDesk, REQUEST_COOKIE, type PendingCode } from './pairing';
export type { BrowserInfo, TokenInfo } from './credentials';

export type GuardCode = 'forbidden' | 'rate-limited' | 'busy-server';

export interface Refusal {
	readonly ok: false;
	readonly status: 403 | 429 | 503;
	readonly code: GuardCode;
	readonly message: string;
	/** Seconds, for Retry-After (429 and 503). */
	readonly retryAfterS?: number;
}

/** What a route's admission says: in (release once when done), or refused. */
export type Admission = { readonly ok: true; release(): void } | Refusal;

export interface GuardOptions {
	/** Behind a trusted TLS proxy (default: the server's setting). */
	readonly trustProxy?: boolean;
	/** The route's limits, asked only once the origin has passed. */
	readonly admit?: (client: Client) => Admission;
}

export type Guarded = { readonly ok: true; readonly client: Client; release(): void } | Refusal;

const NOTHING = () => {};

/** Origin, then admission, for `who` (the request's identity; a bare address in tests of a route alone). */
export function guard(request: Request, url: URL, who: Identity | string, o: GuardOptions = {}): Guarded {
	const cross = crossSiteReason(request, url, o.trustProxy ?? config().trustProxy);
	if (cross !== null) return { ok: false, status: 403, code: 'forbidden', message: cross };
	const client = clientOf(who);
	if (!o.admit) return { ok: true, client, release: NOTHING };
	const a = o.admit(client);
	return a.ok ? { ok: true, client, release: a.release } : a;
}

let shared: Access | undefined;
let desk: PairingDesk | undefined;
let open: OpenRequests | undefined;

/** This server's access: its paired browsers and tokens (the data folder), its settings. */
export function access(): Access {
	if (!shared) {
		const c = config();
		const env = process.env;
		const a = new Access({
			store: new CredentialStore(c.dataDir),
			apiToken: c.apiToken,
			trusted: c.trustedNetworks,
			// The adapter's own settings (validated by settings-file.js when the server starts).
			addressHeader: env.ADDRESS_HEADER?.trim().toLowerCase() || null,
			xffDepth: Number(env.XFF_DEPTH?.trim() || 1),
			names: env.ORIGIN ? [new URL(env.ORIGIN).hostname] : []
		});
		// Last-seen times not yet written go with the server (server/index.js emits this on SIGINT/SIGTERM).
		process.once('sveltekit:shutdown', () => a.store.flush());
		shared = a;
	}
	return shared;
}

/** This server's pairing desk: codes asked for, shown on the device's screens, in its log and voice. */
export function pairingDesk(): PairingDesk {
	desk ??= new PairingDesk({ access: access(), announce: announceCode });
	return desk;
}

/** The open requests of paired browsers and tokens, closed when their access goes. */
export function openRequests(): OpenRequests {
	open ??= new OpenRequests(access());
	return open;
}

/**
 * Who a request is (identity.ts), for every route and socket of this server. `socketAddress`: the
 * connection's peer; `header`: reads a request header; `cookie`: the pairing cookie's value when the
 * caller parsed it (else read from the Cookie header).
 */
export function whoIs(socketAddress: string, header: (name: string) => string | null, cookie?: string | null): Identity {
	return access().whoIs(socketAddress, header, cookie);
}

/** `fn` hears each principal forgotten or revoked (`browser:<id>`, `token:<id>`): its sockets must close. */
export function onRevoked(fn: RevokedListener): () => void {
	return access().onRevoked(fn);
}
