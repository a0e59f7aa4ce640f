/** Which text colour reads on a skill-chosen background (WCAG relative luminance). */
function channel(c: number): number {
	const s = c / 255;
	return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function rgbOf(css: string): [number, number, number] | null {
	const hex = /^#([0-9a-f]{3,8})$/i.exec(css)?.[1];
	if (hex) {
		const full = hex.length <= 4 ? [...hex].map((h) => h + h).join('') : hex;
		return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
	}
	const fn = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(css);
	if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
	const named: Record<string, [number, number, number]> = {
		black: [0, 0, 0],
		white: [255, 255, 255],
		blue: [0, 0, 255],
		red: [255, 0, 0],
		green: [0, 128, 0],
		yellow: [255, 255, 0],
		orange: [255, 165, 0],
		gray: [128, 128, 128],
		grey: [128, 128, 128],
		navy: [0, 0, 128],
		transparent: [0, 0, 0]
	};
	return named[css] ?? null;
}

/** Light or dark text for a background colour; null when the colour cannot be judged. */
export function textOn(css: string): '#ffffff' | '#111418' | null {
	const rgb = rgbOf(css);
	if (!rgb) return null;
	const l = 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
	// The crossover where white and near-black give the same contrast ratio.
	return l > 0.179 ? '#111418' : '#ffffff';
}
