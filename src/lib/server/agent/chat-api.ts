/**
 * `POST /api/chat`: `{token?, text, lang?, device?}` → one turn of the chat (`device`: in the device's
 * own session). With `Accept: text/event-stream` the reply streams as `sentence` events and one
 * `done` event (new token, outcome, skill), after `queued` events while it waits for a place in
 * core's pool; otherwise one JSON reply (which just waits). Errors: 400 input/token, 401 not let in
 * (hooks.server.ts), 403 cross-origin, 409 turn in progress, 413 body too large, 415 not JSON, 429 too many turns from
 * this client, 503 bus unreachable (with the address), core not responding, core busy (no place in
 * its pool in time: retry) or the server's turns all taken, 504 timed out; 429 and 503 say when to
 * try again (Retry-After). `POST /api/chat/end` `{token}`: the chat is left; a question it left open
 * is ended.
 */
import * as v from 'valibot';
import { BusUnavailableError } from '../bus/client';
import { busUrlLocalOnly } from '../bus/local-only';
import { newSessionId, type ChatAgent } from './agent';
import type { ConversationMap } from './conversations';
import { ChatError, badInput } from '../http/errors';
import { guard, shareKey, type Guarded, type Identity, type Refusal } from '../guards';
import type { ChatLimits } from '../guards/chat-limits';
import { canonicalLang, discardBody, json, readJson, SSE_HEADERS, sseEvent, sseStream } from '../http/io';
import type { ChatState, ChatTokens } from './token';
import type { Sentence, TurnResult } from './types';

export const MAX_TEXT = 2000;

const BodySchema = v.object({
	token: v.optional(v.string()),
	text: v.pipe(v.string(), v.trim(), v.minLength(1, 'text must not be empty'), v.maxLength(MAX_TEXT, `text over ${MAX_TEXT} characters`)),
	lang: v.optional(v.string()),
	readerLang: v.optional(v.string()),
	device: v.optional(v.boolean())
});

const EndSchema = v.object({ token: v.string() });

export interface ChatApiDeps {
	readonly agent: ChatAgent;
	readonly tokens: ChatTokens;
	/** OpenAI clients' conversations so far → their chat token (continuity without a header). */
	readonly conversations: ConversationMap;
	/** Per-client rate and turns at once, and the server's turns in flight (none: unlimited, for tests). */
	readonly limits?: ChatLimits;
}

/**
 * The shared guards (../guards): origin, then a turn slot for this client (`who`: its identity, a
 * bare address in tests) — in that order, so a refused request spends nothing of anyone's. A refused
 * request's body is dropped unread. `onEvict` ends the turn should a lighter client later need its slot.
 */
export function admit(deps: ChatApiDeps, request: Request, url: URL, who: Identity | string, onEvict?: () => void): Guarded {
	const limits = deps.limits;
	const g = guard(request, url, who, { admit: limits ? (client) => limits.admit(client, onEvict) : undefined });
	if (!g.ok) discardBody(request);
	return g;
}

/**
 * Why a turn ends when its slot goes to a lighter client (the abort's reason, so whatever waits on
 * the signal — the body, core's queue, the turn — ends with this 503 to retry, not an AbortError).
 */
export function evicted(): ChatError {
	return new ChatError('busy-server', 503, 'the server gave this turn’s place to another client; try again shortly', 2);
}

/** Why a turn ends when its client goes: an expected end, not a failure to log. */
export function clientLeft(): ChatError {
	return new ChatError('aborted', 400, 'the client went away');
}

/** A guard's refusal as the chat API's error body, with Retry-After when it knows. */
function refused(r: Refusal): Response {
	return json({ error: { code: r.code, message: r.message } }, r.status, r.retryAfterS ? { 'retry-after': String(r.retryAfterS) } : {});
}

/** Retry-After for an error that knows when to try again (the bus's next reconnect, a place in core's pool). */
export function retryHeaders(e: unknown): Record<string, string> {
	if (e instanceof BusUnavailableError && e.retryAfterMs !== null) return { 'retry-after': String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))) };
	if (e instanceof ChatError && e.retryAfterS !== null) return { 'retry-after': String(e.retryAfterS) };
	return {};
}

