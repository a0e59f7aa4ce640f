/**
 * `POST /v1/chat/completions`, OpenAI-compatible (streaming and not), so existing chat tools can
 * talk to OVOS through this server as they are. Only the last user message is sent (core keeps the
 * context in its session). A conversation keeps its OVOS session across requests with nothing but
 * its `messages` (see ConversationMap), or with the chat token of a previous reply in the
 * `X-OVOS-Chat-Token` header. Every reply carries an `ovos` field (`token`, `outcome`, `awaiting`,
 * `reason`…) in the body, the last chunk or the error. "Not understood" is an ordinary assistant
 * message (stock clients throw on an error, and a chat tool would show an error box); failures that
 * come before anything was said (core not responding, busy, timed out) are the same HTTP error
 * streamed or not. `model: "ovos-device"` speaks as the device (core's `default` session); any other
 * model is a 404, as OpenAI answers it.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { lastUserText } from './agent';
import { admit, clientLeft, errorBody, evicted, freshState, MAX_TEXT, nextToken, retryHeaders, startTurn, type ChatApiDeps, type ChatRequest } from './chat-api';
import { ConversationMap, type Claim, type ConversationTurn } from './conversations';
import { badInput } from '../http/errors';
import { shareKey, type Client, type Identity } from '../guards';
import { discardBody, json, readJson, SSE_HEADERS, sseStream } from '../http/io';
import type { Role, TurnResult } from './types';

export const CHAT_TOKEN_HEADER = 'x-ovos-chat-token';
/** The `model` that speaks as the device. */
export const DEVICE_MODEL = 'ovos-device';
/** The default `model`: a private session of its own per conversation. */
export const PRIVATE_MODEL = 'ovos';
const MODELS = [PRIVATE_MODEL, DEVICE_MODEL] as const;
/** What the assistant says when OVOS understood nothing (core itself says nothing: it plays a sound). */
export const UNMATCHED_TEXT = 'OVOS did not understand that.';

const Content = v.union([
	v.string(),
	v.array(v.looseObject({ type: v.string(), text: v.optional(v.string()) }))
]);
const BodySchema = v.looseObject({
	model: v.optional(v.string()),
	stream: v.optional(v.boolean()),
	n: v.optional(v.nullable(v.number())),
	stream_options: v.optional(v.nullable(v.looseObject({ include_usage: v.optional(v.nullable(v.boolean())) }))),
	messages: v.pipe(
		v.array(v.looseObject({ role: v.picklist(['system', 'developer', 'user', 'assistant', 'tool']), content: v.optional(v.nullable(Content)) })),
		v.minLength(1, 'messages must not be empty'),
		v.maxLength(256, 'too many messages')
	)
});

type Body = v.InferOutput<typeof BodySchema>;

function textOf(content: Body['messages'][number]['content']): string {
	if (typeof content === 'string') return content;
	if (!content) return '';
	return content.map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : '')).join('');
}

/** OpenAI's error shape (the `ovos` field, when there is one, inside it: clients surface `error`). */
function oaError(status: number, code: string, message: string, headers: Record<string, string> = {}, ovos?: object, param: string | null = null): Response {
	const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
	return json({ error: { message, type, param, code, ...(ovos ? { ovos } : {}) }, ...(ovos ? { ovos } : {}) }, status, headers);
}

/** A model we do not have, as OpenAI says it (a typo of `ovos-device` must not quietly stay private). */
function unknownModel(model: string): Response {
	const list = MODELS.join(', ');
	return oaError(404, 'model_not_found', `The model \`${model}\` does not exist on this server; its models are: ${list}`, {}, undefined, 'model');
}

function failure(e: unknown): Response {
	const { status, body } = errorBody(e);
	return oaError(status, body.code, body.message, retryHeaders(e));
}

/** Who is calling, for the conversation map: its credentials and address, hashed with the history. */
function callerOf(request: Request, who: Identity | string | undefined): string {
	const address = typeof who === 'string' ? who : (who?.address ?? '');
	return `${request.headers.get('authorization') ?? request.headers.get('x-ovos-screen-token') ?? ''}\u0000${address}`;
}

/**
 * `GET /v1/models`: chat tools (Open WebUI, LibreChat, the official clients' `models.list()`) ask it
 * before their first message and offer what it lists. Let in as the chat is (hooks.server.ts).
 */
export function getModels(): Response {
	return json({ object: 'list', data: MODELS.map(modelObject) });
}

const modelObject = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'openvoiceos' });

/** `GET /v1/models/{id}` (the official clients' `models.retrieve`): one of the models listed, else 404 as OpenAI says it. */
export function getModel(id: string): Response {
	return (MODELS as readonly string[]).includes(id) ? json(modelObject(id)) : unknownModel(id);
}

