/**
 * ovos-gui-plugin-shell-companion, the GUI extension of ovos-shell devices (wigets.py
 * `WidgetManager`), as far as screens see it:
 * - widgets: `ovos.widgets.display|update|remove {type, data}` from a skill becomes
 *   `ovos.widgets.<timer|alarm|media>.<action> {widget: data}`, which the homescreen forwards to its page;
 * - notifications: `ovos.notification.api.set` becomes a popup 2 s later (`update_counter`,
 *   `notification_data`, `show`); a popup that timed out is stored (`pop.clear`), one closed by hand
 *   dropped (`pop.clear.delete`); the store is cleared whole or by item, and sent as
 *   `update_storage_model` when asked; controlled notifications are relayed;
 * - `system.display.homescreen` shows the homescreen.
 */
import type { BusMessage, Json, JsonObject } from '../src/lib/protocol';
import { isObject } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import type { Clock } from '../src/lib/node/clock';
import type { Logger } from './log';

export function startShellCompanion(bus: MessageBus, clock: Clock, log: Logger): () => void {
	const stops = [startShellWidgets(bus), startShellNotifications(bus, clock, log)];
	return () => stops.forEach((stop) => stop());
}

const KINDS: Record<string, string> = { timer: 'timer', alarm: 'alarm', audio: 'media' };

export function startShellWidgets(bus: MessageBus): () => void {
	const offs = ['display', 'update', 'remove'].map((action) =>
		bus.on(`ovos.widgets.${action}`, (m) => {
			const kind = typeof m.data.type === 'string' ? KINDS[m.data.type] : undefined;
			if (!kind) return;
			// `remove` carries no widget data.
			const data: JsonObject = action === 'remove' ? {} : { widget: m.data.data ?? '' };
			bus.emit({ type: `ovos.widgets.${kind}.${action}`, data, context: {} });
		})
	);
	return () => offs.forEach((off) => off());
}

/** The companion's `time.sleep(2)` between accepting a notification and popping it up. */
export const POPUP_DELAY_MS = 2000;

/** Python's `data.get(key, default)`: only a missing key takes the default. */
const or = (v: Json | undefined, fallback: Json): Json => (v === undefined ? fallback : v);

export function startShellNotifications(bus: MessageBus, clock: Clock, log: Logger): () => void {
	let popups: JsonObject[] = [];
	let stored: JsonObject[] = [];
	const timers = new Set<ReturnType<Clock['setTimeout']>>();
	const emit = (type: string, data: JsonObject = {}) => bus.emit({ type, data, context: {} });
	const sameText = (a: JsonObject, b: Json | undefined) => isObject(b) && a.sender === b.sender && a.text === b.text;
	const storageModel = () => emit('ovos.notification.update_storage_model', { notification_model: { storedmodel: stored, count: stored.length } });

	const on = (type: string, fn: (m: BusMessage) => void) => bus.on(type, fn);
	const offs = [
		on('ovos.notification.api.request.storage.model', storageModel),
		on('ovos.notification.api.set', (m) => {
			const d = m.data;
			const n: JsonObject = {
				duration: or(d.duration, 10),
				sender: or(d.sender, ''),
				text: or(d.text, ''),
				action: or(d.action, ''),
				type: or(d.type, ''),
				style: or(d.style, 'info'),
				callback_data: isObject(d.callback_data) ? d.callback_data : {},
				timestamp: clock.now() / 1000
			};
			if (popups.some((p) => JSON.stringify(p) === JSON.stringify(n))) return;
			popups.push(n);
			const t = clock.setTimeout(() => {
				timers.delete(t);
				emit('ovos.notification.update_counter', { notification_counter: popups.length });
				emit('ovos.notification.notification_data', { notification: n });
				emit('ovos.notification.show');
			}, POPUP_DELAY_MS);
			timers.add(t);
		}),
		on('ovos.notification.api.pop.clear', (m) => {
			const n = m.data.notification;
			if (!isObject(n) || Object.keys(n).length === 0 || stored.some((s) => JSON.stringify(s) === JSON.stringify(n))) return;
			stored.push(n as JsonObject);
			const i = popups.findIndex((p) => sameText(p, n));
			if (i >= 0) popups.splice(i, 1);
			storageModel();
			emit('ovos.notification.notification_data', { notification: {} });
		}),
		on('ovos.notification.api.pop.clear.delete', (m) => {
			const i = popups.findIndex((p) => sameText(p, m.data.notification));
			if (i >= 0) popups.splice(i, 1);
		}),
		on('ovos.notification.api.storage.clear', () => {
			stored = [];
			storageModel();
		}),
		on('ovos.notification.api.storage.clear.item', (m) => {
			const n = m.data.notification;
			if (!isObject(n) || Object.keys(n).length === 0) return;
			// Quirk of wigets.py: it pops while iterating `range(len(model))`, so removing any but the
			// last item raises IndexError before `update_storage_model` is sent (the item is gone though).
			const len = stored.length;
			for (let i = 0; i < len; i++) {
				const s = stored[i];
				if (s === undefined) {
					log('debug', 'quirk shell-companion: storage.clear.item raised IndexError, no storage model sent');
					return;
				}
				if (sameText(s, n)) stored.splice(i, 1);
			}
			storageModel();
		}),
		on('ovos.notification.api.set.controlled', (m) =>
			emit('ovos.notification.controlled.type.show', {
				notification: { sender: or(m.data.sender, ''), text: or(m.data.text, ''), style: or(m.data.style, 'info'), timestamp: clock.now() / 1000 }
			})
		),
		on('ovos.notification.api.remove.controlled', () => emit('ovos.notification.controlled.type.remove')),
		// The companion shows the homescreen through ovos-gui's homescreen manager.
		on('system.display.homescreen', () => emit('homescreen.manager.show_active'))
	];
	return () => {
		for (const off of offs) off();
		for (const t of timers) clock.clearTimeout(t);
		popups = [];
		stored = [];
	};
}
