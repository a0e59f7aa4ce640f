/**
 * Record, export, import, time travel. A trace is the replay tool's format: one server → client
 * GUI-socket frame per line (`npm run --silent replay -- FILE --at N` reads it). Scrubbing applies
 * the lines with the replay tool's own `replayLines`, from the nearest checkpoint, so "the state
 * after line N" here is by construction what the tool prints.
 */
import { ACTIVE_SKILLS, PAGE_GAINED_FOCUS } from '../protocol';
import { emptyState, nsOf, replayLines, type LineNote, type ScreenState } from '../screen';
import { frameText, type LogEntry } from './entry';
import { isGuiIn } from './wire-log';

/** One line per frame: a frame someone pretty-printed is re-serialised compactly. */
export function traceLine(raw: string): string {
	if (!/[\r\n]/.test(raw)) return raw;
	try {
		return JSON.stringify(JSON.parse(raw));
	} catch {
		// Not JSON anyway: keep it on one line so it stays one (skipped) frame.
		return raw.replace(/\r?\n|\r/g, ' ');
	}
}

/**
 * Frames that build `state` from nothing, in the order ovos-gui's `synchronize` sends them
 * (docs/protocol.md), plus the focus synchronize omits. Lets an export whose first frames fell off
 * the ring still replay to the live state.
 */
export function framesForState(state: ScreenState): string[] {
	const out: string[] = [];
	state.stack.forEach((id, i) => {
		out.push(JSON.stringify({ type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS, position: i, data: [{ skill_id: id }] }));
		const ns = nsOf(state, id);
		if (!ns) return;
		if (ns.pages.length > 0) {
			const data = ns.pages.map((p) => ({ url: p.url, page: p.name }));
			out.push(JSON.stringify({ type: 'mycroft.gui.list.insert', namespace: id, position: 0, data }));
		}
		for (const key of Object.keys(ns.data)) {
			out.push(JSON.stringify({ type: 'mycroft.session.set', namespace: id, data: { [key]: ns.data[key] } }));
		}
		if (ns.currentPage !== null && ns.currentPage !== 0) {
			out.push(JSON.stringify({ type: 'mycroft.events.triggered', namespace: id, event_name: PAGE_GAINED_FOCUS, data: { number: ns.currentPage } }));
		}
	});
	return out;
}

export interface ExportOptions {
	/** The model before the first entry (frames lost to the ring or from before a clear). */
	readonly base?: ScreenState;
	/** Entries before this seq belong to an earlier GUI connection and are left out. */
	readonly fromSeq?: number;
}

/** JSONL of the server → client GUI frames among `entries`; coalesced rows repeat ×N. */
export function exportLines(entries: Iterable<LogEntry>, opts: ExportOptions = {}): string[] {
	const lines = opts.base ? framesForState(opts.base) : [];
	const from = opts.fromSeq ?? -Infinity;
	for (const e of entries) {
		if (!isGuiIn(e) || e.seq < from) continue;
		const line = traceLine(frameText(e));
		for (let i = 0; i < e.count; i++) lines.push(line);
	}
	return lines;
}

export function toJsonl(lines: readonly string[]): string {
	return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/** Lines of a JSONL file exactly as the replay tool splits them, minus the final newline's empty tail. */
export function parseJsonl(text: string): string[] {
	const lines = text.split(/\r?\n/);
	while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
	return lines;
}

export interface StepResult {
	readonly state: ScreenState;
	/** Why line N did not decode, or did not apply. */
	readonly error?: string;
	readonly problem?: string;
}

/**
 * A loaded trace with checkpoints every `stride` lines, so jumping anywhere costs at most one
 * stride of replay. Checkpoints are few (≤ ~`maxCheckpoints`), so memory tracks the trace's size.
 */
export class Trace {
	readonly #checkpoints: ScreenState[] = [];
	readonly stride: number;

	constructor(
		readonly lines: readonly string[],
		maxCheckpoints = 256
	) {
		this.stride = Math.max(64, Math.ceil(lines.length / maxCheckpoints));
		let state = emptyState();
		this.#checkpoints.push(state);
		for (let at = this.stride; at <= lines.length; at += this.stride) {
			state = replayLines(lines.slice(at - this.stride, at), undefined, state).state;
			this.#checkpoints.push(state);
		}
	}

	get length(): number {
		return this.lines.length;
	}

	/** The state after line `n` (1-based; 0 = before any). Same as `replayLines(lines, n).state`. */
	stateAt(n: number): ScreenState {
		const at = Math.max(0, Math.min(Math.trunc(n), this.lines.length));
		const k = Math.floor(at / this.stride);
		const from = this.#checkpoints[k] as ScreenState;
		const start = k * this.stride;
		return start === at ? from : replayLines(this.lines.slice(start, at), undefined, from).state;
	}

	/** Line `n` applied to the state after line `n - 1`, with its decode error or reducer problem. */
	step(n: number): StepResult & { readonly before: ScreenState } {
		const before = this.stateAt(n - 1);
		if (n < 1 || n > this.lines.length) return { before, state: before };
		const r = replayLines([this.lines[n - 1] as string], undefined, before);
		const note = (xs: readonly LineNote[]) => xs[0]?.message;
		return { before, state: r.state, error: note(r.errors), problem: note(r.problems) };
	}
}