/** A `/v1` path this server does not have: 404 in OpenAI's error shape, not the app's HTML page. */
export function unknownPath(request: Request, url: URL): Response {
	discardBody(request);
	return oaError(404, 'unknown_url', `Unknown request URL: ${request.method} ${url.pathname}. This server has GET /v1/models, GET /v1/models/{id} and POST /v1/chat/completions.`);
}

export interface CompletionsContext {
	/** Fires when the client goes away (aborts a non-streamed turn). */
	readonly clientGone?: AbortSignal;
	/** Who is calling (keeps two machines' identical conversations apart); a bare address in tests. */
	readonly client?: Identity | string;
}

export async function postCompletions(request: Request, url: URL, deps: ChatApiDeps, ctx: CompletionsContext = {}): Promise<Response> {
	const abort = new AbortController();
	const slot = admit(deps, request, url, ctx.client ?? 'unknown', () => abort.abort(evicted()));
	if (!slot.ok) return oaError(slot.status, slot.code, slot.message, slot.retryAfterS ? { 'retry-after': String(slot.retryAfterS) } : {});
	const turn = { started: false };
	try {
		return await completions(request, deps, ctx, slot.client, turn, slot.release, abort);
	} finally {
		if (!turn.started) slot.release();
	}
}

/** The request past the guards; once a turn has started (`turn.started`), it owns `release`; `abort` ends it. */
async function completions(
	request: Request,
	deps: ChatApiDeps,
	ctx: CompletionsContext,
	who: Client,
	handOff: { started: boolean },
	release: () => void,
	abort: AbortController
): Promise<Response> {
	let req: ChatRequest;
	let body: Body;
	let history: ConversationTurn[];
	/** The point of the conversation this request continues from, and the session taken from there. */
	let point: string | null = null;
	let claim: Claim | null = null;
	const client = callerOf(request, ctx.client);
	try {
		const parsed = v.safeParse(BodySchema, await readJson(request));
		if (!parsed.success) throw badInput(`${parsed.issues[0].path?.map((p) => p.key).join('.') ?? 'body'}: ${parsed.issues[0].message}`);
		body = parsed.output;
		if (body.model !== undefined && !(MODELS as readonly string[]).includes(body.model)) {
			discardBody(request);
			return unknownModel(body.model);
		}
		// OVOS gives one reply per message: a client asking for more is told, not handed one as if it were all.
		if (body.n !== undefined && body.n !== null && body.n !== 1)
			return oaError(400, 'unsupported_value', `n: this server gives one choice per request (OVOS has one reply to a message); send n: 1 or leave it out`, {}, undefined, 'n');
		history = body.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
		const text = lastUserText(history.map((m) => ({ role: m.role as Role, content: m.content }))).trim();
		if (!text) throw badInput('the last user message is empty');
		if (text.length > MAX_TEXT) throw badInput(`message over ${MAX_TEXT} characters`);
		if (body.model === DEVICE_MODEL) req = { state: { sessionId: 'default', snapshot: null, openTurns: [] }, text, device: true, client: shareKey(who) };
		else {
			point = ConversationMap.key(client, history.slice(0, history.findLastIndex((m) => m.role === 'user')));
			const pinned = request.headers.get(CHAT_TOKEN_HEADER);
			claim = pinned ? null : deps.conversations.claim(point, (sid) => deps.agent.questionState(sid));
			const token = pinned ?? claim?.token;
			req = { state: token ? deps.tokens.verify(token) : freshState(), text, client: shareKey(who) };
		}
	} catch (e) {
		discardBody(request);
		return failure(e);
	}
	if (abort.signal.aborted) return failure(abort.signal.reason);
	for (const s of [request.signal, ctx.clientGone]) s?.addEventListener('abort', () => abort.abort(clientLeft()), { once: true });
	const id = `chatcmpl-${randomUUID()}`;
	const created = Math.floor(Date.now() / 1000);
	const model = body.model ?? PRIVATE_MODEL;
	// With include_usage every chunk says `usage: null`, and one more chunk, without choices, the usage.
	const usageChunks = body.stream_options?.include_usage === true;
	const chunk = (delta: object, finish: string | null, extra: object = {}) =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usageChunks ? { usage: null } : {}), ...extra })}\n\n`;
	const words = (s: string) => (s.trim() ? s.trim().split(/\s+/).length : 0);
	// Word counts: OVOS has no tokenizer; tools only need plausible numbers here.
	const usage = (content: string) => ({ prompt_tokens: words(req.text), completion_tokens: words(content), total_tokens: words(req.text) + words(content) });

	// A stream starts with the first sentence: until then a failure can still be a plain HTTP error,
	// the same as without streaming.
	let sse: ReturnType<typeof sseStream> | null = null;
	let firstSentence!: () => void;
	const spokeOnce = new Promise<void>((r) => (firstSentence = r));
	let spoken = 0;
	const sentences: string[] = [];
	let turn: Promise<TurnResult>;
	try {
		({ result: turn } = await startTurn(deps, req, abort.signal, (s) => {
			const delta = (sentences.length ? '\n' : '') + s.text;
			sentences.push(s.text);
			if (sse) sse.push(chunk({ content: delta }, null));
			firstSentence();
		}));
	} catch (e) {
		claim?.restore(); // never sent: the session is still where the conversation is
		return failure(e);
	}
	handOff.started = true;
	void turn.then(release, release);
	const finished = turn.then(
		(r) => ({ r, e: null }),
		(e: unknown) => {
			claim?.restore(); // refused before it was sent (busy, no place): where it was
			return { r: null, e };
		}
	);
	const remember = (r: TurnResult, token: string | null) => {
		if (!token || req.device) return;
		const sid = req.state.sessionId;
		// The conversation as the client will send it next: with our reply; with none (cut short), where
		// it was, so that sending the same request again goes on in the same session.
		const replied = r.outcome === 'answered' || r.outcome === 'awaiting' || r.outcome === 'unmatched';
		if (replied) deps.conversations.set(ConversationMap.key(client, [...history, { role: 'assistant', content: contentOf(r) }]), sid, token, r.outcome === 'awaiting');
		else deps.conversations.set(point, sid, token, claim?.awaiting ?? false);
	};
	const ovosOf = (r: TurnResult, token: string | null) => ({
		token,
		outcome: r.outcome,
		skill: r.skill,
		complete: r.complete,
		awaiting: r.outcome === 'awaiting',
		// Why the reply is not an answer, typed: `unmatched` (OVOS did not understand), else null.
		reason: r.outcome === 'unmatched' ? 'unmatched' : null,
		awaiting_until: r.awaitingUntil,
		stale_question: r.staleQuestion,
		device: req.device === true
	});

	if (body.stream) {
		const first = await Promise.race([spokeOnce.then(() => null), finished]);
		if (first && (first.e !== null || (first.r && turnProblem(first.r)))) {
			if (first.e !== null) return failure(first.e);
			const r = first.r as TurnResult;
			const token = nextToken(r, req.state, deps.tokens);
			remember(r, token);
			const problem = turnProblem(r) as Problem;
			return oaError(problem.status, problem.code, problem.message, token ? { [CHAT_TOKEN_HEADER]: token } : {}, ovosOf(r, token));
		}
		const stream = sseStream(() => abort.abort(clientLeft()));
		sse = stream;
		stream.push(chunk({ role: 'assistant', content: '' }, null));
		if (sentences.length) stream.push(chunk({ content: sentences.join('\n') }, null));
		void finished.then(({ r, e }) => {
			if (r) {
				const token = nextToken(r, req.state, deps.tokens);
				remember(r, token);
				const ovos = ovosOf(r, token);
				const problem = turnProblem(r);
				if (problem) stream.push(`data: ${JSON.stringify({ error: { message: problem.message, code: problem.code, type: 'server_error', ovos }, ovos })}\n\n`);
				else {
					if (!sentences.length && contentOf(r)) stream.push(chunk({ content: contentOf(r) }, null));
					stream.push(chunk({}, 'stop', { ovos }));
					if (usageChunks)
						stream.push(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usage(contentOf(r)) })}\n\n`);
				}
			} else stream.push(`data: ${JSON.stringify({ error: { ...errorBody(e).body, type: 'server_error' } })}\n\n`);
			stream.push('data: [DONE]\n\n');
			stream.end();
		});
		return new Response(stream.stream, { headers: SSE_HEADERS });
	}

	const { r, e } = await finished;
	if (!r) return failure(e);
	const token = nextToken(r, req.state, deps.tokens);
	remember(r, token);
	const headers: Record<string, string> = token ? { [CHAT_TOKEN_HEADER]: token } : {};
	const problem = turnProblem(r);
	if (problem) return oaError(problem.status, problem.code, problem.message, headers, ovosOf(r, token));
	return json(
		{
			id,
			object: 'chat.completion',
			created,
			model,
			choices: [{ index: 0, message: { role: 'assistant', content: contentOf(r) }, finish_reason: 'stop' }],
			usage: usage(contentOf(r)),
			ovos: ovosOf(r, token)
		},
		200,
		headers
	);
}

interface Problem {
	readonly status: number;
	readonly code: string;
	readonly message: string;
}

/** The assistant message for a turn: what OVOS said, or that it did not understand. */
function contentOf(r: TurnResult): string {
	return r.outcome === 'unmatched' && !r.text ? UNMATCHED_TEXT : r.text;
}

/** Outcomes an OpenAI client must see as an error rather than as an (empty) answer. */
function turnProblem(r: TurnResult): Problem | null {
	if (r.outcome === 'timeout') return { status: 504, code: 'timeout', message: 'OVOS went quiet before the turn ended' };
	if (r.outcome === 'deadline') return { status: 504, code: 'deadline', message: 'the turn ran past its deadline' };
	if (r.outcome === 'bus-lost') return { status: 503, code: 'bus-down', message: 'the OVOS messagebus connection was lost' };
	return null;
}
