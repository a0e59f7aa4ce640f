/**
 * Browser → bus through the window, called as SvelteKit calls `POST /api/bus`: every allow-listed
 * message reaches the bus with its payload; everything else is refused with its own status while the
 * window goes on serving the others.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { busMessage, isObject, type BusMessage, type JsonObject } from '../../src/lib/protocol';
import { postToBus, sameJson, TO_BUS, defaultDeps } from '../../src/lib/server/bus-window';
import { notification, ORIGIN, post, rig, sleep, until, URL_BUS, type Rig } from './helpers';

let r: Rig;
beforeAll(async () => {
	r = await rig();
});
afterAll(() => r.stop());
afterEach(() => {
	r.seen.length = 0;
});

let n = 0;
/** Each call comes from its own client address unless told, so the rate limit stays out of the way. */
const send = (body: unknown, headers: Record<string, string> = {}, client = `10.0.0.${++n % 250}`) =>
	postToBus(post(body, headers), URL_BUS, client, r.deps);

/** What arrived on the bus of `type` since the last reset. */
const onBus = (type: string): BusMessage[] => r.seen.filter((m) => m.type === type);

async function announce(msg: BusMessage): Promise<void> {
	const before = r.seen.length;
	r.sim.emit(msg);
	await until(() => r.seen.length > before);
	await sleep(30); // the window's client receives it over its socket
}

/** One valid payload per fixed entry of the allow-list, as the QML sends it. */
const PAYLOADS: Record<string, JsonObject> = {
	'mycroft.gui.screen.close': {},
	'ovos.gui.show.active.timers': {},
	'ovos.gui.show.active.alarms': {},
	'ovos.common_play.home': {},
	'system.display.homescreen': {},
	'ovos.homescreen.main_view.current_index.get.response': { current_index: 1 },
	'ovos.common_play.gui.enable_app_timeout': { enabled: true },
	'ovos.common_play.gui.set_app_timeout': { timeout: 45 },
	'ovos.common_play.gui.timeout.mode': { mode: 'pause' },
	'ovos.notification.api.storage.clear': {},
	'ovos.notification.api.storage.clear.item': { notification: { sender: 'ovos-skill-alerts.openvoiceos', text: 'Timer done' } },
	'ovos.notification.api.pop.clear': { notification: { sender: 'ovos-skill-alerts.openvoiceos', text: 'Timer done', timestamp: 1767225600.123456 } },
	'ovos.notification.api.pop.clear.delete': { notification: { sender: 'ovos-skill-alerts.openvoiceos', text: 'Timer done' } }
};

