/**
 * `POST /v1/chat/completions`, OpenAI-compatible (streaming and not), so existing chat tools can
 * talk to OVOS through this server. Only the last user message is sent (core keeps the context in
 * its session). Each request is a new OVOS session unless the caller passes the chat token from a
 * previous reply back in the `X-OVOS-Chat-Token` header; replies carry the next one in that header
 * (non-streaming) and in an `ovos` field of the body / of the last chunk.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { lastUserText, newSessionId } from './agent';
import { errorBody, MAX_TEXT, nextToken, startTurn, type ChatApiDeps, type ChatRequest } from './chat-api';
import { badInput } from './errors';
import { checkApiToken, checkOrigin, json, readJson, SSE_HEADERS, sseStream } from './http';
import type { ChatState } from './token';
import type { Role, TurnResult } from './types';

export const CHAT_TOKEN_HEADER = 'x-ovos-chat-token';

const Content = v.union([
	v.string(),
	v.array(v.looseObject({ type: v.string(), text: v.optional(v.string()) }))
]);
const BodySchema = v.looseObject({
	model: v.optional(v.string()),
	stream: v.optional(v.boolean()),
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

/** OpenAI's error shape; the chat token (when there is one) still comes back in the header. */
function oaError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
	const type = status === 401 ? 'authentication_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
	return json({ error: { message, type, code } }, status, headers);
}

function failure(e: unknown): Response {
	const { status, body } = errorBody(e);
	return oaError(status, body.code, body.message);
}

export async function postCompletions(request: Request, url: URL, deps: ChatApiDeps): Promise<Response> {
	let req: ChatRequest;
	let body: Body;
	try {
		checkOrigin(request, url);
		checkApiToken(request, deps.apiToken);
		const parsed = v.safeParse(BodySchema, await readJson(request));
		if (!parsed.success) throw badInput(`${parsed.issues[0].path?.map((p) => p.key).join('.') ?? 'body'}: ${parsed.issues[0].message}`);
		body = parsed.output;
		const text = lastUserText(body.messages.map((m) => ({ role: m.role as Role, content: textOf(m.content) }))).trim();
		if (!text) throw badInput('the last user message is empty');
		if (text.length > MAX_TEXT) throw badInput(`message over ${MAX_TEXT} characters`);
		const token = request.headers.get(CHAT_TOKEN_HEADER);
		const state: ChatState = token ? deps.tokens.verify(token) : { sessionId: newSessionId(), snapshot: null, openTurns: [] };
		req = { state, text };
	} catch (e) {
		return failure(e);
	}
	const abort = new AbortController();
	request.signal?.addEventListener('abort', () => abort.abort(), { once: true });
	const id = `chatcmpl-${randomUUID()}`;
	const created = Math.floor(Date.now() / 1000);
	const model = body.model || 'ovos';
	const chunk = (delta: object, finish: string | null, extra: object = {}) =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
	const sse = body.stream ? sseStream(() => abort.abort()) : null;
	let spoken = 0;
	let running: Promise<TurnResult>;
	try {
		({ result: running } = await startTurn(deps, req, abort.signal, (s) => {
			sse?.push(chunk({ content: (spoken++ ? '\n' : '') + s.text }, null));
		}));
	} catch (e) {
		sse?.end();
		return failure(e);
	}
	if (sse) {
		sse.push(chunk({ role: 'assistant', content: '' }, null));
		running.then(
			(r) => {
				const ovos = { token: nextToken(r, req.state, deps.tokens), outcome: r.outcome, skill: r.skill, complete: r.complete };
				const problem = turnProblem(r);
				if (problem) sse.push(`data: ${JSON.stringify({ error: { ...problem, type: 'server_error' }, ovos })}\n\n`);
				else sse.push(chunk({}, 'stop', { ovos }));
			},
			(e: unknown) => sse.push(`data: ${JSON.stringify({ error: { ...errorBody(e).body, type: 'server_error' } })}\n\n`)
		).finally(() => {
			sse.push('data: [DONE]\n\n');
			sse.end();
		});
		return new Response(sse.stream, { headers: SSE_HEADERS });
	}
	let r: TurnResult;
	try {
		r = await running;
	} catch (e) {
		return failure(e);
	}
	const token = nextToken(r, req.state, deps.tokens);
	const problem = turnProblem(r);
	if (problem) return oaError(problem.code === 'unmatched' ? 422 : 504, problem.code, problem.message, { [CHAT_TOKEN_HEADER]: token });
	const words = (s: string) => (s.trim() ? s.trim().split(/\s+/).length : 0);
	return json(
		{
			id,
			object: 'chat.completion',
			created,
			model,
			choices: [{ index: 0, message: { role: 'assistant', content: r.text }, finish_reason: 'stop' }],
			// Word counts: OVOS has no tokenizer; tools only need plausible numbers here.
			usage: { prompt_tokens: words(req.text), completion_tokens: words(r.text), total_tokens: words(req.text) + words(r.text) },
			ovos: { token, outcome: r.outcome, skill: r.skill, complete: r.complete }
		},
		200,
		{ [CHAT_TOKEN_HEADER]: token }
	);
}

/** Outcomes an OpenAI client must see as an error rather than as an (empty) answer. */
function turnProblem(r: TurnResult): { code: string; message: string } | null {
	if (r.outcome === 'unmatched') return { code: 'unmatched', message: 'OVOS did not understand that' };
	if (r.outcome === 'timeout') return { code: 'timeout', message: 'OVOS went quiet before the turn ended' };
	if (r.outcome === 'deadline') return { code: 'deadline', message: 'the turn ran past its deadline' };
	if (r.outcome === 'bus-lost') return { code: 'bus-down', message: 'the OVOS messagebus connection was lost' };
	return null;
}

