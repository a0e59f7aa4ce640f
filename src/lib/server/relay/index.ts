/**
 * The screens' sockets on the app's own origin (docs/security.md, "How a screen reaches OVOS"):
 * `ws(s)://<app>/ovos/gui` is piped to ovos-gui's `/gui`, `/ovos/core` to the messagebus's `/core`
 * (the full handshake), so ovos-gui and the bus may listen on 127.0.0.1 only and an https page
 * opens nothing mixed.
 *
 * Each browser socket gets one upstream connection of its own, opened before the browser's upgrade
 * is answered (its socket opens only once ovos-gui's has; a refusal is an HTTP status), and every
 * frame is passed on unchanged both ways, text as text, with close codes mirrored: to ovos-gui each
 * browser stays a client of its own (its replay, its `gui_id`, its events). What the relay adds:
 * - who: the upgrade's origin must be the app's own (a page of another site cannot open it), then
 *   `admit` says who the request is (a principal) or refuses it; `dropPrincipal` closes that one's
 *   sockets when it is no longer let in;
 * - where: only the configured OVOS and what the allow-lists name (target.ts);
 * - how much: frames from a browser of MAX_FRAME_BYTES at most (close 1009), a message rate per socket
 *   (close 1008), new sockets per client at a rate and sockets per client, network and in all
 *   shared fairly (guards/slots.ts), and backpressure: a browser that does not read pauses its
 *   upstream's reads (ovos-gui keeps what it cannot send, as for any slow client) and is closed when
 *   it still has not read after STALL_MS; the same the other way;
 * - one control frame (docs/protocol.md, "Through the app"): `{"type":"ovos-screen.ping"}` from the
 *   browser is never passed on; the relay pings the upstream socket (ovos-gui's server answers a
 *   WebSocket ping by itself, with no replay and nothing in its log) and answers
 *   `{"type":"ovos-screen.pong","data":{"upstream":true}}` when its pong comes, or closes the browser's
 *   socket (1011) when none comes within UPSTREAM_PONG_MS;
 * - the server pings every browser socket each HEARTBEAT_MS and drops one that did not answer the
 *   last, so a vanished browser does not hold its upstream connection.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { config } from '../config';
import { clientOf, FairSlots, RateLimiter, upgradeCrossSiteReason, type Client } from '../guards';
import { failure } from '../reachability';
import { relayKind, relayTarget, type RelayKind, type RelayScope } from './target';

export { relayKind, relayTarget, machineAddresses, type RelayKind, type RelayScope, type RelayTarget } from './target';

/**
 * Who an upgrade is: a principal (`'device'` for the machine itself) and the client its limits count
 * (by default the connection's address), or refused with an HTTP status.
 */
export type RelayAdmission = { readonly ok: true; readonly principal: string; readonly client?: Client } | { readonly ok: false; readonly status: number; readonly message: string };

export interface RelayLimits {
	/** Largest frame a browser may send (ovos-gui's own frames are not capped: a replay can be megabytes). */
	readonly maxFrameBytes: number;
	/** Messages a browser socket may send: a burst, then a steady rate. */
	readonly burst: number;
	readonly perSecond: number;
	/** New sockets an unprivileged client may open: a burst, then a steady rate. */
	readonly opensBurst: number;
	readonly opensPerSecond: number;
	/** Sockets open at once per address, per network (unprivileged), in all, and of those kept for loopback. */
	readonly perAddress: number;
	readonly perNetwork: number;
	readonly total: number;
	readonly reserved: number;
	/** Bytes waiting to be written to one side before the other side's reads pause, and resume. */
	readonly highWaterBytes: number;
	readonly lowWaterBytes: number;
	/** A side paused this long (its peer not reading) closes both. */
	readonly stallMs: number;
	readonly connectTimeoutMs: number;
	readonly upstreamPongMs: number;
	readonly heartbeatMs: number;
}

export const RELAY_LIMITS: RelayLimits = {
	maxFrameBytes: 64 * 1024,
	// A screen sends an event per tap, a focus per swipe and a handful per slider drag.
	burst: 60,
	perSecond: 20,
	opensBurst: 20,
	opensPerSecond: 2,
	perAddress: 32,
	perNetwork: 64,
	total: 512,
	reserved: 64,
	highWaterBytes: 8 * 1024 * 1024,
	lowWaterBytes: 1024 * 1024,
	stallMs: 30_000,
	connectTimeoutMs: 5000,
	upstreamPongMs: 4000,
	heartbeatMs: 30_000
};

