/**
 * The few Python semantics ovos-gui's behaviour depends on: `==` between JSON values (where
 * `True == 1`), list indexing (negative indices count from the end), and `json.dumps` output.
 */
import type { Json } from '../src/lib/protocol';

/** Python `a == b` for values decoded from JSON. */
export function pyEquals(a: Json | undefined, b: Json | undefined): boolean {
	if (a === undefined || b === undefined) return a === b;
	if (typeof a === 'boolean' || typeof b === 'boolean' || typeof a === 'number' || typeof b === 'number') {
		const na = typeof a === 'boolean' ? Number(a) : a;
		const nb = typeof b === 'boolean' ? Number(b) : b;
		return typeof na === 'number' && typeof nb === 'number' && na === nb;
	}
	if (a === null || b === null) return a === b;
	if (typeof a === 'string' || typeof b === 'string') return a === b;
	if (Array.isArray(a) || Array.isArray(b)) {
		if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
		return a.every((x, i) => pyEquals(x, b[i]));
	}
	const ka = Object.keys(a);
	if (ka.length !== Object.keys(b).length) return false;
	return ka.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
}

export class PyIndexError extends Error {}

/** Python `list[i]`: negative `i` counts from the end; out of range raises. */
export function pyIndex<T>(list: readonly T[], i: number): T {
	const at = i < 0 ? list.length + i : i;
	if (!Number.isInteger(i) || at < 0 || at >= list.length) throw new PyIndexError(`list index ${i} out of range`);
	return list[at] as T;
}

/** Python `json.dumps(value)` with default separators and `ensure_ascii`, as ovos-gui writes GUI frames. */
export function pyDumps(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (typeof value === 'boolean') return value ? 'true' : 'false';
	if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
	if (typeof value === 'string') return asciiString(value);
	if (Array.isArray(value)) return `[${value.map(pyDumps).join(', ')}]`;
	if (value instanceof Map) {
		return `{${[...value].map(([k, v]) => `${asciiString(String(k))}: ${pyDumps(v)}`).join(', ')}}`;
	}
	const o = value as Record<string, unknown>;
	return `{${Object.keys(o)
		.filter((k) => o[k] !== undefined)
		.map((k) => `${asciiString(k)}: ${pyDumps(o[k])}`)
		.join(', ')}}`;
}

function asciiString(s: string): string {
	return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Python `str(x)` for the primitives a client may put where ovos-gui formats a string. */
export function pyStr(x: unknown): string {
	if (x === null || x === undefined) return 'None';
	if (x === true) return 'True';
	if (x === false) return 'False';
	if (typeof x === 'string') return x;
	return typeof x === 'number' ? String(x) : JSON.stringify(x);
}

/** Python `int(x)` for what a client may send as `qt_version`. */
export function pyInt(x: Json): number {
	if (typeof x === 'number') return Math.trunc(x);
	if (typeof x === 'boolean') return Number(x);
	if (typeof x === 'string' && /^\s*[-+]?\d+\s*$/.test(x)) return Number.parseInt(x, 10);
	throw new Error(`ValueError: invalid literal for int(): ${JSON.stringify(x)}`);
}
