/**
 * Builds never pull the floor from under a running app: `build` is switched to a complete
 * fresh folder in one rename, and only folders no live process holds are removed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdBuild, prune, switchLink } from '../../server/builds.js';

let cwd: string;
let dir: string;
beforeEach(() => {
	cwd = process.cwd();
	dir = mkdtempSync(join(tmpdir(), 'builds-'));
	process.chdir(dir);
});
afterEach(() => process.chdir(cwd));

const folder = (id: string) => {
	mkdirSync(join('.builds', id), { recursive: true });
	writeFileSync(join('.builds', id, 'index.js'), id);
};

describe('builds', () => {
	it('switches the link to each new folder, moving a plain folder from before aside', () => {
		mkdirSync('build');
		writeFileSync('build/index.js', 'old');
		folder('a');
		switchLink('build', '.builds/a');
		expect(readlinkSync('build')).toBe('.builds/a');
		folder('b');
		switchLink('build', '.builds/b');
		expect(readlinkSync('build')).toBe('.builds/b');
	});

	it('prunes folders no live process holds, keeps the current one and the held ones', async () => {
		for (const id of ['old', 'held', 'dead', 'current']) folder(id);
		// A live process holds "held"; a process that has exited held "dead".
		const release = holdBuild(join(dir, '.builds', 'held'));
		const gone = spawn(process.execPath, ['-e', '0']);
		await new Promise((r) => gone.once('exit', r));
		writeFileSync(join('.builds', `dead.${gone.pid}.running`), '');
		prune('.builds', ['current']);
		expect(existsSync('.builds/current')).toBe(true);
		expect(existsSync('.builds/held')).toBe(true);
		expect(existsSync('.builds/old')).toBe(false);
		expect(existsSync('.builds/dead')).toBe(false);
		expect(existsSync(`.builds/dead.${gone.pid}.running`)).toBe(false);
		release();
		prune('.builds', ['current']);
		expect(existsSync('.builds/held')).toBe(false);
	});
});
