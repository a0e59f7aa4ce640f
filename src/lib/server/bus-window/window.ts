/**
 * The bus window: the app server's core-bus connection, seen by browsers through the allow-list
 * only. Events of the device's session whose type is listed go out cut to their schema; messages a
 * browser posts go on the bus only when their type and payload are listed (or announced by the
 * device, for skill-chosen actions). Transport (SSE + POST) and the HTTP guards are in `http.ts`.
 */
import * as v from 'valibot';
import { isObject, sessionIdOf, type BusMessage, type JsonObject } from '../../protocol';
import { PARTS_WAIT_MS, REFUSAL_STATUS, type DeviceParts, type RefusalCode, type WindowAnswer, type WindowEvent, type WindowState } from '../../protocol/bus-window';
import { FROM_BUS, MAX_EVENT_BYTES, TO_BUS } from './allow-list';
import { Announced } from './announced';
import { busUrlLocalOnly } from '../bus/local-only';

/** The part of `BusClient` the window uses. */
export interface WindowBus {
	readonly url: string;
	readonly isOpen: boolean;
	readonly lastError: string;
	send(msg: BusMessage): boolean;
	onMessage(fn: (msg: BusMessage) => void): () => void;
	onOpen(fn: () => void): () => void;
	onClose(fn: (reason: string) => void): () => void;
	/** A connect that never opened (refused, timed out). */
	onFail(fn: (reason: string) => void): () => void;
}

export type WindowFrame = { readonly event: 'state'; readonly data: WindowState } | { readonly event: 'bus'; readonly data: WindowEvent };
export type WindowListener = (frame: WindowFrame) => void;
/** Accepted messages are logged (an audit trail of what browsers put on the bus); refusals warn. */
export type WindowLog = (level: 'info' | 'warn', line: string) => void;

const consoleLog: WindowLog = (level, line) => (level === 'warn' ? console.warn : console.log)(`[bus-window] ${line}`);

export interface WindowStats {
	forwarded: number;
	/** Listed types whose data failed the schema, or grew past MAX_EVENT_BYTES. */
	droppedBad: number;
	/** Listed types of another session (a chat's). */
	droppedSession: number;
	accepted: number;
	refused: Partial<Record<RefusalCode, number>>;
}

/** Qt's context for everything it sends (spec §2.3). */
const DEVICE_CONTEXT: JsonObject = { session: { session_id: 'default' } };

/**
 * Asked each time the bus (re)opens, so the window knows what the device offers before anyone taps:
 * the stored notifications, the apps (skills re-register them; the homescreen sends the same at its
 * start), and the volume (the baseline of the OSD).
 */
const LEARN_ON_OPEN = ['ovos.notification.api.request.storage.model', 'homescreen.metadata.get', 'mycroft.volume.get'];
/** The answer that shows each device-side part runs (see DeviceParts). */
const PART_ANSWERS: Readonly<Record<string, keyof DeviceParts>> = {
	'ovos.notification.update_storage_model': 'notifications',
	'mycroft.volume.get.response': 'volume'
};

