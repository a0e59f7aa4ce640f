// The built app (`node build`) on this machine, with OVOS_SCREEN_TOKEN set and a reverse proxy on the
// same machine in front of it (ADDRESS_HEADER=x-forwarded-for), as a deployer sets it up:
// - the machine itself needs nothing, token or not (before: curl on loopback was refused 401 once a
//   token was set; with ADDRESS_HEADER set, a request without it was a 500);
// - the proxy's client is the forwarded address, never "the machine itself";
// - pairing codes are limited per address and for everyone, their form refuses other origins, and
//   the device says the code aloud;
// - `?token=` on a page pairs that browser once and leaves the address bar.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApp, type App } from '../support/app';
import { CODE_TRIES, ENTER_GLOBAL, ENTER_PER_ADDRESS } from '../../src/lib/server/guards/pairing';

const TOKEN = 'app-test-token-0123';
let app: App;
let busPort: number;

beforeAll(async () => {
	busPort = await freePort();
	app = await startApp(
		{ OVOS_BUS_PORT: String(busPort), OVOS_GUI_PORT: String(await freePort()), OVOS_SCREEN_DATA_DIR: mkdtempSync(join(tmpdir(), 'access-app-')), OVOS_SCREEN_TOKEN: TOKEN, ADDRESS_HEADER: 'x-forwarded-for', XFF_DEPTH: '1' },
		{ unset: ['OVOS_HOST'] }
	);
}, 60_000);
afterAll(() => app?.stop());

/** Through the proxy on this machine: the client it names in X-Forwarded-For. */
const proxied = (client: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': client, ...headers });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers, redirect: 'manual' });
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
	fetch(`${app.url}/pair`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, ...headers }, body: new URLSearchParams(fields), redirect: 'manual' });
const cookieOf = (res: Response, name: string) =>
	res.headers
		.getSetCookie()
		.find((c) => c.startsWith(`${name}=`))
		?.split(';')[0] ?? '';

