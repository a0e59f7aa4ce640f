/**
 * The dashboard's view model: the live log (fed by ScreenClient's `onFrame`), the filter, pause,
 * and an optional loaded trace for time travel. Rendering is told at most once per animation
 * frame through `version`; everything heavy lives in the plain modules beside this file.
 */
import { INSPECT } from '$lib/i18n/inspect';
import { decode } from '$lib/protocol';
import type { ScreenState } from '$lib/screen';
import type { FrameLike } from './entry';
import { NO_FILTER, type FilterSpec } from './filter';
import { LiveLog } from './live-log';
import { LogView } from './log-view';
import { exportLines, parseJsonl, toJsonl, Trace } from './trace';
import { DEFAULT_CAPACITY, WireLog } from './wire-log';

/** A trace bigger than this is refused rather than freezing the tab. */
export const MAX_TRACE_LINES = 1_000_000;

export interface FrameSource {
	onFrame(fn: (f: FrameLike) => void): () => void;
}

export class InspectorModel {
	/** Bumped once per animation frame when rows changed; views read it to re-render. */
	version = $state(0);
	filter = $state.raw<FilterSpec>(NO_FILTER);
	paused = $state(false);
	trace = $state.raw<Trace | null>(null);
	traceName = $state('');
	/** Time travel position: the state after line `at` of the trace. */
	at = $state(0);
	readonly live: LiveLog;
	#traceLog: WireLog | null = null;
	#traceView: LogView | null = null;
	#connection: number | undefined;

	constructor(capacity = DEFAULT_CAPACITY) {
		this.live = new LiveLog(() => this.version++, capacity);
	}

	attach(source: FrameSource): () => void {
		return source.onFrame((f) => this.push(f));
	}

	/** A frame from the live client; the first of a new GUI connection starts a new, empty model. */
	push(f: FrameLike): void {
		this.live.push(f);
		if (f.connection !== undefined && f.connection !== this.#connection) {
			this.#connection = f.connection;
			this.live.log.markConnection(f.seq);
		}
	}

	get view(): LogView {
		return this.#traceView ?? this.live.view;
	}

	/** The log being shown: the trace's rows while time travelling, else the live one. */
	get log(): WireLog {
		return this.#traceLog ?? this.live.log;
	}

	get tracing(): boolean {
		return this.trace !== null;
	}

	setFilter(spec: FilterSpec): void {
		this.filter = spec;
		this.live.view.setFilter(spec);
		this.#traceView?.setFilter(spec);
		this.version++;
	}

	togglePause(): void {
		if (this.live.view.paused) this.live.view.resume();
		else this.live.view.pause();
		this.paused = this.live.view.paused;
		this.version++;
	}

	/** Empties the log; `live` keeps exports able to rebuild the current model. */
	clear(live: ScreenState): void {
		this.live.log.clear(live);
		this.live.view.rebuild();
		this.version++;
	}

	/** JSONL of the live log since the current GUI connection, prefixed so it rebuilds the live model. */
	exportAll(): string {
		const log = this.live.log;
		return toJsonl(exportLines(log, { base: log.base, fromSeq: log.connectionSeq }));
	}

	/** JSONL of the rows the filter shows (a selection: replays only what it contains). */
	exportShown(): string {
		return toJsonl(exportLines(this.view.rows()));
	}

	/** Loads a trace for time travel; returns an error message instead when it cannot. */
	loadTrace(text: string, name: string): string | null {
		const lines = parseJsonl(text);
		if (lines.length > MAX_TRACE_LINES) return INSPECT.traceTooLong(lines.length, MAX_TRACE_LINES);
		const trace = new Trace(lines);
		const log = new WireLog(Math.max(1, lines.length));
		lines.forEach((raw, i) => {
			if (raw.trim() === '') return;
			const d = decode(raw);
			// seq = line number, so a row says which `--at N` it is.
			log.push({ seq: i + 1, time: 0, socket: 'gui', dir: 'in', raw, ...(d.ok ? { message: d.value } : { error: d.error }) });
		});
		this.#traceLog = log;
		this.#traceView = new LogView(log);
		this.#traceView.setFilter(this.filter);
		this.trace = trace;
		this.traceName = name;
		this.at = lines.length;
		this.version++;
		return null;
	}

	/** Time-travel the live log: its export, loaded as a trace. */
	snapshot(): void {
		this.loadTrace(this.exportAll(), INSPECT.snapshotName);
	}

	closeTrace(): void {
		this.trace = null;
		this.#traceLog = null;
		this.#traceView = null;
		this.traceName = '';
		this.version++;
	}

	seek(n: number): void {
		const max = this.trace?.length ?? 0;
		this.at = Math.max(0, Math.min(max, Math.trunc(n)));
	}
}
