import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLIND_RETRY_MS, CONNECT_TIMEOUT_MS, holdAfter, LATE_PROBE_EVERY_MS, PROBE_EVERY_MS, SERVER_RETRY_MS } from '../../src/lib/connection';
import { toCanonical, type OvosAddress } from '../../src/lib/protocol';
import { liveScreen } from '../support/live-screen';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
const FULL: OvosAddress = { ...GUI, handshake: 'full', via: 'direct' };
/** Through the app, to the OVOS it is configured with (the page's relay paths name no host). */
const APP: OvosAddress = { host: null, guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'app' };
const RELAY = '/ovos/gui?port=18181';
const STRAIGHT = 'ws://127.0.0.1:18181/gui';

/** A screen on fake sockets; the port answers HTTP probes while `port.up`. */
function harness(address: OvosAddress, opts: { withServer?: boolean; pageHost?: string } = {}) {
	const t = fakeTransport();
	const port = { up: true };
	const w = fakeWatchers(() => port.up, opts.withServer);
	return { t, port, w, ...liveScreen(address, t.transport, 'me', w.watchers, opts.pageHost) };
}

const insert = (id: string, position = 0) => ({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position, data: [{ skill_id: id }] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GUI-socket-only mode', () => {
	it('connects to ws://HOST:18181/gui, announces itself flat once open, and is live', () => {
		const { t, isLive } = harness(GUI);
		const gui = t.last('gui')!;
		expect(gui.url).toBe('ws://10.0.0.5:18181/gui');
		expect(isLive()).toBe(false);
		gui.open();
		expect(isLive()).toBe(true);
		expect(JSON.parse(gui.sent[0]!)).toEqual({ type: 'mycroft.gui.connected', gui_id: 'me', framework: 'qt5' });
		expect(t.sockets.some((s) => s.url.endsWith('/core'))).toBe(false);
	});

	it('a reconnect starts from an empty state, then the replay rebuilds it with no duplicates', async () => {
		const { t, model } = harness(GUI);
		t.last('gui')!.open();
		t.last('gui')!.receive(insert('a'));
		t.last('gui')!.receive(insert('b'));
		expect(model().stack).toEqual(['b', 'a']);
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(1000);
		const again = t.last('gui')!;
		expect(t.sockets.length).toBe(2);
		again.open();
		expect(model().stack).toEqual([]);
		again.receive(insert('b', 0));
		again.receive(insert('a', 1));
		expect(JSON.parse(toCanonical(model())).stack).toEqual(['b', 'a']);
	});

	it('connects the moment the app server says the port accepts, without waiting for a probe', async () => {
		const { t, port, w } = harness(GUI, { withServer: true });
		port.up = false;
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(10);
		expect(w.polls.map((p) => [p.kind, p.port])).toEqual([['gui', 18181]]);
		await vi.advanceTimersByTimeAsync(4000);
		expect(w.probes).toEqual([]); // with the server watching, no quick probes
		w.polls[0]!.answer('timeout'); // a long-poll that ends with nothing is asked again
		await vi.advanceTimersByTimeAsync(10);
		expect(w.polls.length).toBe(2);
		w.polls[1]!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.sockets.length).toBe(2);
		t.last('gui')!.open();
		expect(t.last('gui')!.readyState).toBe(1);
	});

	it('a server shutting down that still accepted when the socket dropped costs one failed connect, not a 5-s hold', async () => {
		// ovos-gui (or the simulator) closes its clients, then its listening port: the app server's
		// check can land in between and say "open", and the connect made on its word is refused.
		const { t, w } = harness(GUI, { withServer: true });
		t.last('gui')!.open();
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.sockets.length).toBe(2);
		t.last('gui')!.drop(); // refused: the port is closed now
		await vi.advanceTimersByTimeAsync(10);
		// The server is asked again at once, and its word that the port is back is taken at once.
		expect(w.polls.length).toBe(2);
		w.polls[1]!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.sockets.length).toBe(3);
		t.last('gui')!.open();
		expect(t.last('gui')!.readyState).toBe(1);
	});

	it('while the app server watches, a 10-minute outage sends the device nothing but a blind WebSocket every 5 min, and the port back is seen at once', async () => {
		const { t, port, w } = harness(GUI, { withServer: true });
		t.last('gui')!.open();
		port.up = false;
		t.last('gui')!.drop();
		let answered = 0;
		for (let s = 1; s <= 600; s++) {
			await vi.advanceTimersByTimeAsync(1000);
			t.sockets.forEach((x) => x.readyState === 0 && x.drop()); // refused
			// The server's long-poll ends every 20 s with "still closed"; the page asks again.
			if (s % 20 === 0) while (answered < w.polls.length) w.polls[answered++]!.answer('timeout');
		}
		expect(w.probes).toEqual([]);
		expect(t.sockets.length - 1).toBe(2);
		await vi.advanceTimersByTimeAsync(10);
		w.polls.at(-1)!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.last('gui')!.readyState).toBe(0);
		expect(t.sockets.length - 1).toBe(3);
	});

	it('when the app server stops answering, the page probes the port itself (and stops once it answers again)', async () => {
		const { t, port, w } = harness(GUI, { withServer: true });
		t.last('gui')!.open();
		port.up = false;
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('error'); // the app server is down too
		await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS + 10);
		expect(w.probes.length).toBeGreaterThanOrEqual(1);
		await vi.advanceTimersByTimeAsync(SERVER_RETRY_MS);
		expect(w.polls.length).toBe(2);
		w.polls[1]!.answer('timeout'); // back, and still watching
		await vi.advanceTimersByTimeAsync(10);
		const probes = w.probes.length;
		await vi.advanceTimersByTimeAsync(4 * PROBE_EVERY_MS);
		expect(w.probes.length).toBe(probes);
		port.up = true;
		w.polls[2]!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.sockets.length).toBe(2);
	});

	it('while the app server\'s answers are late (stuck behind other requests in the browser), the page probes the port itself', async () => {
		const { t, port, w } = harness(GUI, { withServer: true });
		t.last('gui')!.open();
		port.up = false;
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('late');
		await vi.advanceTimersByTimeAsync(410);
		expect(w.probes.length).toBe(1); // probing meanwhile, soon after the drop
		await vi.advanceTimersByTimeAsync(100);
		expect(w.polls.length).toBe(2); // and the server asked again
		await vi.advanceTimersByTimeAsync(1400 + 3 * LATE_PROBE_EVERY_MS);
		expect(w.probes.length).toBe(5); // then every second while the server's answers stay late
		port.up = true;
		await vi.advanceTimersByTimeAsync(LATE_PROBE_EVERY_MS);
		expect(t.sockets.length).toBe(2);
	});

	it('falls back to probing soon when the server does not watch this port', async () => {
		const { t, port, w } = harness(GUI, { withServer: true });
		port.up = false;
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('unwatched');
		await vi.advanceTimersByTimeAsync(400);
		expect(w.probes.length).toBe(1);
		port.up = true;
		await vi.advanceTimersByTimeAsync(1500);
		expect(t.sockets.length).toBe(2);
	});

	it('a port that answers HTTP but refuses the WebSocket is tried less and less often', async () => {
		const { t } = harness(GUI);
		const starts: number[] = [];
		for (let ms = 0; ms < 120_000; ms += 50) {
			const last = t.last('gui')!;
			if (last.readyState === 0) {
				starts.push(ms);
				last.drop();
			}
			await vi.advanceTimersByTimeAsync(50);
		}
		const gaps = starts.slice(1).map((s, i) => s - starts[i]!);
		// The first refusal is probed soon (0.3 s); the first refusal on the probe's word is free (the next
		// probe at its usual 5 s); then held off 5, 10, 20 s, then every 30 s.
		expect(gaps[0]).toBeLessThan(500);
		expect(gaps.slice(1, 6).map((g) => Math.round(g / 1000))).toEqual([5, 5, 10, 20, 30]);
		expect(Math.min(...gaps.slice(5))).toBeGreaterThanOrEqual(holdAfter(9));
	});

	it('retries at once on wake (online / page visible again)', async () => {
		const { t, port, actor } = harness(GUI);
		port.up = false;
		t.last('gui')!.drop();
		await vi.advanceTimersByTimeAsync(50);
		expect(t.sockets.length).toBe(1);
		actor.send({ type: 'wake' });
		expect(t.sockets.length).toBe(2);
	});

	it('gives up a connect that hangs, after longer than the browser may hold it back', async () => {
		const { t } = harness(GUI);
		await vi.advanceTimersByTimeAsync(5500);
		expect(t.sockets[0]!.readyState).toBe(0);
		await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 5500 + 400); // and the port answers a probe
		expect(t.sockets[0]!.readyState).toBe(3);
		expect(t.sockets.length).toBe(2);
	});

	it('leaving (stop) closes the socket', () => {
		const { t, actor } = harness(GUI);
		t.last('gui')!.open();
		actor.stop();
		expect(t.last('gui')!.readyState).toBe(3);
	});
});

