import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock, parseScenario, startSimulator } from '../../src/lib/server/simulator';
import { GuiClient, until } from './helpers';

describe('scenario runner', () => {
	it('parses every example in scenarios/', () => {
		for (const f of readdirSync('scenarios').filter((n) => n.endsWith('.json'))) {
			expect(parseScenario(readFileSync(`scenarios/${f}`, 'utf8')).steps.length).toBeGreaterThan(0);
		}
	});

	it('says where a scenario is wrong', () => {
		expect(() => parseScenario('{"steps":[{"show":{"skill":"x"}}]}')).toThrow(/steps/);
		expect(() => parseScenario('{"steps":[{"wait":-1}]}')).toThrow();
		expect(() => parseScenario('nope')).toThrow(/not JSON/);
	});

	it('runs skill actions and waits on the simulator clock', async () => {
		const clock = new ManualClock();
		const sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, clock, log: false });
		const gui = await GuiClient.connect(sim.guiUrl);
		const notes: string[] = [];
		const done = sim.runScenario(parseScenario(readFileSync('scenarios/idle-timeouts.json', 'utf8')), (n) => notes.push(n));
		await until(() => JSON.parse(sim.canonical()).stack.join() === 'stays.example', 3000, 'stays shown');
		await clock.advance(1499);
		expect(JSON.parse(sim.canonical()).stack).toEqual(['stays.example']);
		await clock.advance(1);
		await until(() => JSON.parse(sim.canonical()).stack.join() === 'short.example,stays.example', 3000, 'short shown');
		await clock.advance(6000);
		await done;
		expect(notes).toEqual(['short.example timed out; stays.example is on top again']);
		// blink.example (idle: false) came and went within the same instant of clock time.
		await until(() => gui.state.stack.join() === 'stays.example', 3000, 'blink removed at once');
		expect(gui.messages.some((m) => m.kind === 'stack.insert' && m.skills.includes('blink.example'))).toBe(true);
		expect(gui.canonical()).toBe(sim.canonical());
		gui.close();
		await sim.stop();
	});
});