describe('the machine itself', () => {
	it('needs nothing, with OVOS_SCREEN_TOKEN set and ADDRESS_HEADER naming a header it does not send', async () => {
		for (const path of ['/', '/kiosk', '/settings', '/inspect', '/v1/models', '/api/ovos/focus']) expect((await get(path)).status, path).toBe(200);
		const chat = await fetch(`${app.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'what time is it' }) });
		expect(chat.status).toBe(200);
		expect(await chat.json()).toMatchObject({ complete: true });
	});
});

describe('a reverse proxy on this machine', () => {
	it('is never the machine itself: its client is the forwarded address, let in only with a pairing or a token', async () => {
		const page = await get('/kiosk', proxied('203.0.113.5', { accept: 'text/html' }));
		expect(page.status).toBe(401);
		expect(await page.text()).toContain('Pair this browser');
		expect((await get('/v1/models', proxied('203.0.113.5'))).status).toBe(401);
		expect((await get('/v1/models', proxied('203.0.113.5', { authorization: `Bearer ${TOKEN}` }))).status).toBe(200);
		// The loopback address itself, forwarded, is a client like any other.
		expect((await get('/v1/models', proxied('127.0.0.1'))).status).toBe(401);
		// The device's /settings names the address the proxy gave, once that client pairs.
		const asked = await form({ do: 'ask', next: '/' }, proxied('203.0.113.5'));
		expect(asked.status).toBe(303);
		expect(app.output()).toMatch(/pairing code \d{3} \d{3} for ".*" at 203\.0\.113\.5 /);
	});
});

describe('pairing codes', () => {
	const lastCode = () => [...app.output().matchAll(/pairing code (\d{3}) (\d{3})/g)].map((m) => m[1]! + m[2]!).at(-1)!;
	const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

	it('refuse another site’s form (403) before it can ask, enter or spend anything', async () => {
		const before = app.output().length;
		const others: Record<string, string>[] = [{ origin: 'http://evil.example' }, { origin: 'null' }, { origin: app.url.replace('127.0.0.1', 'localhost'), 'sec-fetch-site': 'cross-site' }, { origin: app.url, 'sec-fetch-site': 'same-site' }];
		for (const h of others) {
			expect((await form({ do: 'ask', next: '/' }, proxied('198.51.100.70', h))).status, JSON.stringify(h)).toBe(403);
			expect((await form({ do: 'enter', code: '123456' }, proxied('198.51.100.70', h))).status, JSON.stringify(h)).toBe(403);
		}
		expect(app.output().slice(before)).not.toContain('pairing code');
		// The same form from the app's own page is taken.
		expect((await form({ do: 'ask', next: '/' }, proxied('198.51.100.70'))).status).toBe(303);
	});

	it(`one address: ${ENTER_PER_ADDRESS.burst} entries, then 429 with Retry-After — even for the right code`, async () => {
		const me = proxied('198.51.100.80');
		let request = '';
		const ask = async () => (request = cookieOf(await form({ do: 'ask', next: '/' }, me), 'ovos-screen-pairing'));
		await ask();
		for (let i = 0; i < ENTER_PER_ADDRESS.burst; i++) {
			const res = await form({ do: 'enter', next: '/', code: wrong(lastCode()) }, { ...me, cookie: request });
			expect(res.status, `try ${i + 1}`).toBe(400);
			if ((i + 1) % CODE_TRIES === 0) await ask();
		}
		const limited = await form({ do: 'enter', next: '/', code: lastCode() }, { ...me, cookie: request });
		expect(limited.status).toBe(429);
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
		expect(await limited.text()).toMatch(/Too many tries\. Try again in \d+ minutes\./);
	});

	it('are said by the device (a speak in its own session), with the code digit by digit', async () => {
		const bus = new WebSocket(`ws://127.0.0.1:${busPort}/core`);
		const spoken: { utterance: string; session: unknown }[] = [];
		bus.on('message', (d) => {
			const m = JSON.parse(String(d)) as { type: string; data: { utterance: string }; context: { session?: { session_id?: string } } };
			if (m.type === 'speak' && /pairing/.test(m.data.utterance)) spoken.push({ utterance: m.data.utterance, session: m.context.session?.session_id });
		});
		await new Promise((r) => bus.once('open', r));
		try {
			await form({ do: 'ask', next: '/' }, proxied('198.51.100.90'));
			await expect.poll(() => spoken.length).toBe(1);
			const code = lastCode();
			expect(spoken[0]).toEqual({ utterance: `The pairing code is ${code[0]} ${code[1]} ${code[2]}, ${code[3]} ${code[4]} ${code[5]}.`, session: 'default' });
		} finally {
			bus.close();
		}
	});

	it(`all addresses together: ${ENTER_GLOBAL.burst} entries, then 429 for everyone — the odds stay those of docs/security.md`, async () => {
		const statuses: number[] = [];
		for (let i = 0; i < ENTER_GLOBAL.burst + 5; i++) {
			const me = proxied(`192.0.2.${100 + i}`);
			const request = cookieOf(await form({ do: 'ask', next: '/' }, me), 'ovos-screen-pairing');
			statuses.push((await form({ do: 'enter', next: '/', code: wrong(lastCode()) }, { ...me, cookie: request })).status);
		}
		// The per-address test above spent part of the global budget already.
		expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(ENTER_GLOBAL.burst - ENTER_PER_ADDRESS.burst);
		expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
	});
});

describe('handing a browser over with ?token=', () => {
	it('pairs it once and sends it to the same address without the token; a wrong token only leaves the address bar', async () => {
		const me = proxied('198.51.100.100', { accept: 'text/html' });
		for (const path of ['/kiosk', '/settings', '/?lang=de']) {
			const at = new URL(path, app.url);
			at.searchParams.set('token', TOKEN);
			const handed = await get(at.pathname + at.search, me);
			expect(handed.status, path).toBe(303);
			expect(handed.headers.get('location'), path).toBe(path);
			const cookie = cookieOf(handed, 'ovos-screen-paired');
			expect(cookie, path).toMatch(/^ovos-screen-paired=\S+/);
			expect((await get(path, { ...me, cookie })).status, path).toBe(200);
		}
		const wrong = await get(`/kiosk?x=1&token=nope`, me);
		expect(wrong.status).toBe(303);
		expect(wrong.headers.get('location')).toBe('/kiosk?x=1');
		expect(cookieOf(wrong, 'ovos-screen-paired')).toBe('');
		// The device has nothing to pair: the token only leaves the address bar.
		const local = await get(`/settings?token=${TOKEN}`);
		expect(local.status).toBe(303);
		expect(local.headers.get('location')).toBe('/settings');
		expect(local.headers.getSetCookie()).toEqual([]);
	});

	it('a named token made on /settings hands over too, and revoking it forgets the browser it paired', async () => {
		const made = await fetch(`${app.url}/api/access/tokens`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify({ name: 'wall tablet' }) });
		expect(made.status).toBe(201);
		const { token, info } = (await made.json()) as { token: string; info: { id: string } };
		const me = proxied('198.51.100.110', { accept: 'text/html' });
		const cookie = cookieOf(await get(`/kiosk?token=${encodeURIComponent(token)}`, me), 'ovos-screen-paired');
		expect((await get('/kiosk', { ...me, cookie })).status).toBe(200);
		// Only the device and paired browsers manage tokens: not a token holder.
		expect((await fetch(`${app.url}/api/access/tokens/${info.id}`, { method: 'DELETE', headers: proxied('198.51.100.111', { authorization: `Bearer ${token}` }) })).status).toBe(403);
		expect((await fetch(`${app.url}/api/access/tokens/${info.id}`, { method: 'DELETE', headers: { origin: app.url } })).status).toBe(200);
		expect((await get('/kiosk', { ...me, cookie })).status).toBe(401);
		expect((await get('/v1/models', proxied('198.51.100.111', { authorization: `Bearer ${token}` }))).status).toBe(401);
	});
});
