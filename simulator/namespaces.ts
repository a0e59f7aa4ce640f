/**
 * ovos-gui's NamespaceManager (ovos-gui 1.3.4 `namespace.py`): the stack of
 * namespaces, their pages, current page and data, the removal timers, and the frames each core-bus
 * request produces. Handlers raise where ovos-gui raises (the bus logs it and goes on); the state a
 * raise leaves behind is the state ovos-gui leaves behind. Quirks are reproduced, not fixed, and each
 * one says so.
 */
import { ACTIVE_SKILLS, PAGE_GAINED_FOCUS, type BusMessage, type Json, type JsonObject, type PageRef } from '../src/lib/protocol';
import { toCanonical, type CanonicalNamespace } from '../src/lib/protocol/canonical';
import type { MessageBus } from './bus-server';
import { forward, reply } from './bus-util';
import type { Clock, TimerHandle } from '../src/lib/node/clock';
import type { Logger } from './log';
import { pyEquals, pyIndex, pyInt } from './py';

/** A frame for every GUI client (`send_message_to_gui`). */
export type GuiFrame = Record<string, unknown>;

export interface GuiPage {
	readonly name: string;
	readonly persistent: boolean;
	/** Seconds. */
	readonly duration: number;
}

export interface Namespace {
	readonly id: string;
	persistent: boolean;
	duration: number;
	pages: GuiPage[];
	/** Insertion-ordered like a Python dict: `synchronize` and removal walk it in this order. */
	data: Map<string, Json>;
	/** Usually an index into `pages`; see `currentPageOf` for when it is not. */
	pageNumber: Json;
}

/** What the manager needs from the GUI socket server. */
export interface GuiSink {
	sendAll(frame: GuiFrame): void;
	/** `mycroft.gui.list.insert`, with urls resolved per client framework. */
	sendPages(namespace: string, position: number, pages: readonly GuiPage[]): void;
	connected(): boolean;
}

export interface ManagerOptions {
	readonly bus: MessageBus;
	readonly clock: Clock;
	readonly log: Logger;
	/** `gui.idle_display_skill`: always persistent (ovos-config's default id). */
	readonly idleDisplaySkill: string;
	/** `gui_websocket.base_port`, sent in `mycroft.gui.port`. */
	readonly guiPort: () => number;
	readonly quirk: (name: string, detail: string) => void;
}

const RESERVED_KEYS = new Set(['__from', '__idle']);

/**
 * A raise ovos-gui 1.3.4 makes in the same place from ordinary use (a touch on a namespace that just
 * went, a back after the current page was deleted). The state it leaves is ovos-gui's; it is recorded
 * as a quirk and logged at debug level, not shown as the simulator's own error.
 */
export class PortedRaise extends Error {
	constructor(
		readonly quirk: string,
		message: string
	) {
		super(message);
	}
}
/** What ovos-gui's bus client adds to what it emits: its own default session. */
const GUI_CONTEXT: JsonObject = { session: { session_id: 'default' } };

export class NamespaceManager {
	readonly loaded = new Map<string, Namespace>();
	/** The stack: index 0 is on screen. */
	readonly active: Namespace[] = [];
	private readonly timers = new Map<string, TimerHandle>();
	private sink: GuiSink | null = null;
	private readonly off: (() => void)[] = [];

	constructor(private readonly o: ManagerOptions) {
		const on = (type: string, fn: (m: BusMessage) => void) =>
			this.off.push(
				o.bus.on(type, (m) => {
					try {
						fn(m);
					} catch (e) {
						if (!(e instanceof PortedRaise)) throw e;
						o.quirk(e.quirk, `${type}: ${e.message} (ovos-gui 1.3.4 raises here too)`);
					}
				})
			);
		on('gui.clear.namespace', (m) => this.handleClearNamespace(m));
		on('gui.event.send', (m) => this.handleSendEvent(m));
		on('gui.page.delete', (m) => this.handleDeletePage(m));
		on('gui.page.delete.all', (m) => this.handleDeleteAllPages(m));
		on('gui.page.show', (m) => this.handleShowPage(m));
		on('gui.status.request', (m) => o.bus.emit(reply(m, 'gui.status.request.response', { connected: this.sink?.connected() ?? false })));
		on('gui.value.set', (m) => this.handleSetValue(m));
		on('mycroft.gui.connected', (m) => this.handleClientConnected(m));
		on('gui.page_interaction', (m) => this.handlePageInteraction(m));
		on('gui.page_gained_focus', (m) => this.handlePageGainedFocus(m));
		on('mycroft.gui.screen.close', () => this.handleGlobalBack());
	}

