/**
 * ovos-core runs every bus handler of its skills process — the intent step, each skill's intent
 * handler, the delivery of a `get_response` answer, converse pongs — on one thread pool (pyee's
 * executor: Python's ThreadPoolExecutor, min(32, CPUs + 4) threads: 6 on a 2-CPU device). A handler
 * blocked in `get_response` keeps its thread until it is answered; once every thread is held, later
 * handlers wait in the queue and core answers nothing at all (seen on a real 2-CPU device).
 */
import { availableParallelism } from 'node:os';
import type { Logger } from './log';

/** Python's ThreadPoolExecutor default for this many CPUs: 6 on a 2-CPU device. */
export function defaultWorkers(cpus = availableParallelism()): number {
	return Math.min(32, cpus + 4);
}

export class WorkerPool {
	#busy = 0;
	readonly #queue: (() => void)[] = [];

	constructor(
		readonly size: number = defaultWorkers(),
		private readonly log: Logger = () => {}
	) {
		if (!Number.isInteger(size) || size < 1) throw new Error(`worker pool size must be a positive integer, got ${size}`);
	}

	/** Threads holding a handler now. */
	get busy(): number {
		return this.#busy;
	}

	/** Handlers waiting for a free thread. */
	get queued(): number {
		return this.#queue.length;
	}

	/** Runs `task` on a free thread, or queues it (first in, first out) until one frees. */
	run(name: string, task: () => unknown): void {
		const start = () => {
			this.#busy++;
			let done: Promise<unknown>;
			try {
				done = Promise.resolve(task());
			} catch (e) {
				done = Promise.reject(e);
			}
			void done
				.catch((e: unknown) => this.log('error', `handler for ${name} raised: ${(e as Error)?.message ?? String(e)}`))
				.finally(() => {
					this.#busy--;
					this.#queue.shift()?.();
				});
		};
		if (this.#busy < this.size) start();
		else this.#queue.push(start);
	}

	/** Drops what waits (the simulator is stopping). */
	clear(): void {
		this.#queue.length = 0;
	}
}
