/**
 * A signal that fires when the HTTP client goes away. The Request's own signal stops firing once its
 * body has been read (SvelteKit's node adapter), so a JSON caller that hangs up mid-turn would keep
 * its turn — and its chat — busy until the timeout. Watches the request's socket instead; `release`
 * drops the listener when the response is done (keep-alive sockets carry many requests).
 */
import type { IncomingMessage } from 'node:http';

export function clientGone(req: IncomingMessage | undefined): { signal: AbortSignal | undefined; release(): void } {
	const socket = req?.socket;
	if (!socket) return { signal: undefined, release() {} };
	const ctl = new AbortController();
	const onClose = () => ctl.abort();
	if (socket.destroyed) ctl.abort();
	else socket.once('close', onClose);
	return { signal: ctl.signal, release: () => socket.off('close', onClose) };
}