describe.each([GUI, FULL])('while OVOS refuses ($handshake handshake)', (address) => {
	it('about one failed attempt per 5 s in all, WebSockets only now and then, never giving up', async () => {
		const { t, port, w, isLive } = harness(address);
		const goLive = () => {
			if (address.handshake === 'full') {
				t.last('core')!.open();
				t.last('core')!.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
			}
			t.last('gui')!.open();
			expect(isLive()).toBe(true);
		};
		goLive();
		// OVOS stops: the open sockets drop, and every WebSocket opened now is refused at once.
		port.up = false;
		t.sockets.forEach((s) => s.readyState === 1 && s.drop());
		const refuse = () => t.sockets.forEach((s) => s.readyState === 0 && s.drop());
		for (let ms = 0; ms < 10 * 60_000; ms += 100) {
			await vi.advanceTimersByTimeAsync(100);
			refuse();
		}
		const sockets = t.sockets.length;
		const failures = sockets + w.probes.length;
		// Chromium logs each failed WebSocket and each refused fetch: ~120 in 10 min, not 1,500.
		expect(failures / 120).toBeGreaterThan(0.9);
		expect(failures / 120).toBeLessThan(1.3);
		// Few WebSockets: Chromium's throttle stays near zero (≤ 20 failures in any 4 minutes).
		expect(sockets - (address.handshake === 'full' ? 2 : 1)).toBeLessThanOrEqual((10 * 60_000) / BLIND_RETRY_MS);
		// Still trying: the port comes back and the screen connects within one probe period or two.
		port.up = true;
		await vi.advanceTimersByTimeAsync(2 * PROBE_EVERY_MS);
		expect(t.sockets.length).toBe(sockets + (address.handshake === 'full' ? 2 : 1));
		goLive();
	});
});

