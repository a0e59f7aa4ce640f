/**
 * One row of the wire log: a frame of either socket in either direction, with what the filters
 * need (wire type, namespace, a one-line summary) worked out once when it arrives.
 */
import { encodeGui, isObject, type BusMessage, type ClientMessage, type GuiMessage, type ProtocolError } from '../protocol';

export type Socket = 'gui' | 'bus';
export type Direction = 'in' | 'out';

/** What ScreenClient's `onFrame` delivers (structurally its `WireFrame`). */
export interface FrameLike {
	readonly seq: number;
	readonly time: number;
	readonly socket: Socket;
	readonly dir: Direction;
	/** ScreenClient's GUI connection number; a new one means a new, empty model. */
	readonly connection?: number;
	readonly raw: string;
	readonly message?: GuiMessage | BusMessage | ClientMessage;
	readonly error?: ProtocolError;
	readonly problem?: string;
	/** `raw` is only the start of the frame's text (a big frame, decoded in the socket's worker). */
	readonly rawHead?: true;
}

export interface LogEntry {
	/** Sequence number of the first frame of this row. */
	readonly seq: number;
	readonly time: number;
	readonly socket: Socket;
	readonly dir: Direction;
	/** ScreenClient's GUI connection number; a new one means a new, empty model. */
	readonly connection?: number;
	readonly raw: string;
	/** The wire `type` (`mycroft.session.set`, a bus type…), or '' when the frame has none. */
	readonly type: string;
	/** Namespace (GUI frames) or skill the bus frame concerns, or ''. */
	readonly namespace: string;
	/** Event name for `mycroft.events.triggered`, else ''. */
	readonly event: string;
	/** Decode error, shown in red with its reason. */
	readonly error?: ProtocolError;
	/** Why the reducer refused an otherwise valid frame. */
	readonly problem?: string;
	/** A GUI frame in, as decoded: applied again when the row leaves the log (a 5 MB frame is not parsed twice). */
	readonly gui?: GuiMessage;
	/** `raw` is only the start of the frame's text: `frameText` gives the whole frame. */
	readonly rawHead?: true;
	/** Identical consecutive frames coalesce into one row: how many, and when the last came. */
	count: number;
	lastSeq: number;
	lastTime: number;
}

/** Wire type of each decoded GUI message kind (decode maps many types onto kinds). */
const WIRE_TYPE: Record<GuiMessage['kind'], string> = {
	'stack.insert': 'mycroft.session.list.insert',
	'stack.move': 'mycroft.session.list.move',
	'stack.remove': 'mycroft.session.list.remove',
	'pages.insert': 'mycroft.gui.list.insert',
	'pages.move': 'mycroft.gui.list.move',
	'pages.remove': 'mycroft.gui.list.remove',
	'data.set': 'mycroft.session.set',
	'data.delete': 'mycroft.session.delete',
	'list.insert': 'mycroft.session.list.insert',
	'list.update': 'mycroft.session.list.update',
	'list.move': 'mycroft.session.list.move',
	'list.remove': 'mycroft.session.list.remove',
	focus: 'mycroft.events.triggered',
	event: 'mycroft.events.triggered'
};

const ACTIVE = 'mycroft.system.active_skills';

export function toEntry(f: FrameLike): LogEntry {
	const { type, namespace, event } = describe(f);
	return {
		seq: f.seq,
		time: f.time,
		socket: f.socket,
		dir: f.dir,
		raw: f.raw,
		type,
		namespace,
		event,
		error: f.error,
		problem: f.problem,
		gui: f.socket === 'gui' && f.dir === 'in' && f.message && 'kind' in f.message ? f.message : undefined,
		...(f.rawHead && { rawHead: true as const }),
		count: 1,
		lastSeq: f.seq,
		lastTime: f.time
	};
}

interface Described {
	type: string;
	namespace: string;
	event: string;
}

function describe(f: FrameLike): Described {
	const m = f.message;
	if (m && 'kind' in m) return describeGui(m);
	if (m && 'type' in m) {
		if ('data' in m && 'context' in m && f.socket === 'bus') return describeBus(m as BusMessage);
		return describeClient(m as ClientMessage);
	}
	return describeRaw(f.raw);
}

function describeGui(m: GuiMessage): Described {
	const type = WIRE_TYPE[m.kind];
	switch (m.kind) {
		case 'stack.insert':
			// The namespace filter should find a skill's arrival, so name the skill, not active_skills.
			return { type, namespace: m.skills[0] ?? ACTIVE, event: '' };
		case 'stack.move':
		case 'stack.remove':
			return { type, namespace: ACTIVE, event: '' };
		case 'focus':
			return { type, namespace: m.namespace, event: 'page_gained_focus' };
		case 'event':
			return { type, namespace: m.namespace, event: m.name };
		default:
			return { type, namespace: m.namespace, event: '' };
	}
}

function describeClient(m: ClientMessage): Described {
	return {
		type: m.type,
		namespace: 'namespace' in m ? m.namespace : '',
		event: m.type === 'mycroft.events.triggered' ? m.event_name : ''
	};
}

function describeBus(m: BusMessage): Described {
	const d = m.data;
	// Skills name themselves in `__from` (gui.* messages); ovos-gui's own replies use `skill_id`.
	const ns = [d.__from, d.skill_id, d.namespace].find((x): x is string => typeof x === 'string') ?? '';
	return { type: m.type, namespace: ns, event: '' };
}

/** Frames that did not decode still get whatever type/namespace they do carry. */
function describeRaw(raw: string): Described {
	let v: unknown;
	try {
		v = JSON.parse(raw);
	} catch {
		return { type: '', namespace: '', event: '' };
	}
	if (!isObject(v)) return { type: '', namespace: '', event: '' };
	const str = (x: unknown) => (typeof x === 'string' ? x : '');
	const data = isObject(v.data) ? v.data : {};
	return {
		type: str(v.type),
		namespace: str(v.namespace) || str(data.__from) || str(data.skill_id),
		event: str(v.event_name)
	};
}

/**
 * The frame's text as the screen applied it. The page does not keep a big frame's text (only its
 * start, for the log), so that frame is written again from its decoded message: valid JSON that
 * replays to what the screen showed. A big frame that did not decode has no message; its start stays.
 */
export function frameText(e: LogEntry): string {
	return e.rawHead && e.gui ? encodeGui(e.gui) : e.raw;
}

/** Text for the type column: events show their name, which is what a developer looks for. */
export function typeLabel(e: LogEntry): string {
	if (e.type === 'mycroft.events.triggered' && e.event) return `event ${e.event}`;
	return e.type || (e.error ? '(undecodable)' : '(no type)');
}

/** The type column's text: `mycroft.` is on nearly every GUI frame, so it is left out. */
export function shortLabel(e: LogEntry): string {
	return typeLabel(e).replace(/^mycroft\./, '');
}