describe('POST /api/bus: what is allowed reaches the bus', () => {
	it('covers every fixed entry of the allow-list', () => {
		expect(Object.keys(PAYLOADS).sort()).toEqual(Object.keys(TO_BUS).sort());
	});

	it('puts every allow-listed message on the bus with its payload, as Qt sends it', async () => {
		await announce(busMessage('ovos.notification.notification_data', { notification: notification() }));
		for (const [type, data] of Object.entries(PAYLOADS)) {
			const res = await send({ type, data });
			expect(res.status, type).toBe(202);
			expect(await res.json()).toEqual({ ok: true });
		}
		await until(() => Object.keys(PAYLOADS).every((t) => onBus(t).length === 1), 3000, 'every message on the bus');
		for (const [type, data] of Object.entries(PAYLOADS)) {
			const [m] = onBus(type);
			expect(m!.context, type).toEqual({ session: { session_id: 'default' } });
			if (TO_BUS[type]!.resolve === 'notification') expect(m!.data, type).toEqual({ notification: notification() });
			else expect(m!.data, type).toEqual(data);
		}
	});

	it('sends the device’s own copy of a notification a browser names, never the browser’s', async () => {
		const own = notification({ text: 'Pasta is ready', timestamp: 1767225700.5 });
		await announce(busMessage('ovos.notification.update_storage_model', { notification_model: { storedmodel: [own], count: 1 } }));
		const res = await send({
			type: 'ovos.notification.api.storage.clear.item',
			data: { notification: { sender: own.sender, text: own.text, timestamp: own.timestamp } }
		});
		expect(res.status).toBe(202);
		await until(() => onBus('ovos.notification.api.storage.clear.item').length === 1);
		expect(onBus('ovos.notification.api.storage.clear.item')[0]!.data).toEqual({ notification: own });
		// A page may send the whole item it holds (the homescreen's QML does); once cleared it is gone.
		const other = notification({ text: 'Bread is ready', timestamp: 1767225800.25 });
		await announce(busMessage('ovos.notification.notification_data', { notification: other }));
		expect((await send({ type: 'ovos.notification.api.pop.clear.delete', data: { notification: { ...other, timestamp: null } } })).status).toBe(202);
		await sleep(50);
		expect((await send({ type: 'ovos.notification.api.storage.clear.item', data: { notification: own } })).status).toBe(403);
	});

	it('sends an app’s launcher only when the device announced that app, with an empty payload', async () => {
		const launch = `${NEWS}.News.homescreen.app`;
		expect((await send({ type: launch, data: {} })).status).toBe(403);
		await announce(busMessage('homescreen.register.app', { skill_id: NEWS, icon: '/x.png', event: launch, name: 'News' }));
		expect((await send({ type: launch, data: {} })).status).toBe(202);
		expect((await send({ type: launch, data: { extra: 1 } })).status).toBe(403);
		// The homescreen's drawer names its apps' launchers too (OCP registers itself as `ovos.common_play`).
		await announce(busMessage('gui.value.set', { __from: 'skill-ovos-homescreen.openvoiceos', applications_model: [{ name: 'OCP', thumbnail: '', action: 'ovos.common_play.OCP.homescreen.app' }] }));
		expect((await send({ type: 'ovos.common_play.OCP.homescreen.app' })).status).toBe(202);
		await announce(busMessage('detach_skill', { skill_id: NEWS }));
		expect((await send({ type: launch, data: {} })).status).toBe(403);
		await until(() => onBus('ovos.common_play.OCP.homescreen.app').length === 1);
		expect(onBus(launch)).toHaveLength(1);
		expect(onBus(launch)[0]!.data).toEqual({});
	});

	it('sends a notification’s action only with exactly the callback data the skill asked for', async () => {
		const n1 = notification({ sender: MAIL, action: `${MAIL}.open`, callback_data: { id: 7 }, text: 'New mail', type: '', duration: 10 });
		expect((await send({ type: `${MAIL}.open`, data: { id: 7 } })).status).toBe(403);
		// The skill asks the shell companion, which pops it up 2 s later.
		await announce(busMessage('ovos.notification.api.set', { sender: MAIL, text: 'New mail', action: `${MAIL}.open`, callback_data: { id: 7 } }));
		await until(() => onBus('ovos.notification.notification_data').some((m) => isObject(m.data.notification) && sameJson(m.data.notification, { ...n1, timestamp: m.data.notification.timestamp ?? null })), 5000, 'the popup');
		await sleep(30);
		expect((await send({ type: `${MAIL}.open`, data: { id: 8 } })).status).toBe(403);
		expect((await send({ type: `${MAIL}.open`, data: {} })).status).toBe(403);
		expect((await send({ type: `${MAIL}.open`, data: { id: 7 } })).status).toBe(202);
		await until(() => onBus(`${MAIL}.open`).length === 1);
		expect(onBus(`${MAIL}.open`)[0]!.data).toEqual({ id: 7 });
	});
});

const NEWS = 'ovos-skill-news.openvoiceos';
const MAIL = 'ovos-skill-mail.openvoiceos';
const ALERTS = 'ovos-skill-alerts.openvoiceos';

/** A GUI-socket client (anyone who reaches ovos-gui) sends one frame; ovos-gui relays it onto the bus. */
async function fromGuiClient(frame: JsonObject): Promise<void> {
	const ws = new WebSocket(r.sim.guiUrl);
	await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
	const before = r.seen.length;
	ws.send(JSON.stringify(frame));
	await until(() => r.seen.length > before, 3000, 'the relayed frame on the bus');
	await sleep(30);
	ws.close();
}

