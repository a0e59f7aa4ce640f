// Issue 24.9: no answer carried nosniff, X-Frame-Options or Referrer-Policy (pages' CSP: svelte.config.js, e2e).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ANSWER_HEADERS, headersOnEveryAnswer, SECURITY_HEADERS, withSecurityHeaders } from '../../src/lib/server/guards';

describe('headers on every answer (24.9)', () => {
	it('adds nosniff, SAMEORIGIN framing and a same-origin referrer, keeping what a route set itself', () => {
		const res = withSecurityHeaders(new Response('x', { headers: { 'referrer-policy': 'no-referrer' } }));
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(Object.keys(SECURITY_HEADERS).sort()).toEqual(['referrer-policy', 'x-content-type-options', 'x-frame-options']);
	});
	it('a response whose headers cannot change gets a copy that carries them', async () => {
		const fetched = Response.redirect('http://screen/kiosk', 302); // immutable headers
		const res = withSecurityHeaders(fetched);
		expect(res.status).toBe(302);
		expect(res.headers.get('location')).toBe('http://screen/kiosk');
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
	});
});

describe('headers on answers no hook sees (static files)', () => {
	it('every answer starts with them; a handler’s own values (a page’s policy) replace them', async () => {
		const server = createServer((req, res: ServerResponse) => {
			// As adapter-node's static handler (writeHead with its own headers) and a page (its own policy).
			if (req.url === '/page') res.writeHead(200, { 'content-security-policy': "default-src 'self'" }).end('page');
			else res.writeHead(200, { 'content-type': 'text/html' }).end('static');
		});
		headersOnEveryAnswer(server);
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		try {
			const file = await fetch(`${base}/skill-frame.html`);
			for (const [k, v] of Object.entries(ANSWER_HEADERS)) expect(file.headers.get(k), k).toBe(v);
			expect(file.headers.get('content-type')).toBe('text/html');
			const page = await fetch(`${base}/page`);
			expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
			expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
		} finally {
			await new Promise<void>((r) => server.close(() => r()));
		}
	});
});
