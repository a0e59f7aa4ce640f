// A quiet socket's check costs ovos-gui nothing, and a screen is live as soon as the replay is known
// to be over. Real WebSockets to a small server standing in for the app's relay (it answers the
// screen's ping once "upstream" has answered, after whatever it replays) or for ovos-gui itself
// (straight to OVOS: it answers HTTP as tornado does, 400, and counts every connection). The
// machines' time is XState's SimulatedClock, which the test moves by hand: no wall clock, no waits.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { WebSocketServer, type WebSocket } from 'ws';
import { ALIVE_TIMEOUT_MS, connectionLogic, DEAD_AFTER, PING, RECHECK_MS, REPLAY_MS, SILENT_MS, type ConnectionEmitted, type Transport } from '../../src/lib/connection';
import { socketUrl, type OvosAddress } from '../../src/lib/protocol';
import { until } from '../support/live-screen';
import { wsTransport } from '../support/ws-transport';

const PONG = JSON.stringify({ type: 'ovos-screen.pong', data: { upstream: true } });
const AS = 'mycroft.system.active_skills';
const replayOf = (ids: string[]) =>
	ids.flatMap((id, i) => [
		{ type: 'mycroft.session.list.insert', namespace: AS, position: i, data: [{ skill_id: id }] },
		{ type: 'mycroft.gui.list.insert', namespace: id, position: 0, data: [{ url: null, page: 'SYSTEM_TextFrame' }] },
		{ type: 'mycroft.session.set', namespace: id, data: { text: id } }
	]);

interface Peer {
	readonly port: number;
	/** WebSocket connections accepted, HTTP requests answered. */
	readonly upgrades: () => number;
	readonly requests: () => number;
	/** Text frames each socket received from the screen. */
	readonly said: string[];
	readonly sockets: WebSocket[];
	/** Whether pings are answered (the relay's upstream answers). */
	answering: boolean;
}

let servers: Server[] = [];
let stops: (() => void)[] = [];
afterEach(async () => {
	for (const s of stops) s();
	for (const s of servers) {
		s.closeAllConnections();
		await new Promise((r) => s.close(r));
	}
	servers = [];
	stops = [];
});

/** A GUI socket server: replays `replay` to each connection; as the relay, answers pings after it. */
async function peer(replay: object[], relay: boolean): Promise<Peer> {
	let requests = 0;
	let upgrades = 0;
	const http = createServer((_req, res) => {
		requests++;
		res.writeHead(400).end(); // tornado's answer to a plain GET of a WebSocket route
	});
	servers.push(http);
	const wss = new WebSocketServer({ noServer: true });
	const p: Peer = { port: 0, upgrades: () => upgrades, requests: () => requests, said: [], sockets: [], answering: true };
	http.on('upgrade', (req, socket, head) =>
		wss.handleUpgrade(req, socket, head, (ws) => {
			upgrades++;
			p.sockets.push(ws);
			for (const f of replay) ws.send(JSON.stringify(f));
			ws.on('message', (data) => {
				const text = String(data);
				p.said.push(text);
				if (relay && text === PING && p.answering) ws.send(PONG);
			});
		})
	);
	await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
	return Object.assign(p, { port: (http.address() as { port: number }).port });
}

function screen(port: number, via: OvosAddress['via']) {
	const clock = new SimulatedClock();
	const address: OvosAddress = { host: '127.0.0.1', guiPort: port, busPort: 1, handshake: 'gui', via };
	// Through the app the socket opens on the relay's path of the page's origin: here the peer's.
	const transport: Transport = (url) => wsTransport(socketUrl(url, `http://127.0.0.1:${port}/`));
	const actor = createActor(connectionLogic({ transport }), { input: { address, pageHost: '127.0.0.1', guiId: 'me' }, clock });
	const notes: string[] = [];
	const wire: ConnectionEmitted[] = [];
	actor.on('*', (e) => (e.type === 'note' ? notes.push(e.what) : wire.push(e)));
	actor.start();
	stops.push(() => actor.stop());
	const snap = () => actor.getSnapshot();
	return { actor, clock, notes, wire, snap, live: () => snap().hasTag('live') };
}

