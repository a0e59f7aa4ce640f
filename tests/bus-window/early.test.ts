// Which bus-window events load the notification and volume code: a screen that only
// got the baselines on connecting (replays, the device's answers) shows nothing from them, so its
// first page does not pay for that code.
import { describe, expect, it } from 'vitest';
import type { WindowEvent } from '../../src/lib/protocol/bus-window';
import { keep, showsSomething } from '../../src/lib/bus-window/early';
import { createFeatures } from '../../src/lib/bus-window/features';
import { BusWindowClient } from '../../src/lib/bus-window/window-client.svelte';

const ev = (type: string, data: WindowEvent['data'] = {}, replay?: boolean): WindowEvent => (replay ? { type, data, replay } : { type, data });
const storage = (n: number, replay?: boolean) =>
	ev('ovos.notification.update_storage_model', { notification_model: { storedmodel: Array.from({ length: n }, (_, i) => ({ sender: 's', text: `t${i}` })), count: n } }, replay);
const level = (percent: number, replay?: boolean) => ev('mycroft.volume.get.response', { percent }, replay);
const notice = { sender: 'skill-news.openvoiceos', text: 'Three new headlines' };

describe('features wanted', () => {
	it('not for baselines: the first volume level, no stored notifications, the counter, a next popup’s data, no controlled one', () => {
		expect(showsSomething([], level(0.5, true))).toBe(false);
		expect(showsSomething([], level(0.5))).toBe(false);
		expect(showsSomething([level(0.4)], level(0.5, true))).toBe(false);
		expect(showsSomething([], storage(0, true))).toBe(false);
		expect(showsSomething([], storage(0))).toBe(false);
		expect(showsSomething([], ev('ovos.notification.update_storage_model', {}, true))).toBe(false);
		expect(showsSomething([], ev('ovos.notification.update_counter', { notification_counter: 0 }))).toBe(false);
		expect(showsSomething([], ev('ovos.notification.notification_data', { notification: notice }))).toBe(false);
		expect(showsSomething([], ev('ovos.notification.controlled.type.remove', {}, true))).toBe(false);
		expect(showsSomething([], ev('ovos.notification.show', {}, true))).toBe(false);
	});

	it('for a popup, a level after the baseline, stored notifications (the bell), a controlled one, a volume request', () => {
		expect(showsSomething([], ev('ovos.notification.show'))).toBe(true);
		expect(showsSomething([level(0.4, true)], level(0.5))).toBe(true);
		expect(showsSomething([], storage(2, true))).toBe(true);
		expect(showsSomething([], storage(1))).toBe(true);
		expect(showsSomething([], ev('ovos.notification.controlled.type.show', { notification: notice }, true))).toBe(true);
		expect(showsSomething([], ev('mycroft.volume.increase', {}))).toBe(true);
		expect(showsSomething([], ev('mycroft.volume.display', { percent: 0.3 }))).toBe(true);
	});

	it('keeps the newest baseline of each type; loaded then, the features start from them', () => {
		let early: WindowEvent[] = [];
		for (const e of [level(0.2, true), storage(0, true), level(0.3), ev('ovos.notification.notification_data', { notification: notice })]) early = keep(early, e);
		expect(early.map((e) => e.type)).toEqual(['ovos.notification.update_storage_model', 'mycroft.volume.get.response', 'ovos.notification.notification_data']);
		expect(early[1]!.data.percent).toBe(0.3);
		const f = createFeatures(new BusWindowClient({ blocked: 'test' }), [...early, ev('ovos.notification.show'), level(0.6)]);
		expect(f.notices.state.toasts.map((t) => t.notice.text)).toEqual([notice.text]);
		expect(f.volume.state.percent).toBe(60);
		expect(f.volume.visible).toBe(true);
		f.destroy();
	});
});
