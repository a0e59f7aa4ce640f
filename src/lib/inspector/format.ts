/** Small text helpers for the dashboard's views. */

/** `12:34:56.789` in local time. */
export function clock(ms: number): string {
	const d = new Date(ms);
	const p = (n: number, w = 2) => String(n).padStart(w, '0');
	return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/** Pretty JSON for an expanded row; text that is not JSON comes back as it was. */
export function prettyRaw(raw: string): string {
	try {
		return JSON.stringify(JSON.parse(raw), null, 2);
	} catch {
		return raw;
	}
}

/** A short single-line rendering of any JSON value. */
export function brief(v: unknown, max = 80): string {
	let s: string;
	try {
		s = v === undefined ? 'undefined' : JSON.stringify(v);
	} catch {
		s = String(v);
	}
	return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** `+1.234 s` relative to `start`. */
export function since(ms: number, start: number): string {
	return `+${((ms - start) / 1000).toFixed(3)} s`;
}
