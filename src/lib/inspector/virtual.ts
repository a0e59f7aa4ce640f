/**
 * Windowing for the log: which rows to render for a scroll position. All rows share one height
 * except at most one expanded row, which is `extra` pixels taller; this keeps the math O(1).
 */
export interface WindowInput {
	readonly count: number;
	readonly rowHeight: number;
	readonly scrollTop: number;
	readonly viewport: number;
	readonly overscan?: number;
	/** Index of the expanded row, or -1. */
	readonly expanded?: number;
	readonly extra?: number;
}

export interface WindowOut {
	readonly start: number;
	/** Exclusive. */
	readonly end: number;
	readonly total: number;
}

export function rowTop(i: number, rowHeight: number, expanded = -1, extra = 0): number {
	return i * rowHeight + (expanded >= 0 && i > expanded ? extra : 0);
}

/** The row at pixel `y` of the list. */
export function rowAt(y: number, rowHeight: number, expanded = -1, extra = 0): number {
	if (expanded >= 0) {
		const expTop = expanded * rowHeight;
		if (y >= expTop + rowHeight + extra) return Math.floor((y - extra) / rowHeight);
		if (y >= expTop) return expanded;
	}
	return Math.floor(Math.max(0, y) / rowHeight);
}

export function visibleWindow(w: WindowInput): WindowOut {
	const overscan = w.overscan ?? 8;
	const expanded = w.expanded !== undefined && w.expanded < w.count ? w.expanded : -1;
	const extra = expanded >= 0 ? (w.extra ?? 0) : 0;
	const total = w.count * w.rowHeight + extra;
	if (w.count === 0) return { start: 0, end: 0, total };
	const first = rowAt(w.scrollTop, w.rowHeight, expanded, extra);
	const last = rowAt(w.scrollTop + w.viewport, w.rowHeight, expanded, extra);
	return { start: Math.max(0, first - overscan), end: Math.min(w.count, last + 1 + overscan), total };
}
