import type { Decoded, GuiMessage } from '../protocol';
import { socketUrl } from '../protocol/address';

/** The slice of the browser WebSocket API the connection uses, so tests can drive a fake one. */
export interface SocketLike {
	readonly readyState: number;
	send(data: string): void;
	close(code?: number, reason?: string): void;
	onopen: ((ev: unknown) => void) | null;
	/** `decoded`: a big frame the socket's worker decoded (`data` is then only its start). */
	onmessage: ((ev: { data: unknown; decoded?: Decoded<GuiMessage> }) => void) | null;
	/**
	 * A socket that gathers its frames itself (the socket's worker) hands them here, several at once
	 * in the order they came, when this is set; other sockets, and one where it is not, give each to
	 * `onmessage`.
	 */
	onframes?: ((raws: readonly string[]) => void) | null;
	onclose: ((ev: { code: number; reason: string }) => void) | null;
	onerror: ((ev: unknown) => void) | null;
}

export type Transport = (url: string) => SocketLike;

export const OPEN = 1;

/** The platform WebSocket (browsers; Node ≥ 22 or a polyfill elsewhere); a relay path opens on the page's origin. */
export const browserTransport: Transport = (url) => new WebSocket(typeof location === 'undefined' ? url : socketUrl(url, location.href)) as unknown as SocketLike;
