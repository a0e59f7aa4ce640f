/**
 * `GET /api/ovos/port?port=N`: answers `{"open": true}` as soon as port N of the configured OVOS
 * host accepts, or `{"open": false}` after 20 s (ask again). With `&wait=0` it tries once and
 * answers at once (/settings' connection test). Only the GUI and bus ports this server is
 * configured with (404 otherwise), so it tells nothing a screen's own socket would not.
 */
import { json } from '@sveltejs/kit';
import { config } from '$lib/server/config';
import { portAccepts, waitForPort } from '$lib/server/port-watch';

const WAIT_MS = 20_000;

export async function GET({ url, request }) {
	const c = config();
	const port = Number(url.searchParams.get('port'));
	if (port !== c.ovos.guiPort && port !== c.ovos.busPort) {
		return json({ error: `port ${url.searchParams.get('port')} is not an OVOS port of this server` }, { status: 404 });
	}
	const open = url.searchParams.get('wait') === '0' ? await portAccepts(c.busHost, port) : await waitForPort(c.busHost, port, WAIT_MS, request.signal);
	return json({ open }, { headers: { 'cache-control': 'no-store' } });
}
