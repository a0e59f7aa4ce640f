import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const replay = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', ...args]);

describe('npm run replay', () => {
	it('prints the canonical state of the §3.3 worked example', async () => {
		const { stdout } = await replay('tests/fixtures/worked-example.jsonl');
		expect(JSON.parse(stdout)).toEqual({
			stack: ['skill-ovos-homescreen.openvoiceos'],
			namespaces: {
				'skill-ovos-homescreen.openvoiceos': {
					pages: [{ page: 'idle', url: '/home/ovos/.cache/ovos_gui/skill-ovos-homescreen.openvoiceos/qt5/idle.qml' }],
					currentPage: 0,
					data: {}
				}
			}
		});
	});

	it('--at N prints the state after line N', async () => {
		const { stdout } = await replay('tests/fixtures/worked-example.jsonl', '--at', '8');
		const s = JSON.parse(stdout);
		expect(s.stack).toEqual(['skill-weather.openvoiceos', 'skill-ovos-homescreen.openvoiceos']);
		expect(s.namespaces['skill-weather.openvoiceos'].data).toEqual({ text: 'hi', title: 'T' });
		const { stdout: zero } = await replay('tests/fixtures/worked-example.jsonl', '--at', '0');
		expect(JSON.parse(zero)).toEqual({ stack: [], namespaces: {} });
	});

	it('skips blank lines and counts undecodable ones on stderr with their line numbers, exit 0', async () => {
		const { stdout, stderr } = await replay('tests/fixtures/sync-replay.jsonl');
		expect(stderr).toContain('line 9: skipped: not JSON');
		expect(stderr).toContain('1 line(s) skipped');
		expect(stderr).toContain('line 10: not applied');
		const s = JSON.parse(stdout);
		expect(s.stack).toEqual(['ovos-skill-timer.openvoiceos', 'skill-ovos-homescreen.openvoiceos']);
		expect(s.namespaces['ovos-skill-timer.openvoiceos'].currentPage).toBe(0);
		expect(Object.keys(s.namespaces['ovos-skill-timer.openvoiceos'].data)).toEqual(['caption', 'image']);
	});

	// Two replays a show cut into, with the frames in the order ovos-gui sends them (docs/protocol.md,
	// "Pitfalls"): the namespace the replay read before the show's insert grew
	// the stack comes one place early, then again one further on. Removals come by position, so a
	// stack in the wrong order makes ovos-gui's later clears take the wrong namespace off the screen.
	it.each([
		['racing-replay-deep.jsonl', 39, ['skill-rg4.test', 'skill-base5.test', 'skill-base4.test', 'skill-base3.test', 'skill-base2.test', 'skill-base1.test', 'skill-base0.test'], ['skill-base0.test']],
		[
			'racing-replay-shallow.jsonl',
			22,
			['ovos-skill-alarm.openvoiceos', 'ovos-skill-timer.openvoiceos', 'skill-news.test', 'ovos-skill-weather.openvoiceos', 'skill-ovos-homescreen.openvoiceos'],
			['ovos-skill-timer.openvoiceos', 'ovos-skill-weather.openvoiceos', 'skill-ovos-homescreen.openvoiceos']
		]
	])("a replay a show cut into (%s) ends in ovos-gui's stack order, and so do the clears after it", async (file, replayEnd, replayed, cleared) => {
		const { stdout: atEnd, stderr } = await replay(`tests/fixtures/${file}`, '--at', String(replayEnd));
		expect(JSON.parse(atEnd).stack).toEqual(replayed);
		expect(stderr).toBe('');
		const { stdout } = await replay(`tests/fixtures/${file}`);
		const s = JSON.parse(stdout);
		expect(s.stack).toEqual(cleared);
		// Each namespace left holds its own data: a removal took the one ovos-gui removed.
		for (const id of cleared) expect(Object.keys(s.namespaces[id].data).length).toBeGreaterThan(0);
	});

	it('exits non-zero only when the file cannot be read', async () => {
		await expect(replay('/nonexistent/trace.jsonl')).rejects.toMatchObject({ code: 1 });
		const dir = mkdtempSync(join(tmpdir(), 'replay-'));
		const f = join(dir, 'junk.jsonl');
		writeFileSync(f, '\u0000\n{"type":1}\n[]\n');
		const { stdout, stderr } = await replay(f);
		expect(JSON.parse(stdout)).toEqual({ stack: [], namespaces: {} });
		expect(stderr).toContain('3 line(s) skipped');
	});

	it('prints what docs/dashboard.md shows: its example is the --pretty output, the default is that JSON on one line', async () => {
		const doc = readFileSync('docs/dashboard.md', 'utf8');
		const m = /```sh\n\$ npm run --silent replay -- (.+)\n([\s\S]*?)```/.exec(doc);
		expect(m).not.toBeNull();
		const args = (m?.[1] ?? '').split(' ');
		expect(args).toContain('--pretty');
		const { stdout: pretty } = await replay(...args);
		expect(pretty).toBe(m?.[2]);
		const { stdout: line } = await replay(...args.filter((a) => a !== '--pretty'));
		expect(line.trim().split('\n')).toHaveLength(1);
		expect(JSON.parse(line)).toEqual(JSON.parse(pretty));
	});

	it('--help prints the usage and exits 0; an unknown option is a usage error, not a file name', async () => {
		for (const flag of ['--help', '-h']) {
			const { stdout, stderr } = await replay(flag);
			expect(stdout).toMatch(/^usage: npm run --silent replay -- FILE\.jsonl \[--at N\] \[--pretty\]/);
			expect(stdout).toContain('--pretty');
			expect(stderr).toBe('');
		}
		await expect(replay('--bogus')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option --bogus') });
	});

	it('--at past the end says so on stderr and prints the final state', async () => {
		const { stdout, stderr } = await replay('tests/fixtures/worked-example.jsonl', '--at', '99');
		expect(stderr).toContain('--at 99 is past the end: tests/fixtures/worked-example.jsonl has 11 line(s)');
		const { stdout: all, stderr: quiet } = await replay('tests/fixtures/worked-example.jsonl', '--at', '11');
		expect(stdout).toBe(all);
		expect(quiet).toBe('');
	});
});
