/**
 * The door every request goes through once it is known who asks (identity.ts): a stranger reaches
 * only the pairing form and gets a 401 for everything else — the pairing page for a page, JSON for
 * anything else — and a request of a paired browser or a token stays revocable for as long as it is
 * open (a stream, a long-poll, a turn): forgetting the browser or revoking the token closes its
 * connection at once. Used by hooks.server.ts; the tests' in-process server uses it the same way.
 */
import type { Socket } from 'node:net';
import type { Access, Identity } from './identity';

/** Where the pairing form posts. */
export const PAIR_PATH = '/pair';

/** The only thing a stranger may reach: the pairing form (its page is what every other page shows them). */
export function openToStrangers(pathname: string): boolean {
	return pathname === PAIR_PATH;
}

/**
 * Whether a stranger's request is for a page (answered with the pairing page) or for anything else:
 * the APIs, their streams, media, a page's data (`__data.json`: SvelteKit says so in `isDataRequest`
 * and takes the suffix off the path), which get JSON.
 */
export function wantsPage(method: string, pathname: string, accept: string | null, isDataRequest = false): boolean {
	if (method !== 'GET' && method !== 'HEAD') return false;
	if (isDataRequest || /^\/(api|v1|media|ovos)(\/|$)/.test(pathname) || pathname.endsWith('/__data.json')) return false;
	return accept === null || /(^|,)\s*(text\/html|\*\/\*)/i.test(accept);
}

/** The JSON 401 a stranger gets from an API (one body for both: the chat API's and OpenAI's error shapes). */
export function unauthorized(): Response {
	const message = 'this device lets in only paired browsers and API tokens (Authorization: Bearer …): pair this browser on any page of the app, or make a token on the device’s /settings';
	return new Response(JSON.stringify({ error: { code: 'unauthorized', message, type: 'invalid_request_error' } }), {
		status: 401,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'www-authenticate': 'Bearer realm="ovos-screen"' }
	});
}

/**
 * Who may list, forget and make paired browsers and tokens: the device itself and paired browsers —
 * someone at the device, or who once typed a code shown there. Not a token holder (a tool's token,
 * copied into its settings, must not be able to make itself more tokens or forget the browsers of
 * the house), nor a trusted network (anyone there).
 */
export function mayManage(id: Identity): boolean {
	return id.kind === 'device' || id.kind === 'paired';
}

/** The connections of paired browsers' and tokens' requests still open, closed when their access goes. */
export class OpenRequests {
	readonly #open = new Map<string, Set<Socket>>();

	constructor(access: Access) {
		access.onRevoked((principal) => {
			const sockets = this.#open.get(principal);
			this.#open.delete(principal);
			for (const s of sockets ?? []) s.destroy();
		});
	}

	/** Held while a request of `principal` is open on `socket`; returns the release (idempotent). */
	hold(principal: string, socket: Socket): () => void {
		let set = this.#open.get(principal);
		if (!set) this.#open.set(principal, (set = new Set()));
		set.add(socket);
		const release = () => {
			socket.off('close', release);
			const s = this.#open.get(principal);
			s?.delete(socket);
			if (s?.size === 0) this.#open.delete(principal);
		};
		socket.once('close', release);
		return release;
	}

	/** How many connections `principal` holds open now. */
	count(principal: string): number {
		return this.#open.get(principal)?.size ?? 0;
	}
}

/** `res`, with `done` called once its body has been sent or abandoned (at once when it has none). */
export function whenSent(res: Response, done: () => void): Response {
	if (!res.body) {
		done();
		return res;
	}
	const reader = res.body.getReader();
	let finished = false;
	const finish = () => {
		if (finished) return;
		finished = true;
		done();
	};
	const body = new ReadableStream<Uint8Array>({
		async pull(c) {
			try {
				const { done: end, value } = await reader.read();
				if (end) {
					finish();
					c.close();
				} else c.enqueue(value);
			} catch (e) {
				finish();
				c.error(e);
			}
		},
		cancel(reason) {
			finish();
			return reader.cancel(reason);
		}
	});
	return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
