/**
 * Which device-side parts answer: when its bus opens the window asks for the stored
 * notifications (answered by ovos-gui's shell-companion extension) and the volume (a PHAL volume
 * plugin), and its state says which answered and which stayed silent, for /settings' connection test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BusClient } from '../../src/lib/server/bus';
import { BusWindowServer } from '../../src/lib/server/bus-window';
import { startSimulator, type Simulator } from '../../simulator';
import { PARTS_WAIT_MS, type WindowState } from '../../src/lib/protocol/bus-window';
import { until } from './helpers';

let stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const stop of stops.reverse()) await stop();
	stops = [];
});

async function windowOn(sim: Simulator): Promise<WindowState[]> {
	const client = new BusClient({ url: sim.busUrl, log: () => {}, minBackoffMs: 20, maxBackoffMs: 100 });
	const states: WindowState[] = [];
	const window = new BusWindowServer({ bus: client, log: () => {} });
	window.subscribe((f) => f.event === 'state' && states.push(f.data));
	stops.push(() => window.close(), () => client.close());
	await client.ensureOpen();
	return states;
}

describe('device-side parts', () => {
	for (const [what, skills, volume] of [
		['the shell companion and a volume plugin both answer', true, 'answered'],
		['no volume plugin: the volume stays silent', false, 'silent']
	] as const) {
		it(what, async () => {
			const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills, demo: false, log: false });
			stops.push(() => sim.stop());
			const states = await windowOn(sim);
			const settled = () => {
				const p = states.at(-1)?.parts;
				return !!p && p.notifications !== 'asking' && p.volume !== 'asking';
			};
			await until(settled, PARTS_WAIT_MS + 2000, 'the parts settled');
			expect(states.at(-1)).toEqual({ open: true, parts: { notifications: 'answered', volume } });
			// Asked first: a state said so while the answers were out.
			expect(states.some((s) => s.parts?.volume === 'asking')).toBe(true);
		});
	}
});
