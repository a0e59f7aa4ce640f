/**
 * Field readers shared by the decoders. They throw `FieldError`, which each decoder catches at its
 * top, so the happy path stays a straight line and the error path still says exactly what was wrong.
 * They take the field's value, not the frame: the decoder reads `o.namespace` at each message's own
 * case, where V8 sees one frame shape, instead of one keyed read shared by every shape here.
 */
import { isObject, type Json, type JsonObject } from './json';

export class FieldError extends Error {
	constructor(
		readonly code: 'type' | 'field' | 'unknown-type',
		message: string
	) {
		super(message);
	}
}

function describe(v: unknown): string {
	if (v === null) return 'null';
	if (Array.isArray(v)) return 'an array';
	return typeof v === 'string' ? `the string ${JSON.stringify(v.slice(0, 40))}` : `${typeof v} ${String(v)}`;
}

export function str(v: unknown, key: string): string {
	if (typeof v !== 'string') {
		throw new FieldError('field', v === undefined ? `missing "${key}"` : `"${key}" must be a string, got ${describe(v)}`);
	}
	return v;
}

export function int(v: unknown, key: string): number {
	if (typeof v !== 'number' || !Number.isInteger(v)) {
		throw new FieldError('field', v === undefined ? `missing "${key}"` : `"${key}" must be an integer, got ${describe(v)}`);
	}
	return v;
}

/** `items_number`: absent means one item (Qt reads 0; the server always sends it). */
export function count(itemsNumber: unknown): number {
	return itemsNumber === undefined ? 1 : int(itemsNumber, 'items_number');
}

/** Old docs put list payloads under `values`; every real server uses `data`. */
export function payload(data: unknown, values: unknown): unknown {
	return data !== undefined ? data : values;
}

export function arrayOfObjects(v: unknown, what: string): JsonObject[] {
	if (!Array.isArray(v)) throw new FieldError('field', v === undefined ? `missing "data"` : `${what} must be an array, got ${describe(v)}`);
	for (let i = 0; i < v.length; i++) {
		if (!isObject(v[i])) throw new FieldError('field', `${what}[${i}] must be an object, got ${describe(v[i])}`);
	}
	return v as JsonObject[];
}

export function json(v: unknown): Json {
	return v === undefined ? null : (v as Json);
}
