/**
 * A skill's side of the GUI, as ovos-bus-client's `GUIInterface` drives it: the whole data dict in
 * `gui.value.set` before every `gui.page.show`, `gui[key]` writes sent (as the whole dict) only
 * when the value changed and a page has been shown, `clear()` / `release()`, GUI events of its
 * namespace as `<skill_id>.<event>` handlers. Skills never touch ovos-gui's state: everything goes
 * over the bus.
 */
import type { BusMessage, Json, JsonObject } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { pyEquals } from './py';

export type Idle = null | boolean | number;

export class SkillGui {
	private readonly data = new Map<string, Json>();
	/** `_pages` / `current_page_idx`: what the last show asked for (removals do not change it, as in GUIInterface). */
	private pages: string[] = [];
	private index = -1;
	private readonly handlers: (() => void)[] = [];

	constructor(
		private readonly bus: MessageBus,
		readonly skillId: string,
		/** Context of what the GUI interface emits: the device's `default` session. */
		private readonly context: () => JsonObject
	) {}

	private emit(type: string, data: JsonObject): void {
		this.bus.emit({ type, data, context: this.context() });
	}

	private all(): JsonObject {
		return { ...Object.fromEntries(this.data), __from: this.skillId };
	}

	get(key: string): Json | undefined {
		return this.data.get(key);
	}

	/** `gui.page`: the page the last show focused, or null. */
	get page(): string | null {
		return this.pages[this.index] ?? null;
	}

	/** How many pages the last show named (`len(gui._pages)`). */
	get pageCount(): number {
		return this.pages.length;
	}

	/** `gui[key] = value`: nothing is sent for an equal value, or before a page was shown. */
	set(key: string, value: Json): void {
		if (this.data.has(key) && pyEquals(this.data.get(key), value)) return;
		this.data.set(key, value);
		if (this.page !== null) this.emit('gui.value.set', this.all());
	}

	/** Several keys, one message (what `gui.update(...)`-style skills do). */
	update(values: JsonObject): void {
		let changed = false;
		for (const [k, v] of Object.entries(values)) {
			if (this.data.has(k) && pyEquals(this.data.get(k), v)) continue;
			this.data.set(k, v);
			changed = true;
		}
		if (changed && this.page !== null) this.emit('gui.value.set', this.all());
	}

	/** `register_handler(event, fn)`: GUI events of this namespace reach the bus as `<skill_id>.<event>`. */
	registerHandler(event: string, fn: (m: BusMessage) => void): void {
		const type = event.startsWith(`${this.skillId}.`) ? event : `${this.skillId}.${event}`;
		this.handlers.push(this.bus.on(type, fn));
	}

	/** Removes the GUI event handlers (the skill is unloading). */
	shutdown(): void {
		for (const off of this.handlers.splice(0)) off();
	}

	showPages(pages: readonly string[], index = 0, overrideIdle: Idle = null, removeOthers = false): void {
		if (removeOthers) this.emit('gui.page.delete.all', { __from: this.skillId, except: [...pages] });
		// GUIInterface clamps only when index > len; ovos-gui clamps the rest.
		const i = index > pages.length ? pages.length - 1 : index;
		this.emit('gui.value.set', this.all());
		this.pages = [...pages];
		this.index = i;
		this.emit('gui.page.show', { page_names: [...pages], index: i, __from: this.skillId, __idle: overrideIdle, __animations: false });
	}

	showPage(page: string, overrideIdle: Idle = null): void {
		this.showPages([page], 0, overrideIdle);
	}

	removePages(pages: readonly string[]): void {
		this.emit('gui.page.delete', { page_names: [...pages], __from: this.skillId });
	}

	showText(text: string, title: string | null = null, overrideIdle: Idle = null): void {
		this.data.set('text', text);
		this.data.set('title', title);
		this.showPage('SYSTEM_TextFrame', overrideIdle);
	}

	showImage(url: string, o: { caption?: string; title?: string; fill?: string; backgroundColor?: string; idle?: Idle; animated?: boolean } = {}): void {
		this.data.set('image', url);
		this.data.set('title', o.title ?? null);
		this.data.set('caption', o.caption ?? null);
		this.data.set('fill', o.fill ?? null);
		this.data.set('background_color', o.backgroundColor ?? null);
		this.showPage(o.animated ? 'SYSTEM_AnimatedImageFrame' : 'SYSTEM_ImageFrame', o.idle ?? null);
	}

	showHtml(html: string, resourceUrl: string | null = null, overrideIdle: Idle = null): void {
		this.data.set('html', html);
		this.data.set('resourceLocation', resourceUrl);
		this.showPage('SYSTEM_HtmlFrame', overrideIdle);
	}

	showUrl(url: string, overrideIdle: Idle = null): void {
		this.data.set('url', url);
		this.showPage('SYSTEM_UrlFrame', overrideIdle);
	}

	showLoading(text: string, overrideIdle: Idle = null): void {
		this.data.set('label', text);
		this.showPage('SYSTEM_Loading', overrideIdle);
	}

	showStatus(text: string, success: boolean, overrideIdle: Idle = null): void {
		this.data.set('status', success ? 'Enabled' : 'Disabled');
		this.data.set('label', text);
		this.showPage('SYSTEM_Status', overrideIdle);
	}

	sendEvent(eventName: string, params: JsonObject = {}): void {
		this.emit('gui.event.send', { __from: this.skillId, event_name: eventName, params });
	}

	/** `clear()`: the namespace goes; the interface forgets its pages. */
	clear(): void {
		this.data.clear();
		this.pages = [];
		this.index = -1;
		this.emit('gui.clear.namespace', { __from: this.skillId });
	}

	/** `release()`: clear, then a global back on whatever is on top next. */
	release(): void {
		this.clear();
		this.emit('mycroft.gui.screen.close', { skill_id: this.skillId });
	}
}
