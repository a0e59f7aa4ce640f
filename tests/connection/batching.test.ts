// Issue 27.1: at 1,000 frames/s one machine step per frame cost several times decoding and applying
// it, and its garbage came back as GC pauses. Once the replay is over, a screen that gives the
// machine a frame scheduler gets the frames that arrived since the last flush as one event.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionLogic, REPLAY_MS, type WireFrame } from '../../src/lib/connection';
import { OFF_THREAD_CHARS } from '../../src/lib/connection/socket-frames';
import { MAX_PENDING } from '../../src/lib/connection/socket';
import type { OvosAddress } from '../../src/lib/protocol';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui' };
const set = (text: string) => ({ type: 'mycroft.session.set', namespace: 'a', data: { text } });

function screen() {
	const t = fakeTransport();
	const flushes: (() => void)[] = [];
	const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => true).watchers, frames: (f) => void flushes.push(f) }), {
		input: { address: GUI, pageHost: '10.0.0.5', guiId: 'me' }
	});
	const wire: WireFrame[] = [];
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
	const flush = () => flushes.splice(0).forEach((f) => f());
	return { actor, gui, wire, flushes, flush, text, events: () => events };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GUI frames batched per animation frame', () => {
	it('the replay comes frame by frame; afterwards frames wait for the flush and apply in order as one event', async () => {
		const s = screen();
		// In the replay window each frame applies at once (its checks look at every frame).
		expect(s.flushes).toHaveLength(0);
		expect(s.actor.getSnapshot().context.model.stack).toEqual(['a']);
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		const before = s.events();
		const seqBefore = s.wire.at(-1)!.seq;
		s.gui.receive(set('one'));
		s.gui.receive(set('two'));
		s.gui.receive('{"not json');
		s.gui.receive(set('three'));
		expect(s.flushes).toHaveLength(1); // one flush asked for, whatever the number of frames
		expect(s.text()).toBeUndefined();
		s.flush();
		expect(s.text()).toBe('three');
		expect(s.events() - before).toBe(1);
		const batch = s.wire.slice(-4);
		expect(batch.map((f) => f.seq)).toEqual([seqBefore + 1, seqBefore + 2, seqBefore + 3, seqBefore + 4]);
		expect(batch.map((f) => (f.message && 'kind' in f.message ? f.message.kind : f.error?.code))).toEqual(['data.set', 'data.set', 'json', 'data.set']);
		const c = s.actor.getSnapshot().context;
		expect(c.framesIn).toBe(6);
		expect(c.decodeErrors).toBe(1);
		expect(c.frame).toBe(batch[3]);
	});

	it('frames that arrived before the socket closed are applied before the close', async () => {
		const s = screen();
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		s.gui.receive(set('last words'));
		s.gui.drop();
		expect(s.text()).toBe('last words');
		expect(s.actor.getSnapshot().hasTag('live')).toBe(false);
		s.flush(); // the flush asked for earlier finds nothing left to hand over
		expect(s.text()).toBe('last words');
	});

	it("a big frame decoded in the socket's worker keeps its place: the batch before it, the frames after it", async () => {
		const s = screen();
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		s.gui.receive(set('before'));
		s.gui.receiveFromWorker(JSON.stringify(set('x'.repeat(OFF_THREAD_CHARS))));
		expect(s.text()).toHaveLength(OFF_THREAD_CHARS); // the batch before it, then it, at once
		s.gui.receive(set('after'));
		expect(s.text()).toHaveLength(OFF_THREAD_CHARS);
		s.flush();
		expect(s.text()).toBe('after');
		const texts = s.wire.slice(-3).map((f) => {
			const m = f.message;
			return m && 'kind' in m && m.kind === 'data.set' ? String(m.data.text).slice(0, 6) : '?';
		});
		expect(texts).toEqual(['before', 'xxxxxx', 'after']);
	});

	it('frames do not pile up when no flush comes (a page whose animation frames stall)', async () => {
		const s = screen();
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		for (let i = 1; i <= MAX_PENDING; i++) s.gui.receive(set(`m${i}`));
		expect(s.text()).toBe(`m${MAX_PENDING}`);
		expect(s.flushes).toHaveLength(1);
	});

	it('a page showing a problem frame counts it, as unbatched', async () => {
		const s = screen();
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		s.gui.receive({ type: 'mycroft.session.set', namespace: 'nobody', data: { x: 1 } });
		s.flush();
		expect(s.actor.getSnapshot().context.problems).toBe(1);
		expect(s.wire.at(-1)!.problem).toMatch(/not active/);
	});
});
