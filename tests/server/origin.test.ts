/**
 * Same-origin from whatever address the browser used, with nothing configured: the page's
 * origin is http:// + the Host it sent; a proxy's forwarded scheme and host count only when trusted.
 */
import { describe, expect, it } from 'vitest';
import { crossSiteReason } from '../../src/lib/server/guards/origin';

/** What adapter-node gives SvelteKit with ORIGIN unset: https + the Host header. */
const adapterUrl = (host: string) => new URL(`https://${host}/api/chat`);

function req(host: string, headers: Record<string, string>): Request {
	return new Request(`http://${host}/api/chat`, { method: 'POST', headers: { host, ...headers } });
}

const verdict = (host: string, headers: Record<string, string>, trustProxy = false) =>
	crossSiteReason(req(host, headers), adapterUrl(host), trustProxy);

describe('crossSiteReason', () => {
	it('accepts the app\'s own pages at localhost, 127.0.0.1, a LAN address, a name and IPv6', () => {
		for (const host of ['localhost:3000', '127.0.0.1:3000', '192.168.1.5:3000', 'ovos-screen.local', '[::1]:3000', 'LOCALHOST:3000']) {
			expect(verdict(host, { origin: `http://${host.toLowerCase()}`, 'sec-fetch-site': 'same-origin' }), host).toBeNull();
		}
		expect(verdict('screen.lan:80', { origin: 'http://screen.lan' })).toBeNull();
	});

	it('accepts tools that send no Origin (curl, OpenAI clients)', () => {
		expect(verdict('localhost:3000', {})).toBeNull();
		expect(verdict('localhost:3000', { 'sec-fetch-site': 'none' })).toBeNull();
	});

	it('refuses other origins, ports, schemes, "null" and cross-site requests', () => {
		expect(verdict('localhost:3000', { origin: 'http://evil.example' })).toBe('cross-origin request from http://evil.example refused');
		expect(verdict('localhost:3000', { origin: 'http://localhost:3001' })).not.toBeNull();
		expect(verdict('localhost:3000', { origin: 'null' })).not.toBeNull();
		expect(verdict('localhost:3000', { origin: 'http://localhost:3000/path' })).not.toBeNull();
		expect(verdict('localhost:3000', { 'sec-fetch-site': 'cross-site' })).toBe('cross-site request (cross-site) refused');
		expect(verdict('localhost:3000', { 'sec-fetch-site': 'same-site' })).not.toBeNull();
		// Without being told to trust a proxy, forwarded headers change nothing.
		expect(verdict('localhost:3000', { origin: 'https://evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })).not.toBeNull();
	});

	it('behind a trusted TLS proxy: the forwarded scheme and host are the page\'s origin', () => {
		const h = { origin: 'https://screen.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'screen.example' };
		expect(verdict('127.0.0.1:3000', h, true)).toBeNull();
		expect(verdict('127.0.0.1:3000', h, false)).not.toBeNull();
		// A proxy that keeps Host and adds only the scheme.
		expect(verdict('screen.example', { origin: 'https://screen.example', 'x-forwarded-proto': 'https' }, true)).toBeNull();
		// The client-side hop of a chain counts.
		expect(verdict('127.0.0.1:3000', { ...h, 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'screen.example, internal:3000' }, true)).toBeNull();
		expect(verdict('127.0.0.1:3000', { ...h, origin: 'https://evil.example' }, true)).not.toBeNull();
	});

	it('accepts what ORIGIN or the adapter\'s PROTOCOL_HEADER / HOST_HEADER made the request URL', () => {
		const r = req('127.0.0.1:3000', { origin: 'https://screen.example' });
		expect(crossSiteReason(r, new URL('https://screen.example/api/chat'), false)).toBeNull();
	});
});
