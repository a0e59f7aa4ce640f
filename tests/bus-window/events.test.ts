/**
 * Bus → browser through the window (`GET /api/bus`, server-sent events): only allow-listed types of
 * the device's own session, cut to their schema, never a context; state replayed to late comers;
 * the window asks the device for its state whenever the bus (re)opens; streams are bounded.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { busMessage, type BusMessage } from '../../src/lib/protocol';
import { FROM_BUS, streamFromBus, type WindowHttpDeps } from '../../src/lib/server/bus-window';
import { FairSlots, RateLimiter } from '../../src/lib/server/guards';
import { busEvents, get, notification, reader, rig, sleep, until, URL_BUS, type Rig } from './helpers';

let r: Rig;
const open: { cancel(): Promise<void> }[] = [];
beforeAll(async () => {
	r = await rig();
});
afterAll(() => r.stop());
afterEach(async () => {
	await Promise.all(open.splice(0).map((s) => s.cancel()));
	r.seen.length = 0;
});

let n = 0;
function stream(deps: WindowHttpDeps = r.deps, client = `10.0.1.${++n}`, headers: Record<string, string> = {}) {
	const res = streamFromBus(get(headers), URL_BUS, client, deps);
	if (res.status !== 200) return { res, frames: [], cancel: async () => {} };
	const s = reader(res);
	open.push(s);
	return { res, ...s };
}

/** Events that happened while the stream was open (not the replayed state of earlier tests). */
const live = (frames: ReturnType<typeof stream>['frames']) => busEvents(frames).filter((e) => !e.replay);

/** Emits `msgs` on the bus, then a marker, and waits until the stream has the marker. */
async function through(frames: ReturnType<typeof stream>['frames'], msgs: BusMessage[]): Promise<void> {
	for (const m of msgs) r.sim.emit(m);
	r.sim.emit(busMessage('mycroft.ready', { marker: true }));
	await until(() => busEvents(frames).some((e) => e.type === 'mycroft.ready'), 3000, 'marker');
}

