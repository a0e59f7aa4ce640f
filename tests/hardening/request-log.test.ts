// 200 × `GET /%ff…` and 100 form posts to `/` once wrote 3,303 lines to the server log,
// 2,400 of them stack frames (SvelteKit's own error log). Bad requests are now a line or two in all.
import { describe, expect, it } from 'vitest';
import { logFailedRequest } from '../../src/lib/server/request-log';

describe('the log of requests the server could not serve (24.10)', () => {
	it('200 undecodable paths and 100 form posts: a line for each kind, no stack; a bug keeps its stack', () => {
		const lines: string[] = [];
		const log = (...a: unknown[]) => void lines.push(a.map((x) => (x instanceof Error ? x.stack : String(x))).join(' '));
		for (let i = 0; i < 200; i++) logFailedRequest({ error: new Error(`Failed to decode URI: /%ff%fe${i}`), status: 400, message: 'Bad Request', method: 'GET', path: `/%ff%fe${i}` }, log);
		for (let i = 0; i < 100; i++) logFailedRequest({ error: new Error('POST method not allowed. No form actions exist for this page'), status: 405, message: 'Method Not Allowed', method: 'POST', path: '/' }, log);
		expect(lines).toHaveLength(2);
		expect(lines[0]).toMatch(/^ovos-screen: 400 for GET \/%ff%fe0 \(Failed to decode URI/);
		expect(lines[1]).toMatch(/^ovos-screen: 405 for POST \/ \(POST method not allowed/);
		expect(lines.join('\n')).not.toMatch(/\n\s+at /);
		// Control characters in a path cannot forge lines of their own.
		logFailedRequest({ error: null, status: 404, message: 'Not Found', method: 'GET', path: '/nothing' }, log);
		expect(lines).toHaveLength(2);
		logFailedRequest({ error: null, status: 413, message: 'Payload Too Large', method: 'GET', path: '/a\novos-screen: fake' }, log);
		expect(lines[2]).toBe('ovos-screen: 413 for GET /a?ovos-screen: fake (Payload Too Large); more of these are counted, not logged');
		logFailedRequest({ error: new TypeError('boom'), status: 500, message: 'Internal Error', method: 'GET', path: '/x' }, log);
		expect(lines[3]).toMatch(/^ovos-screen: GET \/x failed: TypeError: boom\n\s+at /);
	});
});
