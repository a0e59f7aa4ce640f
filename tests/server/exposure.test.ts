/**
 * ovos-gui found listening beyond loopback (src/lib/server/exposure.ts), with real listeners. A
 * listener on 127.0.0.2 stands for one on an outward address of this machine (Linux routes all of
 * 127/8 to loopback, so nothing leaves the machine): the check is given that address to try.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ExposureWatch, exposureLine, findExposure, outwardAddresses } from '../../src/lib/server/exposure';

const servers: Server[] = [];
function listen(host: string): Promise<number> {
	return new Promise((resolve) => {
		const s = createServer((c) => c.destroy());
		servers.push(s);
		s.listen(0, host, () => resolve((s.address() as { port: number }).port));
	});
}
afterEach(() => {
	for (const s of servers.splice(0)) s.close();
});

describe('finding ovos-gui beyond loopback', () => {
	it('names what answers on an outward address, with the mycroft.conf line that closes it; not what listens on loopback only', async () => {
		const gui = await listen('127.0.0.2');
		const bus = await listen('127.0.0.1');
		const found = await findExposure({ 'ovos-gui': gui, messagebus: bus }, ['127.0.0.2']);
		expect(found).toEqual([{ service: 'ovos-gui', address: '127.0.0.2', port: gui, fix: '"gui_websocket": {"host": "127.0.0.1"}' }]);
		expect(exposureLine(found[0]!)).toBe(
			`ovos-screen: ovos-gui answers on 127.0.0.2:${gui}, beyond this machine: anyone who reaches that address can use it unauthenticated, around this app. ` +
				'Screens reach it through the app, so it may listen on loopback only: add "gui_websocket": {"host": "127.0.0.1"} to mycroft.conf and restart ovos-gui.'
		);
		const both = await findExposure({ 'ovos-gui': gui, messagebus: await listen('127.0.0.2') }, ['127.0.0.2']);
		expect(both.map((e) => e.fix)).toEqual(['"gui_websocket": {"host": "127.0.0.1"}', '"websocket": {"host": "127.0.0.1"}']);
	});

	it('tries the machine’s own addresses, never loopback ones', () => {
		for (const a of outwardAddresses()) expect(a).not.toMatch(/^(127\.|::1$)/);
	});

	it('logs what newly answers once, and forgets it when it no longer does', async () => {
		const lines: string[] = [];
		let answering = true;
		const w = new ExposureWatch({ 'ovos-gui': 18181, messagebus: 8181 }, (l) => lines.push(l), async () => (answering ? [{ service: 'ovos-gui', address: '192.168.1.5', port: 18181, fix: 'x' }] : []), 0);
		await w.check();
		await w.check();
		expect(lines).toHaveLength(1);
		expect(w.found).toHaveLength(1);
		answering = false;
		await w.check();
		expect(w.found).toEqual([]);
	});
});
