/**
 * `GET /api/ovos/port?port=N&wait=MS`: answers `{"open": true}` as soon as port N of the configured
 * OVOS host accepts, or `{"open": false}` after MS milliseconds (at most 20 s, the default; ask
 * again). `wait=0` tries once and answers at once (/settings' connection test). Screens ask with a
 * short wait (connection/port-watch.ts): a request held for long keeps one of the browser's six
 * connections to this server, and with a few screens open those run out. Only the GUI and bus
 * ports this server is configured with (404 otherwise), so it tells nothing a screen's own socket
 * would not. Waits are capped per client and network (429 past that), and their sockets are the
 * first to make room.
 */
import { config } from '$lib/server/config';
import { holdsLongPoll } from '$lib/server/connections';
import { answerPortWait } from '$lib/server/port-watch';

export function GET({ url, request, platform, locals }) {
	const c = config();
	return answerPortWait(url, request.signal, locals.identity, {
		host: c.busHost,
		ports: [c.ovos.guiPort, c.ovos.busPort],
		holdSocket: () => holdsLongPoll(platform?.req?.socket)
	});
}
