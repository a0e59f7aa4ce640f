/**
 * Pairing over HTTP: the page a stranger gets, the form it posts (`POST /pair`), and the token
 * handover (`?token=` on any page pairs that browser once and leaves the address bar). The hook
 * (hooks.server.ts) calls these before any route runs.
 */
import type { LanguageChoice } from '$lib/i18n/languages';
import type { Access, Identity, PairingDesk } from './guards';
import { PAIR_COOKIE, REQUEST_COOKIE } from './guards';
import { PAIR_PATH } from './guards/gate';
import { CODE_TTL_MS } from './guards/pairing';
import { nameFromUserAgent, pairPage, textsOf } from './pair-page';
import { readCookie } from '../settings/choices';

/** A paired browser's cookie lasts as long as browsers keep one (Chromium caps it at 400 days); forgetting it is /settings'. */
const PAIRED_MAX_AGE_S = 400 * 24 * 3600;

export interface PairingContext {
	readonly request: Request;
	readonly url: URL;
	readonly identity: Identity;
	readonly i18n: LanguageChoice;
	readonly access: Access;
	readonly desk: PairingDesk;
	/** Served over https (directly, or behind a trusted proxy): cookies get `Secure`. */
	readonly https: boolean;
}

/** What a stranger gets for a page: the pairing page (401), showing the code field while one waits for this browser. */
export function strangerPage(c: PairingContext): Response {
	const expiresAt = c.desk.expiresAt(requestOf(c.request));
	const next = c.url.pathname + c.url.search;
	// A link from another site arrives without this browser's SameSite=Strict cookie: look again from here once.
	const refresh = c.request.headers.get('sec-fetch-site') === 'cross-site' && readCookie(c.request.headers.get('cookie'), PAIR_COOKIE) === null;
	return pairPage(c.i18n, { state: expiresAt ? 'code' : 'ask', expiresAt: expiresAt ?? undefined, next, name: guessName(c.request), refresh }, 401, c.request.method === 'HEAD');
}

/** `GET /pair`: the pairing page (for a stranger), else back to where it leads. `POST /pair`: the form. */
export async function pairRoute(c: PairingContext): Promise<Response> {
	if (c.request.method !== 'POST') {
		const next = safeNext(c.url.searchParams.get('next'));
		if (c.identity.kind !== 'stranger') return seeOther(next);
		return strangerPage({ ...c, url: new URL(next, c.url) });
	}
	const type = c.request.headers.get('content-type') ?? '';
	if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return new Response('the pairing form is application/x-www-form-urlencoded', { status: 415 });
	const form = new URLSearchParams(await c.request.text());
	const next = safeNext(form.get('next'));
	if (c.identity.kind !== 'stranger') return seeOther(next);
	const t = textsOf(c.i18n);
	const name = (form.get('name') ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 40) || guessName(c.request);
	const request = requestOf(c.request);
	const page = (status: number, notice: string, state: 'ask' | 'code' = 'ask') =>
		pairPage(c.i18n, { state, expiresAt: state === 'code' ? (c.desk.expiresAt(request) ?? undefined) : undefined, next, name, notice }, status);
	if (form.get('do') === 'ask') {
		const asked = c.desk.ask(request, c.identity.address, name);
		if (!asked.ok) return withRetry(page(429, t.pairLimit(minutes(asked.retryAfterS))), asked.retryAfterS);
		return seeOther(next, [cookie(REQUEST_COOKIE, asked.request, Math.ceil(CODE_TTL_MS / 1000), c.https)]);
	}
	const entered = c.desk.enter(request, form.get('code') ?? '', c.identity.address);
	if (entered.ok) return seeOther(next, [cookie(PAIR_COOKIE, entered.credential, PAIRED_MAX_AGE_S, c.https), cookie(REQUEST_COOKIE, '', 0, c.https)]);
	switch (entered.reason) {
		case 'limit':
			return withRetry(page(429, t.pairLimit(minutes(entered.retryAfterS)), request && c.desk.expiresAt(request) ? 'code' : 'ask'), entered.retryAfterS);
		case 'wrong':
			return entered.triesLeft > 0 ? page(400, t.pairWrong(entered.triesLeft), 'code') : page(400, t.pairVoid);
		case 'no-code':
			return page(400, t.pairNoCode);
		case 'full':
			return page(503, t.pairFull);
	}
}

/**
 * `?token=<an API token>` on a page: a browser is paired with it once (the device has nothing to
 * pair) and sent to the same address without the token; a wrong token only leaves the address bar.
 * Null when the URL carries none.
 */
export function handOver(c: PairingContext): Response | null {
	const token = c.url.searchParams.get('token');
	if (token === null) return null;
	const rest = new URL(c.url);
	rest.searchParams.delete('token');
	const to = rest.pathname + rest.search;
	const principal = c.access.tokenPrincipal(token);
	if (principal === null || c.identity.kind === 'device' || c.identity.kind === 'paired') return seeOther(to);
	const paired = c.access.pair({ name: guessName(c.request), address: c.identity.address, via: principal });
	if (!paired) return pairPage(c.i18n, { state: 'ask', next: to, name: guessName(c.request), notice: textsOf(c.i18n).pairFull }, 503);
	return seeOther(to, [cookie(PAIR_COOKIE, paired.credential, PAIRED_MAX_AGE_S, c.https)]);
}

function requestOf(request: Request): string | null {
	return readCookie(request.headers.get('cookie'), REQUEST_COOKIE);
}

function guessName(request: Request): string {
	return nameFromUserAgent(request.headers.get('user-agent'));
}

/** A path of this app to go to once paired: never another site (`//host`, `/\host`) nor the form itself. */
function safeNext(next: string | null): string {
	if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith(PAIR_PATH)) return '/';
	return next;
}

function minutes(s: number): number {
	return Math.max(1, Math.ceil(s / 60));
}

function seeOther(location: string, cookies: string[] = []): Response {
	const headers = new Headers({ location, 'cache-control': 'no-store' });
	for (const c of cookies) headers.append('set-cookie', c);
	return new Response(null, { status: 303, headers });
}

function withRetry(res: Response, s: number): Response {
	res.headers.set('retry-after', String(s));
	return res;
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure over https. */
function cookie(name: string, value: string, maxAgeS: number, https: boolean): string {
	return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; HttpOnly; SameSite=Strict${https ? '; Secure' : ''}`;
}
