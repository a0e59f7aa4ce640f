/**
 * Who is let in, as /settings shows it and changes it: this browser's own standing, and — to those
 * who may manage them (the device itself, paired browsers: guards/gate.ts `mayManage`) — the paired
 * browsers and named tokens, with forget, make and revoke (`/api/access/…`). Secrets never leave:
 * a token is shown once, when made, and only its hash is kept.
 */
import * as v from 'valibot';
import { access, mayManage, pairingDesk, type BrowserInfo, type Identity, type PairingDesk, type TokenInfo } from './guards';
import { ChatError } from './http/errors';
import { json, readJson, SSE_HEADERS, sseEvent, sseStream } from './http/io';

export interface AccessView {
	readonly kind: Identity['kind'];
	/** The trusted network this browser is let in by (`kind` trusted). */
	readonly network: string | null;
	readonly manage: boolean;
	/** This browser's id, when it is a paired one (marked "this browser" in the list). */
	readonly me: string | null;
	/** OVOS_SCREEN_TOKEN is set (a token too, outside the list). */
	readonly envToken: boolean;
	readonly browsers: readonly BrowserInfo[];
	readonly tokens: readonly TokenInfo[];
}

export function accessView(id: Identity, envToken: boolean): AccessView {
	const manage = mayManage(id);
	const store = access().store;
	return {
		kind: id.kind,
		network: id.kind === 'trusted' ? id.principal.slice('net:'.length) : null,
		manage,
		me: id.kind === 'paired' ? id.principal.slice('browser:'.length) : null,
		envToken,
		browsers: manage ? store.browsers() : [],
		tokens: manage ? store.tokens() : []
	};
}

const NOT_YOURS = { error: { code: 'forbidden', message: 'paired browsers and tokens are managed on the device itself or from a paired browser' } };

/** `DELETE /api/access/browsers/<id>`: forgets a paired browser; its streams and sockets close at once. */
export function forgetBrowser(id: Identity, browser: string): Response {
	if (!mayManage(id)) return json(NOT_YOURS, 403);
	return access().forgetBrowser(browser) ? json({ forgotten: browser }) : json({ error: { code: 'not-found', message: 'no paired browser has that id' } }, 404);
}

const TokenSchema = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1, 'name the token'), v.maxLength(60, 'a name of 60 characters at most')) });

/** `POST /api/access/tokens` `{name}`: a new token, in the answer only (201 `{token, info}`). */
export async function makeToken(id: Identity, request: Request): Promise<Response> {
	if (!mayManage(id)) return json(NOT_YOURS, 403);
	try {
		const parsed = v.safeParse(TokenSchema, await readJson(request, 4096));
		if (!parsed.success) return json({ error: { code: 'bad-request', message: parsed.issues[0].message } }, 400);
		const made = access().createToken(parsed.output.name);
		if (!made) return json({ error: { code: 'full', message: 'the device keeps no more tokens: revoke one first' } }, 409);
		return json(made, 201, { 'cache-control': 'no-store' });
	} catch (e) {
		if (e instanceof ChatError) return json({ error: { code: e.code, message: e.message } }, e.status);
		throw e;
	}
}

/** `DELETE /api/access/tokens/<id>`: revokes a token and forgets the browsers it paired. */
export function revokeToken(id: Identity, token: string): Response {
	if (!mayManage(id)) return json(NOT_YOURS, 403);
	return access().revokeToken(token) ? json({ revoked: token }) : json({ error: { code: 'not-found', message: 'no token has that id' } }, 404);
}

/**
 * `GET /api/pair/codes`: the codes waiting to be typed, as server-sent events (`codes`: the whole
 * list at each change), for the device's own screens only — the kiosk's overlay.
 */
export function codesStream(id: Identity, desk: PairingDesk = pairingDesk()): Response {
	if (id.kind !== 'device') return json({ error: { code: 'forbidden', message: 'pairing codes are shown on the device’s own screens only' } }, 403);
	let stop = () => {};
	const sse = sseStream(() => stop());
	const unwatch = desk.watch((codes) => sse.push(sseEvent('codes', codes)));
	const keepAlive = setInterval(() => sse.push(': keep-alive\n\n'), 15_000);
	stop = () => {
		unwatch();
		clearInterval(keepAlive);
	};
	return new Response(sse.stream, { headers: SSE_HEADERS });
}
