/**
 * OVOS_SCREEN_TOKEN, when set: `Authorization: Bearer <it>` (the scheme in any case, RFC 9110 §11.1)
 * or `X-OVOS-Screen-Token: <it>`, compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';

/** Whether the request carries the API token (false when none is set: nobody holds one). */
export function holdsApiToken(request: Request, apiToken: string | null): boolean {
	if (apiToken === null) return false;
	const bearer = /^bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
	const given = bearer ? bearer[1]!.trim() : request.headers.get('x-ovos-screen-token');
	return given !== null && given !== '' && safeEqual(given, apiToken);
}

function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}
