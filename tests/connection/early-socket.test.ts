import { describe, expect, it } from 'vitest';
import { earlyTransport, type EarlySocket, type SocketLike } from '../../src/lib/connection';
import { FakeSocket, fakeTransport } from './fake-socket';

/** What app.html leaves behind: a socket opened before the app, and the frames it buffered. */
function early(url: string): { e: EarlySocket; ws: FakeSocket } {
	const ws = new FakeSocket(url);
	const e: EarlySocket = { url, socket: ws as unknown as WebSocket, frames: [] };
	ws.onopen = () => (e.opened = true);
	ws.onmessage = (ev) => e.frames.push(ev.data);
	ws.onclose = (ev) => (e.closed = ev);
	return { e, ws };
}

function listen(s: SocketLike) {
	const seen: string[] = [];
	s.onopen = () => seen.push('open');
	s.onmessage = (ev) => seen.push(String(ev.data));
	s.onclose = (ev) => seen.push(`close ${ev.code}`);
	return seen;
}

const URL = 'ws://127.0.0.1:18181/gui';

describe('the GUI socket app.html opened early', () => {
	it('is adopted by the first connect to its URL, with the frames that came meanwhile, in order', async () => {
		const { e, ws } = early(URL);
		ws.open();
		ws.receive('{"a":1}');
		ws.receive('{"a":2}');
		const t = fakeTransport();
		const transport = earlyTransport(t.transport, e);
		const s = transport(URL);
		const seen = listen(s);
		await Promise.resolve();
		ws.receive('{"a":3}');
		expect(seen).toEqual(['open', '{"a":1}', '{"a":2}', '{"a":3}']);
		expect(t.sockets).toEqual([]);
		s.send('x');
		expect(ws.sent).toEqual(['x']);
		// Only once: a reconnect opens a new socket.
		transport(URL);
		expect(t.sockets.length).toBe(1);
	});

	it('hands over at once when flushed (the screen renders the page it names first), and only once', async () => {
		const { e, ws } = early(URL);
		ws.open();
		ws.receive('{"a":1}');
		const transport = earlyTransport(fakeTransport().transport, e);
		const seen = listen(transport(URL));
		expect(seen).toEqual([]);
		transport.flush();
		expect(seen).toEqual(['open', '{"a":1}']);
		await Promise.resolve();
		ws.receive('{"a":2}');
		expect(seen).toEqual(['open', '{"a":1}', '{"a":2}']);
	});

	it('still connecting: opens when it opens; refused: reports the close, never an open', async () => {
		const a = early(URL);
		const s = earlyTransport(fakeTransport().transport, a.e)(URL);
		const seen = listen(s);
		await Promise.resolve();
		a.ws.open();
		a.ws.receive('{"b":1}');
		expect(seen).toEqual(['open', '{"b":1}']);

		const b = early(URL);
		b.ws.drop(1006);
		const r = earlyTransport(fakeTransport().transport, b.e)(URL);
		const seenR = listen(r);
		await Promise.resolve();
		expect(seenR).toEqual(['close 1006']);
	});

	it('is closed when the screen connects elsewhere', () => {
		const { e, ws } = early(URL);
		const t = fakeTransport();
		earlyTransport(t.transport, e)('ws://10.0.0.5:18181/gui');
		expect(ws.readyState).toBe(3);
		expect(t.sockets.map((s) => s.url)).toEqual(['ws://10.0.0.5:18181/gui']);
	});
});
