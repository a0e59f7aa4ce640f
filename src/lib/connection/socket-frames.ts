/**
 * What the GUI socket's worker and the page say to each other (gui-socket.worker.ts,
 * worker-socket.ts), and what the worker makes of one frame. Apart from both so that the worker's
 * bundle holds no Worker of its own.
 */
import { decode, type Decoded, type GuiMessage } from '../protocol';
import { capMessage } from '../screen/caps';

/** Frames this long (characters) are decoded off the main thread: about 10 ms of parsing on a slow screen. */
export const OFF_THREAD_CHARS = 200_000;

export type FromSocketWorker =
	| { readonly t: 'open' }
	/** `decoded`: a big frame, decoded and cut; `raw` is then only its start, for the wire log. */
	| { readonly t: 'frame'; readonly raw: string | null; readonly decoded?: Decoded<GuiMessage> }
	| { readonly t: 'closed'; readonly code: number; readonly reason: string };

export type ToSocketWorker = { readonly open: string } | { readonly send: string } | { readonly close: true };

/** How much of a big frame's text the wire log keeps. */
const RAW_HEAD = 1000;

/** What the worker posts for one frame (binary: null). */
export function socketWorkerFrame(raw: string | null): FromSocketWorker {
	if (raw === null || raw.length < OFF_THREAD_CHARS) return { t: 'frame', raw };
	const d = decode(raw);
	const head = `${raw.slice(0, RAW_HEAD)}… (${raw.length.toLocaleString('en')} characters, decoded in the socket's worker)`;
	return { t: 'frame', raw: head, decoded: d.ok ? { ok: true, value: capMessage(d.value) } : d };
}

