/**
 * The index rules of Qt's list models (mycroft-gui-qt5 `activeskillsmodel.cpp`, `delegatesmodel.cpp`,
 * `sessiondatamodel.cpp`; spec gui-protocol.md §4.2). The only copy of these rules: stack, pages and
 * data lists all go through here. Each returns the new list, the same list for a valid no-op, or a
 * string saying why the op cannot apply.
 */
export type ListOutcome<T> = readonly T[] | string;

export function insertAt<T>(list: readonly T[], position: number, items: readonly T[]): ListOutcome<T> {
	if (position < 0 || position > list.length) return `position ${position} outside 0..${list.length}`;
	if (items.length === 0) return list;
	return position === list.length ? list.concat(items) : list.slice(0, position).concat(items, list.slice(position));
}

/**
 * Pages the namespace already holds are not inserted again: ovos-gui appends only the pages whose
 * name the namespace does not hold yet (`Namespace.load_pages`). It replays a new connection without
 * the lock its live changes take, so a show that lands in the replay reaches the client twice
 * (docs/protocol.md, "Connecting and the replay"); skipping what is held keeps every later index
 * counting what the server counts. Repeats within one insert are kept, as `load_pages` keeps them
 * (it checks each requested name against the pages held before the request, so a show naming a
 * page twice appends it twice).
 */
export function insertUnique<T>(list: readonly T[], position: number, items: readonly T[], key: (item: T) => string): ListOutcome<T> {
	if (position < 0 || position > list.length) return `position ${position} outside 0..${list.length}`;
	return insertAt(list, position, freshItems(list, items, key, true));
}

/**
 * The stack's insert: one record per namespace id, and an id the stack already holds *moves* to
 * the position the insert names, where Qt would keep it where it is. ovos-gui never inserts a
 * namespace it holds; a client sees it only when ovos-gui's replay read its stack before a show's
 * insert grew it and sent that namespace after the insert: the replay then sends it again one
 * place further on, where it is in ovos-gui's stack (docs/protocol.md, "Pitfalls"). A repeat at
 * the place the id holds changes nothing. The position is checked against the list as it is; the
 * ids held are taken out first, and the insert goes at that position or at the end of what is left.
 */
export function insertMoving<T>(list: readonly T[], position: number, items: readonly T[], key: (item: T) => string): ListOutcome<T> {
	if (position < 0 || position > list.length) return `position ${position} outside 0..${list.length}`;
	const unique = withoutRepeats(items, key);
	const rest = withoutHeld(list, unique, key);
	const next = insertAt(rest, Math.min(position, rest.length), unique);
	return typeof next !== 'string' && sameItems(next, list) ? list : next;
}

/**
 * `items` without repeats, the first of each kept: what the stack's insert inserts of itself,
 * whatever the list holds. The stack cap cuts a frame after this, so a frame of one id repeated
 * is counted once.
 */
export function withoutRepeats<T>(items: readonly T[], key: (item: T) => string): readonly T[] {
	return freshItems([], items, key, false);
}

/** `items` without those `held` holds (and, unless `keepRepeats`, without repeats among them). */
function freshItems<T>(held: readonly T[], items: readonly T[], key: (item: T) => string, keepRepeats: boolean): readonly T[] {
	// The usual show (a page or two into a namespace's few): compared in place, no sets built.
	if (held.length <= 8 && items.length === 1) {
		const k = key(items[0] as T);
		for (const item of held) if (key(item) === k) return [];
		return items;
	}
	const keys = new Set<string>();
	for (const item of held) keys.add(key(item));
	const added = keepRepeats ? keys : new Set<string>();
	// Linear in list and insert: a hostile frame of 20,000 items must not go quadratic.
	return items.filter((item) => {
		const k = key(item);
		if (keys.has(k) || (!keepRepeats && added.has(k))) return false;
		if (!keepRepeats) added.add(k);
		return true;
	});
}

/** `list` without the items `items` names (the same list when it holds none of them). */
function withoutHeld<T>(list: readonly T[], items: readonly T[], key: (item: T) => string): readonly T[] {
	if (items.length === 1) {
		const k = key(items[0] as T);
		const at = list.findIndex((item) => key(item) === k);
		return at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
	}
	const keys = new Set(items.map(key));
	const rest = list.filter((item) => !keys.has(key(item)));
	return rest.length === list.length ? list : rest;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
	return a.length === b.length && a.every((item, i) => item === b[i]);
}

export function removeAt<T>(list: readonly T[], position: number, count: number): ListOutcome<T> {
	if (position < 0 || position > list.length - 1) return `position ${position} outside 0..${list.length - 1}`;
	if (count < 0 || count > list.length - position) return `items_number ${count} outside 0..${list.length - position}`;
	if (count === 0) return list;
	return [...list.slice(0, position), ...list.slice(position + count)];
}

/**
 * Qt `beginMoveRows`: `to` is the index in the original list *before which* the block goes, so moving
 * forward lands the block at `to - count`. `maxTo` is `length - 1` for the stack and pages (they
 * cannot move to the end) and `length` for data lists (they can).
 */