describe('GET /api/bus', () => {
	it('opens with the window state, as server-sent events', async () => {
		const s = stream();
		expect(s.res.status).toBe(200);
		expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
		await until(() => s.frames.length > 0);
		expect(s.frames[0]).toMatchObject({ event: 'state', data: { open: true, parts: { notifications: 'answered' } } });
	});

	it('passes every allow-listed type and no other, each cut to its schema, without context', async () => {
		const s = stream();
		const listed = Object.keys(FROM_BUS).filter((t) => t !== 'mycroft.ready');
		const unlisted = [
			'gui.value.set',
			'gui.page.show',
			'mycroft.gui.port',
			'recognizer_loop:utterance.x',
			'ovos.notification.api.set',
			'ovos.widgets.timer.update',
			'mycroft.volume.get',
			'constructor',
			'toString',
			'__proto__',
			'homescreen.register.app',
			'skill-x:SomeIntent'
		];
		const secret = { utterance: 'my bank pin is 1234', utterances: ['my bank pin is 1234'], extra: 'x' };
		await through(s.frames, [
			...unlisted.map((t) => busMessage(t, secret, { session: { session_id: 'default' } })),
			...listed.map((t) => busMessage(t, secret, { session: { session_id: 'default' }, secret: 'ctx' }))
		]);
		const got = live(s.frames);
		expect(got.map((e) => e.type)).toEqual([...listed, 'mycroft.ready']);
		const raw = JSON.stringify(s.frames);
		expect(raw).not.toContain('1234');
		expect(raw).not.toContain('ctx');
		for (const e of got) expect(Object.keys(e).sort()).toEqual(['data', 'type']);
	});

	it('keeps the fields a schema names, drops the rest, and drops messages of the wrong shape', async () => {
		const s = stream();
		const n1 = notification();
		await through(s.frames, [
			busMessage('ovos.notification.notification_data', { notification: { ...n1, html: '<b>x</b>' }, extra: 1 }),
			busMessage('mycroft.volume.get.response', { percent: 0.4, muted: false, card: 'hw:0' }),
			busMessage('mycroft.volume.get.response', { percent: 'loud' }),
			busMessage('mycroft.skill.handler.start', { name: 'TimerSkill.handle_start', exception: 'x' }),
			// GUIInterface.show_notification without an action: the companion passes None on.
			busMessage('ovos.notification.notification_data', { notification: { ...n1, action: null, duration: null } }),
			busMessage('ovos.notification.update_storage_model', { notification_model: { storedmodel: [n1, 'junk'], count: 2 } })
		]);
		const got = live(s.frames).filter((e) => e.type !== 'mycroft.ready');
		expect(got).toEqual([
			{ type: 'ovos.notification.notification_data', data: { notification: n1 } },
			{ type: 'mycroft.volume.get.response', data: { percent: 0.4, muted: false } },
			{ type: 'mycroft.skill.handler.start', data: { name: 'TimerSkill.handle_start' } },
			{ type: 'ovos.notification.notification_data', data: { notification: { ...n1, action: null, duration: null } } }
		]);
		expect(r.window.stats.droppedBad).toBeGreaterThanOrEqual(2);
	});

	it('drops events of other sessions: a chat is not the device', async () => {
		const s = stream();
		await through(s.frames, [
			busMessage('speak', { utterance: 'private' }, { session: { session_id: 'chat-123' } }),
			busMessage('recognizer_loop:audio_output_start', {}, { session: { session_id: 'chat-123' } }),
			busMessage('recognizer_loop:audio_output_start', {}, {})
		]);
		expect(live(s.frames).map((e) => e.type)).toEqual(['recognizer_loop:audio_output_start', 'mycroft.ready']);
	});

	it('replays the stored notifications, the controlled one and the volume to a browser that connects later', async () => {
		const stored = { notification_model: { storedmodel: [notification()], count: 1 } };
		const first = stream();
		await through(first.frames, [
			busMessage('ovos.notification.update_storage_model', stored),
			busMessage('mycroft.volume.get.response', { percent: 0.7, muted: false }),
			busMessage('ovos.notification.controlled.type.show', { notification: { sender: 'ocp', text: 'Playback error', style: 'warning' } }),
			busMessage('ovos.notification.controlled.type.remove')
		]);
		const late = stream();
		await until(() => late.frames.length >= 4);
		await sleep(50);
		expect(late.frames[0]!.event).toBe('state');
		const replayed = busEvents(late.frames);
		expect(replayed.every((e) => e.replay === true)).toBe(true);
		expect(replayed.map((e) => e.type).sort()).toEqual(
			['mycroft.volume.get.response', 'ovos.notification.controlled.type.remove', 'ovos.notification.update_storage_model'].sort()
		);
		expect(replayed.find((e) => e.type === 'ovos.notification.update_storage_model')!.data).toEqual(stored);
	});

	it('asks the device for its notifications, apps and volume whenever the bus (re)opens, and says when it is down', async () => {
		const local = await rig();
		const port = local.sim.busPort;
		const s = reader(streamFromBus(get(), URL_BUS, 'x', local.deps));
		open.push(s);
		await local.sim.stop();
		await until(() => s.frames.some((f) => f.event === 'state' && !(f.data as { open: boolean }).open), 3000, 'closed state');
		const again = await rig({ busPort: port });
		await until(() => local.client.isOpen, 5000, 'reconnect');
		await until(() => again.seen.filter((m) => m.type === 'mycroft.volume.get').length >= 2, 3000, 'learn requests');
		const types = again.seen.map((m) => m.type);
		for (const t of ['ovos.notification.api.request.storage.model', 'homescreen.metadata.get', 'mycroft.volume.get']) expect(types).toContain(t);
		const states = () => s.frames.filter((f) => f.event === 'state').map((f) => (f.data as { open: boolean }).open);
		await until(() => states().at(-1) === true && states().includes(false), 3000, 'open state');
		local.window.close();
		await local.client.close();
		await again.stop();
	});

	it('refuses a cross-origin stream (403)', async () => {
		expect(stream(r.deps, 'a', { origin: 'http://evil.test' }).res.status).toBe(403);
		expect(stream(r.deps, 'a', { 'sec-fetch-site': 'cross-site' }).res.status).toBe(403);
	});

	it('bounds open streams per client (429) and keeps serving other clients', async () => {
		const deps: WindowHttpDeps = { ...r.deps, streams: new FairSlots({ perAddress: 3, perNetwork: 100, total: 100, reserved: 0 }, 'streams'), opens: new RateLimiter({ burst: 100, perSecond: 100 }) };
		const mine = [stream(deps, 'greedy'), stream(deps, 'greedy'), stream(deps, 'greedy')];
		expect(mine.map((s) => s.res.status)).toEqual([200, 200, 200]);
		const fourth = stream(deps, 'greedy');
		expect(fourth.res.status).toBe(429);
		expect(stream(deps, 'polite').res.status).toBe(200);
		await mine[0]!.cancel();
		await until(() => deps.streams.count === 3);
		expect(stream(deps, 'greedy').res.status).toBe(200);
	});

	it('refuses a reconnect loop (429) after a burst of opens', async () => {
		const deps: WindowHttpDeps = { ...r.deps, opens: new RateLimiter({ burst: 3, perSecond: 0.5 }) };
		const codes = Array.from({ length: 5 }, () => {
			const s = stream(deps, 'looper');
			void s.cancel();
			return s.res.status;
		});
		expect(codes).toEqual([200, 200, 200, 429, 429]);
	});

	it('ends every open stream when the window closes (the server is shutting down)', async () => {
		const local = await rig();
		const res = streamFromBus(get(), URL_BUS, 'x', local.deps);
		const text = res.text();
		await until(() => local.window.subscribers === 1);
		local.window.close();
		await expect(text).resolves.toMatch(/^event: state/);
		expect(local.deps.streams.count).toBe(0);
		await local.client.close();
		await local.sim.stop();
	});
});
