/**
 * `GET /ovos/gui` and `/ovos/core` without an upgrade: `{"open": true}` when the relay's upstream
 * (relay/target.ts) accepts now, `{"open": false}` when it does not (400 / 403 for one the relay
 * refuses). A screen whose socket is down asks this (connection/port-watch.ts, httpProbe) as it
 * would ask ovos-gui's own port if it connected straight; it costs ovos-gui one TCP connect, which
 * it does not log.
 */
import { json } from '@sveltejs/kit';
import { config } from '$lib/server/config';
import { RateLimiter } from '$lib/server/guards';
import { portAccepts } from '$lib/server/port-watch';
import { relayKind, relayTarget } from '$lib/server/relay';

// A screen that is down asks every second at most; a burst for several screens of one browser.
const asks = new RateLimiter({ burst: 20, perSecond: 4 });
const NO_STORE = { 'cache-control': 'no-store' };

export async function GET({ url, getClientAddress }) {
	const kind = relayKind(url.pathname);
	if (kind === null) return json({ error: 'not found' }, { status: 404, headers: NO_STORE });
	if (!asks.take(getClientAddress()).ok) return json({ error: 'too many checks; try again in a second' }, { status: 429, headers: { ...NO_STORE, 'retry-after': '1' } });
	const t = relayTarget(kind, url.searchParams, config());
	if (!t.ok) return json({ error: t.message }, { status: t.status, headers: NO_STORE });
	return json({ open: await portAccepts(t.host, t.port) }, { headers: NO_STORE });
}
