// The built app (`node build`) as a phone on the LAN meets it: a client at a second address (a
// private network namespace) is refused every page, data, API, stream and file of the device, in its
// language, until it pairs with the code the device's own screens show; a paired browser forgotten
// on /settings loses its open stream at once. Before, every one of these answered 200 to anyone on
// the network, the first frame and /inspect's wire log included.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApp, type App } from '../support/app';
import { lanClient, type Answer, type LanClient } from '../support/netns';

const lan = lanClient();
if (typeof lan === 'string') console.warn(`tests/access/lan.test.ts skipped: ${lan}`);

/** Every kind of thing the app serves, as a stranger would ask for it. */
const PAGES = ['/', '/kiosk', '/inspect', '/chat', '/settings', '/kiosk?rotate=90', '/no-such-page'];
const DATA = ['/__data.json', '/kiosk/__data.json', '/settings/__data.json', '/inspect/__data.json'];
const APIS: [string, string, string?][] = [
	['GET', '/api/bus'],
	['POST', '/api/bus', '{"type":"mycroft.volume.get","data":{}}'],
	['POST', '/api/chat', '{"text":"what time is it"}'],
	['POST', '/api/chat', '{"text":"hello","device":true}'],
	['POST', '/api/chat/end', '{"token":"x"}'],
	['POST', '/v1/chat/completions', '{"model":"ovos-device","messages":[{"role":"user","content":"hi"}]}'],
	['GET', '/v1/models'],
	['GET', '/api/ovos/port?port=1'],
	['GET', '/api/ovos/focus'],
	['GET', '/api/pair/codes'],
	['GET', '/media/etc/passwd.png'],
	['POST', '/api/access/tokens', '{"name":"mine"}'],
	['DELETE', '/api/access/browsers/x']
];