describe('full handshake mode', () => {
	it('announces on the core bus, ignores a port for another gui_id, then opens the GUI socket on our port', () => {
		const { t, isLive } = harness(FULL);
		const bus = t.last('core')!;
		expect(bus.url).toBe('ws://10.0.0.5:8181/core');
		expect(t.last('gui')).toBeUndefined();
		bus.open();
		expect(JSON.parse(bus.sent[0]!)).toMatchObject({ type: 'mycroft.gui.connected', data: { gui_id: 'me' } });
		bus.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'someone-else', framework: 'qt5' }, context: {} });
		expect(t.last('gui')).toBeUndefined();
		bus.receive({ type: 'mycroft.gui.port', data: { port: 28181, gui_id: 'me', framework: 'qt5' }, context: {} });
		const gui = t.last('gui')!;
		expect(gui.url).toBe('ws://10.0.0.5:28181/gui');
		gui.open();
		expect(isLive()).toBe(true);
		expect(gui.sent).toEqual([]); // Qt sends nothing on the GUI socket at open
	});

	it('re-announces until the port arrives (ovos-gui may start after the bus)', () => {
		const { t } = harness(FULL);
		const bus = t.last('core')!;
		bus.open();
		vi.advanceTimersByTime(3100);
		expect(bus.sent.length).toBe(4);
		bus.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
		vi.advanceTimersByTime(5000);
		expect(bus.sent.length).toBe(4);
	});

	it('announces again whenever the bus reconnects, and keeps the GUI socket meanwhile', async () => {
		const { t } = harness(FULL);
		t.last('core')!.open();
		t.last('core')!.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
		const gui = t.last('gui')!;
		gui.open();
		t.last('core')!.drop();
		await vi.advanceTimersByTimeAsync(400);
		const bus2 = t.last('core')!;
		expect(t.sockets.filter((s) => s.url.endsWith('/core')).length).toBe(2);
		bus2.open();
		expect(JSON.parse(bus2.sent[0]!).type).toBe('mycroft.gui.connected');
		expect(gui.readyState).toBe(1);
	});
});

