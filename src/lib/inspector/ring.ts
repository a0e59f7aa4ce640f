/**
 * A fixed-capacity ring buffer: pushing past capacity evicts the oldest item and counts it as
 * dropped. The dashboard's only store of frames, so memory stays bounded whatever the traffic.
 */
export class Ring<T> {
	readonly #items: (T | undefined)[];
	#head = 0; // index of the oldest item
	#size = 0;
	#dropped = 0;

	constructor(readonly capacity: number) {
		if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
		this.#items = new Array<T | undefined>(capacity);
	}

	get length(): number {
		return this.#size;
	}

	/** How many items were evicted to make room since creation (or the last `clear`). */
	get dropped(): number {
		return this.#dropped;
	}

	/** Adds `item`; returns the evicted oldest item when the buffer was full. */
	push(item: T): T | undefined {
		if (this.#size < this.capacity) {
			this.#items[(this.#head + this.#size) % this.capacity] = item;
			this.#size++;
			return undefined;
		}
		const evicted = this.#items[this.#head];
		this.#items[this.#head] = item;
		this.#head = (this.#head + 1) % this.capacity;
		this.#dropped++;
		return evicted;
	}

	/** Item `i` counted from the oldest (0) to the newest (length - 1). */
	at(i: number): T | undefined {
		if (i < 0 || i >= this.#size || !Number.isInteger(i)) return undefined;
		return this.#items[(this.#head + i) % this.capacity];
	}

	get newest(): T | undefined {
		return this.#size === 0 ? undefined : this.at(this.#size - 1);
	}

	get oldest(): T | undefined {
		return this.at(0);
	}

	*[Symbol.iterator](): IterableIterator<T> {
		for (let i = 0; i < this.#size; i++) yield this.#items[(this.#head + i) % this.capacity] as T;
	}

	toArray(): T[] {
		return [...this];
	}

	clear(): void {
		this.#items.fill(undefined);
		this.#head = 0;
		this.#size = 0;
		this.#dropped = 0;
	}
}