describe('through the app: the ping on the socket', () => {
	it('a quiet socket is checked by a ping on itself, which the relay answers: no second connection, and the answer is no frame of the screen', async () => {
		const p = await peer(replayOf(['skill-a']), true);
		const s = screen(p.port, 'app');
		await until(() => !s.snap().hasTag('replaying') && s.live());
		const framesIn = s.snap().context.framesIn;
		expect(framesIn).toBe(3);
		// Quiet for SILENT_MS: one ping more, answered; quiet again, again.
		for (let i = 1; i <= 3; i++) {
			s.clock.increment(SILENT_MS);
			await until(() => p.said.filter((f) => f === PING).length === i + 1);
			await new Promise((r) => setTimeout(r, 20));
			expect(s.live()).toBe(true);
		}
		expect(p.upgrades()).toBe(1);
		expect(p.requests()).toBe(0);
		const c = s.snap().context;
		expect([c.framesIn, c.decodeErrors, c.problems]).toEqual([framesIn, 0, 0]);
		expect(s.wire.flatMap((e) => (e.type === 'wire' ? [e.frame] : e.type === 'wires' ? e.frames : [])).some((f) => f.raw.includes('ovos-screen.pong'))).toBe(false);
	});

	it('unanswered (the relay lost OVOS and has not closed yet), the socket is taken for dead after DEAD_AFTER pings', async () => {
		const p = await peer([], true);
		const s = screen(p.port, 'app');
		await until(() => !s.snap().hasTag('replaying') && s.live());
		p.answering = false;
		s.clock.increment(SILENT_MS);
		await until(() => p.said.filter((f) => f === PING).length === 2);
		s.clock.increment(ALIVE_TIMEOUT_MS);
		expect(s.live()).toBe(true); // one unanswered check is not enough
		s.clock.increment(RECHECK_MS);
		await until(() => p.said.filter((f) => f === PING).length === 1 + DEAD_AFTER);
		s.clock.increment(ALIVE_TIMEOUT_MS);
		expect(s.live()).toBe(false);
		expect(s.notes.some((n) => n.includes('taken for dead'))).toBe(true);
		await until(() => p.sockets[0]!.readyState === p.sockets[0]!.CLOSED);
	});
});

describe('the end of the replay', () => {
	it("through the app, the relay's answer to the ping at open ends the replay: steady at once, without waiting out a window", async () => {
		const p = await peer(replayOf(['skill-a', 'skill-b', 'skill-c']), true);
		const s = screen(p.port, 'app');
		// The clock never moves: only the answer can end the replay.
		await until(() => s.live() && !s.snap().hasTag('replaying'));
		expect(s.snap().context.model.stack).toEqual(['skill-a', 'skill-b', 'skill-c']);
		expect(s.snap().matches({ gui: { socket: { live: 'steady' } } })).toBe(true);
	});

	it('an empty device replays nothing: steady as soon as its answer comes', async () => {
		const p = await peer([], true);
		const s = screen(p.port, 'app');
		await until(() => s.live() && !s.snap().hasTag('replaying'));
		expect(s.snap().context.model.stack).toEqual([]);
	});

	it('a live change that cut into the replay, before the answer, is still caught; one after it is not a race', async () => {
		const moved = { type: 'mycroft.session.list.move', namespace: AS, from: 1, to: 0, items_number: 1 };
		const p = await peer([...replayOf(['skill-a', 'skill-b']), moved], true);
		const s = screen(p.port, 'app');
		await until(() => s.notes.some((n) => n.startsWith('replay not trusted')));
		// A clean replay asked for: a second connection. This peer races every replay the same way,
		// so more follow, up to the machine's limit; the count may pass 2 between two looks.
		await until(() => p.upgrades() >= 2);
		// After the answer a move is live: applied, no second replay.
		const q = await peer(replayOf(['skill-a', 'skill-b']), true);
		const t = screen(q.port, 'app');
		await until(() => t.live() && !t.snap().hasTag('replaying'));
		q.sockets[0]!.send(JSON.stringify(moved));
		await until(() => t.snap().context.model.stack[0] === 'skill-b');
		expect(t.notes.filter((n) => n.startsWith('replay not trusted'))).toEqual([]);
		expect(q.upgrades()).toBe(1);
	});

	it('straight to OVOS nothing says it: the replay window closes REPLAY_MS after the open', async () => {
		const p = await peer(replayOf(['skill-a']), false);
		const s = screen(p.port, 'direct');
		await until(() => s.snap().context.framesIn === 3);
		expect(s.snap().hasTag('replaying')).toBe(true);
		s.clock.increment(REPLAY_MS);
		expect(s.snap().hasTag('replaying')).toBe(false);
		expect(p.said.includes(PING)).toBe(false);
	});
});

describe('straight to OVOS: a quiet check opens no second GUI connection', () => {
	it('an HTTP request to the port (ovos-gui answers 400) tells a device that answers; the socket stays, and no replay is asked for', async () => {
		const p = await peer(replayOf(['skill-a']), false);
		const s = screen(p.port, 'direct');
		await until(() => s.live());
		s.clock.increment(REPLAY_MS);
		for (let i = 1; i <= 2; i++) {
			s.clock.increment(SILENT_MS);
			await until(() => p.requests() === i);
			await new Promise((r) => setTimeout(r, 20));
			expect(s.live()).toBe(true);
		}
		expect(p.upgrades()).toBe(1);
		expect(p.said.includes(PING)).toBe(false);
	});
});
