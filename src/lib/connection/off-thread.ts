/**
 * Big GUI frames are decoded in a worker (issue 24.4). A frame of 100,000 list rows is 5–15 MB of
 * JSON: parsing it on the main thread took 0.1–2 s, more than any page could then lay out. Frames
 * this long go to `decode.worker.ts` and come back decoded and cut to the screen's cap; the socket
 * keeps every event in the order it arrived meanwhile. Where there is no worker (Node, the tests'
 * fake sockets) or it fails, the frame is decoded here as before.
 */
import { decode, type Decoded, type GuiMessage } from '../protocol';

export { OFF_THREAD_CHARS } from './socket-frames';

export type OffThreadDecode = (raw: string) => Promise<Decoded<GuiMessage>>;

/** The page's decoder, or undefined where there are no workers. One worker, started on the first big frame. */
export function workerDecode(): OffThreadDecode | undefined {
	if (typeof Worker === 'undefined') return undefined;
	let worker: Worker | null = null;
	let broken = false;
	let next = 0;
	const waiting = new Map<number, (d: Decoded<GuiMessage>) => void>();
	const failAll = () => {
		broken = true;
		worker?.terminate();
		worker = null;
		// The frames it held are decoded here, in the order they came: the socket waits for each in turn.
		for (const [, done] of waiting) done(NOT_DECODED);
		waiting.clear();
	};
	return (raw) => {
		if (broken) return Promise.resolve(decode(raw));
		if (!worker) {
			try {
				worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
			} catch {
				broken = true;
				return Promise.resolve(decode(raw));
			}
			worker.onmessage = (e: MessageEvent<{ id: number; decoded: Decoded<GuiMessage> }>) => {
				waiting.get(e.data.id)?.(e.data.decoded);
				waiting.delete(e.data.id);
			};
			worker.onerror = failAll;
			worker.onmessageerror = failAll;
		}
		const id = next++;
		const w = worker;
		return new Promise<Decoded<GuiMessage>>((resolve) => {
			waiting.set(id, (d) => resolve(d === NOT_DECODED ? decode(raw) : d));
			w.postMessage({ id, raw });
		});
	};
}

const NOT_DECODED: Decoded<GuiMessage> = { ok: false, error: { code: 'json', message: 'decode worker failed' } };
