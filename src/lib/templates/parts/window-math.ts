/**
 * Which entries of a long list to lay out (5,000 rows laid out at once held the main
 * thread for seconds). Entries sit in lines of `cols` (a grid's row, or one entry) that follow each
 * other along the scroll axis at a steady `pitch` (a line and its gap); the lines before and after
 * the rendered ones are stood in for by padding of the same length. Pure, so the DOM side only
 * measures and applies.
 */

/** What the rendered entries showed about the layout. */
export interface Metrics {
	/** From one line's start to the next one's, gap included. */
	readonly pitch: number;
	/** Entries in a line. */
	readonly cols: number;
	/** Where line 0 starts, in the scroller's content. */
	readonly lead: number;
}

/** Entries `start` (a line's first) up to `end` (exclusive). */
export interface Range {
	readonly start: number;
	readonly end: number;
}

/** Entries laid out before anything is measured: the first paint (and the server's) shows a screenful. */
export const INITIAL = 30;

/**
 * The same for a card strip (CardStrip.svelte): two and a bit cards fit in view (each takes 42 % of
 * it) and the window keeps a screenful beyond, six in all. Thirty of these cards laid out before the
 * first measure made a 50-90 ms frame when a long list arrived (bench:hostile, alarms and timers).
 */
export const STRIP_INITIAL = 6;

const linesOf = (count: number, cols: number) => Math.ceil(count / cols);

/**
 * The range to lay out for a scroll position: the lines in view and about a viewport more on
 * each side. The current range is kept while it still covers the view and half that margin, so
 * scrolling re-renders only now and then, not on every pixel.
 */
export function windowFor(count: number, m: Metrics, scroll: number, viewport: number, current: Range): Range {
	if (count === 0) return { start: 0, end: 0 };
	const cols = Math.max(1, m.cols);
	const pitch = Math.max(1, m.pitch);
	const lines = linesOf(count, cols);
	const line = (px: number) => Math.min(lines - 1, Math.max(0, Math.floor((px - m.lead) / pitch)));
	const first = line(scroll);
	const last = line(scroll + Math.max(0, viewport));
	const margin = Math.max(2, Math.ceil(viewport / pitch));
	const half = Math.ceil(margin / 2);
	const aligned = current.start % cols === 0;
	const from = current.start / cols;
	const to = linesOf(Math.min(current.end, count), cols);
	if (aligned && from <= Math.max(0, first - half) && to >= Math.min(lines, last + 1 + half)) return current;
	const s = Math.max(0, first - margin);
	const e = Math.min(lines, last + 1 + margin);
	return { start: s * cols, end: Math.min(count, e * cols) };
}

/** The padding standing in for the lines before and after `r`, in px. */
export function pads(count: number, m: Metrics, r: Range): { before: number; after: number } {
	const cols = Math.max(1, m.cols);
	const end = Math.min(r.end, count);
	return {
		before: Math.floor(Math.min(r.start, count) / cols) * m.pitch,
		after: Math.max(0, linesOf(count, cols) - linesOf(end, cols)) * m.pitch
	};
}

/** A window of at most `max` of `count` dots (pages, steps) that holds `at`, centred on it where it can be. */
export function dotWindow(count: number, at: number, max: number): Range {
	if (count <= max) return { start: 0, end: count };
	const start = Math.min(count - max, Math.max(0, at - Math.floor(max / 2)));
	return { start, end: start + max };
}
