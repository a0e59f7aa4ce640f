/** JSON values as they come off the wire. Objects are plain data: never trust their prototype. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
	[key: string]: Json;
}

export function isObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The deepest nesting any reader here accepts. Real skill data is a few levels deep; Python's own
 * json module gives up near 1,000 (its recursion limit), and recursive walks (json.dumps replay,
 * value diffing, canonical JSON, the inspector's tree) must never meet input that overflows them.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * The most entries the screen keeps of any one list (screen/caps.ts cuts longer ones). A real
 * skill's lists hold tens of rows, a playlist a few hundred; a hostile server once sent 10⁶.
 */
export const MAX_LIST_ROWS = 5000;

/** No list was cut (a shared empty record: most frames, so nothing is allocated for them). */
export const NO_CUTS: Readonly<Record<string, number>> = Object.freeze({});

/** Wire text shorter than this cannot hold a list longer than `MAX_LIST_ROWS` (each entry takes a character and a comma). */
export const SHORTEST_CUT = 2 * MAX_LIST_ROWS;

/** True when `value` nests arrays/objects more than `max` levels deep. Iterative, so no input can overflow it. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
	if (typeof value !== 'object' || value === null) return false;
	const stack: unknown[] = [value];
	const depths: number[] = [1];
	while (stack.length > 0) {
		const v = stack.pop() as object;
		const d = depths.pop() as number;
		if (d > max) return true;
		const children = Array.isArray(v) ? v : Object.values(v);
		for (const c of children) {
			if (typeof c === 'object' && c !== null) {
				stack.push(c);
				depths.push(d + 1);
			}
		}
	}
	return false;
}

/**
 * `JSON.parse` for wire text, refusing input nested deeper than `MAX_JSON_DEPTH`. Text shorter than
 * twice the limit cannot nest that deep, so the usual small frame pays nothing for the check.
 */
export function parseWireJson(raw: string): { ok: true; value: unknown } | { ok: false; message: string } {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch (e) {
		return { ok: false, message: `not JSON: ${(e as Error).message}` };
	}
	if (raw.length > 2 * MAX_JSON_DEPTH && nestsDeeperThan(value, MAX_JSON_DEPTH)) {
		return { ok: false, message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
	}
	return { ok: true, value };
}