describe('frames into the model', () => {
	it('counts, logs and skips bad frames; the model is untouched', () => {
		const { t, model, frames, actor } = harness(GUI);
		const gui = t.last('gui')!;
		gui.open();
		const before = frames.length; // our own announce, out
		gui.receive('{nope');
		gui.onmessage?.({ data: new ArrayBuffer(2) });
		gui.receive(insert('a'));
		const ctx = actor.getSnapshot().context;
		expect(ctx.decodeErrors).toBe(2);
		expect(ctx.framesIn).toBe(3);
		expect(frames.slice(before)).toHaveLength(3);
		expect(frames[before]).toMatchObject({ socket: 'gui', dir: 'in', error: { code: 'json' }, connection: 1 });
		expect(model().stack).toEqual(['a']);
	});

	it('reports reducer refusals on the frame', () => {
		const { t, frames, actor } = harness(GUI);
		t.last('gui')!.open();
		t.last('gui')!.receive({ type: 'mycroft.session.set', namespace: 'x', data: { a: 1 } });
		expect(frames.at(-1)?.problem).toContain('not active');
		expect(actor.getSnapshot().context.problems).toBe(1);
	});

	it('logs what it sends, numbered with the frames it receives', () => {
		const { t, frames, actor } = harness(GUI);
		const gui = t.last('gui')!;
		gui.open();
		gui.receive(insert('a'));
		actor.send({ type: 'gui.send', message: { type: 'mycroft.events.triggered', namespace: 'a', event_name: 'x', parameters: {} } });
		expect(frames.map((f) => [f.seq, f.dir])).toEqual([
			[1, 'out'],
			[2, 'in'],
			[3, 'out']
		]);
		expect(JSON.parse(gui.sent[1]!)).toMatchObject({ type: 'mycroft.events.triggered', event_name: 'x' });
	});
});