describe('POST /api/bus: announced actions are learnt from the device only', () => {
	// A window of its own: what these tests try to teach must not reach the other tests' window.
	let shared: Rig;
	beforeAll(async () => {
		shared = r;
		r = await rig();
	});
	afterAll(async () => {
		await r.stop();
		r = shared;
	});

	it('a notification a GUI-socket client relayed through ovos-gui teaches nothing', async () => {
		await fromGuiClient({
			type: 'mycroft.events.triggered',
			namespace: 'ovos.notification',
			event_name: 'notification_data',
			parameters: { notification: notification({ sender: MAIL, action: `${MAIL}.run`, callback_data: {}, text: 'Tap me' }) }
		});
		expect(r.seen.at(-1)).toMatchObject({ type: 'ovos.notification.notification_data', context: { gui_framework: 'qt5' } });
		expect((await send({ type: `${MAIL}.run`, data: {} })).status).toBe(403);
		await fromGuiClient({
			type: 'mycroft.events.triggered',
			namespace: 'ovos.notification',
			event_name: 'update_storage_model',
			parameters: { notification_model: { storedmodel: [notification({ sender: MAIL, action: `${MAIL}.stored`, callback_data: {} })], count: 1 } }
		});
		expect((await send({ type: `${MAIL}.stored`, data: {} })).status).toBe(403);
		expect(onBus(`${MAIL}.run`)).toHaveLength(0);
		expect(onBus(`${MAIL}.stored`)).toHaveLength(0);
	});

	it('an app list or app registration a GUI-socket client relayed teaches nothing', async () => {
		await fromGuiClient({
			type: 'mycroft.events.triggered',
			namespace: 'gui.value',
			event_name: 'set',
			parameters: { __from: 'skill-ovos-homescreen.openvoiceos', applications_model: [{ name: 'x', action: `${NEWS}.x.homescreen.app` }] }
		});
		await fromGuiClient({
			type: 'mycroft.events.triggered',
			namespace: 'homescreen.register',
			event_name: 'app',
			parameters: { skill_id: NEWS, icon: '', name: 'Evil', event: `${NEWS}.Evil.homescreen.app` }
		});
		expect((await send({ type: `${NEWS}.x.homescreen.app` })).status).toBe(403);
		expect((await send({ type: `${NEWS}.Evil.homescreen.app` })).status).toBe(403);
	});
});

