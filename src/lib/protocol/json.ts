/** JSON values as they come off the wire. Objects are plain data: never trust their prototype. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
	[key: string]: Json;
}

export function isObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A prototype-less copy of `src`, so keys such as `__proto__` or `constructor` stay plain data.
 * Values are shared, not cloned: wire data is never mutated.
 */
export function plainRecord<T>(src: Record<string, T>): Record<string, T> {
	const out = Object.create(null) as Record<string, T>;
	for (const key of Object.keys(src)) out[key] = src[key] as T;
	return out;
}

/** A prototype-less empty record. */
export function emptyRecord<T>(): Record<string, T> {
	return Object.create(null) as Record<string, T>;
}