export function moveBlock<T>(list: readonly T[], from: number, to: number, count: number, maxTo: number): ListOutcome<T> {
	const n = list.length;
	if (from < 0 || from > n - 1) return `from ${from} outside 0..${n - 1}`;
	if (to < 0 || to > maxTo) return `to ${to} outside 0..${maxTo}`;
	if (count < 1 || count > n - from) return `items_number ${count} outside 1..${n - from}`;
	if (from === to) return list;
	// Qt refuses a destination inside the block or right behind it: nothing would move.
	if (to > from && to <= from + count) return list;
	const block = list.slice(from, from + count);
	const rest = [...list.slice(0, from), ...list.slice(from + count)];
	const at = to < from ? to : to - count;
	return [...rest.slice(0, at), ...block, ...rest.slice(at)];
}

/**
 * A data list the client keeps in part: the first `rows.length` rows of the server's `length`
 * (the reducer caps how many rows a list may keep). Ops are checked against the whole length, as
 * Qt checks them against its model, and applied to the kept rows; a row pushed past the cap, or
 * brought in from beyond the kept ones, is not known, so the kept rows end before it. The kept
 * rows are thus always exactly the first rows of the server's list, and every later index means
 * what it means to the server.
 */
export interface Kept<T> {
	readonly rows: readonly T[];
	/** The whole list's length on the server (at least `rows.length`). */
	readonly length: number;
}

export type KeptOutcome<T> = Kept<T> | string;

/**
 * `insertAt` on a kept list: at most `max` rows are kept. `count` rows are inserted, of which
 * `items` holds the first (a frame the cap cut carries fewer than it inserts); the rows after
 * them are not known, so when `items` holds fewer than `count` the kept rows end with `items`.
 */
export function insertKept<T>(list: Kept<T>, position: number, items: readonly T[], max: number, count = items.length): KeptOutcome<T> {
	if (position < 0 || position > list.length) return `position ${position} outside 0..${list.length}`;
	if (count === 0) return list;
	const { rows } = list;
	const length = list.length + count;
	// Inserted among rows that are not kept: only the length changes.
	if (position > rows.length) return { rows, length };
	const room = Math.max(0, max - position);
	const mid = items.length > room ? items.slice(0, room) : items;
	const after = count > items.length ? 0 : room - mid.length;
	return { rows: [...rows.slice(0, position), ...mid, ...rows.slice(position, position + after)], length };
}

/**
 * `insertUnique` on a kept list (`max` and `count` as `insertKept`). Only the kept rows and the
 * items carried can be checked for what the list already holds: an item the server's list holds
 * past the kept rows, or one the cap cut from the frame, counts as new. Only a list over the cap
 * (a hostile server) meets that, and there the kept rows stay the first of the server's list
 * unless the server re-sends a page it holds past the cap.
 */
export function insertUniqueKept<T>(list: Kept<T>, position: number, items: readonly T[], key: (item: T) => string, max: number, count = items.length): KeptOutcome<T> {
	if (position < 0 || position > list.length) return `position ${position} outside 0..${list.length}`;
	const fresh = freshItems(list.rows, items, key, true);
	return insertKept(list, position, fresh, max, count - (items.length - fresh.length));
}

/**
 * `insertMoving` on a kept list (`max` and `count` as `insertKept`). An id held past the kept rows
 * cannot be found there and counts as new, as in `insertUniqueKept`.
 */
export function insertMovingKept<T>(list: Kept<T>, position: number, frame: readonly T[], key: (item: T) => string, max: number, total = frame.length): KeptOutcome<T> {
	if (position < 0 || position > list.length) return `position ${position} outside 0..${list.length}`;
	const items = withoutRepeats(frame, key);
	const count = total - (frame.length - items.length);
	const rows = withoutHeld(list.rows, items, key);
	if (rows === list.rows) return insertKept(list, position, items, max, count);
	const moved = list.rows.length - rows.length;
	const rest: Kept<T> = { rows, length: list.length - moved };
	const next = insertKept(rest, Math.min(position, rest.length), items, max, count);
	return typeof next !== 'string' && next.length === list.length && sameItems(next.rows, list.rows) ? list : next;
}

/** `removeAt` on a kept list. */
export function removeKept<T>(list: Kept<T>, position: number, count: number): KeptOutcome<T> {
	if (position < 0 || position > list.length - 1) return `position ${position} outside 0..${list.length - 1}`;
	if (count < 0 || count > list.length - position) return `items_number ${count} outside 0..${list.length - position}`;
	if (count === 0) return list;
	const { rows } = list;
	const kept = position >= rows.length ? rows : [...rows.slice(0, position), ...rows.slice(position + count)];
	return { rows: kept, length: list.length - count };
}

/** `moveBlock` on a kept list (`maxTo` as there). */
export function moveKept<T>(list: Kept<T>, from: number, to: number, count: number, maxTo: number): KeptOutcome<T> {
	const n = list.length;
	if (from < 0 || from > n - 1) return `from ${from} outside 0..${n - 1}`;
	if (to < 0 || to > maxTo) return `to ${to} outside 0..${maxTo}`;
	if (count < 1 || count > n - from) return `items_number ${count} outside 1..${n - from}`;
	if (from === to || (to > from && to <= from + count)) return list;
	const { rows } = list;
	const at = to < from ? to : to - count;
	// The old index of the row that lands at index i: the rest of the list closes over the block,
	// which opens again at `at`.
	const rest = (j: number) => (j < from ? j : j + count);
	const source = (i: number) => (i < at ? rest(i) : i < at + count ? from + i - at : rest(i - count));
	const out: T[] = [];
	for (let i = 0; i < rows.length; i++) {
		const s = source(i);
		if (s >= rows.length) break;
		out.push(rows[s] as T);
	}
	return { rows: out, length: n };
}