	attach(sink: GuiSink): void {
		this.sink = sink;
	}

	dispose(): void {
		for (const off of this.off) off();
		for (const t of this.timers.values()) this.o.clock.clearTimeout(t);
		this.timers.clear();
	}

	private send(frame: GuiFrame): void {
		this.sink?.sendAll(frame);
	}

	// ---- core-bus handlers -------------------------------------------------------------------

	private handleClearNamespace(m: BusMessage): void {
		const id = from(m);
		if (this.loaded.has(id)) this.removeNamespace(id);
	}

	private handleSendEvent(m: BusMessage): void {
		// Sent whether or not the namespace is active; missing fields become null (dict.get).
		this.send({
			type: 'mycroft.events.triggered',
			namespace: m.data.__from ?? null,
			event_name: m.data.event_name ?? null,
			data: m.data.params ?? null
		});
	}

	private handleDeletePage(m: BusMessage): void {
		const names = pageNames(m, this.o.log);
		if (names) this.removePages(from(m), names);
	}

	private handleDeleteAllPages(m: BusMessage): void {
		const id = from(m);
		const except = Array.isArray(m.data.except) ? m.data.except : [];
		const ns = this.loaded.get(id);
		if (ns) this.removePages(id, ns.pages.map((p) => p.name).filter((n) => !except.includes(n)));
	}

	private handleShowPage(m: BusMessage): void {
		const names = pageNames(m, this.o.log);
		if (!names) return;
		const id = from(m);
		if (!Object.hasOwn(m.data, '__idle')) throw new Error(`KeyError: '__idle' (gui.page.show from ${id} is not shown)`);
		const [persistent, duration] = parsePersistence(m.data.__idle as Json);
		const pages = names.map((name): GuiPage => ({ name, persistent, duration }));
		if (pages.length === 0) {
			this.o.log('error', `gui.page.show from ${id} names no pages`);
			return;
		}
		const top = this.active[0];
		if (!top || top.id !== id) this.activateNamespace(id);
		// From here on a raise leaves the namespace activated without its pages, as in ovos-gui.
		this.loadPages(pages, m.data.index === undefined ? 0 : (m.data.index as Json));
		this.updatePersistence();
	}

	private handleSetValue(m: BusMessage): void {
		const id = from(m);
		const ns = this.ensure(id);
		for (const [key, value] of Object.entries(m.data)) {
			// `data.get(key) != value`: a key whose first value is None is never stored or sent.
			if (RESERVED_KEYS.has(key) || pyEquals(ns.data.has(key) ? ns.data.get(key) : null, value)) continue;
			ns.data.set(key, value);
			// Data of an inactive namespace is kept and sent when it is next activated.
			if (this.active.includes(ns)) this.send({ type: 'mycroft.session.set', namespace: id, data: { [key]: value } });
		}
	}

	private handleClientConnected(m: BusMessage): void {
		const guiId = m.data.gui_id ?? null;
		let framework = m.data.framework;
		if (framework === undefined || framework === null) {
			// ovos-gui reads qt_version from data; Qt puts it in the context, so Qt always gets qt5.
			framework = pyInt(m.data.qt_version ?? 5) === 6 ? 'qt6' : 'qt5';
		}
		this.o.bus.emit(forward(m, 'mycroft.gui.port', { port: this.o.guiPort(), gui_id: guiId, framework }));
	}

	private handlePageInteraction(m: BusMessage): void {
		const id = m.data.skill_id;
		const pidx = m.data.page_number;
		const ns = typeof id === 'string' ? this.loaded.get(id) : undefined;
		if (ns && pidx !== undefined && pidx !== null && !pyEquals(pidx, ns.pageNumber)) this.pageGainedFocus(ns, pidx);
		if (id === this.o.idleDisplaySkill) return;
		// Both raises are ovos-gui's: an unknown namespace, or one with no running timer — a
		// touch on a namespace that has just been culled or timed out, which a client still shows.
		if (!ns) throw new PortedRaise('interaction-unknown-namespace', `AttributeError: no namespace ${String(id)} for gui.page_interaction`);
		if (ns.persistent) return;
		const timer = this.timers.get(ns.id);
		if (!timer) throw new PortedRaise('interaction-no-timer', `KeyError: no removal timer for ${ns.id}`);
		this.o.clock.clearTimeout(timer);
		this.timers.delete(ns.id);
		this.scheduleRemoval(ns);
	}

