/**
 * Auto-fit text, like Qt's AutoFitLabel but with a floor: the largest font size (between `min` and
 * `max` px) at which the element fits its parent box. Runs only when the text or the box changes;
 * below `min` the box scrolls instead of shrinking to 5 px.
 */
export interface FitOptions {
	readonly min: number;
	readonly max: number;
}

/** About how many characters fill `box` at `px` (average glyph ≈ 0.55 em wide, lines 1.15 em). */
function capacity(box: HTMLElement, px: number): number {
	return (box.clientWidth / (0.55 * px)) * (box.clientHeight / (1.15 * px));
}

/**
 * What a text page renders: at most `limit` characters, on a word boundary when one is near, and
 * how many are left. A megabyte of text is laid out a screenful-ish at a time, never at once.
 */
export function textChunk(text: string, limit: number): { shown: string; rest: number } {
	if (text.length <= limit) return { shown: text, rest: 0 };
	const space = text.lastIndexOf(' ', limit);
	const end = space > limit * 0.9 ? space : limit;
	return { shown: text.slice(0, end), rest: text.length - end };
}

export function fitText({ min, max }: FitOptions) {
	return (node: HTMLElement) => {
		const box = node.parentElement;
		if (!box) return;
		const fits = () => node.scrollHeight <= box.clientHeight + 1 && node.scrollWidth <= box.clientWidth + 1;
		// The size and the wrap this set last: each is written only when it changes. Text that
		// changes a few hundred times a second at the largest size then costs reads alone.
		let px = 0;
		let anywhere = false;
		const setPx = (v: number) => {
			if (v === px) return;
			px = v;
			node.style.fontSize = `${v}px`;
		};
		const setWrap = (v: boolean) => {
			if (v === anywhere) return;
			anywhere = v;
			node.style.overflowWrap = v ? 'anywhere' : '';
		};
		const fit = () => {
			if (box.clientHeight === 0) return;
			let lo = min;
			let hi = max;
			setWrap(false);
			// Far more text than the box holds even at the floor: the floor, without ~8 layouts of it.
			if ((node.textContent?.length ?? 0) > 3 * capacity(box, min)) return setPx(min);
			setPx(hi);
			if (fits()) return;
			// Binary search on whole pixels: ~8 layouts, only when something changed.
			while (hi - lo > 1) {
				const mid = Math.floor((lo + hi) / 2);
				setPx(mid);
				if (fits()) lo = mid;
				else hi = mid;
			}
			setPx(lo);
			// Still too wide at the floor (a long URL): break it rather than clip it.
			if (!fits()) setWrap(true);
		};
		fit();
		// A ResizeObserver reports every box once when it starts watching: that first report (and any
		// of a size already fitted) changes nothing, so it must not lay the text out again.
		let size = `${box.clientWidth}x${box.clientHeight}`;
		const resize = new ResizeObserver(() => {
			const now = `${box.clientWidth}x${box.clientHeight}`;
			if (now === size) return;
			size = now;
			fit();
		});
		resize.observe(box);
		// A text change is fitted in the next animation frame, before it paints: each fit forces a
		// layout or two, and text that changes a few hundred times a second (a fast session.set) made
		// those layouts a third of the main thread on a 4x slower CPU. Once per frame,
		// the frame's own layout is the fit's.
		let asked = 0;
		const soon = () => {
			if (typeof requestAnimationFrame !== 'function') return fit();
			if (asked === 0) asked = requestAnimationFrame(() => ((asked = 0), fit()));
		};
		const mutate = new MutationObserver(soon);
		mutate.observe(node, { childList: true, characterData: true, subtree: true });
		return () => {
			if (asked !== 0) cancelAnimationFrame(asked);
			resize.disconnect();
			mutate.disconnect();
		};
	};
}
