/**
 * The GUI socket in a worker (issue 24.4): the worker posts small frames as they came and big ones
 * decoded and cut to the cap; the page's side hands them to the connection in the order the worker
 * posted them, sends through the worker, and ends it when the socket has closed. app.html's early
 * socket, opened in the same worker, is adopted with what it posted before the screen started.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectionLogic, earlyTransport, type ConnectionEmitted, type Transport } from '../../src/lib/connection';
import { BATCH_MS, OFF_THREAD_CHARS, socketWorkerFrame, workerFrames, type FromSocketWorker, type ToSocketWorker } from '../../src/lib/connection/socket-frames';
import { workerSocket, type WorkerLike } from '../../src/lib/connection/worker-socket';
import { MAX_LIST_ROWS, type OvosAddress } from '../../src/lib/protocol';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
const URL = 'ws://10.0.0.5:18181/gui';
const NS = 'skill-long.test';

/** A worker that posts what the test tells it to, and records what the page says to it. */
class FakeWorker implements WorkerLike {
	said: ToSocketWorker[] = [];
	terminated = false;
	onmessage: ((e: { data: FromSocketWorker }) => void) | null = null;
	onerror: ((e: { preventDefault?(): void }) => void) | null = null;
	postMessage(m: ToSocketWorker) {
		if ('ready' in m) this.frames.ready();
		else this.said.push(m);
	}
	terminate() {
		this.terminated = true;
	}
	post(m: FromSocketWorker) {
		this.onmessage?.({ data: m });
	}
	/** The worker's own handling of its frames (socket-frames.ts), on a clock that never moves. */
	readonly frames = workerFrames((m) => this.post(m), { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} });
	/** A frame as the worker's socket gets it; small ones wait in the worker's batch until `send`. */
	frame(msg: object) {
		this.frames.frame(JSON.stringify(msg));
	}
	/** What the worker holds goes now (its batch timer fired). */
	send() {
		this.frames.end();
	}
}

function workerTransport() {
	const workers: FakeWorker[] = [];
	const r = { workers, failed: 0, transport: null as unknown as Transport };
	r.transport = (url) => {
		const w = new FakeWorker();
		workers.push(w);
		const { socket, flush } = workerSocket(w, [], () => r.failed++);
		flush();
		w.postMessage({ open: url });
		return socket;
	};
	return r;
}

function screen(guiTransport: Transport) {
	const t = fakeTransport();
	const actor = createActor(connectionLogic({ transport: t.transport, guiTransport, watchers: fakeWatchers(() => true).watchers }), {
		input: { address: GUI, pageHost: '127.0.0.1', guiId: 'me' }
	});
	const notes: string[] = [];
	actor.on('*', (e: ConnectionEmitted) => {
		if (e.type === 'note') notes.push(e.what);
	});
	actor.start();
	return { actor, notes, bus: t, model: () => actor.getSnapshot().context.model };
}

const items = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ title: `${tag} ${i}`, subtitle: `line two of ${i}` }));
const set = (data: object) => ({ type: 'mycroft.session.set', namespace: NS, data });
const insert = { type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: NS }] };

