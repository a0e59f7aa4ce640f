/**
 * `/api/bus`, the bus window over HTTP: `GET` streams allow-listed events as server-sent events
 * (`event: state` / `event: bus`), `POST {type, data}` puts one message on the bus and answers
 * `202 {ok: true}` or the refusal with its status (window.ts, protocol/bus-window.ts).
 *
 * Why SSE + POST rather than a WebSocket: both are plain SvelteKit endpoints behind the very guards
 * the chat API uses (who is let in, same origin, body cap), each message gets an HTTP status of its
 * own, and proxies pass them as they are; a page sends a message per tap, so a request each costs
 * nothing.
 */
import { REFUSAL_STATUS, type RefusalCode, type WindowAnswer } from '../../protocol/bus-window';
import { ChatError } from '../http/errors';
import { discardBody, json, readJson, SSE_HEADERS, sseEvent, sseStream } from '../http/io';
import { clientKey, FairSlots, guard, RateLimiter, type Admission, type Client, type Guarded, type Identity } from '../guards';
import { MAX_REQUEST_BYTES } from './allow-list';
import type { BusWindowServer } from './window';

export interface WindowHttpDeps {
	readonly window: BusWindowServer;
	/** Messages per client: a burst, then a steady rate. */
	readonly sends: RateLimiter;
	/** Stream opens per client (a reconnect loop cannot spin). */
	readonly opens: RateLimiter;
	/** Open streams per client, per network and in all, shared fairly (../guards/slots.ts). */
	readonly streams: FairSlots;
	/** Keep-alive comment interval on open streams. */
	readonly keepAliveMs?: number;
}

/** 8 per address, 32 per network, 256 in all, of which 32 are kept for loopback and token holders and 32 for the network's screens. */
export const STREAM_SLOTS = { perAddress: 8, perNetwork: 32, total: 256, reserved: 32, networkShare: 32 } as const;

export function defaultDeps(window: BusWindowServer): WindowHttpDeps {
	return {
		window,
		// A person taps a few times a second at most; a slider sends a handful per drag.
		sends: new RateLimiter({ burst: 20, perSecond: 5 }),
		opens: new RateLimiter({ burst: 10, perSecond: 1 }),
		streams: new FairSlots(STREAM_SLOTS, 'open event streams')
	};
}

function answer(a: WindowAnswer, headers: Record<string, string> = {}): Response {
	return json(a, a.ok ? 202 : REFUSAL_STATUS[a.code], headers);
}

/** A rate limiter as an admission: in, or 429 with when to try again. */
function rated(limiter: RateLimiter, client: Client, what: string): Admission {
	const taken = limiter.take(clientKey(client));
	if (taken.ok) return { ok: true, release() {} };
	const s = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
	return { ok: false, status: 429, code: 'rate-limited', message: `too many ${what}; try again in ${s} s`, retryAfterS: s };
}

/** A guard's refusal as the window's answer (counted and logged by the window). */
function refusedBy(g: Exclude<Guarded, { ok: true }>, deps: WindowHttpDeps, address: string): Response {
	const a = deps.window.refuse(g.code === 'busy-server' ? 'rate-limited' : g.code, g.message, address);
	return answer(a, g.retryAfterS ? { 'retry-after': String(g.retryAfterS) } : {});
}

/** `POST /api/bus` from `who` (its identity; a bare address in tests). */
export async function postToBus(request: Request, url: URL, who: Identity | string, deps: WindowHttpDeps): Promise<Response> {
	const address = typeof who === 'string' ? who : who.address;
	const g = guard(request, url, who, { admit: (c) => rated(deps.sends, c, 'messages') });
	if (!g.ok) {
		discardBody(request); // not cancelled: that resets the connection before the refusal can go out
		return refusedBy(g, deps, address);
	}
	let body: unknown;
	try {
		body = await readJson(request, MAX_REQUEST_BYTES);
	} catch (e) {
		if (!(e instanceof ChatError)) throw e;
		const code: RefusalCode = e.status === 413 ? 'too-large' : e.status === 415 ? 'unsupported-type' : 'invalid';
		return answer(deps.window.refuse(code, e.message, address));
	}
	return answer(deps.window.send(body, address));
}

/** `GET /api/bus`: the event stream, for `who` (its identity; a bare address in tests). */
export function streamFromBus(request: Request, url: URL, who: Identity | string, deps: WindowHttpDeps): Response {
	const address = typeof who === 'string' ? who : who.address;
	let evicted = () => {};
	const g = guard(request, url, who, {
		admit: (c) => {
			const opened = rated(deps.opens, c, 'event streams opened');
			if (!opened.ok) return opened;
			const taken = deps.streams.take(c, () => evicted());
			if (taken.ok) return { ok: true, release: taken.slot.release };
			return { ok: false, status: taken.status, code: taken.status === 429 ? 'rate-limited' : 'busy-server', message: taken.message, retryAfterS: 5 };
		}
	});
	if (!g.ok) return refusedBy(g, deps, address);

	let stop = () => {};
	let closed = false;
	const finish = () => {
		if (closed) return;
		closed = true;
		stop();
		g.release();
	};
	const sse = sseStream(finish);
	const end = () => {
		finish();
		sse.end();
	};
	// A newcomer from a lighter network took this stream's slot: it ends (the screen reconnects later).
	evicted = end;
	request.signal?.addEventListener('abort', end);
	const unsubscribe = deps.window.subscribe((f) => sse.push(sseEvent(f.event, f.data)), end);
	const keepAlive = setInterval(() => sse.push(': keep-alive\n\n'), deps.keepAliveMs ?? 15_000);
	stop = () => {
		unsubscribe();
		clearInterval(keepAlive);
	};
	return new Response(sse.stream, { headers: SSE_HEADERS });
}