/** Largest frame taken from ovos-gui or the bus (as the app server's own client of ovos-gui, ws's default). */
const UPSTREAM_MAX_PAYLOAD = 100 * 1024 * 1024;

/** The control frames, exactly (docs/protocol.md, "Through the app"). */
export const RELAY_PING = '{"type":"ovos-screen.ping"}';
export const RELAY_PONG = '{"type":"ovos-screen.pong","data":{"upstream":true}}';
const PING_BYTES = Buffer.from(RELAY_PING);

export interface RelayOptions {
	admit(req: IncomingMessage): RelayAdmission;
	/** What the relay may reach (default: the server's configuration). */
	readonly scope?: () => RelayScope;
	/** Believe X-Forwarded-Proto / -Host for the page's origin (default: OVOS_SCREEN_TRUST_PROXY). */
	readonly trustProxy?: () => boolean;
	readonly limits?: Partial<RelayLimits>;
	readonly log?: (line: string) => void;
	/** Upgrades of other paths are another listener's (Vite's own in development); else they are answered 404. */
	readonly othersUpgrade?: boolean;
}

export interface Relay {
	/** Closes every socket of `principal` (it is no longer let in): at once, and cut after a second at most. */
	dropPrincipal(principal: string): void;
	/** Closes every socket (1001) and stops listening for upgrades. */
	close(): void;
}

const WS_KEY = /^[+/0-9A-Za-z]{22}==$/;
const NAMES: Record<RelayKind, string> = { gui: 'ovos-gui', core: 'the messagebus' };

