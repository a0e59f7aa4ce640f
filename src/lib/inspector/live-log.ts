/**
 * The dashboard's log path: frames go into the ring and the filtered view as they arrive (cheap,
 * bounded, nothing queued), and the renderer is told at most once per animation frame.
 */
import type { FrameLike } from './entry';
import { LogView } from './log-view';
import { DEFAULT_CAPACITY, WireLog } from './wire-log';

export type Schedule = (flush: () => void) => void;

const nextFrame: Schedule = (fn) => {
	if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => fn());
	else setTimeout(fn, 16);
};

export class LiveLog {
	readonly log: WireLog;
	readonly view: LogView;
	#scheduled = false;

	constructor(
		readonly onFlush: () => void,
		capacity = DEFAULT_CAPACITY,
		readonly schedule: Schedule = nextFrame
	) {
		this.log = new WireLog(capacity);
		this.view = new LogView(this.log);
	}

	push(frame: FrameLike): void {
		this.view.add(this.log.push(frame));
		this.#request();
	}

	/** Something other than a frame changed (filter, pause): render on the next frame too. */
	touch(): void {
		this.#request();
	}

	#request(): void {
		if (this.#scheduled) return;
		this.#scheduled = true;
		this.schedule(() => {
			this.#scheduled = false;
			this.onFlush();
		});
	}
}
