// The rune store over the connection actor: it shows the actor's model and nothing else, and holds a
// page it was given (the server-rendered first paint), or the page before a reconnect, until the
// actor's replay has spoken.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenClient } from '../../src/lib/screen-view/screen-client.svelte';
import { emptyNamespace, emptyState, type ScreenState } from '../../src/lib/screen';
import type { OvosAddress } from '../../src/lib/protocol';
import { PING, REPLAY_MS } from '../../src/lib/connection';
import { fakeTransport, fakeWatchers } from '../connection/fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
const insert = (id: string, position = 0) => ({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position, data: [{ skill_id: id }] });
const pages = (ns: string, ...names: string[]) => ({ type: 'mycroft.gui.list.insert', namespace: ns, position: 0, data: names.map((page) => ({ url: null, page })) });

function served(id: string): ScreenState {
	return { ...emptyState(), stack: [id], namespaces: { [id]: { ...emptyNamespace(), pages: [{ url: null, name: 'SYSTEM_TextFrame' }], currentPage: 0 } } };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(initial?: ScreenState) {
	const t = fakeTransport();
	const client = new ScreenClient('me');
	client.start(GUI, { transport: t.transport, watchers: fakeWatchers(() => true).watchers, pageHost: '10.0.0.5', initial });
	return { t, client };
}

/** A client whose GUI socket has replayed a text page in `ns` and is past its replay window, its conn published. */
async function steadyOn(ns: string) {
	const { t, client } = start();
	const gui = t.last('gui')!;
	gui.open();
	gui.receive(insert(ns));
	gui.receive(pages(ns, 'SYSTEM_TextFrame'));
	await vi.advanceTimersByTimeAsync(REPLAY_MS + 150);
	return { gui, client };
}

describe('ScreenClient', () => {
	it('publishes the actor\'s model, once per frame, and nothing of its own', async () => {
		const { t, client } = start();
		t.last('gui')!.open();
		t.last('gui')!.receive(insert('a'));
		t.last('gui')!.receive(pages('a', 'SYSTEM_TextFrame'));
		await vi.advanceTimersByTimeAsync(1);
		expect(client.state).toBe(client.actor!.getSnapshot().context.model);
		expect(client.state.stack).toEqual(['a']);
		expect(client.conn.status).toBe('live');
		expect(client.conn.machine).toMatch(/^gui\.socket\.live\.replaying/);
		expect(client.conn.tags).toContain('live');
	});

	it('holds a server-rendered page until the replay has spoken, then shows the replay', async () => {
		const ssr = served('ssr');
		const { t, client } = start(ssr);
		// From the start, before any frame: the screen hydrates the very model the server rendered.
		expect(client.state).toBe(ssr);
		await vi.advanceTimersByTimeAsync(1);
		expect(client.state.stack).toEqual(['ssr']);
		t.last('gui')!.open();
		await vi.advanceTimersByTimeAsync(1);
		expect(client.state.stack).toEqual(['ssr']); // open, but nothing replayed yet: no blank frame
		t.last('gui')!.receive(insert('a'));
		t.last('gui')!.receive(pages('a', 'SYSTEM_TextFrame'));
		await vi.advanceTimersByTimeAsync(1);
		expect(client.state.stack).toEqual(['a']);
	});

	it('lets a held page go when the device shows nothing once the replay window has passed', async () => {
		const { t, client } = start(served('ssr'));
		t.last('gui')!.open();
		await vi.advanceTimersByTimeAsync(REPLAY_MS - 50);
		expect(client.state.stack).toEqual(['ssr']);
		await vi.advanceTimersByTimeAsync(100);
		expect(client.state.stack).toEqual([]);
	});

	it('through the app, a device that replays nothing: live, and the held page let go, as soon as the relay answers the ping at open', async () => {
		const t = fakeTransport();
		const client = new ScreenClient('me');
		client.start({ ...GUI, via: 'app' }, { transport: t.transport, watchers: fakeWatchers(() => true).watchers, pageHost: '10.0.0.5', initial: served('ssr') });
		const gui = t.last('gui')!;
		gui.open();
		await vi.advanceTimersByTimeAsync(1);
		expect(gui.sent).toContain(PING);
		expect(client.state.stack).toEqual(['ssr']);
		expect(client.conn.status).not.toBe('live');
		// The relay answers once ovos-gui's end has answered its own ping: after all ovos-gui replayed.
		gui.receive({ type: 'ovos-screen.pong', data: { upstream: true } });
		await vi.advanceTimersByTimeAsync(1);
		expect(client.state.stack).toEqual([]);
		expect(client.conn.status).toBe('live');
		expect(client.counters.decodeErrors).toBe(0);
	});

	it('on the machine itself with the app server down: conn names the socket straight to ovos-gui, live after the straight replay window', async () => {
		const t = fakeTransport();
		const client = new ScreenClient('me');
		client.start({ ...GUI, host: null, via: 'app' }, { transport: t.transport, watchers: fakeWatchers(() => true).watchers, pageHost: '127.0.0.1', initial: served('ssr') });
		expect(t.last('gui')!.url).toBe('/ovos/gui?port=18181');
		t.last('gui')!.drop(1006); // the relay's socket never opened: the app server is down
		await vi.advanceTimersByTimeAsync(400);
		const gui = t.last('gui')!;
		expect(gui.url).toBe('ws://127.0.0.1:18181/gui');
		gui.open();
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 150);
		// No relay, no ping: the replay is over when its window closes.
		expect(gui.sent).not.toContain(PING);
		expect(client.conn.status).toBe('live');
		expect(client.conn.guiUrl).toBe('ws://127.0.0.1:18181/gui');
		expect(client.conn.timeline.map((e) => e.what)).toContain('gui socket straight to OVOS (ws://127.0.0.1:18181/gui): the app server does not answer');
	});

	it('after a drop keeps the page on screen, offline, until the new connection\'s replay has spoken: no blank frame', async () => {
		const { t, client } = start();
		t.last('gui')!.open();
		t.last('gui')!.receive(insert('a'));
		t.last('gui')!.receive(pages('a', 'SYSTEM_TextFrame'));
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 1);
		const before = client.state;
		expect(client.conn.status).toBe('live');
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(1000); // the port answers a probe: a new socket
		expect(client.conn.status).toBe('offline');
		t.last('gui')!.open();
		await vi.advanceTimersByTimeAsync(1);
		// Open, its model empty until the replay: the screen still shows the page, and says offline.
		expect(client.actor!.getSnapshot().context.model.stack).toEqual([]);
		expect(client.state).toBe(before);
		expect(client.conn.status).toBe('offline');
		t.last('gui')!.receive(insert('b'));
		t.last('gui')!.receive(pages('b', 'SYSTEM_TextFrame'));
		await vi.advanceTimersByTimeAsync(1);
		expect(client.state.stack).toEqual(['b']);
		expect(client.conn.status).toBe('live');
	});

	it('after a drop, a device that replays nothing: the screen empties when the replay window closes', async () => {
		const { t, client } = start();
		t.last('gui')!.open();
		t.last('gui')!.receive(insert('a'));
		t.last('gui')!.receive(pages('a', 'SYSTEM_TextFrame'));
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 1);
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(1000);
		t.last('gui')!.open();
		await vi.advanceTimersByTimeAsync(REPLAY_MS - 50);
		expect(client.state.stack).toEqual(['a']);
		await vi.advanceTimersByTimeAsync(100);
		expect(client.state.stack).toEqual([]);
		expect(client.conn.status).toBe('live');
	});

	it('under a stream of frames publishes new counters, and the same conn, until something in conn moves', async () => {
		const { gui, client } = await steadyOn('a');
		const conn = client.conn;
		expect(conn.machine).toContain('.steady');
		const counters = client.counters;
		for (let i = 0; i < 5; i++) {
			gui.receive({ type: 'mycroft.session.set', namespace: 'a', data: { text: `m${i}` } });
			await vi.advanceTimersByTimeAsync(20);
		}
		expect(client.state.namespaces.a?.data.text).toBe('m4');
		// The counters follow within 100 ms (not each animation frame: a stream steps the machine hundreds of times a second).
		await vi.advanceTimersByTimeAsync(100);
		expect(client.counters).not.toBe(counters);
		expect(client.counters.framesIn).toBe(counters.framesIn + 5);
		expect(client.conn).toBe(conn);
		// A note in the timeline is news for conn: a new one, with the note in it.
		gui.drop();
		await vi.advanceTimersByTimeAsync(20);
		expect(client.conn).not.toBe(conn);
		expect(client.conn.status).toBe('offline');
		expect(client.conn.timeline.length).toBeGreaterThan(conn.timeline.length);
	});

	it('moves only the parts of `shown` that a frame changed: a stream of data leaves the pages and the voice as they were', async () => {
		const { gui, client } = await steadyOn('a');
		const { shown } = client;
		expect(shown.id).toBe('a');
		const [pagesBefore, status, data] = [shown.pages, shown.status, shown.data];
		for (let i = 0; i < 5; i++) {
			gui.receive({ type: 'mycroft.session.set', namespace: 'a', data: { text: `m${i}` } });
			await vi.advanceTimersByTimeAsync(20);
			expect(shown.data.text).toBe(`m${i}`);
		}
		expect(shown.data).not.toBe(data);
		// The same objects: a rune set to the value it holds wakes nothing that reads it.
		expect(shown.pages).toBe(pagesBefore);
		expect(shown.status).toBe(status);
		expect(shown.currentPage).toBe(0);
		// A page and a namespace on top are news for the parts that hold them.
		gui.receive({ type: 'mycroft.gui.list.insert', namespace: 'a', position: 1, data: [{ url: null, page: 'SYSTEM_ImageFrame' }] });
		await vi.advanceTimersByTimeAsync(20);
		expect(shown.pages).not.toBe(pagesBefore);
		expect(shown.pages.map((p) => p.name)).toEqual(['SYSTEM_TextFrame', 'SYSTEM_ImageFrame']);
		gui.receive(insert('b'));
		gui.receive(pages('b', 'SYSTEM_Loading'));
		await vi.advanceTimersByTimeAsync(20);
		expect(shown.id).toBe('b');
		expect(shown.data).toEqual({});
	});

	it('says it cannot send while the GUI socket is not open', () => {
		const { t, client } = start();
		expect(client.send({ type: 'mycroft.events.triggered', namespace: 'a', event_name: 'x', parameters: {} })).toBe(false);
		t.last('gui')!.open();
		expect(client.send({ type: 'mycroft.events.triggered', namespace: 'a', event_name: 'x', parameters: {} })).toBe(true);
		expect(t.last('gui')!.sent.at(-1)).toContain('"event_name":"x"');
		expect(client.sendBus({ type: 'speak', data: {}, context: {} })).toBe(false);
	});
});
