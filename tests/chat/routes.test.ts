/**
 * The chat's routes in the built app (`node build`), as clients meet them: every answer under `/v1`
 * is OpenAI's JSON — a model by its id, a path or a method the server does not have — and the chat
 * API's wrong methods are JSON too, behind the same door as the rest (who is asking, the token).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApp, type App } from '../support/app';

const TOKEN = 'routes-test-token-0123';
let app: App;
let openai: OpenAI;

beforeAll(async () => {
	// The embedded simulator on free ports; a proxy on this machine names the client (as tests/access/app.test.ts).
	app = await startApp(
		{
			OVOS_BUS_PORT: String(await freePort()),
			OVOS_GUI_PORT: String(await freePort()),
			OVOS_SCREEN_DATA_DIR: mkdtempSync(join(tmpdir(), 'chat-routes-')),
			OVOS_SCREEN_TOKEN: TOKEN,
			ADDRESS_HEADER: 'x-forwarded-for',
			XFF_DEPTH: '1'
		},
		{ unset: ['OVOS_HOST'] }
	);
	openai = new OpenAI({ apiKey: 'not-needed', baseURL: `${app.url}/v1`, maxRetries: 0 });
}, 60_000);
afterAll(() => app?.stop());

const call = (path: string, init: RequestInit = {}) => fetch(`${app.url}${path}`, init);

async function jsonError(res: Response) {
	expect(res.headers.get('content-type')).toMatch(/^application\/json/);
	const body = (await res.json()) as { error: { message: string; type: string; code: string | null; param?: string | null } };
	expect(body.error.message).toEqual(expect.any(String));
	expect(body.error.type).toEqual(expect.any(String));
	return body.error;
}

describe('/v1 as OpenAI clients use it', () => {
	it('GET /v1/models/{id} answers each model /v1/models lists, and 404 model_not_found for any other', async () => {
		const listed = await openai.models.list();
		expect(listed.data.map((m) => m.id)).toEqual(['ovos', 'ovos-device']);
		for (const m of listed.data) expect(await openai.models.retrieve(m.id)).toEqual(m);
		const missing = await call('/v1/models/gpt-4o');
		expect(missing.status).toBe(404);
		expect(await jsonError(missing)).toMatchObject({ code: 'model_not_found', type: 'invalid_request_error' });
		await expect(openai.models.retrieve('gpt-4o')).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
	});

	it('a /v1 path the server does not have is a JSON 404, whatever the method, not the app’s HTML page', async () => {
		for (const [method, path] of [
			['GET', '/v1/foo'],
			['POST', '/v1/completions'],
			['GET', '/v1/chat'],
			['POST', '/v1/embeddings'],
			['GET', '/v1/models/ovos/extra']
		] as const) {
			const res = await call(path, method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: '{"model":"ovos","prompt":"hi"}' } : { method });
			expect(res.status, `${method} ${path}`).toBe(404);
			expect(await jsonError(res), `${method} ${path}`).toMatchObject({ code: 'unknown_url', type: 'invalid_request_error' });
		}
		await expect(openai.completions.create({ model: 'ovos', prompt: 'hi' })).rejects.toMatchObject({ status: 404, code: 'unknown_url' });
	});

	it('a method a route does not take is a JSON 405 with Allow, on /v1 and on the chat API', async () => {
		for (const [method, path, allow] of [
			['GET', '/v1/chat/completions', 'POST'],
			['OPTIONS', '/v1/chat/completions', 'POST'],
			['DELETE', '/v1/models', 'GET, HEAD'],
			['POST', '/v1/models/ovos', 'GET, HEAD'],
			['GET', '/api/chat', 'POST'],
			['OPTIONS', '/api/chat', 'POST'],
			['GET', '/api/chat/end', 'POST']
		] as const) {
			const res = await call(path, { method });
			expect(res.status, `${method} ${path}`).toBe(405);
			expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
			expect(await jsonError(res), `${method} ${path}`).toMatchObject({ code: 'method_not_allowed', type: 'invalid_request_error' });
		}
	});

	it('n other than 1 is a 400 naming n (OVOS has one reply to a message), not one choice passed off as all', async () => {
		const asked = openai.chat.completions.create({ model: 'ovos', messages: [{ role: 'user', content: 'what time is it' }], n: 2 });
		await expect(asked).rejects.toMatchObject({ status: 400, code: 'unsupported_value', param: 'n' });
		await expect(asked).rejects.toThrow(/\bn\b/);
	});

	it('the new answers are behind the same door: a client elsewhere without a token gets 401, with it the answer', async () => {
		const elsewhere = (extra: Record<string, string> = {}) => ({ headers: { 'x-forwarded-for': '203.0.113.7', ...extra } });
		for (const path of ['/v1/models', '/v1/models/ovos', '/v1/foo']) expect((await call(path, elsewhere())).status, path).toBe(401);
		expect((await call('/api/chat', { method: 'GET', ...elsewhere() })).status).toBe(401);
		const bearer = { authorization: `Bearer ${TOKEN}` };
		expect((await call('/v1/models/ovos', elsewhere(bearer))).status).toBe(200);
		expect((await call('/v1/foo', elsewhere(bearer))).status).toBe(404);
		// A cross-site write is refused before any route, as for the routes that were there.
		expect((await call('/v1/foo', { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}' })).status).toBe(403);
	});
});
