/**
 * The browser's end of the app server's bus window (`/api/bus`): reads the event stream (reconnecting
 * on its own), keeps the voice state the core bus reports, and posts the messages pages ask for. It
 * is the `BusWindow` templates get; never a raw bus socket.
 */
import { SseParser } from '$lib/sse';
import { APP } from '$lib/i18n/app';
import { isObject, type JsonObject } from '$lib/protocol';
import { BUS_WINDOW_PATH, type WindowEvent } from '$lib/protocol/bus-window';
import { IDLE_STATUS, type VoiceStatus } from '$lib/screen';
import { nextStatus } from '$lib/screen/status';
import type { BusRequest, BusRequestResult, BusWindow } from '$lib/templates/types';

export type WindowLink = 'off' | 'connecting' | 'live' | 'down';
export type WindowListener = (ev: WindowEvent) => void;

/** Why the window is down: the server's own words, or one of ours (put in words in the UI language when read). */
type Issue =
	| { readonly text: string }
	| { readonly our: 'unpaired' | 'closed' }
	| { readonly our: 'unreachable' | 'refused'; readonly detail: string };

export interface BusWindowClientOptions {
	readonly endpoint?: string;
	readonly fetch?: typeof fetch;
	/** Why this screen cannot use the window at all (it shows another OVOS than the server's), or null. */
	readonly blocked?: string | null;
	readonly retryMinMs?: number;
	readonly retryMaxMs?: number;
}

export class BusWindowClient implements BusWindow {
	link = $state<WindowLink>('off');
	/** The app server holds the core bus right now. */
	busOpen = $state(false);
	#issue = $state<Issue | null>(null);
	/** The listening / thinking / speaking state the core bus reports (preferred when there: it also hears the listener, which ovos-gui does not forward). */
	voice = $state.raw<VoiceStatus>(IDLE_STATUS);

	readonly #o: BusWindowClientOptions;
	readonly #listeners = new Set<WindowListener>();
	#abort: AbortController | null = null;
	#retry: ReturnType<typeof setTimeout> | null = null;
	#failures = 0;
	#unlisten: (() => void) | null = null;

	constructor(o: BusWindowClientOptions = {}) {
		this.#o = o;
	}

	/** Why the link or the bus is down, in words. */
	get problem(): string | null {
		const i = this.#issue;
		if (i === null) return null;
		if ('text' in i) return i.text;
		switch (i.our) {
			case 'unpaired':
				return APP.busToken;
			case 'closed':
				return APP.busClosed;
			case 'unreachable':
				return APP.busUnreachable(i.detail);
			case 'refused':
				return APP.busRefused(i.detail);
		}
	}

	/** The app server no longer lets this browser in (it was forgotten on /settings). */
	get unpaired(): boolean {
		const i = this.#issue;
		return i !== null && 'our' in i && i.our === 'unpaired';
	}

	get unavailable(): string | null {
		if (this.#o.blocked) return this.#o.blocked;
		if (this.link !== 'live') return this.problem ?? APP.busConnecting;
		if (!this.busOpen) return this.problem ?? APP.busDown;
		return null;
	}

	/** Events are flowing from a connected bus. */
	get live(): boolean {
		return this.unavailable === null;
	}

	on(fn: WindowListener): () => void {
		this.#listeners.add(fn);
		return () => this.#listeners.delete(fn);
	}

	start(): void {
		if (this.#o.blocked || this.#abort) return;
		this.#connect();
		if (typeof window !== 'undefined') {
			const now = () => this.#retryNow();
			window.addEventListener('online', now);
			this.#unlisten = () => window.removeEventListener('online', now);
		}
	}

	stop(): void {
		this.#unlisten?.();
		this.#unlisten = null;
		if (this.#retry) clearTimeout(this.#retry);
		this.#retry = null;
		this.#abort?.abort();
		this.#abort = null;
		this.link = 'off';
		this.busOpen = false;
	}

	async send(req: BusRequest): Promise<BusRequestResult> {
		if (this.#o.blocked) return { ok: false, reason: this.#o.blocked };
		let res: Response;
		try {
			res = await this.#fetch(this.#o.endpoint ?? BUS_WINDOW_PATH, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ type: req.type, data: req.data ?? {} })
			});
		} catch (e) {
			return { ok: false, reason: APP.sendUnreachable((e as Error).message) };
		}
		const body: unknown = await res.json().catch(() => null);
		if (res.status === 202 && isObject(body) && body.ok === true) return { ok: true };
		return { ok: false, reason: isObject(body) && typeof body.reason === 'string' ? body.reason : APP.sendRefused(res.status) };
	}

	#fetch(url: string, init: RequestInit): Promise<Response> {
		return (this.#o.fetch ?? fetch)(url, init);
	}

	#connect(): void {
		const abort = new AbortController();
		this.#abort = abort;
		this.link = 'connecting';
		void this.#read(abort.signal).then(
			(retryAfterMs) => this.#ended(abort, retryAfterMs),
			(e: unknown) => {
				if (!abort.signal.aborted) this.#issue = { our: 'unreachable', detail: (e as Error).message };
				this.#ended(abort, null);
			}
		);
	}

