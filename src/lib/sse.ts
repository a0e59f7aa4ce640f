/** A `text/event-stream` reader shared by the chat and the bus window (its own module, so neither pulls in the other). */
export interface SseEvent {
	readonly event: string;
	readonly data: string;
}

/** Incremental `text/event-stream` parser: feed text as it comes, get complete events back. */
export class SseParser {
	#buffer = '';
	/** A `\r` at the end of a chunk may be half of `\r\n`: held until the next chunk says. */
	#cr = false;

	push(chunk: string): SseEvent[] {
		let text = (this.#cr ? '\r' : '') + chunk;
		this.#cr = text.endsWith('\r');
		if (this.#cr) text = text.slice(0, -1);
		this.#buffer += text.replace(/\r\n?/g, '\n');
		const out: SseEvent[] = [];
		let end: number;
		while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
			const block = this.#buffer.slice(0, end);
			this.#buffer = this.#buffer.slice(end + 2);
			let event = 'message';
			const data: string[] = [];
			for (const line of block.split('\n')) {
				if (line.startsWith(':')) continue;
				const colon = line.indexOf(':');
				const field = colon < 0 ? line : line.slice(0, colon);
				const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
				if (field === 'event') event = value;
				else if (field === 'data') data.push(value);
			}
			if (data.length) out.push({ event, data: data.join('\n') });
		}
		return out;
	}
}
