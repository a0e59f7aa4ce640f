/**
 * /settings' "Test connection" against a real simulator over real sockets: each step ok, failed with
 * its reason, or skipped, and how long it took.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection, type StepResult } from '../../src/lib/connection/test-connection';
import { busMessage } from '../../src/lib/protocol';
import type { OvosAddress } from '../../src/lib/protocol/address';
import { portAccepts } from '../../src/lib/server/port-watch';
import { startSimulator, type Simulator } from '../../simulator';
import { wsTransport } from '../support/ws-transport';
import { WebSocketServer } from 'ws';

const ORIGIN = 'http://app.test';

/** The app server's two endpoints as it answers them (its port check is the real one); the rest is the network. */
function appServer(server: OvosAddress, window: { status?: number; state?: object | object[] } = {}): typeof fetch {
	return (async (input: RequestInfo | URL, init?: RequestInit) => {
		const url = new URL(String(input));
		if (url.origin !== ORIGIN) return fetch(input, init);
		if (url.pathname === '/api/ovos/port') {
			const port = Number(url.searchParams.get('port'));
			if (port !== server.guiPort && port !== server.busPort) return new Response('{}', { status: 404 });
			return Response.json({ open: await portAccepts('127.0.0.1', port) });
		}
		if (url.pathname === '/api/bus') {
			if (window.status && window.status !== 200) return Response.json({ ok: false, code: 'x', reason: 'refused here' }, { status: window.status });
			const states = Array.isArray(window.state) ? window.state : [window.state ?? { open: true }];
			const body = states.map((s) => `event: state\ndata: ${JSON.stringify(s)}\n\n`).join('');
			return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
		}
		return new Response('', { status: 404 });
	}) as typeof fetch;
}

const byId = (rs: StepResult[]) => Object.fromEntries(rs.map((r) => [r.id, r]));

let sim: Simulator;
let address: OvosAddress;
beforeAll(async () => {
	sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
	address = { host: '127.0.0.1', guiPort: sim.guiPort, busPort: sim.busPort, handshake: 'gui', via: 'direct' };
	sim.emit(busMessage('gui.value.set', { __from: 'skill-test.test', text: 'hi' }));
	sim.emit(busMessage('gui.page.show', { page_names: ['SYSTEM_TextFrame'], index: 0, __from: 'skill-test.test', __idle: true }));
});
afterAll(() => sim.stop());

const run = (a: OvosAddress, server: OvosAddress = a, window?: { status?: number; state?: object | object[] }, token?: string) => {
	const seen: StepResult[] = [];
	return testConnection({ address: a, server, pageHost: '127.0.0.1', origin: ORIGIN, fetch: appServer(server, window), transport: wsTransport, token }, (r) => seen.push(r)).then((rs) => ({ rs, seen }));
};

