/**
 * The screen's GUI socket, owned by this worker (issue 24.4; worker-socket.ts is the page's side).
 * Small frames go to the page as they came; big ones are decoded and cut to the screen's cap here,
 * so the page never holds their text. The page says `{ open: url }` once, then `{ send }` and
 * `{ close }`; this worker ends itself when its socket has closed.
 */
import { socketWorkerFrame, type FromSocketWorker, type ToSocketWorker } from './socket-frames';

const post = (m: FromSocketWorker) => self.postMessage(m);
let ws: WebSocket | null = null;

self.onmessage = (e: MessageEvent<ToSocketWorker>) => {
	const m = e.data;
	if ('open' in m) {
		if (ws) return;
		try {
			ws = new WebSocket(m.open);
		} catch (err) {
			post({ t: 'closed', code: 0, reason: String(err) });
			self.close();
			return;
		}
		ws.onopen = () => post({ t: 'open' });
		ws.onmessage = (ev) => post(socketWorkerFrame(typeof ev.data === 'string' ? ev.data : null));
		ws.onclose = (ev) => {
			post({ t: 'closed', code: ev.code, reason: ev.reason });
			self.close();
		};
	} else if ('send' in m) {
		if (ws?.readyState === WebSocket.OPEN) ws.send(m.send);
	} else if (ws) ws.close();
	else self.close();
};