describe('through the app, when the app server is down', () => {
	it('a page on the machine itself goes straight to ovos-gui, and back through the app once the app answers and the straight socket drops', async () => {
		const { t, w, notes, actor } = harness(APP, { withServer: true });
		expect(t.last('gui')!.url).toBe(RELAY);
		t.last('gui')!.open();
		// The app server stops: the relay's socket drops, and the port watch cannot be asked.
		t.last('gui')!.drop(1006);
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('error');
		// Tried straight at once, not after a probe: the screen stays live through an app server restart.
		await vi.advanceTimersByTimeAsync(0);
		expect(w.probes).toEqual([]);
		expect(t.last('gui')!.url).toBe(STRAIGHT);
		t.last('gui')!.open();
		expect(actor.getSnapshot().hasTag('live')).toBe(true);
		expect(actor.getSnapshot().context.guiVia).toBe('direct');
		expect(notes).toContain(`gui socket straight to OVOS (${STRAIGHT}): the app server does not answer`);
		// Straight, no ping goes on the socket (ovos-gui would take it for a GUI message).
		expect(t.last('gui')!.sent.some((f) => f.includes('ovos-screen.ping'))).toBe(false);
		// The app server is back: the straight socket stays until it drops, then the next connect is relayed.
		t.last('gui')!.drop(1006);
		await vi.advanceTimersByTimeAsync(10);
		const asked = w.polls.length;
		w.polls.at(-1)!.answer('timeout');
		await vi.advanceTimersByTimeAsync(600); // asked again after its hold
		expect(w.polls.length).toBe(asked + 1);
		w.polls.at(-1)!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.last('gui')!.url).toBe(RELAY);
		expect(t.sockets.map((s) => s.url)).toEqual([RELAY, STRAIGHT, RELAY]);
	});

	it('a relayed socket closed because the app is stopping (1001) goes straight at once, whatever the stopping app still answers', async () => {
		const { t, w, isLive } = harness(APP, { withServer: true });
		t.last('gui')!.open();
		t.last('gui')!.drop(1001);
		await vi.advanceTimersByTimeAsync(0);
		expect(w.polls).toEqual([]);
		expect(t.last('gui')!.url).toBe(STRAIGHT);
		t.last('gui')!.open();
		expect(isLive()).toBe(true);
		// Closed with 1001 by ovos-gui itself, straight: the next connect goes through the app again.
		t.last('gui')!.drop(1001);
		await vi.advanceTimersByTimeAsync(10);
		w.polls.at(-1)!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.sockets.map((s) => s.url)).toEqual([RELAY, STRAIGHT, RELAY]);
	});

	it('a page loaded while the app is down (the kept shell): its relayed socket fails before it opens, and it connects straight', async () => {
		// No port watch either: a screen of an OVOS the app server does not watch.
		const { t, w, isLive } = harness(APP);
		t.last('gui')!.drop(1006); // the relay's socket never opened
		await vi.advanceTimersByTimeAsync(400);
		expect(w.probes).toEqual([STRAIGHT]);
		expect(t.last('gui')!.url).toBe(STRAIGHT);
		t.last('gui')!.open();
		expect(isLive()).toBe(true);
	});

	it('the full handshake goes straight to the bus too', async () => {
		const { t, isLive } = harness({ ...APP, handshake: 'full' });
		t.last('core')!.drop(1006);
		await vi.advanceTimersByTimeAsync(1000);
		expect(t.last('core')!.url).toBe('ws://127.0.0.1:8181/core');
		t.last('core')!.open();
		t.last('core')!.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
		t.last('gui')!.drop(1006);
		await vi.advanceTimersByTimeAsync(1000);
		expect(t.last('gui')!.url).toBe(STRAIGHT);
		t.last('gui')!.open();
		expect(isLive()).toBe(true);
	});

	it('a relay that answers but refuses (or whose OVOS is down) keeps the page on the app: its port watch answered', async () => {
		const { t, w } = harness(APP, { withServer: true });
		t.last('gui')!.drop(1006); // refused
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('timeout');
		await vi.advanceTimersByTimeAsync(10 * PROBE_EVERY_MS);
		expect(w.probes).toEqual([]);
		w.polls.at(-1)!.answer('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(t.sockets.map((s) => s.url)).toEqual([RELAY, RELAY]);
	});

	it('a page on any other host never goes straight: remote screens reach OVOS only through the app', async () => {
		const { t, w } = harness(APP, { withServer: true, pageHost: '10.0.0.9' });
		t.last('gui')!.drop(1006);
		await vi.advanceTimersByTimeAsync(10);
		w.polls[0]!.answer('error');
		await vi.advanceTimersByTimeAsync(BLIND_RETRY_MS + SERVER_RETRY_MS);
		t.sockets.forEach((s) => s.readyState === 0 && s.drop(1006));
		await vi.advanceTimersByTimeAsync(BLIND_RETRY_MS);
		expect(new Set(t.sockets.map((s) => s.url))).toEqual(new Set([RELAY]));
		expect(new Set(w.probes)).toEqual(new Set([RELAY]));
	});
});
