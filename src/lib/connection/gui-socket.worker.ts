/**
 * The screen's GUI socket, owned by this worker (issue 24.4; worker-socket.ts is the page's side).
 * Small frames go to the page as they came, gathered into a batch for BATCH_MS at most (one
 * message, one main-thread task for several); big ones are decoded and cut to the screen's cap
 * here, so the page never holds their text, and go alone in their place. The page says
 * `{ open: url }` once, then `{ send }`, `{ ready }` after each batch, and `{ close }`; this worker
 * ends itself when its socket has closed.
 */
import { socketUrl } from '../protocol/address';
import { workerFrames, type FromSocketWorker, type ToSocketWorker } from './socket-frames';

const post = (m: FromSocketWorker) => self.postMessage(m);
const frames = workerFrames(post);
let ws: WebSocket | null = null;

self.onmessage = (e: MessageEvent<ToSocketWorker>) => {
	const m = e.data;
	if ('open' in m) {
		if (ws) return;
		try {
			// A relay path is on the page's origin, which is this worker's too.
			ws = new WebSocket(socketUrl(m.open, self.location.href));
		} catch (err) {
			post({ t: 'closed', code: 0, reason: String(err) });
			self.close();
			return;
		}
		ws.onopen = () => post({ t: 'open' });
		ws.onmessage = (ev) => frames.frame(typeof ev.data === 'string' ? ev.data : null);
		ws.onclose = (ev) => {
			frames.end();
			post({ t: 'closed', code: ev.code, reason: ev.reason });
			self.close();
		};
	} else if ('ready' in m) frames.ready();
	else if ('send' in m) {
		if (ws?.readyState === WebSocket.OPEN) ws.send(m.send);
	} else if (ws) ws.close();
	else self.close();
};
