/**
 * Field readers shared by the decoders. They throw `FieldError`, which each decoder catches at its
 * top, so the happy path stays a straight line and the error path still says exactly what was wrong.
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

export function str(o: Record<string, unknown>, key: string): string {
	const v = o[key];
	if (typeof v !== 'string') {
		throw new FieldError('field', v === undefined ? `missing "${key}"` : `"${key}" must be a string, got ${describe(v)}`);
	}
	return v;
}

export function int(o: Record<string, unknown>, key: string): number {
	const v = o[key];
	if (typeof v !== 'number' || !Number.isInteger(v)) {
		throw new FieldError('field', v === undefined ? `missing "${key}"` : `"${key}" must be an integer, got ${describe(v)}`);
	}
	return v;
}

/** `items_number`: absent means one item (spec §7; the server always sends it). */
export function count(o: Record<string, unknown>): number {
	return o.items_number === undefined ? 1 : int(o, 'items_number');
}

export function obj(o: Record<string, unknown>, key: string): JsonObject {
	const v = o[key];
	if (!isObject(v)) {
		throw new FieldError('field', v === undefined ? `missing "${key}"` : `"${key}" must be an object, got ${describe(v)}`);
	}
	return v as JsonObject;
}

/** Old docs put list payloads under `values`; every real server uses `data` (spec §2.1). */
export function payload(o: Record<string, unknown>): unknown {
	return o.data !== undefined ? o.data : o.values;
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