describe.skipIf(typeof lan === 'string')(`a browser elsewhere on the network${typeof lan === 'string' ? ` (skipped: ${lan})` : ''}`, () => {
	const client = lan as LanClient;
	let app: App;
	let guiPort: number;
	let dataDir: string;
	const from = (path: string, init: Parameters<LanClient['request']>[1] = {}) => client.request(`${app.url}${path}`, init);
	/** The device itself: this machine, at its own address on the link. */
	const device = (path: string, init: RequestInit = {}) => fetch(`${app.url}${path}`, init);

	beforeAll(async () => {
		guiPort = await freePort();
		dataDir = mkdtempSync(join(tmpdir(), 'access-lan-'));
		app = await startApp({ OVOS_BUS_PORT: String(await freePort()), OVOS_GUI_PORT: String(guiPort), OVOS_SCREEN_DATA_DIR: dataDir }, { host: client.hostAddress, unset: ['OVOS_HOST', 'OVOS_SCREEN_TOKEN'] });
	}, 60_000);
	afterAll(async () => {
		await app?.stop();
		client.close();
	});

	/** Nothing of the device: no screen, no settings, no path, no OVOS address. */
	const nothingOfTheDevice = (a: Answer) => {
		expect(a.body).not.toContain(String(guiPort));
		expect(a.body).not.toContain(dataDir);
		expect(a.body).not.toMatch(/__sveltekit|ovos-first-page|OVOS_|18181|8181/);
		expect(a.headers['x-ovos-first-page']).toBeUndefined();
	};

	it('every page is the pairing page (401), in the browser’s language, with nothing of the device', async () => {
		for (const path of PAGES) {
			const a = await from(path, { headers: { accept: 'text/html', 'accept-language': 'en' } });
			expect(a.status, path).toBe(401);
			expect(a.headers['content-type'], path).toMatch(/^text\/html/);
			expect(a.body, path).toContain('Pair this browser');
			nothingOfTheDevice(a);
		}
		expect((await from('/kiosk', { headers: { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9' } })).body).toContain('Diesen Browser koppeln');
		expect((await from('/', { headers: { accept: 'text/html', 'accept-language': 'pt-BR' } })).body).toContain('Emparelhar este navegador');
	});

	it('every page’s data, API, stream and media file is a JSON 401 with nothing of the device', async () => {
		for (const path of DATA) {
			const a = await from(path);
			expect(a.status, path).toBe(401);
			expect(JSON.parse(a.body), path).toMatchObject({ error: { code: 'unauthorized' } });
			nothingOfTheDevice(a);
		}
		for (const [method, path, body] of APIS) {
			const headers: Record<string, string> = body ? { 'content-type': 'application/json', origin: app.url } : {};
			const a = await from(path, { method, headers, body });
			expect(a.status, `${method} ${path}`).toBe(401);
			expect(a.headers['www-authenticate'], path).toBe('Bearer realm="ovos-screen"');
			nothingOfTheDevice(a);
		}
	});

	it('the app’s own static files stay public: they hold nothing of the device', async () => {
		const manifest = await from('/manifest.webmanifest');
		expect(manifest.status).toBe(200);
		expect((await from('/skill-frame.html')).status).toBe(200);
	});

	it('pairs with the code the device’s screens show, then sees the app; the device lists it and forgetting it ends its stream within a second', async () => {
		// The device's screens hear of codes on a stream only the device may open.
		const codes: { code: string; address: string; name: string }[][] = [];
		const watch = new AbortController();
		const res = await device('/api/pair/codes', { signal: watch.signal });
		expect(res.status).toBe(200);
		void (async () => {
			const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
			let buf = '';
			for (;;) {
				const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
				if (done) return;
				buf += value;
				for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
					const data = /^data: (.*)$/m.exec(buf.slice(0, i))?.[1];
					if (data) codes.push(JSON.parse(data));
					buf = buf.slice(i + 2);
				}
			}
		})();
		try {
			const form = (fields: Record<string, string>, cookie = '') =>
				from('/pair', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, cookie }, body: new URLSearchParams(fields).toString() });
			const asked = await form({ do: 'ask', next: '/kiosk', name: 'Kitchen tablet' });
			expect(asked.status).toBe(303);
			expect(asked.headers.location).toBe('/kiosk');
			const request = String(asked.headers['set-cookie']).split(';')[0]!;
			// The page now asks for the code.
			const page = await from('/kiosk', { headers: { accept: 'text/html', cookie: request } });
			expect(page.status).toBe(401);
			expect(page.body).toContain('name="code"');
			await expect.poll(() => codes.at(-1)?.length ?? 0).toBe(1);
			const shown = codes.at(-1)![0]!;
			expect(shown).toMatchObject({ name: 'Kitchen tablet', address: client.clientAddress });
			expect(app.output()).toContain(`pairing code ${shown.code.slice(0, 3)} ${shown.code.slice(3)} for "Kitchen tablet" at ${client.clientAddress}`);
			const paired = await form({ do: 'enter', next: '/kiosk', code: shown.code }, request);
			expect(paired.status).toBe(303);
			const setCookies = ([] as string[]).concat(paired.headers['set-cookie'] ?? []);
			const cookie = setCookies.find((c) => c.startsWith('ovos-screen-paired='))!;
			expect(cookie).toMatch(/; HttpOnly; SameSite=Strict$/);
			const me = cookie.split(';')[0]!;
			await expect.poll(() => codes.at(-1)?.length).toBe(0);

			for (const path of PAGES.slice(0, 5)) expect((await from(path, { headers: { accept: 'text/html', cookie: me } })).status, path).toBe(200);
			const kiosk = await from('/kiosk', { headers: { accept: 'text/html', cookie: me } });
			expect(kiosk.body).toContain('__sveltekit');
			expect((await from('/v1/models', { headers: { cookie: me } })).status).toBe(200);

			// The device's /settings lists it: its name, its address.
			const listed = (await (await device('/api/access')).json()) as { browsers: { id: string; name: string; address: string }[] };
			expect(listed.browsers).toEqual([expect.objectContaining({ name: 'Kitchen tablet', address: client.clientAddress })]);
			const settings = await (await device('/settings/__data.json')).text();
			expect(settings).toContain('Kitchen tablet');
			// A paired browser may not see the device's codes.
			expect((await from('/api/pair/codes', { headers: { cookie: me } })).status).toBe(403);

			const stream = await client.stream(`${app.url}/api/bus`, { headers: { cookie: me, accept: 'text/event-stream' } });
			expect(stream.status).toBe(200);
			const t0 = Date.now();
			const forgot = await device(`/api/access/browsers/${listed.browsers[0]!.id}`, { method: 'DELETE', headers: { origin: app.url } });
			expect(forgot.status).toBe(200);
			await stream.ended;
			expect(Date.now() - t0).toBeLessThan(1000);
			expect((await from('/kiosk', { headers: { accept: 'text/html', cookie: me } })).status).toBe(401);
		} finally {
			watch.abort();
		}
	});
});