	private handlePageGainedFocus(m: BusMessage): void {
		const id = m.data.skill_id;
		const ns = typeof id === 'string' ? this.loaded.get(id) : undefined;
		if (!ns || !this.active.includes(ns)) return;
		const n = m.data.page_number ?? null;
		// Top or not, no reorder and no timer change; the focus is echoed to every client.
		if (!pyEquals(n, ns.pageNumber)) this.pageGainedFocus(ns, n);
	}

	private handleGlobalBack(): void {
		const top = this.active[0];
		if (!top) {
			this.o.bus.emit({ type: 'homescreen.manager.show_active', data: {}, context: GUI_CONTEXT });
			return;
		}
		if (typeof top.pageNumber !== 'number') throw new Error(`TypeError: page_number ${String(top.pageNumber)} of ${top.id}`);
		if (top.pageNumber > 0) {
			const n = top.pageNumber;
			// A page_number left past the end by gui.page.delete makes pop() raise: nothing is sent.
			this.removePagesAt(top, [n]);
			this.pageGainedFocus(top, n - 1);
		} else {
			this.o.bus.emit({ type: 'homescreen.manager.show_active', data: {}, context: GUI_CONTEXT });
		}
	}

	// ---- the operations ----------------------------------------------------------------------

	private ensure(id: string): Namespace {
		let ns = this.loaded.get(id);
		if (!ns) {
			ns = { id, persistent: false, duration: 30, pages: [], data: new Map(), pageNumber: 0 };
			this.loaded.set(id, ns);
		}
		return ns;
	}

	private activateNamespace(id: string): void {
		const ns = this.ensure(id);
		const position = this.active.indexOf(ns);
		if (position >= 0) {
			if (ns.pages.length === 0) {
				// Quirk: no `list.move` for a namespace without pages, but the
				// server still reorders its stack below; clients keep the old order until a later insert/remove.
				this.o.log('error', `tried to activate namespace without loaded pages: ${id}`);
				this.o.quirk('stack-desync', `${id} moved from ${position} to 0 without a list.move`);
			} else {
				this.send({ type: 'mycroft.session.list.move', namespace: ACTIVE_SKILLS, from: position, to: 0, items_number: 1 });
			}
			if (position !== 0) this.active.unshift(...this.active.splice(position, 1));
		} else {
			this.send({ type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS, position: 0, data: [{ skill_id: id }] });
			this.active.unshift(ns);
			// Data set while inactive goes out now, before the pages.
			for (const [key, value] of ns.data) this.send({ type: 'mycroft.session.set', namespace: id, data: { [key]: value } });
		}
		this.emitDisplayed();
	}

	private loadPages(requested: GuiPage[], index: Json): void {
		const ns = this.active[0];
		if (!ns) return;
		let showIndex = typeof index === 'boolean' ? Number(index) : index;
		if (typeof showIndex !== 'number') throw new Error(`TypeError: page index ${JSON.stringify(index)} is not an int`);
		// An index past the end means the last page; a negative one counts from the end (Python).
		if (showIndex >= requested.length) showIndex = requested.length - 1;
		if (!Number.isInteger(showIndex)) throw new Error(`TypeError: list indices must be integers, not ${showIndex}`);
		const target = pyIndex(requested, showIndex);
		const known = new Set(ns.pages.map((p) => p.name));
		// Only names new to the namespace are appended, duplicates within one request included.
		const fresh = requested.filter((p) => !known.has(p.name));
		const position = ns.pages.length;
		ns.pages.push(...fresh);
		if (fresh.length > 0) this.sink?.sendPages(ns.id, position, fresh);
		this.activatePage(ns, target);
	}

