/**
 * What `npm start` compares before it builds: the sources, the lock file and the settings
 * a build bakes in; and `node build` in a checkout with no build yet.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInputs } from '../../server/build-inputs.js';

function checkout(): string {
	const root = mkdtempSync(join(tmpdir(), 'inputs-'));
	mkdirSync(join(root, 'src/lib'), { recursive: true });
	writeFileSync(join(root, 'src/lib/a.ts'), 'export const a = 1;\n');
	writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
	return root;
}

describe('build inputs', () => {
	it('change with a source, the lock file or a setting a build bakes in, and with nothing else', () => {
		const root = checkout();
		const env = { PATH: '/usr/bin', OVOS_HOST: '192.168.1.20' };
		const base = buildInputs(root, env).digest;
		expect(buildInputs(root, env).digest).toBe(base);
		// Run-time settings are read when the app starts: no reason to build.
		expect(buildInputs(root, { ...env, OVOS_HOST: '10.0.0.5', PORT: '3001' }).digest).toBe(base);
		expect(buildInputs(root, { ...env, NODE_ENV: 'development' }).digest).not.toBe(base);
		// Vite's own default, as set inside a build.
		expect(buildInputs(root, { ...env, NODE_ENV: 'production' }).digest).toBe(base);
		expect(buildInputs(root, { ...env, VITE_X: '1' }).digest).not.toBe(base);
		expect(buildInputs(root, { ...env, PUBLIC_X: '1' }).digest).not.toBe(base);

		writeFileSync(join(root, 'src/lib/a.ts'), 'export const a = 2;\n');
		const edited = buildInputs(root, env).digest;
		expect(edited).not.toBe(base);
		writeFileSync(join(root, 'src/lib/b.ts'), '');
		const added = buildInputs(root, env).digest;
		expect(added).not.toBe(edited);
		writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}\n');
		expect(buildInputs(root, env).digest).not.toBe(added);
		// A file moved to another folder is another input.
		const before = buildInputs(root, env).digest;
		mkdirSync(join(root, 'src/lib/b'));
		writeFileSync(join(root, 'src/lib/b/.keep'), '');
		expect(buildInputs(root, env).digest).not.toBe(before);
	});
});

describe('node build', () => {
	it('with no build yet: one line saying to run npm start first, status 1', () => {
		const root = mkdtempSync(join(tmpdir(), 'no-build-'));
		copyFileSync('build.js', join(root, 'build.js'));
		writeFileSync(join(root, 'package.json'), '{"type":"module"}');
		const run = spawnSync(process.execPath, ['build'], { cwd: root, encoding: 'utf8' });
		expect(run.status).toBe(1);
		expect(run.stdout).toBe('');
		expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^ovos-screen: there is no build to run yet: run npm start first/)]);
	});

	it('with a build: runs it, from any folder', () => {
		const root = mkdtempSync(join(tmpdir(), 'a-build-'));
		copyFileSync('build.js', join(root, 'build.js'));
		writeFileSync(join(root, 'package.json'), '{"type":"module"}');
		mkdirSync(join(root, 'build'));
		writeFileSync(join(root, 'build/index.js'), 'console.log("the app, from", import.meta.url);');
		const run = spawnSync(process.execPath, [join(root, 'build')], { cwd: tmpdir(), encoding: 'utf8' });
		expect(run.stderr).toBe('');
		expect(run.stdout.trim()).toBe(`the app, from file://${root}/build/index.js`);
	});
});