export interface ChatRequest {
	readonly state: ChatState;
	readonly text: string;
	readonly lang?: string;
	/** The reader's own language: used when the device has it (see TurnOptions). */
	readonly readerLang?: string;
	/** Speak as the device: core's own `default` session (no token). */
	readonly device?: boolean;
	/** Who asks (`shareKey`), for the fair share of core's pool. */
	readonly client?: string;
}

const DEVICE_STATE: ChatState = { sessionId: 'default', snapshot: null, openTurns: [] };

/** What a client needs after a turn: the reply and the token for the next one (none as the device). */
export function donePayload(result: TurnResult, state: ChatState, tokens: ChatTokens) {
	return {
		outcome: result.outcome,
		complete: result.complete,
		text: result.text,
		sentences: result.sentences,
		skill: result.skill,
		lang: result.lang,
		awaitingUntil: result.awaitingUntil,
		staleQuestion: result.staleQuestion,
		device: state.sessionId === DEVICE_STATE.sessionId,
		token: nextToken(result, state, tokens)
	};
}

export function nextToken(result: TurnResult, state: ChatState, tokens: ChatTokens): string | null {
	if (state.sessionId === DEVICE_STATE.sessionId) return null;
	return tokens.sign({ sessionId: state.sessionId, snapshot: result.snapshot ?? state.snapshot, openTurns: result.openTurns });
}

/**
 * A ChatError or BusUnavailableError as `{status, body}`; anything else is a 500 without details.
 * `cause: "bus-local-only"`: the device refuses this server on its bus (it lets only programs on the
 * device itself on, OVOS's default), which a person fixes on the device, not by waiting.
 */
export function errorBody(e: unknown): { status: number; body: { code: string; message: string; retryAfter?: number; cause?: 'bus-local-only' } } {
	if (e instanceof ChatError)
		return { status: e.status, body: { code: e.code, message: e.message, ...(e.retryAfterS !== null ? { retryAfter: e.retryAfterS } : {}) } };
	// Not where the bus is, nor the socket error that names it: the server's log has both.
	if (e instanceof BusUnavailableError) {
		if (busUrlLocalOnly(e.url, e.reason))
			return {
				status: 503,
				body: {
					code: e.code,
					message: 'the OVOS messagebus refuses this server: OVOS lets only programs on the device itself onto it unless its mycroft.conf says otherwise; run this app on the device, or open the bus (docs/install.md)',
					cause: 'bus-local-only'
				}
			};
		return { status: 503, body: { code: e.code, message: 'the OVOS messagebus is unreachable; the server keeps trying' } };
	}
	console.error('[chat] unexpected failure', e);
	return { status: 500, body: { code: 'internal', message: 'internal error' } };
}

/** The body of a request the guards let in. */
export async function parseChatRequest(request: Request, deps: ChatApiDeps): Promise<ChatRequest> {
	const parsed = v.safeParse(BodySchema, await readJson(request));
	if (!parsed.success) throw badInput(parsed.issues[0].message);
	const { token, text, lang, readerLang, device } = parsed.output;
	const state: ChatState = device ? DEVICE_STATE : token ? deps.tokens.verify(token) : freshState();
	return { state, text, lang: lang ? canonicalLang(lang) : undefined, readerLang: readerLang ? canonicalLang(readerLang) : undefined, device };
}

export const freshState = (): ChatState => ({ sessionId: newSessionId(), snapshot: null, openTurns: [] });

/**
 * Starts the turn and waits until core has reacted to it (~20 ms), so setup failures — the bus down,
 * core not responding, no place in core's pool — get a proper status even on a stream. With
 * `onQueued` (a stream) it returns as soon as the turn has to wait for a place, so the client hears
 * that it waits.
 */
