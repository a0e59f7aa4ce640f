/**
 * The GUI socket in a worker (issue 24.4): the worker posts small frames as they came and big ones
 * decoded and cut to the cap; the page's side hands them to the connection in the order the worker
 * posted them, sends through the worker, and ends it when the socket has closed. app.html's early
 * socket, opened in the same worker, is adopted with what it posted before the screen started.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectionLogic, earlyTransport, type ConnectionEmitted, type Transport } from '../../src/lib/connection';
import { OFF_THREAD_CHARS, socketWorkerFrame, type FromSocketWorker, type ToSocketWorker } from '../../src/lib/connection/socket-frames';
import { workerSocket, type WorkerLike } from '../../src/lib/connection/worker-socket';
import { MAX_LIST_ROWS, type OvosAddress } from '../../src/lib/protocol';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui' };
const URL = 'ws://10.0.0.5:18181/gui';
const NS = 'skill-long.test';

/** A worker that posts what the test tells it to, and records what the page says to it. */
class FakeWorker implements WorkerLike {
	said: ToSocketWorker[] = [];
	terminated = false;
	onmessage: ((e: { data: FromSocketWorker }) => void) | null = null;
	onerror: ((e: { preventDefault?(): void }) => void) | null = null;
	postMessage(m: ToSocketWorker) {
		this.said.push(m);
	}
	terminate() {
		this.terminated = true;
	}
	post(m: FromSocketWorker) {
		this.onmessage?.({ data: m });
	}
	/** A frame through the worker's own handling (socket-frames.ts). */
	frame(msg: object) {
		this.post(socketWorkerFrame(JSON.stringify(msg)));
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
	it('a small frame as it came; a big one decoded and cut to the cap, with only its start as text', () => {
		const small = JSON.stringify(set({ title: 'small' }));
		expect(socketWorkerFrame(small)).toEqual({ t: 'frame', raw: small });
		expect(socketWorkerFrame(null)).toEqual({ t: 'frame', raw: null });
		const big = JSON.stringify(set({ items: items(MAX_LIST_ROWS + 3000, 'entry') }));
		expect(big.length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
		const m = socketWorkerFrame(big);
		if (m.t !== 'frame' || !m.decoded?.ok || m.decoded.value.kind !== 'data.set') throw new Error(`not a decoded set: ${JSON.stringify(m).slice(0, 200)}`);
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
		await Promise.resolve();
		const ns = s.model().namespaces[NS]!;
		expect((ns.data.items as unknown[]).length).toBe(MAX_LIST_ROWS);
		expect(ns.data.title).toBe('live');
		expect(others.workers).toEqual([]);
		expect(s.actor.getSnapshot().hasTag('live')).toBe(true);
		s.actor.stop();
	});
});
