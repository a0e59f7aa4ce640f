// A half-open socket — the server stops answering without closing (frozen, asleep,
// unplugged) — used to stay "live" for ever. A live socket silent for SILENT_MS gets its port probed;
// DEAD_AFTER unanswered probes in a row and it is closed as dead, then waits for its port as any
// dropped socket does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEAD_AFTER, DEEP_EVERY, RECHECK_MS, SILENT_MS, type PortWatchers } from '../../src/lib/connection';
import type { OvosAddress } from '../../src/lib/protocol';
import { liveScreen } from '../support/live-screen';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
const FULL: OvosAddress = { ...GUI, handshake: 'full', via: 'direct' };

function harness(address: OvosAddress) {
	const t = fakeTransport();
	const port = { up: true };
	const w = fakeWatchers(() => port.up);
	return { t, port, w, ...liveScreen(address, t.transport, 'me', w.watchers) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const frame = { type: 'mycroft.session.set', namespace: 'a', data: { k: 1 } };

describe('a live socket that stops answering without closing', () => {
	it('is probed after SILENT_MS of silence and closed as dead when its port does not answer; then waits for the port and reconnects', async () => {
		const { t, port, w, isLive } = harness(GUI);
		const gui = t.last('gui')!;
		gui.open();
		expect(isLive()).toBe(true);
		port.up = false; // frozen: the socket stays open, the port answers nothing
		await vi.advanceTimersByTimeAsync(SILENT_MS - 100);
		expect(w.checks).toEqual([]);
		await vi.advanceTimersByTimeAsync(100 + 1000 * (DEAD_AFTER - 1) + 10);
		expect(w.checks.length).toBe(DEAD_AFTER);
		expect(isLive()).toBe(false);
		expect(gui.readyState).toBe(3);
		// Back: the port answers a probe and a new socket opens.
		port.up = true;
		await vi.advanceTimersByTimeAsync(6000);
		expect(t.sockets.filter((s) => s.url.endsWith('/gui')).length).toBe(2);
		t.last('gui')!.open();
		expect(isLive()).toBe(true);
	});

	it('a quiet socket whose port answers stays live, probed once per SILENT_MS of silence', async () => {
		const { t, w, isLive } = harness(GUI);
		t.last('gui')!.open();
		await vi.advanceTimersByTimeAsync(SILENT_MS * 5 + 100);
		expect(isLive()).toBe(true);
		expect(w.checks.length).toBe(5);
	});

	it('a socket that keeps talking is never probed', async () => {
		const { t, w, isLive } = harness(GUI);
		const gui = t.last('gui')!;
		gui.open();
		for (let i = 0; i < 20; i++) {
			await vi.advanceTimersByTimeAsync(SILENT_MS / 2);
			gui.receive(frame);
		}
		expect(w.checks).toEqual([]);
		expect(isLive()).toBe(true);
	});

	it('is probed SILENT_MS after its last frame, not after its first or its open', async () => {
		const { t, w } = harness(GUI);
		const gui = t.last('gui')!;
		gui.open();
		await vi.advanceTimersByTimeAsync(SILENT_MS / 2);
		gui.receive(frame);
		await vi.advanceTimersByTimeAsync(SILENT_MS - 100);
		expect(w.checks).toEqual([]);
		await vi.advanceTimersByTimeAsync(200);
		expect(w.checks.length).toBe(1);
	});

	it('one unanswered probe is not enough (a busy server): the next answer keeps the socket', async () => {
		const { t, port, w, isLive } = harness(GUI);
		t.last('gui')!.open();
		port.up = false;
		await vi.advanceTimersByTimeAsync(SILENT_MS + 10);
		expect(w.checks.length).toBe(1);
		port.up = true;
		await vi.advanceTimersByTimeAsync(1000 + 10);
		expect(w.checks.length).toBe(2);
		expect(isLive()).toBe(true);
	});

	it('a frozen server that still accepts TCP (the app server\'s port check says yes, the end-to-end check no) is taken for dead', async () => {
		const t = fakeTransport();
		const checks: boolean[] = [];
		// Through the app server a quiet check is a TCP connect, which a frozen ovos-gui's kernel still accepts.
		const watchers: PortWatchers = { probe: async () => false, alive: async (_k, _u, _p, deep) => (checks.push(deep), !deep) };
		const { isLive } = liveScreen(GUI, t.transport, 'me', watchers);
		const gui = t.last('gui')!;
		gui.open();
		await vi.advanceTimersByTimeAsync(SILENT_MS * DEEP_EVERY + RECHECK_MS * DEAD_AFTER + 100);
		// Quiet checks answered, then the end-to-end one not, and the recheck goes end to end as well.
		const firstDeep = checks.indexOf(true);
		expect(firstDeep).toBeGreaterThan(0);
		expect(firstDeep).toBeLessThan(DEEP_EVERY);
		expect(checks.slice(firstDeep)).toEqual(Array<boolean>(DEAD_AFTER).fill(true));
		expect(isLive()).toBe(false);
		expect(gui.readyState).toBe(3);
	});

	it('in the full handshake the bus socket is watched the same way; the GUI socket lives on', async () => {
		const { t, port, isLive } = harness(FULL);
		const bus = t.last('core')!;
		bus.open();
		bus.receive({ type: 'mycroft.gui.port', data: { port: 18181, gui_id: 'me' }, context: {} });
		const gui = t.last('gui')!;
		gui.open();
		expect(isLive()).toBe(true);
		port.up = false;
		// The GUI socket keeps talking; the bus goes quiet.
		for (let i = 0; i < 8; i++) {
			await vi.advanceTimersByTimeAsync(2000);
			gui.receive(frame);
		}
		expect(bus.readyState).toBe(3);
		expect(gui.readyState).toBe(1);
		expect(isLive()).toBe(true);
	});
});

describe('after a sleep', () => {
	it('an open socket is replaced by a fresh one even though its port answers (a sleep can kill it silently)', async () => {
		const { t, w, actor, isLive, model } = harness(GUI);
		const old = t.last('gui')!;
		old.open();
		old.receive({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: 'a' }] });
		expect(model().stack).toEqual(['a']);
		actor.send({ type: 'slept', ms: 60_000 });
		expect(old.readyState).toBe(3);
		const fresh = t.last('gui')!;
		expect(fresh).not.toBe(old);
		fresh.open();
		expect(isLive()).toBe(true);
		expect(model().stack).toEqual([]); // the replay rebuilds it
		expect(w.checks).toEqual([]);
	});

	it('a socket that was waiting connects at once', async () => {
		const { t, port, actor } = harness(GUI);
		t.last('gui')!.drop();
		port.up = false;
		await vi.advanceTimersByTimeAsync(2000);
		const n = t.sockets.length;
		actor.send({ type: 'slept', ms: 60_000 });
		expect(t.sockets.length).toBe(n + 1);
	});
});
