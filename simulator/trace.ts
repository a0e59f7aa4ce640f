/**
 * A scenario played on a simulated ovos-gui, as the frames a GUI client receives: what the replay
 * tool applies when it is given a scenario instead of a trace. The device has no skills (the
 * scenario plays them) and its own clock, moved by the scenario's waits, so the frames are the same
 * on every run and a wait of a minute takes no time.
 */
import { ManualClock } from '../src/lib/node/clock';
import type { Scenario } from './scenario';
import { startSimulator } from './index';

export interface ScenarioTrace {
	/** Every frame, one JSON text each, in the order a GUI client receives them. */
	readonly lines: readonly string[];
	/** After step N (1-based) the first `ends[N - 1]` lines have come. */
	readonly ends: readonly number[];
}

export class ScenarioStepError extends Error {}

export async function scenarioTrace(scenario: Scenario): Promise<ScenarioTrace> {
	const clock = new ManualClock();
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, clock, log: false });
	const lines: string[] = [];
	const detach = sim.attachGui((text) => lines.push(text));
	const ends: number[] = [];
	try {
		for (const [i, step] of scenario.steps.entries()) {
			if ('say' in step) throw new ScenarioStepError(`scenario step ${i + 1} (say): the replay tool plays scenarios without the simulated skills; to hear "${step.say}", run npm run sim -- --script FILE`);
			const done = sim.run(step);
			if ('wait' in step) await clock.advance(step.wait);
			await done;
			ends.push(lines.length);
		}
	} finally {
		detach();
		await sim.stop();
	}
	return { lines, ends };
}
