/**
 * Notifications as ovos-shell handles them, from the bus window's events (shell NotificationsSystem.qml,
 * ovos-gui-plugin-shell-companion wigets.py): `notification_data` then `show` pops one up — sticky
 * until closed, else for `duration` s — and a popup that times out is stored by the companion, whose
 * `update_storage_model` is the list behind the bell. A controlled notification stays until removed.
 * Pure: the view runs the timers and sends what these say.
 */
import { isObject, type Json, type JsonObject } from '../protocol/json';
import type { WindowEvent } from '../protocol/bus-window';

export type NoticeStyle = 'info' | 'warning' | 'success' | 'error';

export interface Notice {
	readonly sender: string;
	readonly text: string;
	/** The bus type a tap sends ('' = nothing to do). */
	readonly action: string;
	readonly callbackData: JsonObject;
	readonly style: NoticeStyle;
	readonly sticky: boolean;
	/** How long a transient popup stays (the companion's default is 10 s). */
	readonly durationMs: number;
	/** Seconds since the epoch, from the device (identifies it with sender and text). */
	readonly timestamp: number | null;
}

export interface Toast {
	readonly key: number;
	readonly notice: Notice;
}

export interface NoticeState {
	/** The last `notification_data`, popped up by the next `show`. */
	readonly pending: Notice | null;
	/** Popups on screen, oldest first. */
	readonly toasts: readonly Toast[];
	/** The companion's stored notifications, newest first as a person reads them. */
	readonly stored: readonly Notice[];
	readonly controlled: Pick<Notice, 'sender' | 'text' | 'style'> | null;
	readonly nextKey: number;
}

export const EMPTY_NOTICES: NoticeState = { pending: null, toasts: [], stored: [], controlled: null, nextKey: 1 };

/** At most this many popups at once; older ones give way (they stay with the companion). */
export const MAX_TOASTS = 3;

const STYLES: readonly string[] = ['info', 'warning', 'success', 'error'];

function str(v: Json | undefined): string {
	return typeof v === 'string' ? v : '';
}

/** A notification from the wire; null when it has nothing to show. */
export function readNotice(v: Json | undefined): Notice | null {
	if (!isObject(v)) return null;
	const text = str(v.text);
	const sender = str(v.sender);
	if (text === '' && sender === '') return null;
	const duration = typeof v.duration === 'number' && Number.isFinite(v.duration) ? v.duration : 10;
	return {
		sender,
		text,
		action: str(v.action),
		callbackData: isObject(v.callback_data) ? (v.callback_data as JsonObject) : {},
		style: (STYLES.includes(str(v.style)) ? str(v.style) : 'info') as NoticeStyle,
		sticky: v.type === 'sticky',
		durationMs: Math.min(120, Math.max(2, duration)) * 1000,
		timestamp: typeof v.timestamp === 'number' ? v.timestamp : null
	};
}

export function sameNotice(a: Notice, b: Notice): boolean {
	return a.sender === b.sender && a.text === b.text && a.timestamp === b.timestamp;
}

/** How the window names a notification: the server sends the device's own copy. */
export function noticeRef(n: Notice): JsonObject {
	return n.timestamp === null ? { sender: n.sender, text: n.text } : { sender: n.sender, text: n.text, timestamp: n.timestamp };
}

export function applyNotice(s: NoticeState, ev: WindowEvent): NoticeState {
	const d = ev.data;
	switch (ev.type) {
		case 'ovos.notification.notification_data':
			return { ...s, pending: readNotice(d.notification) };
		case 'ovos.notification.show': {
			const n = s.pending;
			if (!n || ev.replay || s.toasts.some((t) => sameNotice(t.notice, n))) return s;
			return { ...s, toasts: [...s.toasts, { key: s.nextKey, notice: n }].slice(-MAX_TOASTS), nextKey: s.nextKey + 1 };
		}
		case 'ovos.notification.update_storage_model': {
			const model = isObject(d.notification_model) ? d.notification_model.storedmodel : null;
			const stored = Array.isArray(model) ? model.map(readNotice).filter((n): n is Notice => n !== null).reverse() : [];
			return { ...s, stored };
		}
		case 'ovos.notification.controlled.type.show': {
			const n = readNotice(d.notification);
			return { ...s, controlled: n && { sender: n.sender, text: n.text, style: n.style } };
		}
		case 'ovos.notification.controlled.type.remove':
			return { ...s, controlled: null };
		default:
			return s;
	}
}

export function withoutToast(s: NoticeState, key: number): NoticeState {
	return { ...s, toasts: s.toasts.filter((t) => t.key !== key) };
}

/** The skill's name for a person: `ovos-skill-alerts.openvoiceos` → "Alerts". */
export function senderName(sender: string): string {
	const base = sender.split('.')[0] ?? sender;
	const words = base.replace(/^(ovos-skill-|skill-ovos-|skill-|ovos-|neon-skill-)/, '').split(/[-_]+/).filter(Boolean);
	const name = words.join(' ');
	return name ? name[0]!.toUpperCase() + name.slice(1) : sender;
}
