/**
 * Counts of the values present in the log (types, namespaces), kept in step with the ring: every
 * push adds, every eviction subtracts, so the map never holds more keys than the ring holds rows.
 */
export class Tally {
	readonly #counts = new Map<string, number>();

	add(key: string): void {
		if (key === '') return;
		this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
	}

	remove(key: string): void {
		const n = this.#counts.get(key);
		if (n === undefined) return;
		if (n <= 1) this.#counts.delete(key);
		else this.#counts.set(key, n - 1);
	}

	get size(): number {
		return this.#counts.size;
	}

	/** Keys, most frequent first. */
	keys(): string[] {
		return [...this.#counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
	}

	clear(): void {
		this.#counts.clear();
	}
}
