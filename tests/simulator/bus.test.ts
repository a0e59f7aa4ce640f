import { createServer } from 'node:net';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError, startSimulator, type Simulator } from '../../simulator';
import { BusClient, until } from './helpers';

let sim: Simulator | null = null;
afterEach(async () => {
	await sim?.stop();
	sim = null;
});

describe('messagebus', () => {
	it('greets each client with connected and re-sends every frame to every client, the sender included, verbatim', async () => {
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
		const a = await BusClient.connect(sim.busUrl);
		const b = await BusClient.connect(sim.busUrl);
		await until(() => a.received.length === 1 && b.received.length === 1, 2000, 'greetings');
		expect(a.received[0]).toEqual({ type: 'connected', data: {}, context: { session: { session_id: 'default' } } });
		const frame = '{ "type" : "my.test",  "data": {"x": 1}, "context": {} }';
		a.send(frame);
		await until(() => a.raw.includes(frame) && b.raw.includes(frame), 2000, 'echo');
		a.close();
		b.close();
	});

	it('logs and drops malformed frames and keeps serving', async () => {
		const lines: string[] = [];
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: (_l, m) => lines.push(m) });
		const a = await BusClient.connect(sim.busUrl);
		const b = await BusClient.connect(sim.busUrl);
		for (const bad of ['not json', '[1,2]', '{"data":{}}', '{"type":""}', '{"type":"x","data":[]}']) a.send(bad);
		a.send({ type: 'still.alive', data: {}, context: {} });
		await b.waitFor((m) => m.type === 'still.alive');
		expect(sim.malformed().bus).toBe(5);
		expect(lines.filter((l) => l.includes('dropped a malformed frame'))).toHaveLength(5);
		expect(b.raw.some((r) => r.includes('not json'))).toBe(false);
		expect(a.ws.readyState).toBe(WebSocket.OPEN);
		a.close();
		b.close();
	});

	it('serves only /core', async () => {
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
		const ws = new WebSocket(`ws://127.0.0.1:${sim.busPort}/other`);
		const err = await new Promise<Error>((resolve) => ws.once('error', resolve));
		expect(err.message).toMatch(/404/);
	});

	it('says clearly which port is taken', async () => {
		const blocker = createServer();
		await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
		const port = (blocker.address() as { port: number }).port;
		try {
			const attempt = startSimulator({ busPort: 0, guiPort: port, skills: false, log: false });
			await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
			await expect(attempt).rejects.toThrow(`127.0.0.1:${port} is already in use`);
		} finally {
			blocker.close();
		}
	});

	it('answers the GUI handshake on the bus with mycroft.gui.port and mycroft.gui.available', async () => {
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
		const a = await BusClient.connect(sim.busUrl);
		a.send({ type: 'mycroft.gui.connected', data: { gui_id: 'g1' }, context: { qt_version: '6', session: { session_id: 'default' } } });
		const port = await a.waitFor((m) => m.type === 'mycroft.gui.port');
		// qt_version in the context is ignored: Qt always gets qt5; the context is copied.
		expect(port.data).toEqual({ port: sim.guiPort, gui_id: 'g1', framework: 'qt5' });
		expect(port.context).toEqual({ qt_version: '6', session: { session_id: 'default' } });
		await a.waitFor((m) => m.type === 'mycroft.gui.available');
		a.send({ type: 'gui.status.request', data: {}, context: {} });
		const status = await a.waitFor((m) => m.type === 'gui.status.request.response');
		expect(status.data).toEqual({ connected: false });
		a.close();
	});
});
