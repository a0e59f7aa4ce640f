/**
 * What the server log says about requests it could not serve (once 200 × `GET /%ff…` and
 * 100 form posts to `/` wrote 3,303 lines, 2,400 of them stack frames). A bad request (any 4xx: a
 * path that is no URI, a method a page does not take) is the client's mistake: one line the first
 * time for each status (none for a 404), then a count every 1,000th, never a stack. A failure of the app itself
 * (5xx) is a bug and keeps its stack.
 */
const seen = new Map<number, number>();

export interface Failed {
	readonly error: unknown;
	readonly status: number;
	readonly message: string;
	readonly method: string;
	/** As requested (still percent-encoded); cut and stripped of control characters before it is logged. */
	readonly path: string;
}

export function logFailedRequest(f: Failed, log: (...a: unknown[]) => void = console.error): void {
	const what = `${f.method.slice(0, 16)} ${f.path.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 120)}`;
	if (f.status >= 500) {
		log(`ovos-screen: ${what} failed:`, f.error);
		return;
	}
	if (f.status === 404) return; // a path that is not there is the 404 page, not news
	const n = (seen.get(f.status) ?? 0) + 1;
	seen.set(f.status, n);
	const why = f.error instanceof Error ? f.error.message : f.message;
	if (n === 1) log(`ovos-screen: ${f.status} for ${what} (${why}); more of these are counted, not logged`);
	else if (n % 1000 === 0) log(`ovos-screen: ${n} requests answered ${f.status} so far (the last: ${what})`);
}