	/** `_activate_page`: focus by name, then `page_gained_focus`, even when nothing changed. */
	private activatePage(ns: Namespace, page: GuiPage): void {
		const i = ns.pages.findIndex((p) => p.name === page.name);
		// Re-showing an existing page replaces it, so its persistence becomes the new request's.
		if (i >= 0) ns.pages[i] = page;
		const index = i >= 0 ? i : 0;
		if (!pyEquals(index, ns.pageNumber)) ns.pageNumber = index;
		this.send({ type: 'mycroft.events.triggered', namespace: ns.id, event_name: PAGE_GAINED_FOCUS, data: { number: ns.pageNumber } });
	}

	/** `Namespace.page_gained_focus(n)`: stores `n` first, so a raise leaves it stored. */
	private pageGainedFocus(ns: Namespace, n: Json): void {
		ns.pageNumber = n;
		const page = activePage(ns);
		// With no page there, ovos-gui raises on `page.name` (after inserting a None page when the
		// namespace has none; that corruption is not reproduced, it only follows a client's bad focus).
		if (!page) throw new PortedRaise('focus-out-of-range', `AttributeError: page ${JSON.stringify(n)} of ${ns.id} does not exist`);
		this.activatePage(ns, page);
	}

	private removePages(id: string, names: readonly Json[]): void {
		const ns = this.loaded.get(id);
		if (!ns || !this.active.includes(ns)) return;
		const positions: number[] = [];
		ns.pages.forEach((p, i) => {
			if (names.includes(p.name)) positions.push(i);
		});
		// page_number is not adjusted and no focus follows (a quirk, kept).
		if (positions.length > 0) this.removePagesAt(ns, positions);
	}

	private removePagesAt(ns: Namespace, positions: number[]): void {
		for (const position of [...positions].sort((a, b) => b - a)) {
			// Only a back after `gui.page.delete` left page_number past the end gets here.
			if (position < 0 || position >= ns.pages.length) throw new PortedRaise('stale-page-number', `IndexError: pop index ${position} out of range for ${ns.id}`);
			ns.pages.splice(position, 1);
			this.send({ type: 'mycroft.gui.list.remove', namespace: ns.id, position, items_number: 1 });
		}
	}

	/** `_update_namespace_persistence`, run after every show. */
	private updatePersistence(): void {
		// Walks the live list while removing from it, as the Python loop does: after a removal the
		// next namespace slides into the current index and is skipped (it lingers until its own timer).
		for (let idx = 0; idx < this.active.length; idx++) {
			const ns = this.active[idx] as Namespace;
			if (idx > 0) {
				if (!ns.persistent) {
					if (idx + 1 < this.active.length && !(this.active[idx + 1] as Namespace).persistent) {
						this.o.quirk('cull-skip', `${(this.active[idx + 1] as Namespace).id} survives the cull below ${this.active[0]?.id}`);
					}
					this.removeNamespace(ns.id);
				}
				continue;
			}
			if (ns.id === this.o.idleDisplaySkill) {
				ns.persistent = true;
				ns.duration = 0;
			} else {
				const page = activePage(ns);
				ns.persistent = page?.persistent ?? false;
				ns.duration = page ? (page.persistent ? 0 : page.duration) : 30;
				const timer = this.timers.get(ns.id);
				if (ns.persistent && timer) {
					this.o.clock.clearTimeout(timer);
					this.timers.delete(ns.id);
				}
			}
			if (!ns.persistent) this.scheduleRemoval(ns);
		}
	}

	private scheduleRemoval(ns: Namespace): void {
		// A running timer is not re-armed: re-showing does not extend the timeout.
		if (this.timers.has(ns.id)) return;
		const handle = this.o.clock.setTimeout(() => {
			try {
				this.removeNamespace(ns.id);
			} catch (e) {
				this.o.log('error', `removal timer of ${ns.id} raised: ${(e as Error).message}`);
			}
			this.timers.delete(ns.id);
		}, ns.duration * 1000);
		this.timers.set(ns.id, handle);
	}

	/** `_remove_namespace`. */
	removeNamespace(id: string): void {
		const timer = this.timers.get(id);
		if (timer) {
			this.o.clock.clearTimeout(timer);
			this.timers.delete(id);
		}
		const ns = this.loaded.get(id);
		const position = ns ? this.active.indexOf(ns) : -1;
		if (ns && position >= 0) {
			this.o.bus.emit({ type: 'gui.namespace.removed', data: { skill_id: id }, context: GUI_CONTEXT });
			for (const key of ns.data.keys()) this.send({ type: 'mycroft.session.delete', property: key, namespace: id });
			this.send({ type: 'mycroft.session.list.remove', namespace: ACTIVE_SKILLS, position, items_number: 1 });
			// Pages and data are wiped; page_number is not reset (the next show refocuses anyway).
			ns.pages = [];
			ns.data = new Map();
			this.active.splice(position, 1);
		}
		this.emitDisplayed();
	}

