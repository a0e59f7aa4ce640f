/**
 * The browser's end: the window client against the real `/api/bus` handlers (fetch routed to them),
 * the notification and volume rules, and when a screen may use the window at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busMessage } from '../../src/lib/protocol';
import type { WindowEvent } from '../../src/lib/protocol/bus-window';
import { DEFAULT_ADDRESS } from '../../src/lib/protocol/address';
import {
	applyNotice,
	applyVolume,
	BusWindowClient,
	createFeatures,
	EMPTY_NOTICES,
	NO_VOLUME,
	NotificationCenter,
	readNotice,
	senderName,
	windowBlocked
} from '../../src/lib/bus-window';
import { postToBus, streamFromBus, type WindowHttpDeps } from '../../src/lib/server/bus-window';
import { unauthorized } from '../../src/lib/server/guards';
import { notification, ORIGIN, rig, until, type Rig } from './helpers';

let r: Rig;
beforeAll(async () => {
	r = await rig();
});
afterAll(() => r.stop());

/** A fetch that hands same-origin requests to the handlers, as the SvelteKit route does. */
function routed(deps: WindowHttpDeps = r.deps, client = '127.0.0.1'): typeof fetch {
	return async (input, init) => {
		const url = new URL(String(input), ORIGIN);
		const req = new Request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'sec-fetch-site': 'same-origin' } });
		return req.method === 'POST' ? postToBus(req, url, client, deps) : streamFromBus(req, url, client, deps);
	};
}

const ev = (type: string, data = {}, replay = false): WindowEvent => ({ type, data, replay });

describe('BusWindowClient against /api/bus', () => {
	it('goes live, follows the voice state of the core bus, and sends what a page asks', async () => {
		const w = new BusWindowClient({ fetch: routed() });
		expect(w.unavailable).toMatch(/Connecting/);
		w.start();
		await until(() => w.live, 3000, 'live');
		r.sim.emit(busMessage('recognizer_loop:record_begin'));
		await until(() => w.voice.listening, 3000, 'listening');
		r.sim.emit(busMessage('recognizer_loop:record_end'));
		r.sim.emit(busMessage('recognizer_loop:audio_output_start'));
		await until(() => w.voice.speaking && !w.voice.listening, 3000, 'speaking');
		r.sim.emit(busMessage('mycroft.ready'));
		await until(() => !w.voice.speaking && !w.voice.thinking);

		const before = r.seen.length;
		expect(await w.send({ type: 'ovos.gui.show.active.timers', data: {} })).toEqual({ ok: true });
		const refused = await w.send({ type: 'system.reboot', data: {} });
		expect(refused.ok).toBe(false);
		expect(!refused.ok && refused.reason).toMatch(/allow-list/);
		await until(() => r.seen.slice(before).some((m) => m.type === 'ovos.gui.show.active.timers'));
		w.stop();
	});

	it('says this browser is no longer paired when the server stops letting it in, and is live again once it is', async () => {
		let letIn = false;
		const inner = routed();
		// The app's door (hooks.server.ts) answers a browser it no longer knows before the route runs.
		const w = new BusWindowClient({ fetch: (input, init) => (letIn ? inner(input, init) : Promise.resolve(unauthorized())), retryMinMs: 20, retryMaxMs: 40 });
		w.start();
		await until(() => w.unpaired, 3000, 'not let in');
		expect(w.unavailable).toMatch(/no longer paired/);
		expect(w.problem).toMatch(/Open the page again to pair it/);
		letIn = true;
		await until(() => w.live, 3000, 'live once let in');
		expect(w.unpaired).toBe(false);
		w.stop();
	});

	it('reports a closed bus and comes back with it', async () => {
		const local = await rig();
		const port = local.sim.busPort;
		const w = new BusWindowClient({ fetch: routed(local.deps), retryMinMs: 20 });
		w.start();
		await until(() => w.live);
		await local.sim.stop();
		await until(() => !w.live && /not connected/.test(w.unavailable ?? ''), 3000, 'bus down');
		const again = await rig({ busPort: port });
		await until(() => w.live, 5000, 'bus back');
		w.stop();
		local.window.close();
		await local.client.close();
		await again.stop();
	});

	it('is blocked, and sends nothing, on a screen pointed at another OVOS', async () => {
		const blocked = windowBlocked(DEFAULT_ADDRESS, { ...DEFAULT_ADDRESS, host: '10.0.0.9' });
		expect(blocked).toMatch(/10\.0\.0\.9:18181/);
		expect(windowBlocked(DEFAULT_ADDRESS, { ...DEFAULT_ADDRESS, handshake: 'full' })).toBeNull();
		expect(windowBlocked(DEFAULT_ADDRESS, { ...DEFAULT_ADDRESS, busPort: 9 })).not.toBeNull();
		let calls = 0;
		const w = new BusWindowClient({ blocked, fetch: async () => (calls++, new Response(null, { status: 500 })) });
		w.start();
		expect(await w.send({ type: 'ovos.gui.show.active.timers' })).toEqual({ ok: false, reason: blocked });
		expect(w.unavailable).toBe(blocked);
		expect(calls).toBe(0);
	});

	it('runs notifications end to end: popup, its timeout stores it, the action, dismiss', async () => {
		const w = new BusWindowClient({ fetch: routed() });
		const center = new NotificationCenter(w);
		w.start();
		await until(() => w.live);
		// A skill asks the shell companion, which pops it up 2 s later; duration 0.1 is clamped to the 2 s minimum.
		const n = notification();
		const asked = Object.fromEntries(['sender', 'text', 'action', 'type', 'style', 'callback_data'].map((k) => [k, n[k]!]));
		r.sim.emit(busMessage('ovos.notification.api.set', { ...asked, duration: 0.1 }));
		await until(() => center.state.toasts.length === 1, 5000, 'toast');
		expect(center.count).toBe(1);
		const shown = r.seen.find((m) => m.type === 'ovos.notification.notification_data')!.data.notification;
		const before = r.seen.length;
		await until(() => r.seen.slice(before).some((m) => m.type === 'ovos.notification.api.pop.clear'), 4000, 'pop.clear on timeout');
		expect(center.state.toasts).toEqual([]);
		expect(r.seen.slice(before).find((m) => m.type === 'ovos.notification.api.pop.clear')!.data).toEqual({ notification: shown });

		// The companion stores it; the list shows it; opening it sends its action, then clears the item.
		await until(() => center.state.stored.length === 1, 3000, 'stored');
		const mark = r.seen.length;
		center.actOnStored(center.state.stored[0]!);
		await until(() => r.seen.slice(mark).some((m) => m.type === 'ovos.notification.api.storage.clear.item'), 3000, 'clear.item');
		const sent = r.seen.slice(mark);
		expect(sent.find((m) => m.type === n.action)!.data).toEqual(n.callback_data);
		expect(center.failure).toBeNull();
		center.destroy();
		w.stop();
	});
});

