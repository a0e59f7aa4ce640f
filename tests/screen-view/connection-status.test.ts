// What `conn` says: the status derived from the connection's tags, the logs, and a view that is new
// only when something in it is.
import { describe, expect, it } from 'vitest';
import { ConnectionStatus, idleView, stateLine, type ConnectionFacts } from '../../src/lib/screen-view/connection-status';

const facts = (over: Partial<ConnectionFacts> = {}): ConnectionFacts => ({
	attempt: 0,
	mode: 'gui',
	guiUrl: 'ws://10.0.0.5:18181/gui',
	ovos: '10.0.0.5:18181',
	busUrl: null,
	busLive: false,
	machine: 'gui.socket.connecting / bus.off',
	sockets: { gui: 'connected.opening', bus: null },
	tags: ['connecting'],
	...over
});

function clocked() {
	let t = 1000;
	const s = new ConnectionStatus(() => t);
	return { s, at: (ms: number) => (t = ms) };
}

describe('ConnectionStatus', () => {
	it('connecting, then live, then offline until live again: never connecting again once it has been either', () => {
		const { s, at } = clocked();
		expect(s.status).toBe('connecting');
		expect(s.derive(false, false)).toBe(false);
		at(2000);
		expect(s.derive(true, false)).toBe(true);
		expect(s.status).toBe('live');
		at(3000);
		expect(s.derive(false, false)).toBe(true); // a reconnect: offline, not connecting
		expect(s.status).toBe('offline');
		expect(s.view(facts(), idleView()).since).toBe(3000);
		s.start();
		expect(s.status).toBe('connecting');
		expect(s.derive(false, true)).toBe(true);
		expect(s.status).toBe('offline');
	});

	it('the view: the same object while nothing in it changed, a new one for a note, a step, a socket state', () => {
		const { s } = clocked();
		const first = s.view(facts(), idleView());
		expect(first.ovos).toBe('10.0.0.5:18181');
		expect(s.view(facts(), first)).toBe(first);
		s.note('gui socket open');
		const noted = s.view(facts(), first);
		expect(noted).not.toBe(first);
		expect(noted.timeline.map((e) => e.what)).toEqual(['gui socket open']);
		const moved = s.view(facts({ sockets: { gui: 'connected.live.listening', bus: null } }), noted);
		expect(moved).not.toBe(noted);
		expect(s.view(facts({ sockets: { gui: 'connected.live.listening', bus: null } }), moved)).toBe(moved);
		s.step('open', 'gui socket: connected.live.listening', ['live']);
		s.step('heard', 'gui socket: connected.live.listening', ['live']); // the same state: not a step
		const stepped = s.view(facts({ sockets: { gui: 'connected.live.listening', bus: null } }), moved);
		expect(stepped.transitions.map((e) => e.event)).toEqual(['open']);
	});

	it('keeps the last 200 notes', () => {
		const { s } = clocked();
		for (let i = 0; i < 250; i++) s.note(`n${i}`);
		const v = s.view(facts(), idleView());
		expect(v.timeline).toHaveLength(200);
		expect(v.timeline[0]?.what).toBe('n50');
	});

	it('writes a state value on one line', () => {
		expect(stateLine({ gui: { socket: { live: 'steady' } }, bus: 'off' })).toBe('gui.socket.live.steady / bus.off');
	});
});
