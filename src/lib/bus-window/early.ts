/**
 * The notification and volume events a screen takes before their code is loaded (features.ts is
 * fetched only once something is to be shown). When a screen connects, the bus window
 * replays the last known values and the device answers the window's questions: the volume level
 * (the OSD's baseline), the stored notifications, the popup counter. Those show nothing by
 * themselves (rules of notices.ts and volume.ts), so they are kept, newest per type, until an
 * event that may show something (a popup, a change of volume, stored notifications for the bell, a
 * controlled notification) loads the features, which then take them all in order.
 * Pure, and apart from notices.ts and volume.ts so the first page loads neither.
 */
import { isObject } from '../protocol/json';
import type { WindowEvent } from '../protocol/bus-window';

export const FEATURE_EVENT = /^(ovos\.notification\.|mycroft\.volume\.)/;

const LEVEL = new Set(['mycroft.volume.get.response', 'mycroft.volume.display']);

/** True when `ev`, after the kept events `early`, may show something: the features are needed now. */
export function showsSomething(early: readonly WindowEvent[], ev: WindowEvent): boolean {
	switch (ev.type) {
		case 'ovos.notification.update_storage_model': {
			const model = isObject(ev.data.notification_model) ? ev.data.notification_model.storedmodel : null;
			return Array.isArray(model) && model.length > 0;
		}
		// The next popup's data (shown by `show`), the counter, a removal of what is not shown.
		case 'ovos.notification.notification_data':
		case 'ovos.notification.update_counter':
		case 'ovos.notification.controlled.type.remove':
			return false;
		case 'ovos.notification.show':
			return !ev.replay;
		// The first level heard is the baseline; a later one may be a change.
		case 'mycroft.volume.get.response':
			return !ev.replay && early.some((e) => LEVEL.has(e.type));
		default:
			return true;
	}
}

/** The events kept, with `ev` that shows nothing: it replaces the earlier one of its type (each is a state, not a step). */
export function keep(early: readonly WindowEvent[], ev: WindowEvent): WindowEvent[] {
	return [...early.filter((e) => e.type !== ev.type), ev];
}