describe('features loaded late', () => {
	it('take up the events that came before them, then follow live', () => {
		const w = new BusWindowClient({ blocked: 'test' });
		const f = createFeatures(w, [
			ev('ovos.notification.update_storage_model', { notification_model: { storedmodel: [notification()], count: 1 } }, true),
			ev('mycroft.volume.get.response', { percent: 0.3 }, true),
			ev('mycroft.volume.get.response', { percent: 0.4 })
		]);
		expect(f.notices.state.stored).toHaveLength(1);
		expect(f.volume.state.percent).toBe(40);
		expect(f.volume.visible).toBe(true);
		f.destroy();
	});
});

describe('notification rules (ovos-shell)', () => {
	it('pops up on show after notification_data, once; stores from the storage model, newest first', () => {
		const n1 = notification({ text: 'one', timestamp: 1 });
		const n2 = notification({ text: 'two', timestamp: 2 });
		let s = applyNotice(EMPTY_NOTICES, ev('ovos.notification.notification_data', { notification: n1 }));
		expect(s.toasts).toEqual([]);
		s = applyNotice(s, ev('ovos.notification.show'));
		s = applyNotice(s, ev('ovos.notification.show'));
		expect(s.toasts.map((t) => t.notice.text)).toEqual(['one']);
		// The companion sends an empty notification after storing one; a show then pops nothing.
		s = applyNotice(s, ev('ovos.notification.notification_data', { notification: {} }));
		s = applyNotice(s, ev('ovos.notification.show'));
		expect(s.toasts).toHaveLength(1);
		s = applyNotice(s, ev('ovos.notification.update_storage_model', { notification_model: { storedmodel: [n1, n2], count: 2 } }));
		expect(s.stored.map((n) => n.text)).toEqual(['two', 'one']);
	});

	it('reads any shape without throwing: defaults, sticky, clamps, unknown styles', () => {
		expect(readNotice(null)).toBeNull();
		expect(readNotice({})).toBeNull();
		expect(readNotice({ text: 5, sender: [] } as never)).toBeNull();
		const n = readNotice({ text: 'x', style: 'rainbow', type: 'sticky', duration: 9999, callback_data: 'x' })!;
		expect(n).toMatchObject({ style: 'info', sticky: true, durationMs: 120_000, callbackData: {}, action: '', timestamp: null });
		expect(senderName('ovos-skill-alerts.openvoiceos')).toBe('Alerts');
		expect(senderName('skill-ovos-homescreen.openvoiceos')).toBe('Homescreen');
		expect(senderName('')).toBe('');
	});
});

describe('volume OSD rules', () => {
	it('takes the level on connecting as the baseline, shows changes and asked-for reports', () => {
		let s = applyVolume(NO_VOLUME, ev('mycroft.volume.get.response', { percent: 0.5, muted: false }, true), 1000);
		expect(s).toMatchObject({ percent: 50, shownAt: null });
		s = applyVolume(s, ev('mycroft.volume.get.response', { percent: 0.5 }), 2000);
		expect(s.shownAt).toBeNull(); // someone asked for the level: nothing changed, nothing shown
		s = applyVolume(s, ev('mycroft.volume.get.response', { percent: 0.6 }), 3000);
		expect(s).toMatchObject({ percent: 60, shownAt: 3000 });
		s = applyVolume(s, ev('mycroft.volume.increase', { percent: 0.1 }), 4000);
		s = applyVolume(s, ev('mycroft.volume.get.response', { percent: 0.6 }), 4100);
		expect(s.shownAt).toBe(4100); // "louder" at the same level still shows
		s = applyVolume(s, ev('mycroft.volume.get.response', { percent: 0.6, muted: true }), 9000);
		expect(s).toMatchObject({ muted: true, shownAt: 9000 });
		s = applyVolume(s, ev('mycroft.volume.display', { percent: 1.7 }), 9500);
		expect(s).toMatchObject({ percent: 100, shownAt: 9500 });
		expect(applyVolume(s, ev('mycroft.volume.get.response', { percent: 'x' }), 9600).percent).toBe(100);
	});
});