export async function startTurn(
	deps: ChatApiDeps,
	req: ChatRequest,
	signal: AbortSignal,
	onSentence: (s: Sentence) => void,
	onQueued?: (position: number) => void
): Promise<{ result: Promise<TurnResult> }> {
	let sent!: () => void;
	const started = new Promise<void>((r) => (sent = r));
	let waits!: () => void;
	const queued = new Promise<void>((r) => (waits = r));
	const running = deps.agent.turn(
		req.text,
		{
			sessionId: req.state.sessionId,
			device: req.device,
			snapshot: req.state.snapshot,
			openTurns: req.state.openTurns,
			lang: req.lang,
			readerLang: req.readerLang,
			client: req.client,
			signal,
			onStarted: sent,
			onQueued: onQueued
				? (position) => {
						onQueued(position);
						waits();
					}
				: undefined
		},
		onSentence
	);
	await Promise.race([started, running, queued]);
	running.catch(() => {}); // the caller handles it; never an unhandled rejection in between
	return { result: running };
}

/**
 * One turn. `clientGone` aborts it when the client goes away (the request's own signal no longer
 * fires once its body has been read): a JSON caller that hangs up frees its chat at once. `client`
 * (its identity; a bare address in tests) is what the limits count.
 */
export async function postChat(request: Request, url: URL, deps: ChatApiDeps, clientGone?: AbortSignal, client: Identity | string = 'unknown'): Promise<Response> {
	const abort = new AbortController();
	const slot = admit(deps, request, url, client, () => abort.abort(evicted()));
	if (!slot.ok) return refused(slot);
	let req: ChatRequest;
	try {
		req = { ...(await parseChatRequest(request, deps)), client: shareKey(slot.client) };
	} catch (e) {
		slot.release();
		discardBody(request);
		const { status, body } = errorBody(e);
		return json({ error: body }, status);
	}
	if (abort.signal.aborted) {
		const { status, body } = errorBody(abort.signal.reason);
		return json({ error: body }, status, retryHeaders(abort.signal.reason));
	}
	for (const s of [request.signal, clientGone]) s?.addEventListener('abort', () => abort.abort(clientLeft()), { once: true });
	const streaming = (request.headers.get('accept') ?? '').includes('text/event-stream');
	const sse = streaming ? sseStream(() => abort.abort(clientLeft())) : null;
	let running: Promise<TurnResult>;
	try {
		({ result: running } = await startTurn(
			deps,
			req,
			abort.signal,
			(s) => sse?.push(sseEvent('sentence', s)),
			sse ? (position) => sse.push(sseEvent('queued', { position })) : undefined
		));
	} catch (e) {
		slot.release();
		sse?.end();
		const { status, body } = errorBody(e);
		return json({ error: body }, status, retryHeaders(e));
	}
	// The slot is the turn's: held while it runs, streamed or not, freed the moment it ends.
	void running.then(slot.release, slot.release);
	if (sse) {
		const keepAlive = setInterval(() => sse.push(': keep-alive\n\n'), 15_000);
		running.then(
			(result) => sse.push(sseEvent('done', donePayload(result, req.state, deps.tokens))),
			(e: unknown) => sse.push(sseEvent('error', errorBody(e).body))
		).finally(() => {
			clearInterval(keepAlive);
			sse.end();
		});
		return new Response(sse.stream, { headers: SSE_HEADERS });
	}
	try {
		const result = await running;
		const payload = donePayload(result, req.state, deps.tokens);
		if (result.outcome === 'timeout' || result.outcome === 'deadline') {
			const message = result.outcome === 'timeout' ? 'OVOS went quiet before the turn ended' : 'the turn ran past its deadline';
			return json({ ...payload, error: { code: result.outcome, message } }, 504);
		}
		return json(payload);
	} catch (e) {
		const { status, body } = errorBody(e);
		return json({ error: body }, status, retryHeaders(e));
	}
}

/** `POST /api/chat/end` `{token}`: the chat is left; a question it left open in core is ended. */
export async function postChatEnd(request: Request, url: URL, deps: ChatApiDeps, client: Identity | string = 'unknown'): Promise<Response> {
	const slot = admit(deps, request, url, client);
	if (!slot.ok) return refused(slot);
	slot.release(); // ending a chat is quick: it counts against the rate only
	try {
		const parsed = v.safeParse(EndSchema, await readJson(request));
		if (!parsed.success) throw badInput(parsed.issues[0].message);
		const state = deps.tokens.verify(parsed.output.token);
		return json({ ended: deps.agent.endChat(state.sessionId, state.snapshot) });
	} catch (e) {
		discardBody(request);
		const { status, body } = errorBody(e);
		return json({ error: body }, status);
	}
}