describe('POST /api/bus: an announced action is what a skill offers, in its own namespace', () => {
	// The device's own services (the shell companion, the homescreen skill) repeat what they are sent,
	// also what a GUI-socket client had ovos-gui relay to them, without the relay's mark.
	let shared: Rig;
	beforeAll(async () => {
		shared = r;
		r = await rig({ skills: true });
	});
	afterAll(async () => {
		await r.stop();
		r = shared;
	});

	/** Until the shell companion has popped up a notification with `action` (2 s after it was asked). */
	const popped = (action: string) =>
		until(() => r.seen.some((m) => m.type === 'ovos.notification.notification_data' && isObject(m.data.notification) && m.data.notification.action === action), 5000, `the popup of ${action}`);

	it('a notification a GUI-socket client had the shell companion pop up or store teaches nothing', async () => {
		// The probe's three: core types a skill's event never is.
		const cases: [string, JsonObject][] = [
			['detach_skill', { skill_id: 'ovos-skill-weather.openvoiceos' }],
			['register_vocab', { entity_value: 'open the door', entity_type: 'x' }],
			['complete_intent_failure', {}],
			// Shaped as a skill's own action: still the client's, not the skill's.
			[`${MAIL}.open`, {}]
		];
		for (const [action, callback_data] of cases) {
			const sender = action.startsWith(MAIL) ? MAIL : 'evil';
			await fromGuiClient({ type: 'mycroft.events.triggered', namespace: 'ovos.notification.api', event_name: 'set', parameters: { sender, text: `tap ${action}`, action, callback_data } });
		}
		for (const [action] of cases) await popped(action);
		await sleep(50);
		for (const [action, data] of cases) expect((await send({ type: action, data })).status, action).toBe(403);
		// Stored by the companion at a client's word (`pop.clear`): the same.
		await fromGuiClient({
			type: 'mycroft.events.triggered',
			namespace: 'ovos.notification.api.pop',
			event_name: 'clear',
			parameters: { notification: { sender: MAIL, text: 'stored', action: `${MAIL}.read`, callback_data: {} } }
		});
		await until(() => r.seen.some((m) => m.type === 'ovos.notification.update_storage_model' && JSON.stringify(m.data).includes(`${MAIL}.read`)));
		await sleep(30);
		expect((await send({ type: `${MAIL}.read`, data: {} })).status).toBe(403);
		await sleep(50);
		for (const type of [...cases.map(([a]) => a), `${MAIL}.read`]) expect(onBus(type), type).toHaveLength(0);
	});

	it('an app a GUI-socket client had the homescreen register teaches nothing but a launcher', async () => {
		await fromGuiClient({
			type: 'mycroft.events.triggered',
			namespace: 'homescreen.register',
			event_name: 'app',
			parameters: { skill_id: 'ovos-skill-weather.openvoiceos', icon: '', name: 'x', event: 'register_vocab' }
		});
		// The homescreen repeats it: its drawer now offers `register_vocab`.
		await until(() => r.seen.some((m) => m.type === 'gui.value.set' && JSON.stringify(m.data.applications_model ?? null).includes('register_vocab')), 3000, 'the drawer');
		await sleep(30);
		expect((await send({ type: 'register_vocab', data: {} })).status).toBe(403);
		await sleep(50);
		expect(onBus('register_vocab')).toHaveLength(0);
	});

	it('takes an app launcher in the shape ovos-workshop gives it, from the skill that registered it', async () => {
		const register = (skill_id: string, event: string) => announce(busMessage('homescreen.register.app', { skill_id, icon: '', name: 'x', event }));
		// `@homescreen_app(icon, name)`: `<skill_id>.<name>.homescreen.app`, the name as written.
		await register(NEWS, `${NEWS}.File Browser.homescreen.app`);
		expect((await send({ type: `${NEWS}.File Browser.homescreen.app` })).status).toBe(202);
		const refused = ['mycroft.stop', 'detach_skill', `${NEWS}.stop`, 'recognizer_loop:utterance', `${NEWS}.homescreen.app`];
		for (const event of refused) await register(NEWS, event);
		// Another skill's launcher is not this one's to register.
		await register(MAIL, `${NEWS}.Other.homescreen.app`);
		await announce(busMessage('gui.value.set', { __from: 'ovos-skill-homescreen.openvoiceos', applications_model: ['speak', 'detach_skill', 'homescreen.app', '.x.homescreen.app'].map((action) => ({ name: action, action })) }));
		for (const type of [...refused, `${NEWS}.Other.homescreen.app`, 'speak', 'homescreen.app', '.x.homescreen.app']) expect((await send({ type, data: {} })).status, type).toBe(403);
	});

	it('takes a notification’s action only when the skill itself asked for it, in its own namespace', async () => {
		const ask = (sender: string, action: string, callback_data: JsonObject) =>
			announce(busMessage('ovos.notification.api.set', { sender, text: `${sender} ${action}`, action, type: 'transient', style: 'info', callback_data, duration: 10 }));
		// The alerts skill's own (`ovos.alerts.…`: OpenVoiceOS skills keep `ovos.<skill>.` as theirs), a skill's id as its namespace.
		await ask(ALERTS, 'ovos.alerts.dismiss_notification', { alert: { ident: 'a1' } });
		await ask(MAIL, `${MAIL}.open`, { id: 7 });
		const refused: [string, string][] = [[ALERTS, 'detach_skill'], [ALERTS, 'mycroft.stop'], [ALERTS, 'ovos.weather.show'], [MAIL, 'ovos.alerts.open'], [MAIL, `${NEWS}.open`], [MAIL, `${MAIL}:intent`]];
		for (const [sender, action] of refused) await ask(sender, action, {});
		await popped('ovos.alerts.dismiss_notification');
		for (const [, action] of refused) await popped(action);
		await sleep(50);
		expect((await send({ type: 'ovos.alerts.dismiss_notification', data: { alert: { ident: 'a1' } } })).status).toBe(202);
		expect((await send({ type: `${MAIL}.open`, data: { id: 7 } })).status).toBe(202);
		for (const [, action] of refused) expect((await send({ type: action, data: {} })).status, action).toBe(403);
	});
});

