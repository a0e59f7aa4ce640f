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
	return [...list.slice(0, position), ...items, ...list.slice(position)];
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
