import type { Server } from 'node:http';

/**
 * Headers every answer of the app carries (issue 24.9; pages' Content-Security-Policy comes from
 * svelte.config.js, kit.csp, which can put nonces on the inline scripts it writes): no type sniffing
 * (a media file or JSON is never run as a script or a page), no framing by other sites (another
 * origin framed /chat and chatted from inside it; `frame-ancestors 'self'` says the same to browsers
 * that read the CSP), and no referrer to other sites (a `?token=` in a page's URL stays on this app).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
	'x-content-type-options': 'nosniff',
	'x-frame-options': 'SAMEORIGIN',
	'referrer-policy': 'same-origin'
};

/** Adds SECURITY_HEADERS to `res` where it has none of its own; the same response, or a copy when its headers are immutable. */
export function withSecurityHeaders(res: Response): Response {
	try {
		for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!res.headers.has(k)) res.headers.set(k, v);
		return res;
	} catch {
		// A response whose headers cannot change (one fetched from elsewhere): a copy that can.
		const copy = new Response(res.body, res);
		for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!copy.headers.has(k)) copy.headers.set(k, v);
		return copy;
	}
}

/**
 * What every answer starts with, before any handler runs (server/index.js calls this through the
 * start information): SECURITY_HEADERS and, for the answers that set no policy of their own, a
 * Content-Security-Policy that lets no other site frame them. adapter-node's static files
 * (`/skill-frame.html`, the manifest, the service worker, the app's scripts) never reach the hooks,
 * where pages get theirs; a page's or a route's own values replace these.
 */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'content-security-policy': "frame-ancestors 'self'" };

export function headersOnEveryAnswer(server: Server): void {
	server.prependListener('request', (_req, res) => {
		for (const [k, v] of Object.entries(ANSWER_HEADERS)) res.setHeader(k, v);
	});
}
