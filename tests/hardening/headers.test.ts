// Issue 24.9: no answer carried nosniff, X-Frame-Options or Referrer-Policy (pages' CSP: svelte.config.js, e2e).
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, withSecurityHeaders } from '../../src/lib/server/guards';

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
