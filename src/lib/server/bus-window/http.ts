/**
 * `/api/bus`, the bus window over HTTP: `GET` streams allow-listed events as server-sent events
 * (`event: state` / `event: bus`), `POST {type, data}` puts one message on the bus and answers
 * `202 {ok: true}` or the refusal with its status (window.ts, protocol/bus-window.ts).
 *
 * Why SSE + POST rather than a WebSocket: both are plain SvelteKit endpoints behind the very guards
 * the chat API uses (same origin, OVOS_SCREEN_TOKEN, body cap), each message gets an HTTP status of
 * its own, and proxies pass them as they are; a page sends a message per tap, so a request each costs
 * nothing. The browser reads the stream with `fetch` so it can send the token header.
 */
import { REFUSAL_STATUS, type RefusalCode, type WindowAnswer } from '../../protocol/bus-window';
import { ChatError } from '../agent/errors';
import { checkApiToken, checkOrigin, discardBody, json, readJson, SSE_HEADERS, sseEvent, sseStream } from '../agent/http';
import { RateLimiter } from '../rate-limit';
import { MAX_REQUEST_BYTES } from './allow-list';
import type { BusWindowServer } from './window';

export interface WindowHttpDeps {
	readonly window: BusWindowServer;
	readonly apiToken: string | null;
	/** Messages per client: a burst, then a steady rate. */
	readonly sends: RateLimiter;
	/** Stream opens per client (a reconnect loop cannot spin). */
	readonly opens: RateLimiter;
	readonly streams: StreamCounter;
	/** Keep-alive comment interval on open streams. */
	readonly keepAliveMs?: number;
}

/** Open streams per client and in all, bounded. */
export class StreamCounter {
	readonly #byClient = new Map<string, number>();
	#total = 0;
	constructor(
		readonly perClient = 8,
		readonly total = 256
	) {}

	/** Counts one more for `client`, or says why not. */
	open(client: string): string | null {
		const n = this.#byClient.get(client) ?? 0;
		if (n >= this.perClient) return `at most ${this.perClient} open event streams per client`;
		if (this.#total >= this.total) return `at most ${this.total} open event streams in all`;
		this.#byClient.set(client, n + 1);
		this.#total++;
		return null;
	}

	close(client: string): void {
		const n = (this.#byClient.get(client) ?? 1) - 1;
		if (n <= 0) this.#byClient.delete(client);
		else this.#byClient.set(client, n);
		this.#total = Math.max(0, this.#total - 1);
	}

	get count(): number {
		return this.#total;
	}
}

export function defaultDeps(window: BusWindowServer, apiToken: string | null): WindowHttpDeps {
	return {
		window,
		apiToken,
		// A person taps a few times a second at most; a slider sends a handful per drag.
		sends: new RateLimiter({ burst: 20, perSecond: 5 }),
		opens: new RateLimiter({ burst: 10, perSecond: 1 }),
		streams: new StreamCounter()
	};
}

function answer(a: WindowAnswer, headers: Record<string, string> = {}): Response {
	return json(a, a.ok ? 202 : REFUSAL_STATUS[a.code], headers);
}

/** The same-origin and token guards; a ChatError becomes the matching refusal. */
function guard(request: Request, url: URL, deps: WindowHttpDeps, client: string): WindowAnswer | null {
	try {
		checkOrigin(request, url);
		checkApiToken(request, deps.apiToken);
		return null;
	} catch (e) {
		if (!(e instanceof ChatError)) throw e;
		return deps.window.refuse(e.code === 'unauthorized' ? 'unauthorized' : 'forbidden', e.message, client);
	}
}

function limited(deps: WindowHttpDeps, client: string, retryAfterMs: number, what: string): Response {
	const a = deps.window.refuse('rate-limited', `too many ${what}; try again in ${Math.ceil(retryAfterMs / 1000)} s`, client);
	return answer(a, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/** `POST /api/bus`. */
export async function postToBus(request: Request, url: URL, client: string, deps: WindowHttpDeps): Promise<Response> {
	const refused = guard(request, url, deps, client);
	if (refused) return answer(refused);
	const taken = deps.sends.take(client);
	if (!taken.ok) {
		discardBody(request); // not cancelled: that resets the connection before the 429 can go out
		return limited(deps, client, taken.retryAfterMs, 'messages');
	}
	let body: unknown;
	try {
		body = await readJson(request, MAX_REQUEST_BYTES);
	} catch (e) {
		if (!(e instanceof ChatError)) throw e;
		const code: RefusalCode = e.status === 413 ? 'too-large' : e.status === 415 ? 'unsupported-type' : 'invalid';
		return answer(deps.window.refuse(code, e.message, client));
	}
	return answer(deps.window.send(body, client));
}

/** `GET /api/bus`: the event stream. */
export function streamFromBus(request: Request, url: URL, client: string, deps: WindowHttpDeps): Response {
	const refused = guard(request, url, deps, client);
	if (refused) return answer(refused);
	const taken = deps.opens.take(client);
	if (!taken.ok) return limited(deps, client, taken.retryAfterMs, 'event streams opened');
	const full = deps.streams.open(client);
	if (full) return answer(deps.window.refuse('rate-limited', full, client), { 'retry-after': '5' });

	let stop = () => {};
	let closed = false;
	const finish = () => {
		if (closed) return;
		closed = true;
		stop();
		deps.streams.close(client);
	};
	const sse = sseStream(finish);
	request.signal?.addEventListener('abort', () => {
		finish();
		sse.end();
	});
	const unsubscribe = deps.window.subscribe(
		(f) => sse.push(sseEvent(f.event, f.data)),
		() => {
			finish();
			sse.end();
		}
	);
	const keepAlive = setInterval(() => sse.push(': keep-alive\n\n'), deps.keepAliveMs ?? 15_000);
	stop = () => {
		unsubscribe();
		clearInterval(keepAlive);
	};
	return new Response(sse.stream, { headers: SSE_HEADERS });
}