export class BusWindowServer {
	readonly stats: WindowStats = { forwarded: 0, droppedBad: 0, droppedSession: 0, accepted: 0, refused: {} };
	readonly #bus: WindowBus;
	readonly #log: WindowLog;
	readonly #announced = new Announced();
	/** Each browser's listener and how to end its stream. */
	readonly #listeners = new Map<WindowListener, () => void>();
	/** The newest event of each replayed type, sent to browsers that connect later. */
	readonly #last = new Map<string, WindowEvent>();
	readonly #off: (() => void)[];
	#state: WindowState;
	#logged = 0;
	#partsTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(o: { bus: WindowBus; log?: WindowLog }) {
		this.#bus = o.bus;
		this.#log = o.log ?? consoleLog;
		this.#state = o.bus.isOpen ? { open: true } : this.#closedState();
		this.#off = [
			o.bus.onMessage((m) => this.#received(m)),
			o.bus.onOpen(() => this.#opened()),
			o.bus.onClose(() => this.#setState(this.#closedState())),
			// A bus that never opened has no close: its first refusal may be the device's rule to tell.
			o.bus.onFail(() => {
				const closed = this.#closedState();
				if (!this.#state.open && closed.cause !== this.#state.cause) this.#setState(closed);
			})
		];
		if (o.bus.isOpen) this.#learn();
	}

	/**
	 * Frames for one browser: the state and the replayed events at once, then everything live.
	 * `end` runs when the window closes (the server shuts down), so the stream can finish.
	 */
	subscribe(fn: WindowListener, end: () => void = () => {}): () => void {
		// Closed: as things stand now (the bus's last error, whatever the state last said).
		fn({ event: 'state', data: this.#state.open ? this.#state : this.#closedState() });
		for (const ev of this.#last.values()) fn({ event: 'bus', data: { ...ev, replay: true } });
		this.#listeners.set(fn, end);
		return () => this.#listeners.delete(fn);
	}

	get subscribers(): number {
		return this.#listeners.size;
	}

	/** Checks a posted message against the allow-list and puts it on the bus. `client` is for the log. */
	send(body: unknown, client = 'unknown'): WindowAnswer {
		// A type is printable with no space at either end (an app launcher's name part may hold one).
		if (!isObject(body) || typeof body.type !== 'string' || !/^[^\s\p{Cc}]([^\p{Cc}]{0,198}[^\s\p{Cc}])?$/u.test(body.type))
			return this.refuse('invalid', 'send {"type": "<bus type>", "data": {…}}', client);
		if (body.data !== undefined && !isObject(body.data)) return this.refuse('invalid', `${body.type}: "data" must be a JSON object`, client);
		const type = body.type;
		let data = (body.data ?? {}) as JsonObject;
		const rule = Object.hasOwn(TO_BUS, type) ? TO_BUS[type] : undefined;
		if (rule) {
			const parsed = v.safeParse(rule.schema, data);
			if (!parsed.success) return this.refuse('invalid', `${type}: ${issueText(parsed.issues)}`, client);
			data = parsed.output;
			if (rule.resolve === 'notification') {
				const ref = data.notification as { sender: string; text: string; timestamp?: number | null };
				const own = this.#announced.findNotification({ sender: ref.sender, text: ref.text, timestamp: ref.timestamp ?? undefined });
				if (!own) return this.refuse('not-allowed', `${type}: not a notification this device announced`, client);
				data = { notification: own };
			}
		} else if (!this.#announced.allowsAction(type, data)) {
			return this.refuse('not-allowed', `${type} is not on the bus window's allow-list, nor an action the device offered`, client);
		}
		if (!this.#bus.isOpen || !this.#bus.send({ type, data, context: DEVICE_CONTEXT }))
			return this.refuse('bus-down', 'the OVOS messagebus is not connected; the server keeps trying', client);
		this.stats.accepted++;
		this.#log('info', `sent ${type} for ${client}`);
		return { ok: true };
	}

	/** A refusal, counted and logged (the first ones, then every hundredth, so a flood cannot fill the log). */
	refuse(code: RefusalCode, reason: string, client = 'unknown'): WindowAnswer {
		const n = (this.stats.refused[code] = (this.stats.refused[code] ?? 0) + 1);
		if (n <= 20 || n % 100 === 0) this.#log('warn', `refused (${REFUSAL_STATUS[code]} ${code}, #${n}) from ${client}: ${reason}`);
		return { ok: false, code, reason };
	}

	/** Stops listening to the bus and ends every browser's stream (an open stream would hold the server up). */
	close(): void {
		if (this.#partsTimer) clearTimeout(this.#partsTimer);
		for (const off of this.#off) off();
		const ends = [...this.#listeners.values()];
		this.#listeners.clear();
		for (const end of ends) end();
	}

	#received(msg: BusMessage): void {
		this.#announced.observe(msg);
		const part = Object.hasOwn(PART_ANSWERS, msg.type) ? PART_ANSWERS[msg.type] : undefined;
		const parts = this.#state.parts;
		if (part && parts && parts[part] !== 'answered') this.#setState({ ...this.#state, parts: { ...parts, [part]: 'answered' } });
		const rule = Object.hasOwn(FROM_BUS, msg.type) ? FROM_BUS[msg.type] : undefined;
		if (!rule) return;
		if (sessionIdOf(msg) !== 'default') {
			this.stats.droppedSession++;
			return;
		}
		const parsed = v.safeParse(rule.schema, msg.data);
		if (!parsed.success || JSON.stringify(parsed.output).length > MAX_EVENT_BYTES) {
			this.stats.droppedBad++;
			if (this.#logged++ < 20 || this.stats.droppedBad % 1000 === 0)
				this.#log('warn', `dropped a ${msg.type} from the bus: ${parsed.success ? 'too large' : issueText(parsed.issues)}`);
			return;
		}
		const ev: WindowEvent = { type: msg.type, data: parsed.output };
		if (rule.replay) {
			// One slot per concern: the controlled notification's show and remove replace each other.
			const slot = msg.type.startsWith('ovos.notification.controlled.') ? 'controlled' : msg.type;
			this.#last.delete(slot);
			this.#last.set(slot, ev);
		}
		this.stats.forwarded++;
		this.#broadcast({ event: 'bus', data: ev });
	}

	#opened(): void {
		this.#learn();
	}

	/** Asks the device what it holds; whichever part has not answered after PARTS_WAIT_MS is silent. */
	#learn(): void {
		this.#setState({ open: true, parts: { notifications: 'asking', volume: 'asking' } });
		for (const type of LEARN_ON_OPEN) this.#bus.send({ type, data: {}, context: DEVICE_CONTEXT });
		if (this.#partsTimer) clearTimeout(this.#partsTimer);
		this.#partsTimer = setTimeout(() => {
			this.#partsTimer = null;
			const p = this.#state.parts;
			if (!this.#state.open || !p) return;
			const silent = (a: DeviceParts[keyof DeviceParts]) => (a === 'asking' ? 'silent' : a);
			this.#setState({ ...this.#state, parts: { notifications: silent(p.notifications), volume: silent(p.volume) } });
		}, PARTS_WAIT_MS);
		this.#partsTimer.unref?.();
	}

	#setState(state: WindowState): void {
		this.#state = state;
		this.#broadcast({ event: 'state', data: state });
	}

	/**
	 * What browsers are told: not where the bus is, nor the socket error that names it; the server's
	 * log has both. Only that the device refuses this server on its bus, which a person fixes there.
	 */
	#closedState(): WindowState {
		if (busUrlLocalOnly(this.#bus.url, this.#bus.lastError)) return { open: false, reason: 'the OVOS messagebus refuses this server', cause: 'bus-local-only' };
		return { open: false, reason: 'the OVOS messagebus is not connected' };
	}

	#broadcast(frame: WindowFrame): void {
		for (const fn of this.#listeners.keys()) {
			try {
				fn(frame);
			} catch (e) {
				this.#log('warn', `a subscriber failed: ${(e as Error).message}`);
			}
		}
	}
}

function issueText(issues: readonly v.BaseIssue<unknown>[]): string {
	const i = issues[0];
	if (!i) return 'invalid';
	const path = i.path?.map((p) => String(p.key)).join('.');
	return path ? `${path}: ${i.message}` : i.message;
}
