// An unreachable OVOS was once invisible in the server's log for as long as it lasted. Now one
// line says it does not answer, one that it is back, whatever the retries between.
import { afterEach, describe, expect, it } from 'vitest';
import { Reachability } from '../../src/lib/server/reachability';
import { ScreenMirror } from '../../src/lib/server/screen-mirror';
import { BusClient } from '../../src/lib/server/bus/client';
import { startSimulator, type Simulator } from '../../simulator';
import { freePort } from '../support/app';
import { until } from '../support/live-screen';

describe('Reachability', () => {
	it('one line when the first connection fails, none for more failures, one when every connection is back', () => {
		const lines: string[] = [];
		let now = 1_000_000;
		const r = new Reachability('10.255.255.1', (l) => lines.push(l), () => now);
		r.failed('ovos-gui', 18181, 'connect timed out');
		r.failed('ovos-gui', 18181, 'connect timed out');
		r.failed('messagebus', 8181, 'ECONNREFUSED');
		expect(lines).toEqual(['ovos-screen: OVOS at 10.255.255.1 does not answer (ovos-gui port 18181: connect timed out); trying again quietly until it does']);
		now += 123_000;
		r.connected('ovos-gui');
		// The device is back, its bus still refuses this app: that is said, with the fix.
		expect(lines[1]).toMatch(/^ovos-screen: OVOS at 10\.255\.255\.1 refuses this app on its messagebus \(port 8181: ECONNREFUSED\)\. OVOS lets only programs on the device itself onto its messagebus .*; trying again quietly until it lets us on$/);
		expect(r.reachable).toBe(false);
		r.connected('messagebus');
		r.connected('messagebus');
		expect(lines[2]).toBe('ovos-screen: OVOS at 10.255.255.1 answers again, after 2 min 3 s');
		expect(lines).toHaveLength(3);
	});

	it('a device whose bus refuses this app while its screen answers: one line, with the fix', () => {
		const lines: string[] = [];
		const r = new Reachability('192.168.1.20', (l) => lines.push(l));
		r.failed('messagebus', 8181, 'connect ECONNREFUSED 192.168.1.20:8181');
		r.failed('messagebus', 8181, 'connect ECONNREFUSED 192.168.1.20:8181');
		expect(lines).toEqual([
			'ovos-screen: OVOS at 192.168.1.20 refuses this app on its messagebus (port 8181: connect ECONNREFUSED 192.168.1.20:8181). OVOS lets only programs on the device itself onto its messagebus unless its mycroft.conf says otherwise, and the chat needs that bus: run this app on the device (scripts/install.sh does), or set "websocket": {"host": "0.0.0.0"} in the device\'s mycroft.conf and restart ovos-messagebus (docs/install.md says what that opens); trying again quietly until it lets us on'
		]);
	});
});

describe("the server's own connections report to it", () => {
	let sim: Simulator | null = null;
	const stops: (() => unknown)[] = [];
	afterEach(async () => {
		for (const s of stops.splice(0)) await s();
		await sim?.stop();
		sim = null;
	});

	it('an OVOS that is down at start, then comes up: one line each, from the screen copy and the bus together', async () => {
		const [guiPort, busPort] = [await freePort(), await freePort()];
		const lines: string[] = [];
		const reach = new Reachability('127.0.0.1', (l) => lines.push(l));
		const mirror = new ScreenMirror(`ws://127.0.0.1:${guiPort}/gui`, { reach: { connected: () => reach.connected('ovos-gui'), failed: (why) => reach.failed('ovos-gui', guiPort, why) } });
		const bus = new BusClient({ url: `ws://127.0.0.1:${busPort}/core`, log: () => {} });
		bus.onOpen(() => reach.connected('messagebus'));
		bus.onFail((why) => reach.failed('messagebus', busPort, why));
		mirror.start();
		bus.start();
		stops.push(() => mirror.stop(), () => bus.close());
		// Several retries of each go by (the mirror backs off from 250 ms, the bus from 250 ms).
		await new Promise((r) => setTimeout(r, 2500));
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^ovos-screen: OVOS at 127\.0\.0\.1 does not answer \((ovos-gui port \d+|messagebus port \d+): .*ECONNREFUSED.*\)/);
		sim = await startSimulator({ host: '127.0.0.1', busPort, guiPort, skills: false, log: false });
		await until(() => lines.length === 2, 10_000);
		expect(lines[1]).toMatch(/^ovos-screen: OVOS at 127\.0\.0\.1 answers again, after \d+ s$/);
		await new Promise((r) => setTimeout(r, 300));
		expect(lines).toHaveLength(2);
	});
});