	private emitDisplayed(): void {
		const top = this.active[0];
		if (top) this.o.bus.emit({ type: 'gui.namespace.displayed', data: { skill_id: top.id }, context: GUI_CONTEXT });
	}

	/** Seconds left on a namespace's removal timer, or null. For tests and the scenario runner. */
	hasTimer(id: string): boolean {
		return this.timers.has(id);
	}

	// ---- views of the state ------------------------------------------------------------------

	/**
	 * The server state in the client's canonical JSON (`toCanonical`). Urls are resolved for
	 * `framework`. `currentPage`: see `currentPageOf`; with `replayed`, it is what a freshly connected
	 * client holds instead: `synchronize()` replays no focus, so page 0 (null when
	 * there are no pages).
	 */
	canonical(url: (ns: string, page: string) => string | null, replayed = false): string {
		const namespaces: Record<string, CanonicalNamespace> = Object.create(null);
		for (const ns of this.active) {
			namespaces[ns.id] = {
				pages: ns.pages.map((p): PageRef => ({ name: p.name, url: url(ns.id, p.name) })),
				currentPage: replayed ? (ns.pages.length > 0 ? 0 : null) : currentPageOf(ns),
				data: Object.fromEntries(ns.data)
			};
		}
		return toCanonical({ stack: this.active.map((ns) => ns.id), namespaces });
	}
}

/**
 * How the canonical form renders the server's `page_number`: null when there are no pages; an index
 * left past the end by `gui.page.delete` is shown as the last page, which is where a
 * client clamps it when the removal arrives; anything else that is not a usable index (only a
 * client's malformed focus leaves one) as null.
 */
export function currentPageOf(ns: Namespace): number | null {
	const n = ns.pageNumber;
	if (ns.pages.length === 0 || typeof n !== 'number' || !Number.isInteger(n) || n < 0) return null;
	return Math.min(n, ns.pages.length - 1);
}

/** `Namespace.active_page`: `pages[page_number]` with Python indexing, None past the end. */
function activePage(ns: Namespace): GuiPage | null {
	const n = ns.pageNumber;
	if (ns.pages.length === 0) return null;
	if (typeof n !== 'number' || !Number.isInteger(n)) throw new Error(`TypeError: page_number ${JSON.stringify(n)} of ${ns.id}`);
	if (n >= ns.pages.length) return null;
	return pyIndex(ns.pages, n);
}

function from(m: BusMessage): string {
	const id = m.data.__from;
	if (id === undefined) throw new Error(`KeyError: '__from' missing in ${m.type}`);
	// ovos-gui would key a namespace by any hashable value; only strings make a namespace a client can decode.
	if (typeof id !== 'string') throw new Error(`${m.type}: __from must be a string`);
	return id;
}

/** `_validate_page_message`: `page_names` must be a list and `__from` present, else logged and ignored. */
function pageNames(m: BusMessage, log: Logger): string[] | null {
	const names = m.data.page_names;
	if (!Array.isArray(names) || !Object.hasOwn(m.data, '__from')) {
		log('error', `page will not be ${m.type === 'gui.page.show' ? 'shown' : 'removed'}: malformed ${m.type}`);
		return null;
	}
	if (!names.every((n) => typeof n === 'string')) throw new Error(`${m.type}: page_names must be strings`);
	return names as string[];
}

/** `_parse_persistence`: `True` stays, `False` goes at once, N seconds, else 30 s. */
export function parsePersistence(x: Json): [boolean, number] {
	let v = x;
	if (typeof v === 'number' && !Number.isInteger(v)) v = roundHalfEven(v);
	if (typeof v === 'boolean') return [v, 0];
	if (typeof v === 'number') {
		if (v < 0) throw new Error('ValueError: Requested negative persistence');
		return [false, v];
	}
	return [false, 30];
}

/** Python 3 `round()`: halves go to the even neighbour. */
function roundHalfEven(x: number): number {
	const r = Math.round(x);
	return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