export function attachRelay(server: Server, options: RelayOptions): Relay {
	const limits: RelayLimits = { ...RELAY_LIMITS, ...options.limits };
	const scope = options.scope ?? (() => config());
	const trustProxy = options.trustProxy ?? (() => config().trustProxy);
	const log = options.log ?? ((line: string) => console.warn(line));
	const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes, perMessageDeflate: false, clientTracking: false });
	const opens = new RateLimiter({ burst: limits.opensBurst, perSecond: limits.opensPerSecond });
	const slots = new FairSlots({ total: limits.total, perAddress: limits.perAddress, perNetwork: limits.perNetwork, reserved: limits.reserved }, 'relayed sockets');
	/** Every socket relayed or being connected, with whose it is. */
	const live = new Set<{ readonly principal: string; end(code: number, reason: string): void }>();
	const refusals = new Map<number, number>();
	let closed = false;

	/** The first refusal of each status and then every thousandth: a flood must not flood the log too. */
	const refuse = (socket: Duplex, status: number, message: string, headers: Record<string, string> = {}) => {
		const n = (refusals.get(status) ?? 0) + 1;
		refusals.set(status, n);
		if (n === 1 || n % 1000 === 0) log(`[relay] ${status}: ${message} (${n} so far)`);
		answer(socket, status, message, headers);
	};

	const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		const url = new URL(req.url ?? '/', 'http://relay');
		const kind = relayKind(url.pathname);
		if (kind === null) {
			if (!options.othersUpgrade) answer(socket, 404, 'no WebSocket here');
			return;
		}
		if (closed) return answer(socket, 503, 'the app is stopping');
		const key = req.headers['sec-websocket-key'];
		if (req.method !== 'GET' || typeof key !== 'string' || !WS_KEY.test(key)) return refuse(socket, 400, 'not a WebSocket upgrade');
		const cross = upgradeCrossSiteReason(req, trustProxy());
		if (cross !== null) return refuse(socket, 403, cross);
		const who = options.admit(req);
		if (!who.ok) return refuse(socket, who.status, who.message);
		const target = relayTarget(kind, url.searchParams, scope());
		if (!target.ok) return refuse(socket, target.status, target.message);
		const client = who.client ?? clientOf(req.socket.remoteAddress ?? '');
		if (!client.privileged) {
			const rate = opens.take(client.address);
			if (!rate.ok) {
				const s = Math.max(1, Math.ceil(rate.retryAfterMs / 1000));
				return refuse(socket, 429, `too many sockets opened from ${client.address}; try again in ${s} s`, { 'retry-after': String(s) });
			}
		}
		let end: (code: number, reason: string) => void = () => {};
		const taken = slots.take(client, () => end(1013, 'the server needed this socket for another screen; try again later'));
		if (!taken.ok) return refuse(socket, taken.status, taken.message, { 'retry-after': '5' });

		// ovos-gui's connection first: the browser's socket opens only once it is there.
		// Its text is not checked for UTF-8 here: the browser checks it anyway, as it would ovos-gui's own.
		const upstream = new WebSocket(target.url, { perMessageDeflate: false, handshakeTimeout: limits.connectTimeoutMs, maxPayload: UPSTREAM_MAX_PAYLOAD, skipUTF8Validation: true });
		const entry = { principal: who.principal, end: (code: number, reason: string) => end(code, reason) };
		live.add(entry);
		const done = () => {
			live.delete(entry);
			taken.slot.release();
		};
		const gone = () => {
			upstream.removeAllListeners();
			upstream.on('error', () => {});
			upstream.terminate();
			done();
		};
		socket.once('close', gone);
		socket.on('error', () => {});
		end = (code) => {
			socket.off('close', gone);
			gone();
			answer(socket, code === 1013 ? 503 : 401, code === 1013 ? 'the server needed this socket for another screen' : 'no longer let in');
		};
		upstream.once('error', (e) => {
			socket.off('close', gone);
			done();
			refuse(socket, 502, `${NAMES[kind]} at ${target.host}:${target.port} does not answer (${failure(e)})`);
		});
		upstream.once('open', () => {
			socket.off('close', gone);
			upstream.removeAllListeners('error');
			wss.handleUpgrade(req, socket, head, (browser) => {
				const pipe = new Pipe(browser, socket, upstream, kind, limits, () => done());
				end = (code, reason) => pipe.end(code, reason);
				pipe.start();
			});
		});
	};

	const pipes = new Set<Pipe>();
	// Every browser socket is pinged; one that did not answer the last ping is gone.
	const alive = new WeakMap<WebSocket, boolean>();
	const heartbeat = setInterval(() => {
		for (const p of pipes) {
			if (alive.get(p.browser) === false) {
				p.browser.terminate();
				continue;
			}
			alive.set(p.browser, false);
			p.browser.ping();
		}
	}, limits.heartbeatMs);
	heartbeat.unref();

	class Pipe {
		#rate: RateLimiter;
		/** Control pings sent upstream and not yet answered, and the deadline of the oldest. */
		#waiting = 0;
		#pongTimer: ReturnType<typeof setTimeout> | null = null;
		/** Bytes handed to the upstream socket and not yet written out. */
		#upPending = 0;
		/** Ends the pipe when a side paused for its peer stays paused. */
		#stall: ReturnType<typeof setTimeout> | null = null;
		#ending = false;
		#ended = false;

		constructor(
			readonly browser: WebSocket,
			readonly raw: Duplex,
			readonly upstream: WebSocket,
			readonly kind: RelayKind,
			readonly l: RelayLimits,
			readonly onEnd: () => void
		) {
			this.#rate = new RateLimiter({ burst: l.burst, perSecond: l.perSecond, maxClients: 1 });
		}

		start(): void {
			pipes.add(this);
			const { browser, upstream } = this;
			browser.on('pong', () => alive.set(browser, true));
			browser.on('message', (data, isBinary) => this.#fromBrowser(data, isBinary));
			upstream.on('message', (data, isBinary) => this.#fromUpstream(data, isBinary));
			upstream.on('pong', () => this.#pong());
			browser.on('error', () => {});
			upstream.on('error', () => {});
			browser.once('close', (code, reason) => this.#closed(upstream, code, reason));
			upstream.once('close', (code, reason) => this.#closed(browser, code, reason));
		}

		/** Closes both sides, the browser's with `code`; a side that has not answered a second later is cut. */
		end(code: number, reason: string): void {
			if (this.#ending) return;
			this.#ending = true;
			this.browser.close(code, reason);
			this.upstream.close(1000);
			setTimeout(() => {
				this.browser.terminate();
				this.upstream.terminate();
			}, 1000).unref();
		}

		#fromBrowser(data: RawData, isBinary: boolean): void {
			if (!this.#rate.take('').ok) return this.end(1008, `more than ${this.l.perSecond} messages a second`);
			const buf = data as Buffer;
			if (!isBinary && buf.length === PING_BYTES.length && buf.equals(PING_BYTES)) return this.#ping();
			if (this.upstream.readyState !== WebSocket.OPEN) return;
			this.#upPending += buf.length;
			this.upstream.send(buf, { binary: isBinary }, () => {
				this.#upPending -= buf.length;
				if (this.browser.isPaused && this.#upPending <= this.l.lowWaterBytes) this.#resume(this.browser);
			});
			if (this.#upPending > this.l.highWaterBytes && !this.browser.isPaused) this.#pause(this.browser, `${NAMES[this.kind]} is not reading`);
		}

		#fromUpstream(data: RawData, isBinary: boolean): void {
			const { browser } = this;
			if (browser.readyState !== WebSocket.OPEN) return;
			browser.send(data as Buffer, { binary: isBinary });
			if (browser.bufferedAmount > this.l.highWaterBytes && !this.upstream.isPaused) {
				this.#pause(this.upstream, 'the browser is not reading');
				const drained = () => {
					if (this.#ended) return;
					if (browser.bufferedAmount > this.l.lowWaterBytes) return void this.raw.once('drain', drained);
					this.#resume(this.upstream);
				};
				this.raw.once('drain', drained);
			}
		}

		#pause(side: WebSocket, why: string): void {
			side.pause();
			this.#stall ??= setTimeout(() => this.end(1008, `${why} for ${Math.round(this.l.stallMs / 1000)} s`), this.l.stallMs);
		}

		#resume(side: WebSocket): void {
			side.resume();
			if (this.browser.isPaused || this.upstream.isPaused || !this.#stall) return;
			clearTimeout(this.#stall);
			this.#stall = null;
		}

		#ping(): void {
			if (this.upstream.readyState !== WebSocket.OPEN) return;
			this.#waiting++;
			this.upstream.ping();
			this.#pongTimer ??= this.#deadline();
		}

		#deadline(): ReturnType<typeof setTimeout> {
			return setTimeout(() => {
				this.browser.close(1011, `${NAMES[this.kind]} did not answer a ping within ${this.l.upstreamPongMs / 1000} s`);
				setTimeout(() => this.browser.terminate(), 1000).unref();
				this.upstream.terminate();
			}, this.l.upstreamPongMs);
		}

		#pong(): void {
			if (this.#waiting === 0) return;
			this.#waiting--;
			if (this.#pongTimer) clearTimeout(this.#pongTimer);
			this.#pongTimer = this.#waiting > 0 ? this.#deadline() : null;
			if (this.browser.readyState === WebSocket.OPEN) this.browser.send(RELAY_PONG);
		}

		/** One side closed: the other is closed the same way (a code that cannot be sent, by cutting it). */
		#closed(other: WebSocket, code: number, reason: Buffer): void {
			if (!this.#ended) {
				this.#ended = true;
				pipes.delete(this);
				if (this.#pongTimer) clearTimeout(this.#pongTimer);
				if (this.#stall) clearTimeout(this.#stall);
				this.onEnd();
			}
			if (other.readyState === WebSocket.CLOSED || other.readyState === WebSocket.CLOSING) return;
			if (code === 1005) other.close();
			else if (validCode(code)) other.close(code, reason);
			else other.terminate();
		}
	}

	server.on('upgrade', onUpgrade);
	return {
		dropPrincipal(principal) {
			for (const e of live) if (e.principal === principal) e.end(1008, 'this browser is no longer let in');
		},
		close() {
			closed = true;
			clearInterval(heartbeat);
			server.off('upgrade', onUpgrade);
			for (const e of live) e.end(1001, 'the app is stopping');
			wss.close();
		}
	};
}

/** Codes a close frame may carry (RFC 6455, section 7.4): 1005 and 1006 only describe a close. */
function validCode(code: number): boolean {
	return (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
}

/** An HTTP answer to an upgrade that is not taken, and the socket closed. */
function answer(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
	if (!socket.writable) return void socket.destroy();
	const body = `${message}\n`;
	const head = [`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Refused'}`, 'connection: close', 'content-type: text/plain; charset=utf-8', `content-length: ${Buffer.byteLength(body)}`];
	for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
	socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
	socket.once('finish', () => socket.destroy());
}

const STATUS_TEXT: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	429: 'Too Many Requests',
	502: 'Bad Gateway',
	503: 'Service Unavailable'
};
