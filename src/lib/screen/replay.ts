/** Applies a trace of GUI-socket frames (one per line) with `decode` + `reduce`: the replay tool's core. */
import { decode } from '../protocol';
import { reduce } from './reduce';
import { emptyState, type ScreenState } from './state';

export interface LineNote {
	/** 1-based line number in the trace. */
	readonly line: number;
	readonly message: string;
}

export interface ReplayResult {
	readonly state: ScreenState;
	/** Lines that did not decode (skipped). */
	readonly errors: readonly LineNote[];
	/** Lines that decoded but could not apply (state unchanged by them). */
	readonly problems: readonly LineNote[];
	/** Frames applied (decoded lines up to `at`). */
	readonly applied: number;
}

/** Replays `lines`; with `at`, stops after line `at` (1-based; 0 = before any line). */
export function replayLines(lines: readonly string[], at?: number, from: ScreenState = emptyState()): ReplayResult {
	let state = from;
	const errors: LineNote[] = [];
	const problems: LineNote[] = [];
	let applied = 0;
	const end = at === undefined ? lines.length : Math.min(at, lines.length);
	for (let i = 0; i < end; i++) {
		const raw = lines[i] as string;
		if (raw.trim() === '') continue;
		const line = i + 1;
		const d = decode(raw);
		if (!d.ok) {
			errors.push({ line, message: d.error.message });
			continue;
		}
		state = reduce(state, d.value, (message) => problems.push({ line, message }));
		applied++;
	}
	return { state, errors, problems, applied };
}