describe('POST /api/bus: everything else is refused, with its status', () => {
	it('refuses a type outside the list (403) and puts nothing on the bus', async () => {
		for (const type of ['recognizer_loop:utterance', 'mycroft.volume.set', 'gui.value.set', 'system.reboot', 'constructor', '__proto__', 'toString']) {
			const res = await send({ type, data: {} });
			expect(res.status, type).toBe(403);
			expect(await res.json()).toMatchObject({ ok: false, code: 'not-allowed' });
		}
		await sleep(50);
		expect(r.seen).toEqual([]);
	});

	it('refuses payloads that do not match exactly (400)', async () => {
		const bad: [string, unknown][] = [
			['mycroft.gui.screen.close', { skill_id: 'skill-x' }],
			['ovos.homescreen.main_view.current_index.get.response', { current_index: 5 }],
			['ovos.homescreen.main_view.current_index.get.response', { current_index: '1' }],
			['ovos.common_play.gui.set_app_timeout', { timeout: 16 }],
			['ovos.common_play.gui.timeout.mode', { mode: 'sometimes' }],
			['ovos.notification.api.pop.clear', { notification: 'all' }],
			['ovos.gui.show.active.timers', []]
		];
		for (const [type, data] of bad) {
			const res = await send({ type, data });
			expect(res.status, JSON.stringify(data)).toBe(400);
			expect(await res.json()).toMatchObject({ ok: false, code: 'invalid' });
		}
		for (const body of [null, [], 'x', { data: {} }, { type: '' }, { type: ' a' }, { type: 'a\tb' }, { type: 7 }]) expect((await send(body)).status).toBe(400);
		expect((await send('{not json')).status).toBe(400);
		await sleep(50);
		expect(r.seen).toEqual([]);
	});

	it('refuses a notification the device never announced (403)', async () => {
		const res = await send({ type: 'ovos.notification.api.pop.clear', data: { notification: { sender: 'me', text: 'made up' } } });
		expect(res.status).toBe(403);
	});

	it('refuses an oversized body (413), whether it says so or not', async () => {
		const big = { type: 'ovos.gui.show.active.timers', data: { pad: 'x'.repeat(20_000) } };
		expect((await send(big)).status).toBe(413);
		const chunked = new Request(URL_BUS, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: ORIGIN },
			body: new ReadableStream({
				start(c) {
					for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1000)));
					c.close();
				}
			}),
			duplex: 'half'
		} as RequestInit);
		expect((await postToBus(chunked, URL_BUS, '10.1.1.1', r.deps)).status).toBe(413);
	});

	it('refuses a body that is not JSON (415)', async () => {
		expect((await send('type=x', { 'content-type': 'text/plain' })).status).toBe(415);
	});

	it('refuses cross-origin and cross-site requests (403)', async () => {
		const a = await send(PAYLOADS_OK, { origin: 'http://evil.test' });
		expect(a.status).toBe(403);
		expect(await a.json()).toMatchObject({ code: 'forbidden' });
		const b = await send(PAYLOADS_OK, { origin: '', 'sec-fetch-site': 'cross-site' });
		expect(b.status).toBe(403);
		await sleep(50);
		expect(r.seen).toEqual([]);
	});

	it('refuses a flood from one client (429 with Retry-After) and keeps serving the others', async () => {
		const flood = await Promise.all(Array.from({ length: 60 }, () => send(PAYLOADS_OK, {}, '10.9.9.9')));
		const codes = flood.map((res) => res.status);
		expect(codes.filter((c) => c === 202).length).toBeGreaterThanOrEqual(20);
		expect(codes.filter((c) => c === 202).length).toBeLessThanOrEqual(22);
		const refused = flood.filter((res) => res.status === 429);
		expect(refused.length).toBeGreaterThanOrEqual(38);
		expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect(await refused[0]!.json()).toMatchObject({ ok: false, code: 'rate-limited' });
		// Another screen is served meanwhile.
		const other = await send({ type: 'ovos.common_play.home', data: {} }, {}, '10.8.8.8');
		expect(other.status).toBe(202);
		await until(() => onBus('ovos.common_play.home').length === 1);
		expect(onBus('ovos.gui.show.active.timers').length).toBe(codes.filter((c) => c === 202).length);
	});

	it('answers 503 when the bus is down, and 202 again once it is back', async () => {
		const local = await rig();
		const port = local.sim.busPort;
		await local.sim.stop();
		await until(() => !local.client.isOpen);
		const down = await postToBus(post(PAYLOADS_OK), URL_BUS, '10.3.3.3', local.deps);
		expect(down.status).toBe(503);
		const body = JSON.stringify(await down.json());
		expect(body).toMatch(/not connected/);
		// Not where the bus is: that would tell a stranger about the device.
		expect(body).not.toMatch(new RegExp(`127\\.0\\.0\\.1|:${port}`));
		const again = await rig({ busPort: port });
		await until(() => local.client.isOpen, 5000, 'reconnect');
		expect((await postToBus(post(PAYLOADS_OK), URL_BUS, '10.3.3.3', local.deps)).status).toBe(202);
		local.window.close();
		await local.client.close();
		await again.stop();
	});
});

const PAYLOADS_OK = { type: 'ovos.gui.show.active.timers', data: {} };
