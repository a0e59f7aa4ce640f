import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, WireSession } from '../../src/lib/connection';
import { toCanonical, type OvosAddress } from '../../src/lib/protocol';
import { liveScreen } from '../support/live-screen';
import { fakeTransport } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui' };
const FULL: OvosAddress = { ...GUI, handshake: 'full' };

function harness(address: OvosAddress) {
	const t = fakeTransport();
	return { t, ...liveScreen(address, t.transport, 'me') };
}

const insert = (id: string, position = 0) => ({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position, data: [{ skill_id: id }] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GUI-socket-only mode', () => {
	it('connects to ws://HOST:18181/gui, announces itself flat once open, and is live', () => {
		const { t, actor } = harness(GUI);
		const gui = t.last('gui')!;
		expect(gui.url).toBe('ws://10.0.0.5:18181/gui');
		expect(actor.getSnapshot().hasTag('live')).toBe(false);
		gui.open();
		expect(actor.getSnapshot().hasTag('live')).toBe(true);
		expect(JSON.parse(gui.sent[0]!)).toEqual({ type: 'mycroft.gui.connected', gui_id: 'me', framework: 'qt5' });
		expect(t.sockets.some((s) => s.url.endsWith('/core'))).toBe(false);
	});

	it('a reconnect starts from an empty state, then the replay rebuilds it with no duplicates', () => {
		const { t, session } = harness(GUI);
		t.last('gui')!.open();
		t.last('gui')!.receive(insert('a'));
		t.last('gui')!.receive(insert('b'));
		expect(session.state.stack).toEqual(['b', 'a']);
		t.last('gui')!.drop();
		vi.advanceTimersByTime(1000);
		const again = t.last('gui')!;
		expect(t.sockets.length).toBe(2);
		again.open();
		expect(session.state.stack).toEqual([]);
		again.receive(insert('b', 0));
		again.receive(insert('a', 1));
		expect(JSON.parse(toCanonical(session.state)).stack).toEqual(['b', 'a']);
	});

	it('retries forever, each delay short while visible', () => {
		const { t } = harness(GUI);
		for (let i = 0; i < 50; i++) {
			t.last('gui')!.drop();
			vi.advanceTimersByTime(400);
		}
		expect(t.sockets.length).toBe(51);
	});

	it('retries at once on wake (online / page visible again)', () => {
		const { t, actor } = harness(GUI);
		actor.send({ type: 'visibility', visible: false });
		t.last('gui')!.drop();
		vi.advanceTimersByTime(50);
		expect(t.sockets.length).toBe(1);
		actor.send({ type: 'wake' });
		expect(t.sockets.length).toBe(2);
	});

	it('gives up a connect that hangs and tries again', () => {
		const { t } = harness(GUI);
		vi.advanceTimersByTime(3000);
		vi.advanceTimersByTime(400);
		expect(t.sockets.length).toBe(2);
	});

	it('leaving (stop) closes the socket', () => {
		const { t, actor } = harness(GUI);
		t.last('gui')!.open();
		actor.stop();
		expect(t.last('gui')!.readyState).toBe(3);
	});
});

describe('full handshake mode', () => {
	it('announces on the core bus, ignores a port for another gui_id, then opens the GUI socket on our port', () => {
		const { t, actor } = harness(FULL);
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
		expect(actor.getSnapshot().hasTag('live')).toBe(true);
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

	it('announces again whenever the bus reconnects, and keeps the GUI socket meanwhile', () => {
		const { t } = harness(FULL);
		t.last('core')!.open();
		t.last('core')!.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
		const gui = t.last('gui')!;
		gui.open();
		t.last('core')!.drop();
		vi.advanceTimersByTime(400);
		const bus2 = t.last('core')!;
		expect(t.sockets.filter((s) => s.url.endsWith('/core')).length).toBe(2);
		bus2.open();
		expect(JSON.parse(bus2.sent[0]!).type).toBe('mycroft.gui.connected');
		expect(gui.readyState).toBe(1);
	});
});

describe('retryDelay', () => {
	it('stays within 400 ms while visible and grows to 15 s while hidden, never zero', () => {
		for (let a = 0; a < 40; a++) {
			for (const r of [0, 0.5, 0.999]) {
				const v = retryDelay(a, true, () => r);
				expect(v).toBeGreaterThan(0);
				expect(v).toBeLessThanOrEqual(400);
				expect(retryDelay(a, false, () => r)).toBeLessThanOrEqual(15000);
			}
		}
		expect(retryDelay(30, false, () => 0.999)).toBeGreaterThan(10000);
	});
});

describe('WireSession', () => {
	it('counts, logs and skips bad frames; the state is untouched', () => {
		const s = new WireSession();
		const frames: unknown[] = [];
		s.onFrame((f) => frames.push(f));
		expect(s.guiIn('{nope')).toBe(false);
		expect(s.guiIn(null)).toBe(false);
		expect(s.guiIn(JSON.stringify(insert('a')))).toBe(true);
		expect(s.decodeErrors).toBe(2);
		expect(s.framesIn).toBe(3);
		expect(frames).toHaveLength(3);
		expect(frames[0]).toMatchObject({ socket: 'gui', dir: 'in', error: { code: 'json' } });
		expect(s.state.stack).toEqual(['a']);
	});

	it('reports reducer refusals on the frame', () => {
		const s = new WireSession();
		const frames: { problem?: string }[] = [];
		s.onFrame((f) => frames.push(f));
		s.guiIn(JSON.stringify({ type: 'mycroft.session.set', namespace: 'x', data: { a: 1 } }));
		expect(frames[0]?.problem).toContain('not active');
		expect(s.problems).toBe(1);
	});
});