describe('what the socket worker posts for a frame', () => {
	it('a small frame goes in a batch; a big one alone, decoded and cut to the cap, with only its start as text', () => {
		const small = JSON.stringify(set({ title: 'small' }));
		expect(socketWorkerFrame(small)).toBeNull();
		expect(socketWorkerFrame(null)).toEqual({ t: 'frame', raw: null });
		const big = JSON.stringify(set({ items: items(MAX_LIST_ROWS + 3000, 'entry') }));
		expect(big.length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
		const m = socketWorkerFrame(big);
		if (m?.t !== 'frame' || !m.decoded?.ok || m.decoded.value.kind !== 'data.set') throw new Error(`not a decoded set: ${JSON.stringify(m).slice(0, 200)}`);
		expect((m.decoded.value.data.items as unknown[]).length).toBe(MAX_LIST_ROWS);
		expect(m.raw!.length).toBeLessThan(2000);
		expect(m.raw!.startsWith(big.slice(0, 100))).toBe(true);
		// Structured clone is what crosses to the page: what it posts must survive it.
		expect(structuredClone(m)).toEqual(m);
	});

	it('a big frame that is not JSON: the decode error, counted by the page as any other', () => {
		const m = socketWorkerFrame('{' + 'x'.repeat(OFF_THREAD_CHARS));
		expect(m).toMatchObject({ t: 'frame', decoded: { ok: false, error: { code: 'json' } } });
	});
});

describe("the socket worker's batches", () => {
	/** A clock the test moves, with the one timer a batcher sets. */
	function manualClock() {
		let now = 0;
		let due: { at: number; fn: () => void } | null = null;
		return {
			clock: { now: () => now, setTimeout: (fn: () => void, ms: number) => (due = { at: now + ms, fn }), clearTimeout: () => (due = null) },
			advance(ms: number) {
				now += ms;
				const d = due;
				if (d && d.at <= now) {
					due = null;
					d.fn();
				}
			}
		};
	}
	const posted = () => {
		const out: FromSocketWorker[] = [];
		return { out, post: (m: FromSocketWorker) => void out.push(m), batches: () => out.map((m) => (m.t === 'frames' ? m.raws.join(' ') : m.t)) };
	};

	it('the first frame after a quiet spell goes at once; those within BATCH_MS of it go together when it is up', () => {
		const c = manualClock();
		const p = posted();
		const f = workerFrames(p.post, c.clock);
		f.frame('a');
		expect(p.batches()).toEqual(['a']);
		f.ready();
		c.advance(1);
		f.frame('b');
		f.frame('c');
		expect(p.batches()).toEqual(['a']);
		c.advance(BATCH_MS);
		expect(p.batches()).toEqual(['a', 'b c']);
	});

	it('one batch in flight: what comes while the page applies one goes as one batch when it says it is ready', () => {
		const c = manualClock();
		const p = posted();
		const f = workerFrames(p.post, c.clock);
		f.frame('a'); // in flight until ready
		for (let i = 0; i < 10; i++) {
			c.advance(1);
			f.frame(`x${i}`);
		}
		expect(p.batches()).toEqual(['a']);
		f.ready();
		expect(p.batches()).toEqual(['a', 'x0 x1 x2 x3 x4 x5 x6 x7 x8 x9']);
		// Not ready again yet: the next frames wait, whatever the time.
		c.advance(50);
		f.frame('y');
		c.advance(50);
		expect(p.out).toHaveLength(2);
		f.ready();
		expect(p.batches().at(-1)).toBe('y');
	});

	it('a big frame goes alone after everything before it, in flight or not; the close drains what is held', () => {
		const c = manualClock();
		const p = posted();
		const f = workerFrames(p.post, c.clock);
		f.frame('a');
		f.frame('b');
		f.frame(JSON.stringify(set({ title: 'x'.repeat(OFF_THREAD_CHARS) })));
		f.frame('c');
		f.end();
		expect(p.batches()).toEqual(['a', 'b', 'frame', 'c']);
	});
});

describe('the GUI socket in a worker', () => {
	it('opens through the worker, applies small and big frames in the order posted, sends through it, and ends it once closed', () => {
		const w = workerTransport();
		const s = screen(w.transport);
		const worker = w.workers[0]!;
		expect(worker.said).toEqual([{ open: URL }]);
		// The bus socket stays on the page.
		expect(s.bus.sockets.every((b) => !b.url.endsWith('/gui'))).toBe(true);
		worker.post({ t: 'open' });
		worker.frame(insert);
		worker.frame(set({ title: 'before', items: [] }));
		worker.frame(set({ items: items(MAX_LIST_ROWS + 10, 'big') }));
		worker.frame(set({ title: 'after' }));
		expect(s.model().namespaces[NS]!.data.title).toBe('before');
		worker.send();
		const ns = s.model().namespaces[NS]!;
		expect(ns.data.title).toBe('after');
		expect((ns.data.items as { title: string }[]).length).toBe(MAX_LIST_ROWS);
		expect((ns.data.items as { title: string }[])[0]!.title).toBe('big 0');
		expect(ns.cuts).toEqual({ items: MAX_LIST_ROWS + 10 });
		expect(s.actor.getSnapshot().context.decodeErrors).toBe(0);

		s.actor.send({ type: 'gui.send', message: { type: 'mycroft.events.triggered', namespace: NS, event_name: 'page_gained_focus', parameters: { number: 0 } } });
		expect(JSON.parse((worker.said.at(-1) as { send: string }).send).event_name).toBe('page_gained_focus');

		worker.post({ t: 'closed', code: 1006, reason: '' });
		expect(worker.terminated).toBe(true);
		expect(s.notes.some((n) => n.includes('closed'))).toBe(true);
		s.actor.stop();
	});

	it('leaving the state closes the socket in the worker; a worker that fails to start reads as a close', () => {
		const w = workerTransport();
		const s = screen(w.transport);
		const first = w.workers[0]!;
		first.onerror!({});
		expect(first.terminated).toBe(true);
		expect(w.failed).toBe(1);
		expect(s.notes.some((n) => n.includes('closed'))).toBe(true);
		s.actor.stop();
		const t = workerTransport();
		const again = screen(t.transport);
		t.workers[0]!.post({ t: 'open' });
		again.actor.stop();
		expect(t.workers[0]!.said.at(-1)).toEqual({ close: true });
	});

	it("adopts app.html's early socket in its worker, with what it posted before, then what follows, in order", async () => {
		const worker = new FakeWorker();
		const frames: FromSocketWorker[] = [];
		worker.onmessage = (e) => frames.push(e.data);
		worker.post({ t: 'open' });
		worker.frame(insert);
		worker.frame(set({ items: items(MAX_LIST_ROWS + 1, 'early') }));
		const others = workerTransport();
		const early = earlyTransport(others.transport, { url: URL, worker: worker as unknown as Worker, frames });
		const s = screen(early);
		early.flush();
		worker.frame(set({ title: 'live' }));
		worker.send();
		await Promise.resolve();
		const ns = s.model().namespaces[NS]!;
		expect((ns.data.items as unknown[]).length).toBe(MAX_LIST_ROWS);
		expect(ns.data.title).toBe('live');
		expect(others.workers).toEqual([]);
		expect(s.actor.getSnapshot().hasTag('live')).toBe(true);
		s.actor.stop();
	});
});
