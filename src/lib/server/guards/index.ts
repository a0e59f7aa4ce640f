/**
 * The HTTP guards every route that needs them shares, always in this order: **origin** (a browser
 * on another site: 403), **token** (OVOS_SCREEN_TOKEN when set: 401), then **admission** (the
 * route's limits: 429 / 503). Admission comes last so that a request refused for its origin or token
 * spends nothing — no rate, no slot — of the client whose address it shares (issue 24.7: 40 posts
 * without the token made the token holder's next chat a 429). Used by the chat (`/api/chat`,
 * `/api/chat/end`, `/v1/*`) and the bus window (`/api/bus`); hooks.server.ts applies the origin rule
 * to every other route that changes something.
 */
import { config } from '../config';
import { clientOf, type Client } from './client';
import { crossSiteReason } from './origin';
import { holdsApiToken } from './token';

export { addressOf, clientKey, clientOf, type Client } from './client';
export { crossSiteReason, ownOrigins, upgradeCrossSiteReason } from './origin';
export { RateLimiter, type RateLimitOptions } from './rate-limit';
export { FairSlots, type Slot, type SlotOptions } from './slots';
export { holdsApiToken } from './token';
export { ANSWER_HEADERS, headersOnEveryAnswer, SECURITY_HEADERS, withSecurityHeaders } from './headers';

export type GuardCode = 'forbidden' | 'unauthorized' | 'rate-limited' | 'busy-server';

export interface Refusal {
	readonly ok: false;
	readonly status: 401 | 403 | 429 | 503;
	readonly code: GuardCode;
	readonly message: string;
	/** Seconds, for Retry-After (429 and 503). */
	readonly retryAfterS?: number;
}

/** What a route's admission says: in (release once when done), or refused. */
export type Admission = { readonly ok: true; release(): void } | Refusal;

export interface GuardOptions {
	readonly apiToken: string | null;
	/** Behind a trusted TLS proxy (default: the server's setting). */
	readonly trustProxy?: boolean;
	/** The route's limits, asked only once origin and token have passed. */
	readonly admit?: (client: Client) => Admission;
}

export type Guarded = { readonly ok: true; readonly client: Client; release(): void } | Refusal;

const NOTHING = () => {};

/** Origin, then token, then admission. `address` is the client's (SvelteKit's getClientAddress). */
export function guard(request: Request, url: URL, address: string, o: GuardOptions): Guarded {
	const cross = crossSiteReason(request, url, o.trustProxy ?? config().trustProxy);
	if (cross !== null) return { ok: false, status: 403, code: 'forbidden', message: cross };
	const holder = holdsApiToken(request, o.apiToken);
	if (o.apiToken !== null && !holder) {
		return { ok: false, status: 401, code: 'unauthorized', message: 'this server requires its API token (Authorization: Bearer …)' };
	}
	const client = clientOf(address, holder);
	if (!o.admit) return { ok: true, client, release: NOTHING };
	const a = o.admit(client);
	return a.ok ? { ok: true, client, release: a.release } : a;
}
