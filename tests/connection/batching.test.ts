// Issue 27.1: at 1,000 frames/s one machine step per frame cost several times decoding and applying
// it, and its garbage came back as GC pauses. Once the replay is over, a batching screen (a GUI
// socket on the page here; the socket's worker batches the same way, worker-socket.test.ts) hands
// the machine the first frame after a quiet spell at once and those that follow, up to BATCH_MS
// later, as one event.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionLogic, REPLAY_MS, type WireRecord } from '../../src/lib/connection';
import { BATCH_MS, OFF_THREAD_CHARS } from '../../src/lib/connection/socket-frames';
import { MAX_PENDING } from '../../src/lib/connection/socket';
import type { OvosAddress } from '../../src/lib/protocol';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
const set = (text: string) => ({ type: 'mycroft.session.set', namespace: 'a', data: { text } });

function screen() {
	const t = fakeTransport();
	const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => true).watchers, batch: true }), {
		input: { address: GUI, pageHost: '10.0.0.5', guiId: 'me' }
	});
	const wire: WireRecord[] = [];
	let events = 0;
	actor.on('wire', (e) => wire.push(e.frame));
	actor.on('wires', (e) => wire.push(...e.frames));
	actor.subscribe(() => events++);
	actor.start();
	const gui = t.last('gui')!;
	gui.open();
	gui.receive({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: 'a' }] });
	gui.receive({ type: 'mycroft.gui.list.insert', namespace: 'a', position: 0, data: [{ url: null, page: 'SYSTEM_TextFrame' }] });
	const text = () => actor.getSnapshot().context.model.namespaces.a?.data.text;
	/** Past the replay, with one frame applied at once (the first after a quiet spell), so the next ones wait. */
	const steady = async () => {
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		gui.receive(set('first'));
	};
	return { actor, gui, wire, text, steady, events: () => events };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GUI frames in batches', () => {
	it('the replay comes frame by frame; afterwards the first frame after a quiet spell at once, those within BATCH_MS of it in order as one event', async () => {
		const s = screen();
		// In the replay window each frame applies at once (its checks look at every frame).
		expect(s.actor.getSnapshot().context.model.stack).toEqual(['a']);
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		s.gui.receive(set('zero'));
		expect(s.text()).toBe('zero');
		const before = s.events();
		const seqBefore = s.wire.at(-1)!.seq;
		s.gui.receive(set('one'));
		s.gui.receive(set('two'));
		s.gui.receive('{"not json');
		s.gui.receive(set('three'));
		expect(s.text()).toBe('zero');
		await vi.advanceTimersByTimeAsync(BATCH_MS);
		expect(s.text()).toBe('three');
		expect(s.events() - before).toBe(1);
		const batch = s.wire.slice(-4);
		expect(batch.map((f) => f.seq)).toEqual([seqBefore + 1, seqBefore + 2, seqBefore + 3, seqBefore + 4]);
		expect(batch.map((f) => (f.message && 'kind' in f.message ? f.message.kind : f.error?.code))).toEqual(['data.set', 'data.set', 'json', 'data.set']);
		const c = s.actor.getSnapshot().context;
		expect(c.framesIn).toBe(7);
		expect(c.decodeErrors).toBe(1);
		expect(c.frame).toBe(batch[3]);
		// A quiet spell again: the next frame is not held.
		await vi.advanceTimersByTimeAsync(BATCH_MS * 3);
		s.gui.receive(set('four'));
		expect(s.text()).toBe('four');
	});

	it('frames that arrived before the socket closed are applied before the close', async () => {
		const s = screen();
		await s.steady();
		s.gui.receive(set('last words'));
		expect(s.text()).toBe('first');
		s.gui.drop();
		expect(s.text()).toBe('last words');
		expect(s.actor.getSnapshot().hasTag('live')).toBe(false);
		await vi.advanceTimersByTimeAsync(BATCH_MS * 2); // no batch left to hand over
		expect(s.text()).toBe('last words');
	});

	it("a big frame decoded in the socket's worker keeps its place: the batch before it, the frames after it", async () => {
		const s = screen();
		await s.steady();
		s.gui.receive(set('before'));
		s.gui.receiveFromWorker(JSON.stringify(set('x'.repeat(OFF_THREAD_CHARS))));
		expect(s.text()).toHaveLength(OFF_THREAD_CHARS); // the batch before it, then it, at once
		s.gui.receive(set('after'));
		expect(s.text()).toHaveLength(OFF_THREAD_CHARS);
		await vi.advanceTimersByTimeAsync(BATCH_MS);
		expect(s.text()).toBe('after');
		const texts = s.wire.slice(-3).map((f) => {
			const m = f.message;
			return m && 'kind' in m && m.kind === 'data.set' ? String(m.data.text).slice(0, 6) : '?';
		});
		expect(texts).toEqual(['before', 'xxxxxx', 'after']);
	});

	it('frames do not pile up when the batch timer is late (a hidden page, whose timers are throttled)', async () => {
		const s = screen();
		await s.steady();
		for (let i = 1; i <= MAX_PENDING; i++) s.gui.receive(set(`m${i}`));
		expect(s.text()).toBe(`m${MAX_PENDING}`);
	});

	it('a page showing a problem frame counts it, as unbatched', async () => {
		const s = screen();
		await s.steady();
		s.gui.receive({ type: 'mycroft.session.set', namespace: 'nobody', data: { x: 1 } });
		await vi.advanceTimersByTimeAsync(BATCH_MS);
		expect(s.actor.getSnapshot().context.problems).toBe(1);
		expect(s.wire.at(-1)!.problem).toMatch(/not active/);
	});
});
