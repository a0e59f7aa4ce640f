import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock, parseScenario, startSimulator } from '../../simulator';
import { GuiClient, until } from './helpers';

describe('scenario runner', () => {
	it('parses every example in scenarios/', () => {
		for (const f of readdirSync('scenarios').filter((n) => n.endsWith('.json'))) {
			expect(parseScenario(readFileSync(`scenarios/${f}`, 'utf8')).steps.length).toBeGreaterThan(0);
		}
	});

	it('says which step and which field of a scenario is wrong', () => {
		const err = (text: string) => {
			try {
				parseScenario(text);
			} catch (e) {
				return (e as Error).message;
			}
			return 'parsed';
		};
		expect(err('{"steps":[{"say":"hi"},{"show":{"skill":"x","pages":["A"],"index":"one"}}]}')).toBe(
			'scenario step 2 (show): show.index must be a page index (a number), got "one"'
		);
		expect(err('{"steps":[{"show":{"skill":"x"}}]}')).toBe('scenario step 1 (show): show.pages is required');
		expect(err('{"steps":[{"show":{"skill":"x","pages":["A"],"idel":3}}]}')).toBe(
			'scenario step 1 (show): show.idel is not a field of "show" (allowed: skill, pages, index, idle)'
		);
		expect(err('{"steps":[{"wait":-1}]}')).toBe('scenario step 1 (wait): wait must not be negative, got -1');
		expect(err('{"steps":[{"log":"a"},{"shw":{}}]}')).toMatch(/^scenario step 2: unknown step "shw" \(expected one of say, wait, set, show/);
		expect(err('{"steps":[{"say":"a","wait":3}]}')).toMatch(/^scenario step 1: must be an object with exactly one of /);
		expect(err('{"steps":[{"set":{"skill":"x","data":[1]}}]}')).toBe('scenario step 1 (set): set.data must be a JSON object, got [1]');
		expect(err('{"stepz":[]}')).toBe('scenario: unknown field "stepz" (expected "name" and "steps")');
		expect(err('nope')).toMatch(/^scenario is not JSON/);
		expect(err('{"name":"ok","steps":[{"say":"hi"},{"back":{}}]}')).toBe('parsed');
	});

	it('runs the bundled skill-pages scenario without showing a person an error', async () => {
		const clock = new ManualClock();
		const lines: string[] = [];
		const sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, clock, log: (l, m) => lines.push(`${l} ${m}`) });
		let done = false;
		const run = sim.runScenario(parseScenario(readFileSync('scenarios/skill-pages.json', 'utf8'))).then(() => (done = true));
		for (let i = 0; i < 100 && !done; i++) await clock.advance(500);
		await run;
		expect(lines.filter((l) => /^(warn|error)/.test(l))).toEqual([]);
		// The back after deleting the current page is ovos-gui's stale page_number quirk.
		expect(sim.quirks()).toContain('stale-page-number');
		expect(sim.canonical()).toBe('{"stack":[],"namespaces":{}}');
		await sim.stop();
	});

	it('npm run sim names the step and field of a bad scenario in one line, exit status 2', () => {
		const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
		const file = join(dir, 'bad.json');
		writeFileSync(file, '{"steps":[{"say":"hi"},{"show":{"skill":"x","pages":["A"],"index":"one"}}]}');
		const r = spawnSync(process.execPath, ['--import', 'tsx', 'simulator/cli.ts', '--bus-port', '0', '--gui-port', '0', '--script', file, '--exit'], { encoding: 'utf8', timeout: 30_000 });
		rmSync(dir, { recursive: true, force: true });
		expect(r.status).toBe(2);
		expect(r.stderr.trim()).toBe(`${file}: scenario step 2 (show): show.index must be a page index (a number), got "one"`);
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
