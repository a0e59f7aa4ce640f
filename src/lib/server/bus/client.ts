/**
 * One reconnecting client of the OVOS core messagebus (`ws://HOST:PORT/core`), server side only.
 *
 * The bus is pure fan-out with no auth (spec chat-agent.md §4), so only the server talks to it and a
 * request can never choose the address. Callers that need the bus ask `ensureOpen()`, which fails
 * fast with the address it tried instead of hanging (the Python agent blocks forever there).
 *
 * During an outage there is one reconnect schedule (exponential back-off with jitter) whoever asks:
 * a request joins the attempt in flight or waits for the next one when it is due soon, and is
 * refused at once (with when to try again) when it is not. A request never dials on its own — else
 * an outage is dialled once per request (1,596 dials in 10 s, issue 14).
 */
import WebSocket from 'ws';
import { decodeBus, encodeBus } from '../../protocol/bus';
import type { BusMessage } from '../../protocol/types';

export class BusUnavailableError extends Error {
	readonly code = 'bus-down';
	constructor(
		readonly url: string,
		readonly reason: string,
		/** When the next connection attempt is due, if known (a Retry-After for HTTP callers). */
		readonly retryAfterMs: number | null = null
	) {
		super(`OVOS messagebus unreachable at ${url}: ${reason}`);
		this.name = 'BusUnavailableError';
	}
}

export type BusListener = (msg: BusMessage) => void;
export type CloseListener = (reason: string) => void;
export type OpenListener = () => void;

export interface BusClientOptions {
	readonly url: string;
	/** How long one connection attempt may take before it counts as failed. */
	readonly connectTimeoutMs?: number;
	readonly minBackoffMs?: number;
	readonly maxBackoffMs?: number;
	readonly log?: (line: string) => void;
}

export interface BusStats {
	framesIn: number;
	framesOut: number;
	malformed: number;
	opens: number;
	/** Connection attempts made (each one a TCP dial and WebSocket handshake). */
	dials: number;
}

export class BusClient {
	readonly url: string;
	readonly stats: BusStats = { framesIn: 0, framesOut: 0, malformed: 0, opens: 0, dials: 0 };
	readonly #connectTimeoutMs: number;
	readonly #minBackoffMs: number;
	readonly #maxBackoffMs: number;
	readonly #log: (line: string) => void;
	readonly #listeners = new Set<BusListener>();
	readonly #closeListeners = new Set<CloseListener>();
	readonly #openListeners = new Set<OpenListener>();
	readonly #failListeners = new Set<CloseListener>();
	#ws: WebSocket | null = null;
	#open = false;
	#attempt: Promise<void> | null = null;
	#retry: ReturnType<typeof setTimeout> | null = null;
	/** When the scheduled retry fires (ms since the epoch). */
	#retryAt = 0;
	/** Requests waiting for the next scheduled attempt to start. */
	readonly #awaitingAttempt = new Set<(attempt: Promise<void>) => void>();
	#failures = 0;
	#stopped = false;
	#lastError = 'not connected yet';

	constructor(opts: BusClientOptions) {
		this.url = opts.url;
		this.#connectTimeoutMs = opts.connectTimeoutMs ?? 2000;
		this.#minBackoffMs = opts.minBackoffMs ?? 250;
		this.#maxBackoffMs = opts.maxBackoffMs ?? 5000;
		this.#log = opts.log ?? ((line) => console.warn(`[bus] ${line}`));
	}

	get isOpen(): boolean {
		return this.#open;
	}

