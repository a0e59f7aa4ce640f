/**
 * A long list laid out a window at a time: only the entries in view and about a
 * viewport either side are in the DOM; padding stands in for the rest, so the scroller keeps its
 * length, its scroll position and its own keyboard, wheel and touch scrolling. The page renders
 * `rows(items)` (each entry with its index in the whole list, for `data-index` and for the events
 * it sends), attaches `scroller` to the element that scrolls, and pads the box that holds the
 * entries with `var(--win-before)` / `var(--win-after)` along the scroll axis (the entries
 * themselves, marked `data-index`, do not inherit them: templates/theme.css).
 */
import { INITIAL, pads, windowFor, type Metrics, type Range } from './window-math';

export type Axis = 'x' | 'y';

export interface WindowOptions {
	/** Which way the scroller scrolls (a card strip turns with the screen). */
	readonly axis?: (el: HTMLElement) => Axis;
	/**
	 * Entries laid out before anything is measured (default `INITIAL`): a screenful and a little
	 * more. Every one of them is laid out once before the first measure, in the same frame.
	 */
	readonly initial?: number;
}

export class ListWindow {
	#range: Range;
	#metrics: Metrics | null = null;
	readonly #count: () => number;
	readonly #axis: (el: HTMLElement) => Axis;
	readonly #initial: number;

	constructor(count: () => number, { axis = () => 'y', initial = INITIAL }: WindowOptions = {}) {
		this.#count = count;
		this.#axis = axis;
		this.#initial = initial;
		this.#range = $state({ start: 0, end: initial });
	}

	get start(): number {
		return Math.min(this.#range.start, this.#count());
	}
	get end(): number {
		return Math.min(this.#range.end, this.#count());
	}

	/** The entries to render, each with its index in the whole list (only those are read from a `Rows`). */
	rows<T>(items: { slice(start: number, end: number): readonly T[] }): { item: T; index: number }[] {
		const start = this.start;
		return items.slice(start, this.end).map((item, i) => ({ item, index: start + i }));
	}

	scroller = (el: HTMLElement) => {
		let frame = 0;
		const apply = (r: Range) => {
			const p = this.#metrics ? pads(this.#count(), this.#metrics, r) : { before: 0, after: 0 };
			el.style.setProperty('--win-before', `${p.before}px`);
			el.style.setProperty('--win-after', `${p.after}px`);
		};
		const update = () => {
			frame = 0;
			const axis = this.#axis(el);
			const current = { start: this.start, end: this.end };
			this.#metrics = measure(el, axis) ?? this.#metrics;
			const count = this.#count();
			let next: Range;
			if (this.#metrics) {
				const scroll = axis === 'y' ? el.scrollTop : Math.abs(el.scrollLeft);
				next = windowFor(count, this.#metrics, scroll, axis === 'y' ? el.clientHeight : el.clientWidth, current);
			} else next = { start: 0, end: this.#initial };
			apply(next);
			if (next.start !== this.#range.start || next.end !== this.#range.end) this.#range = next;
		};
		const soon = () => {
			frame ||= requestAnimationFrame(update);
		};
		el.addEventListener('scroll', soon, { passive: true });
		const resized = new ResizeObserver(soon);
		resized.observe(el);
		// A new list or window: padding to match at once (the same flush as the rows), then measure.
		$effect(() => {
			void this.#count();
			apply(this.#range);
			soon();
		});
		return () => {
			cancelAnimationFrame(frame);
			resized.disconnect();
			el.removeEventListener('scroll', soon);
		};
	};
}

/** Pitch, entries per line and where line 0 starts, from the entries rendered; null when none is. */
function measure(el: HTMLElement, axis: Axis): Metrics | null {
	const items = el.querySelectorAll<HTMLElement>('[data-index]');
	const first = items[0];
	const last = items[items.length - 1];
	if (!first || !last) return null;
	const box = el.getBoundingClientRect();
	// Not on screen (a page not shown yet, or on its way out): every box is empty and nothing can
	// be learnt from it; taken at face value it would read as one endless line and lay out everything.
	const size = first.getBoundingClientRect();
	if (box.width === 0 || box.height === 0 || size.width === 0 || size.height === 0) return null;
	const pos = (e: Element) => {
		const r = e.getBoundingClientRect();
		return axis === 'y' ? r.top - box.top - el.clientTop + el.scrollTop : r.left - box.left - el.clientLeft + Math.abs(el.scrollLeft);
	};
	const p0 = pos(first);
	let cols = 1;
	while (cols < items.length && Math.abs(pos(items[cols] as Element) - p0) < 1) cols++;
	const i0 = Number(first.dataset.index);
	const lines = Math.floor(Number(last.dataset.index) / cols) - Math.floor(i0 / cols);
	let pitch: number;
	if (lines > 0) pitch = (pos(last) - p0) / lines;
	else {
		const gap = first.parentElement ? parseFloat(getComputedStyle(first.parentElement)[axis === 'y' ? 'rowGap' : 'columnGap']) || 0 : 0;
		pitch = (axis === 'y' ? size.height : size.width) + gap;
	}
	if (!(pitch > 0)) return null;
	return { pitch, cols, lead: p0 - Math.floor(i0 / cols) * pitch };
}
