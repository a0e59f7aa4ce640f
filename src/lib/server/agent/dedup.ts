/**
 * Speaks that arrive under both names (`speak` and `ovos.utterance.speak`) are one reply
 * (cores in the migration window emit both). A frame is a twin when it says the same thing as an unpaired speak
 * seen on the *other* topic within the window; the same text twice on one topic is a real repeat.
 */
import { speakTwinOf } from './topics';

interface Seen {
	readonly type: string;
	readonly text: string;
	readonly at: number;
}

export class TwinFilter {
	#seen: Seen[] = [];
	constructor(private readonly windowMs = 1000) {}

	/** True when this speak is the twin of one already delivered (and pairs them up). */
	isTwin(type: string, text: string, now: number): boolean {
		this.#seen = this.#seen.filter((s) => now - s.at <= this.windowMs);
		const twin = speakTwinOf(type);
		const i = this.#seen.findIndex((s) => s.type === twin && s.text === text);
		if (i >= 0) {
			this.#seen.splice(i, 1);
			return true;
		}
		this.#seen.push({ type, text, at: now });
		return false;
	}
}
