/**
 * HTTP helpers every endpoint shares (the chat, the bus window, pairing, page files): small JSON
 * bodies, read with a hard cap and refused before parsing when too large; JSON and server-sent-event
 * responses. The guards that come first (origin, token, admission) are in ../guards. Each failure
 * is a typed ChatError (./errors).
 */
import { ChatError } from './errors';

/** Largest request body read: a message plus a chat token (a session snapshot is a few KiB). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The parsed JSON body, read with a hard size cap whatever Content-Length claims. Past the cap the
 * rest is read and dropped while the 413 goes out (cancelling the body would reset the connection,
 * and the client would never see why). A client that hangs up mid-body is one quiet log line.
 */
export async function readJson(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
	const type = request.headers.get('content-type') ?? '';
	if (!/^application\/json\b/i.test(type)) throw new ChatError('bad-input', 415, 'send the body as application/json');
	const declared = Number(request.headers.get('content-length'));
	if (declared > limit) throw tooLarge(limit);
	if (!request.body) throw new ChatError('bad-input', 400, 'empty body');
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		let chunk: ReadableStreamReadResult<Uint8Array>;
		try {
			chunk = await reader.read();
		} catch {
			throw hungUp();
		}
		if (chunk.done) break;
		size += chunk.value.byteLength;
		if (size > limit) {
			drain(reader);
			throw tooLarge(limit);
		}
		chunks.push(chunk.value);
	}
	try {
		return JSON.parse(Buffer.concat(chunks).toString('utf8'));
	} catch {
		throw new ChatError('bad-input', 400, 'body is not valid JSON');
	}
}

const tooLarge = (limit: number) => new ChatError('too-large', 413, `request body over ${limit} bytes refused`);

/** Reads what is left of a body and drops it: the connection stays whole for the answer. */
function drain(reader: ReadableStreamDefaultReader<Uint8Array>): void {
	void (async () => {
		try {
			while (!(await reader.read()).done);
		} catch {
			/* the client went, or the server's own body limit ended the stream: either way, done */
		}
	})();
}

/** A body nobody will read (a refused request), dropped without resetting the connection. */
export function discardBody(request: Request): void {
	if (request.body && !request.bodyUsed && !request.body.locked) drain(request.body.getReader());
}

/** Clients that hung up mid-request: counted, and logged the first few times and every thousandth. */
export const hangUps = { count: 0 };

function hungUp(): ChatError {
	hangUps.count++;
	if (hangUps.count <= 3 || hangUps.count % 1000 === 0)
		console.warn(`[http] a client hung up while sending its request (${hangUps.count} so far)`);
	return new ChatError('aborted', 400, 'the client hung up while sending its request');
}

/** A BCP-47 tag, canonicalised (`sv-se` → `sv-SE`), or a bad-input error. */
export function canonicalLang(tag: string): string {
	if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(tag)) throw new ChatError('bad-input', 400, `not a language tag: ${tag}`);
	try {
		return Intl.getCanonicalLocales(tag)[0] ?? tag;
	} catch {
		throw new ChatError('bad-input', 400, `not a language tag: ${tag}`);
	}
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }
	});
}

/**
 * A method a route does not take: 405 with `Allow`, in JSON both APIs read (the chat API's
 * `{error: {code, message}}`, OpenAI's `{error: {message, type, code}}`), not SvelteKit's plain text.
 * Exported by an API route as its `fallback` (every method it does not export).
 */
export function methodsAllowed(...allow: readonly string[]): (event: { request: Request }) => Response {
	const list = allow.join(', ');
	return ({ request }) => {
		discardBody(request);
		return json({ error: { message: `${request.method} is not allowed here; this endpoint takes ${list}`, type: 'invalid_request_error', param: null, code: 'method_not_allowed' } }, 405, {
			allow: list
		});
	};
}

export const SSE_HEADERS = {
	'content-type': 'text/event-stream; charset=utf-8',
	'cache-control': 'no-store',
	'x-accel-buffering': 'no'
} as const;

/**
 * How far a client may fall behind a stream (bytes the server has queued for it beyond what its
 * socket holds). A client that stops reading would otherwise have the server keep every event for
 * it, for as long as it stays connected.
 */
export const SSE_MAX_BEHIND_BYTES = 1024 * 1024;

/**
 * A server-sent-events body: `push` frames, `end` it; `onCancel` runs when the client goes away, or
 * falls SSE_MAX_BEHIND_BYTES behind (its stream then fails, and its connection is closed).
 */
export function sseStream(onCancel: () => void, maxBehind = SSE_MAX_BEHIND_BYTES): { stream: ReadableStream<Uint8Array>; push(frame: string): void; end(): void } {
	const enc = new TextEncoder();
	let ctl!: ReadableStreamDefaultController<Uint8Array>;
	let closed = false;
	const stream = new ReadableStream<Uint8Array>(
		{
			start: (c) => {
				ctl = c;
			},
			cancel: () => {
				closed = true;
				onCancel();
			}
		},
		new ByteLengthQueuingStrategy({ highWaterMark: maxBehind })
	);
	return {
		stream,
		push(frame) {
			if (closed) return;
			ctl.enqueue(enc.encode(frame));
			if ((ctl.desiredSize ?? 0) >= 0) return;
			closed = true;
			ctl.error(new Error('the client stopped reading its event stream'));
			onCancel();
		},
		end() {
			if (closed) return;
			closed = true;
			ctl.close();
		}
	};
}

export function sseEvent(event: string, data: unknown): string {
	return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