	/** Start connecting in the background (and keep reconnecting) without waiting. */
	start(): void {
		if (this.#stopped || this.#open || this.#attempt) return;
		this.#connect().catch(() => {
			/* the failure is remembered and retried; ensureOpen reports it */
		});
	}

	/**
	 * Resolves once the socket is open. When it is down and idle, tries now; while an attempt is in
	 * flight, joins it; in back-off, waits for the next attempt if it is due within `timeoutMs`, else
	 * rejects at once. Rejects with BusUnavailableError (the address, why, and when the next try is).
	 */
	ensureOpen(timeoutMs = this.#connectTimeoutMs): Promise<void> {
		if (this.#open) return Promise.resolve();
		if (this.#stopped) return Promise.reject(new BusUnavailableError(this.url, 'client stopped'));
		if (!this.#attempt && !this.#retry) this.start();
		if (this.#attempt) return this.#joined(this.#attempt, timeoutMs);
		const wait = Math.max(0, this.#retryAt - Date.now());
		if (wait > timeoutMs)
			return Promise.reject(new BusUnavailableError(this.url, `${this.#lastError}; next try in ${Math.ceil(wait / 1000)} s`, wait));
		return new Promise<void>((resolve, reject) => {
			const onAttempt = (attempt: Promise<void>) => {
				clearTimeout(timer);
				this.#joined(attempt, Math.max(1, timeoutMs - (Date.now() - asked))).then(resolve, reject);
			};
			const asked = Date.now();
			const timer = setTimeout(() => {
				this.#awaitingAttempt.delete(onAttempt);
				reject(new BusUnavailableError(this.url, `no connection within ${timeoutMs} ms`));
			}, timeoutMs);
			this.#awaitingAttempt.add(onAttempt);
		});
	}

	/** `attempt`, failing as BusUnavailableError after `timeoutMs`. */
	#joined(attempt: Promise<void>, timeoutMs: number): Promise<void> {
		return new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new BusUnavailableError(this.url, `no connection within ${timeoutMs} ms`)), timeoutMs);
			attempt.then(
				() => {
					clearTimeout(timer);
					resolve();
				},
				(e: unknown) => {
					clearTimeout(timer);
					reject(e instanceof BusUnavailableError ? e : new BusUnavailableError(this.url, String(e)));
				}
			);
		});
	}

	/** Sends one frame; false when the socket is not open (the frame is dropped, never queued). */
	send(msg: BusMessage): boolean {
		const ws = this.#ws;
		if (!this.#open || !ws) return false;
		ws.send(encodeBus(msg));
		this.stats.framesOut++;
		return true;
	}

	onMessage(fn: BusListener): () => void {
		this.#listeners.add(fn);
		return () => this.#listeners.delete(fn);
	}

	/** Called whenever the socket opens, the first time and after every reconnect. */
	onOpen(fn: OpenListener): () => void {
		this.#openListeners.add(fn);
		return () => this.#openListeners.delete(fn);
	}

	/** Called whenever a connection attempt fails, with why (the server's log of the device's comings and goings). */
	onFail(fn: CloseListener): () => void {
		this.#failListeners.add(fn);
		return () => this.#failListeners.delete(fn);
	}

	/** Called whenever an open socket closes (turns in flight can fail at once instead of timing out). */
	onClose(fn: CloseListener): () => void {
		this.#closeListeners.add(fn);
		return () => this.#closeListeners.delete(fn);
	}

	async close(): Promise<void> {
		this.#stopped = true;
		if (this.#retry) clearTimeout(this.#retry);
		this.#retry = null;
		const stopped = Promise.reject(new BusUnavailableError(this.url, 'client stopped'));
		stopped.catch(() => {});
		for (const fn of this.#awaitingAttempt) fn(stopped);
		this.#awaitingAttempt.clear();
		const ws = this.#ws;
		this.#ws = null;
		this.#open = false;
		if (!ws || ws.readyState === WebSocket.CLOSED) return;
		await new Promise<void>((resolve) => {
			ws.once('close', () => resolve());
			ws.terminate();
		});
	}

	#connect(): Promise<void> {
		this.stats.dials++;
		const attempt = new Promise<void>((resolve, reject) => {
			let settled = false;
			const ws = new WebSocket(this.url, { handshakeTimeout: this.#connectTimeoutMs, perMessageDeflate: false });
			this.#ws = ws;
			const fail = (reason: string) => {
				if (settled) return;
				settled = true;
				clearTimeout(timer);
				this.#lastError = reason;
				ws.removeAllListeners();
				ws.on('error', () => {});
				ws.terminate();
				if (this.#ws === ws) this.#ws = null;
				if (!this.#stopped) for (const fn of this.#failListeners) safely(() => fn(reason), this.#log);
				reject(new BusUnavailableError(this.url, reason));
			};
			const timer = setTimeout(() => fail(`no answer within ${this.#connectTimeoutMs} ms`), this.#connectTimeoutMs);
			ws.once('open', () => {
				if (settled) return;
				settled = true;
				clearTimeout(timer);
				this.#open = true;
				this.#failures = 0;
				this.stats.opens++;
				ws.on('close', (code) => this.#closed(ws, `closed (${code})`));
				resolve();
				for (const fn of this.#openListeners) safely(fn, this.#log);
			});
			ws.on('error', (e: Error) => {
				if (!settled) fail(errorText(e));
				else this.#lastError = errorText(e);
			});
			ws.once('close', (code) => fail(`closed before open (${code})`));
			ws.on('message', (data, isBinary) => this.#received(data, isBinary));
		});
		this.#attempt = attempt;
		const waiting = [...this.#awaitingAttempt];
		this.#awaitingAttempt.clear();
		for (const fn of waiting) fn(attempt);
		attempt.then(
			() => {
				this.#attempt = null;
			},
			() => {
				this.#attempt = null;
				this.#failures++;
				this.#scheduleRetry();
			}
		);
		return attempt;
	}

	#closed(ws: WebSocket, reason: string): void {
		if (this.#ws !== ws) return;
		this.#ws = null;
		this.#open = false;
		this.#lastError = reason;
		for (const fn of this.#closeListeners) safely(() => fn(reason), this.#log);
		this.#scheduleRetry();
	}

	#scheduleRetry(): void {
		if (this.#stopped || this.#retry || this.#attempt || this.#open) return;
		const base = Math.min(this.#maxBackoffMs, this.#minBackoffMs * 2 ** Math.min(this.#failures, 16));
		const delay = base / 2 + Math.random() * (base / 2);
		this.#retryAt = Date.now() + delay;
		this.#retry = setTimeout(() => {
			this.#retry = null;
			this.start();
		}, delay);
		this.#retry.unref?.();
	}

	#received(data: WebSocket.RawData, isBinary: boolean): void {
		this.stats.framesIn++;
		if (isBinary) return this.#malformed('binary frame');
		const raw = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
		const decoded = decodeBus(raw);
		if (!decoded.ok) return this.#malformed(decoded.error.message);
		for (const fn of this.#listeners) safely(() => fn(decoded.value), this.#log);
	}

	#malformed(why: string): void {
		this.stats.malformed++;
		// Log the first few and then every thousandth, so a hostile peer cannot flood the log.
		if (this.stats.malformed <= 5 || this.stats.malformed % 1000 === 0)
			this.#log(`skipped malformed frame #${this.stats.malformed}: ${why}`);
	}

	/** Why the last attempt failed, for error messages. */
	get lastError(): string {
		return this.#lastError;
	}
}

/** `connect ECONNREFUSED 10.0.0.5:8181`: the code once (Node's message names it already). */
function errorText(e: Error): string {
	const code = (e as NodeJS.ErrnoException).code;
	return code && !e.message.includes(code) ? `${code} ${e.message}` : e.message;
}

function safely(fn: () => void, log: (line: string) => void): void {
	try {
		fn();
	} catch (e) {
		log(`listener failed: ${(e as Error).message}`);
	}
}
