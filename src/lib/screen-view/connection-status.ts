/**
 * What the screen says about its connection (`ScreenClient.conn`): live, connecting or offline and
 * since when, derived from the connection actor's tags; the timeline of its notes; the steps of its
 * machines (the dashboard's); and the view of all that, new only when something in it is.
 */

export interface TimelineEntry {
	readonly time: number;
	readonly what: string;
}

/** One step of a machine, for the inspector: the event and the state it led to. */
export interface TransitionEntry {
	readonly time: number;
	readonly event: string;
	readonly state: string;
	readonly tags: readonly string[];
}

export type Status = 'connecting' | 'live' | 'offline';

export interface ConnectionView {
	readonly status: Status;
	/** When `status` last changed (offline since …). */
	readonly since: number;
	/** Failed attempts since the GUI socket was last live. */
	readonly attempt: number;
	readonly mode: 'gui' | 'full';
	readonly guiUrl: string;
	/** The OVOS the screen talks to, as people write it: host:port of its GUI socket. */
	readonly ovos: string;
	readonly busUrl: string | null;
	readonly busLive: boolean;
	readonly timeline: readonly TimelineEntry[];
	/** The connection machine's state value, one line (`gui.socket.live.steady / bus.off`). */
	readonly machine: string;
	/** Each socket lifecycle's state, one line (`connected.live.listening`), or null where there is none. */
	readonly sockets: { readonly gui: string | null; readonly bus: string | null };
	readonly tags: readonly string[];
	readonly transitions: readonly TransitionEntry[];
}

/** What the view is made of, read off the actor at a publish. */
export type ConnectionFacts = Omit<ConnectionView, 'status' | 'since' | 'timeline' | 'transitions'>;

const TIMELINE_MAX = 200;
const TRANSITIONS_MAX = 200;

export class ConnectionStatus {
	#status: Status = 'connecting';
	#since: number;
	#timeline: TimelineEntry[] = [];
	#transitions: TransitionEntry[] = [];
	/** Bumped when the timeline or the transitions grow: the view is new only when something in it is. */
	#logs = 0;
	#logsShown = -1;

	constructor(private readonly now: () => number = () => Date.now()) {
		this.#since = now();
	}

	get status(): Status {
		return this.#status;
	}

	/** A new connection: connecting, from now. The timeline goes on. */
	start(): void {
		this.#status = 'connecting';
		this.#since = this.now();
	}

	/**
	 * Takes where the connection is: live (and its replay has spoken), offline (its GUI socket is
	 * down). Once it has been live or offline it is never "connecting" again: a reconnect is offline
	 * until it is live. True when the status moved.
	 */
	derive(live: boolean, offline: boolean): boolean {
		const status: Status = live ? 'live' : offline || this.#status !== 'connecting' ? 'offline' : 'connecting';
		if (status === this.#status) return false;
		this.#status = status;
		this.#since = this.now();
		return true;
	}

	note(what: string): void {
		this.#timeline.push({ time: this.now(), what });
		if (this.#timeline.length > TIMELINE_MAX) this.#timeline.splice(0, this.#timeline.length - TIMELINE_MAX);
		this.#logs++;
	}

	/** A machine moved: kept when it moved to another state (frames that change only the model are the wire log's). */
	step(event: string, state: string, tags: readonly string[]): void {
		if (this.#transitions.at(-1)?.state === state) return;
		this.#transitions.push({ time: this.now(), event, state, tags });
		if (this.#transitions.length > TRANSITIONS_MAX) this.#transitions.splice(0, this.#transitions.length - TRANSITIONS_MAX);
		this.#logs++;
	}

	/**
	 * The view of `facts`: `was` itself when nothing in it changed. Under a stream of frames only the
	 * counters move, and a new view every animation frame reran everything that reads it.
	 */
	view(facts: ConnectionFacts, was: ConnectionView): ConnectionView {
		const next = { status: this.#status, since: this.#since, ...facts };
		const same =
			this.#logsShown === this.#logs &&
			(['status', 'since', 'attempt', 'mode', 'guiUrl', 'ovos', 'busUrl', 'busLive', 'machine'] as const).every((k) => was[k] === next[k]) &&
			was.sockets.gui === next.sockets.gui &&
			was.sockets.bus === next.sockets.bus &&
			sameTags(was.tags, next.tags);
		if (same) return was;
		this.#logsShown = this.#logs;
		return { ...next, timeline: this.#timeline.slice(), transitions: this.#transitions.slice() };
	}
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((t, i) => t === b[i]);
}

export function idleView(now = Date.now()): ConnectionView {
	return {
		status: 'connecting',
		since: now,
		attempt: 0,
		mode: 'gui',
		guiUrl: '',
		ovos: '',
		busUrl: null,
		busLive: false,
		timeline: [],
		machine: '',
		sockets: { gui: null, bus: null },
		tags: [],
		transitions: []
	};
}

/** A state value on one line: `gui.socket.live.steady / bus.off`. */
export function stateLine(value: unknown): string {
	if (typeof value === 'string') return value;
	const parts: string[] = [];
	for (const [k, v] of Object.entries(value as Record<string, unknown>)) parts.push(`${k}.${stateLine(v)}`);
	return parts.join(' / ');
}
