/**
 * A list whose entries are read only when asked for: its length, and `slice` reading
 * the entries in that range. A page that shows a long list lays out a screenful of it at a time
 * (ListWindow), and a page that only counts one reads none; reading every entry of a 5,000-entry
 * list into its view took milliseconds of each render that showed it (10-15 ms for the home
 * screen's two). An array is one too.
 */
export interface Rows<T> {
	readonly length: number;
	slice(start?: number, end?: number): readonly T[];
}

/** `raw` read entry by entry: entry `i` is `read(raw[i], i)`, read each time it is asked for. */
export function rowsOf<R, T>(raw: readonly R[], read: (entry: R, index: number) => T): Rows<T> {
	return {
		length: raw.length,
		slice(start = 0, end = raw.length) {
			const from = start < 0 ? Math.max(0, raw.length + start) : Math.min(start, raw.length);
			return raw.slice(from, end).map((entry, i) => read(entry, from + i));
		}
	};
}