describe('test connection', () => {
	it('gui handshake against a live OVOS: port reached (browser and app server), announce skipped, replay received, window open', async () => {
		const { rs, seen } = await run(address);
		const s = byId(rs);
		expect(s.port).toMatchObject({ status: 'ok', note: { code: 'reached', where: `127.0.0.1:${sim.guiPort}`, server: true } });
		expect(s.announce).toMatchObject({ status: 'skipped', note: { code: 'full-only' }, ms: null });
		expect(s.gui).toMatchObject({ status: 'ok', note: { code: 'replayed', namespaces: 1 } });
		expect((s.gui?.note as { frames: number }).frames).toBeGreaterThanOrEqual(3);
		expect(s.window).toMatchObject({ status: 'ok', note: { code: 'window-open' } });
		for (const r of rs) if (r.status !== 'skipped') expect(r.ms).toBeGreaterThanOrEqual(0);
		// Each step says it runs before it ends.
		expect(seen.filter((r) => r.id === 'port').map((r) => r.status)).toEqual(['running', 'ok']);
	});

	it('the window step says which device-side parts answered: it waits for the window to know', async () => {
		const s = byId(
			(
				await run(address, address, {
					state: [
						{ open: true, parts: { notifications: 'asking', volume: 'asking' } },
						{ open: true, parts: { notifications: 'answered', volume: 'asking' } },
						{ open: true, parts: { notifications: 'answered', volume: 'silent' } }
					]
				})
			).rs
		);
		expect(s.window).toMatchObject({ status: 'ok', note: { code: 'window-open', parts: { notifications: 'answered', volume: 'silent' } } });
	});

	it('full handshake: the announce is answered with the GUI port, then the GUI socket replays', async () => {
		const full = { ...address, handshake: 'full' } as const;
		const s = byId((await run(full)).rs);
		expect(s.port).toMatchObject({ status: 'ok', note: { where: `127.0.0.1:${sim.busPort}` } });
		expect(s.announce).toMatchObject({ status: 'ok', note: { code: 'answered', port: sim.guiPort } });
		expect(s.gui).toMatchObject({ status: 'ok', note: { code: 'replayed' } });
	});

	it('a closed port fails at once, says so, and the steps after it are skipped', async () => {
		const closed = await new Promise<number>((r) => {
			const s = createServer().listen(0, '127.0.0.1', () => {
				const p = (s.address() as { port: number }).port;
				s.close(() => r(p));
			});
		});
		const t0 = Date.now();
		const s = byId((await run({ ...address, guiPort: closed }, address)).rs);
		expect(Date.now() - t0).toBeLessThan(1500);
		expect(s.port).toMatchObject({ status: 'failed', note: { code: 'refused', where: `127.0.0.1:${closed}`, server: null } });
		expect(s.gui).toMatchObject({ status: 'skipped', note: { code: 'port-failed' } });
		// Another OVOS than the app server's: its window does not reach it.
		expect(s.window).toMatchObject({ status: 'skipped', note: { code: 'other-ovos' } });
	});

	it('a bus that never answers the announce (ovos-gui is not on it)', async () => {
		const bus = new WebSocketServer({ port: 0, host: '127.0.0.1' });
		await new Promise((r) => bus.once('listening', r));
		const busPort = (bus.address() as { port: number }).port;
		try {
			const s = byId((await run({ ...address, busPort, handshake: 'full' }, address)).rs);
			expect(s.port).toMatchObject({ status: 'ok' });
			expect(s.announce).toMatchObject({ status: 'failed', note: { code: 'not-answered', seconds: 5 } });
			expect(s.announce?.ms).toBeGreaterThanOrEqual(4900);
			expect(s.gui).toMatchObject({ status: 'skipped' });
		} finally {
			bus.close();
		}
	});

	it('the bus window: its token, and an app server without a bus', async () => {
		expect(byId((await run(address, address, { status: 401 })).rs).window).toMatchObject({ status: 'failed', note: { code: 'window-token' } });
		expect(byId((await run(address, address, { state: { open: false, reason: 'ws://127.0.0.1:8181/core: connection refused' } })).rs).window).toMatchObject({
			status: 'failed',
			note: { code: 'window-no-bus', reason: 'ws://127.0.0.1:8181/core: connection refused' }
		});
		// The device refuses the app server on its bus (it lets only its own programs on): the step says where, and the fix.
		expect(byId((await run(address, address, { state: { open: false, reason: 'the OVOS messagebus refuses this server', cause: 'bus-local-only' } })).rs).window).toMatchObject({
			status: 'failed',
			note: { code: 'window-bus-local-only', where: `127.0.0.1:${sim.busPort}` }
		});
		// Closed as the test starts, open a moment later (the app server was still connecting to its bus).
		expect(byId((await run(address, address, { state: [{ open: false, reason: 'not connected yet' }, { open: true }] })).rs).window).toMatchObject({
			status: 'ok',
			note: { code: 'window-open' }
		});
		expect(byId((await run(address, address, { status: 429 })).rs).window).toMatchObject({ status: 'failed', note: { code: 'window-refused', status: 429, reason: 'refused here' } });
	});
});
