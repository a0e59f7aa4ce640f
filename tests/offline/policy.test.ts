// The service worker's rules: only the app shell is ever served from the cache.
import { describe, expect, it } from 'vitest';
import { cacheName, isShell, isStaleCache, routerRules, serverAnswered, strategyFor } from '../../src/lib/offline/policy';

const ORIGIN = 'http://screen.local:3000';
const ASSETS = new Set(['/_app/immutable/entry/start.abc.js', '/_app/immutable/assets/0.css', '/icons/icon.svg', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors', method = 'GET') => strategyFor({ method, mode, url: `${ORIGIN}${path}` }, ORIGIN, ASSETS);

describe('strategyFor', () => {
	it('keeps the screens\' HTML, with or without options', () => {
		expect(get('/kiosk', 'navigate')).toBe('shell');
		expect(get('/kiosk?rotate=90&host=127.0.0.1', 'navigate')).toBe('shell');
		expect(get('/', 'navigate')).toBe('shell');
	});

	it('never keeps a page opened with ?token= (the token would stay in the cache)', () => {
		expect(get('/kiosk?token=s3cret', 'navigate')).toBe('pass');
		expect(get('/?host=127.0.0.1&token=s3cret', 'navigate')).toBe('pass');
	});

	it('serves the build\'s and the static files from the cache', () => {
		for (const p of ASSETS) expect(get(p), p).toBe('asset');
	});

	it('never touches the APIs, their streams, media, the chat or the dashboards', () => {
		for (const p of ['/api/chat', '/api/bus/events', '/api/ovos/port?port=18181', '/v1/chat/completions', '/v1/models', '/media/home/ovos/a.png', '/kiosk/__data.json', '/_app/version.json', '/service-worker.js'])
			expect(get(p), p).toBe('pass');
		for (const p of ['/chat', '/inspect', '/settings', '/api/chat']) expect(get(p, 'navigate'), p).toBe('pass');
	});

	it('passes what is not a GET of this origin', () => {
		expect(get('/_app/immutable/entry/start.abc.js', 'cors', 'HEAD')).toBe('pass');
		expect(get('/kiosk', 'navigate', 'POST')).toBe('pass');
		// The page's probe of ovos-gui's port, an image from a skill's server.
		expect(strategyFor({ method: 'GET', mode: 'no-cors', url: 'http://127.0.0.1:18181/' }, ORIGIN, ASSETS)).toBe('pass');
		expect(strategyFor({ method: 'GET', mode: 'navigate', url: 'http://other.local:3000/kiosk' }, ORIGIN, ASSETS)).toBe('pass');
	});

	it('does not take a non-navigation fetch of a screen path for the shell', () => {
		expect(get('/kiosk')).toBe('pass');
	});
});

describe('routerRules (what the browser answers without starting the worker)', () => {
	const rules = routerRules('ovos-screen-v1');
	// The patterns are paths with `*`; a string one is of the worker's own origin (resolved against its URL).
	const glob = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
	const own = (u: URL, p: string) => u.origin === ORIGIN && glob(p).test(u.pathname);
	/** Where the first rule matching a GET of `url` sends it, as Chromium picks it; `worker` when none does. */
	function route(url: string): string {
		const u = new URL(url);
		for (const { condition: c, source } of rules) {
			const hit = 'not' in c ? !own(u, c.not.urlPattern) : typeof c.urlPattern === 'string' ? own(u, c.urlPattern) : glob(c.urlPattern.pathname).test(u.pathname);
			if (hit) return typeof source === 'string' ? source : `cache ${source.cacheName}`;
		}
		return 'worker';
	}
	const cases = [
		'/_app/immutable/entry/start.abc.js',
		'/_app/immutable/assets/0.css',
		'/kiosk',
		'/',
		'/icons/icon.svg',
		'/manifest.webmanifest',
		'/api/bus/events',
		'/v1/models',
		'/media/home/ovos/a.png',
		'/_app/version.json'
	].map((p) => `${ORIGIN}${p}`);
	const others = ['http://127.0.0.1:18181/', 'https://example.com/weather.png', 'http://screen.local:3001/_app/immutable/entry/start.abc.js'];

	it('the build\'s files from this build\'s cache', () => {
		expect(route(`${ORIGIN}/_app/immutable/entry/start.abc.js`)).toBe('cache ovos-screen-v1');
		expect(route(`${ORIGIN}/_app/immutable/assets/0.css`)).toBe('cache ovos-screen-v1');
	});

	it('the APIs, their streams, media and anything of another origin to the network', () => {
		for (const u of [`${ORIGIN}/api/bus/events`, `${ORIGIN}/v1/models`, `${ORIGIN}/media/home/ovos/a.png`, ...others]) expect(route(u), u).toBe('network');
	});

	it('the screens\' HTML and the static files to the worker', () => {
		for (const p of ['/kiosk', '/', '/icons/icon.svg', '/manifest.webmanifest']) expect(route(`${ORIGIN}${p}`), p).toBe('worker');
	});

	it('agrees with the fetch handler: the cache only for what it serves from the cache, the network only for what it passes', () => {
		for (const u of [...cases, ...others]) {
			const how = strategyFor({ method: 'GET', mode: 'cors', url: u }, ORIGIN, ASSETS);
			const r = route(u);
			if (r.startsWith('cache')) expect(how, u).toBe('asset');
			if (r === 'network') expect(how, u).toBe('pass');
		}
	});
});

describe('what is kept and shown', () => {
	const res = (status: number, type = 'basic', ct = 'text/html; charset=utf-8') => ({ ok: status >= 200 && status < 300, status, type, headers: new Headers({ 'content-type': ct }) });

	it('keeps only a good HTML answer', () => {
		expect(isShell(res(200))).toBe(true);
		expect(isShell(res(500))).toBe(false);
		expect(isShell(res(200, 'opaqueredirect'))).toBe(false);
		expect(isShell(res(200, 'basic', 'application/json'))).toBe(false);
	});

	it('shows the server\'s own 4xx, the kept shell instead of a 5xx', () => {
		expect(serverAnswered(200)).toBe(true);
		expect(serverAnswered(404)).toBe(true);
		expect(serverAnswered(502)).toBe(false);
	});

	it('one cache per build: older builds\' caches go, nobody else\'s', () => {
		expect(cacheName('123')).toBe('ovos-screen-123');
		expect(isStaleCache('ovos-screen-122', '123')).toBe(true);
		expect(isStaleCache('ovos-screen-123', '123')).toBe(false);
		expect(isStaleCache('some-other-app', '123')).toBe(false);
	});
});