	/** Reads one stream to its end; returns a server-chosen retry delay, if any. */
	async #read(signal: AbortSignal): Promise<number | null> {
		const res = await this.#fetch(this.#o.endpoint ?? BUS_WINDOW_PATH, {
			headers: { accept: 'text/event-stream' },
			cache: 'no-store',
			signal
		});
		if (!res.ok || !res.body) {
			const body: unknown = await res.json().catch(() => null);
			const reason = isObject(body) && typeof body.reason === 'string' ? body.reason : `HTTP ${res.status}`;
			this.#issue = res.status === 401 ? { our: 'unpaired' } : { our: 'refused', detail: reason };
			const after = Number(res.headers.get('retry-after'));
			return Number.isFinite(after) && after > 0 ? after * 1000 : null;
		}
		this.link = 'live';
		this.#failures = 0;
		const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
		const parser = new SseParser();
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return null;
				for (const ev of parser.push(value)) this.#frame(ev.event, ev.data);
			}
		} finally {
			reader.cancel().catch(() => {});
		}
	}

	#frame(event: string, raw: string): void {
		let data: unknown;
		try {
			data = JSON.parse(raw);
		} catch {
			return; // an unreadable frame is skipped
		}
		if (!isObject(data)) return;
		if (event === 'state') {
			this.busOpen = data.open === true;
			this.#issue = typeof data.reason === 'string' ? { text: data.reason } : null;
			if (!this.busOpen) this.voice = IDLE_STATUS;
			return;
		}
		if (event !== 'bus' || typeof data.type !== 'string' || !isObject(data.data)) return;
		const ev: WindowEvent = { type: data.type, data: data.data as JsonObject, replay: data.replay === true };
		if (!ev.replay) this.voice = ev.type === 'mycroft.ready' ? IDLE_STATUS : nextStatus(this.voice, ev.type, ev.data);
		for (const fn of this.#listeners) {
			try {
				fn(ev);
			} catch (e) {
				console.warn('[bus-window] a listener failed', e);
			}
		}
	}

	#ended(abort: AbortController, retryAfterMs: number | null): void {
		if (this.#abort !== abort || abort.signal.aborted) return;
		this.#abort = null;
		this.link = 'down';
		this.busOpen = false;
		this.voice = IDLE_STATUS;
		this.#issue ??= { our: 'closed' };
		const min = this.#o.retryMinMs ?? 1000;
		const base = Math.min(this.#o.retryMaxMs ?? 30_000, min * 2 ** Math.min(this.#failures++, 10));
		const delay = retryAfterMs ?? base / 2 + Math.random() * (base / 2);
		this.#retry = setTimeout(() => {
			this.#retry = null;
			this.#connect();
		}, delay);
	}

	#retryNow(): void {
		if (!this.#retry) return;
		clearTimeout(this.#retry);
		this.#retry = null;
		this.#connect();
	}
}
