/**
 * The screen's notifications (toasts and the list behind the bell), driven by the bus window's
 * events and answering through it exactly as ovos-shell and the homescreen do: a popup that times
 * out → `pop.clear` (the companion stores it), closed → `pop.clear.delete`, tapped → its `action`
 * with its `callback_data`; a stored one tapped → its action, then `storage.clear.item`; dismissed →
 * `storage.clear.item`; "clear all" → `storage.clear`.
 */
import type { WindowEvent } from '$lib/protocol/bus-window';
import { applyNotice, EMPTY_NOTICES, noticeRef, withoutToast, type Notice, type NoticeState } from './notices';
import type { BusWindowClient } from './window-client.svelte';

export class NotificationCenter {
	state = $state.raw<NoticeState>(EMPTY_NOTICES);
	/** The last thing that could not be done, for a brief message. */
	failure = $state<string | null>(null);

	readonly #window: BusWindowClient;
	readonly #timers = new Map<number, ReturnType<typeof setTimeout>>();
	readonly #off: () => void;
	#failureTimer: ReturnType<typeof setTimeout> | undefined;

	constructor(window: BusWindowClient) {
		this.#window = window;
		this.#off = window.on((ev) => this.apply(ev));
	}

	/** Popups plus stored ones: everything the bell counts. */
	get count(): number {
		return this.state.toasts.length + this.state.stored.length;
	}

	/** A transient popup ran its time. */
	expire(key: number): void {
		const t = this.#take(key);
		if (t) void this.#send('ovos.notification.api.pop.clear', { notification: noticeRef(t) });
	}

	/** The popup's close button. */
	close(key: number): void {
		const t = this.#take(key);
		if (t) void this.#send('ovos.notification.api.pop.clear.delete', { notification: noticeRef(t) });
	}

	/** Tapping a popup: its action; the popup goes (the shell does not store it then). */
	actOnToast(key: number): void {
		const t = this.state.toasts.find((x) => x.key === key)?.notice;
		if (!t?.action) return;
		this.#take(key);
		void this.#send(t.action, t.callbackData);
	}

	/** Tapping a stored one: its action (if any), then it leaves the list. */
	actOnStored(n: Notice): void {
		if (n.action) void this.#send(n.action, n.callbackData);
		this.dismiss(n);
	}

	dismiss(n: Notice): void {
		this.state = { ...this.state, stored: this.state.stored.filter((s) => s !== n) };
		void this.#send('ovos.notification.api.storage.clear.item', { notification: noticeRef(n) });
	}

	clearAll(): void {
		this.state = { ...this.state, stored: [] };
		void this.#send('ovos.notification.api.storage.clear', {});
	}

	destroy(): void {
		this.#off();
		clearTimeout(this.#failureTimer);
		for (const t of this.#timers.values()) clearTimeout(t);
		this.#timers.clear();
	}

	/** One event of the window (also those that came before this existed). */
	apply(ev: WindowEvent): void {
		const before = this.state;
		this.state = applyNotice(before, ev);
		for (const t of this.state.toasts) {
			if (before.toasts.includes(t) || t.notice.sticky) continue;
			this.#timers.set(
				t.key,
				setTimeout(() => this.expire(t.key), t.notice.durationMs)
			);
		}
		// Toasts pushed out by newer ones stay with the companion; only their timers go.
		for (const t of before.toasts) if (!this.state.toasts.includes(t)) this.#clearTimer(t.key);
	}

	#take(key: number): Notice | null {
		const t = this.state.toasts.find((x) => x.key === key);
		if (!t) return null;
		this.#clearTimer(key);
		this.state = withoutToast(this.state, key);
		return t.notice;
	}

	#clearTimer(key: number): void {
		clearTimeout(this.#timers.get(key));
		this.#timers.delete(key);
	}

	async #send(type: string, data: Notice['callbackData']): Promise<void> {
		const r = await this.#window.send({ type, data });
		clearTimeout(this.#failureTimer);
		this.failure = r.ok ? null : r.reason;
		if (!r.ok) this.#failureTimer = setTimeout(() => (this.failure = null), 6000);
	}
}
