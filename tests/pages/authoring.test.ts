/**
 * What a skill author starts from (docs/pages.md): `npm run new-page` writes a page file, and the
 * examples in examples/pages/ are what their sources make (the Svelte one is built, and committed).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PageFolder } from '../../src/lib/server/pages';

const run = promisify(execFile);
const newPage = (args: string[], env: Record<string, string> = {}) => {
	const { OVOS_SCREEN_PAGES: _, ...rest } = process.env;
	return run(process.execPath, ['--import', 'tsx', 'src/cli/new-page.ts', ...args], { env: { ...rest, ...env } });
};

describe('npm run new-page', () => {
	it('writes <dir>/<skill_id>/<page>.js: an ES module whose default export is a custom element', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'new-page-'));
		const { stdout } = await newPage(['my-skill.example', 'status.qml', '--dir', dir]);
		const file = join(dir, 'my-skill.example', 'status.js');
		expect(stdout).toContain(`wrote ${file}`);
		const text = readFileSync(file, 'utf8');
		expect(text).toMatch(/^export default class StatusPage extends HTMLElement \{$/m);
		expect(text).toContain("new CustomEvent('ovos-event', { detail: { name: 'tapped', params: {} }, bubbles: true, composed: true })");
		// It parses as a module (Node reads .mjs as one).
		copyFileSync(file, join(dir, 'check.mjs'));
		await run(process.execPath, ['--check', join(dir, 'check.mjs')]);
		const folder = new PageFolder(dir, () => {});
		expect(Object.keys(folder.files())).toEqual(['my-skill.example/status']);
		folder.close();
	});

	it('goes into OVOS_SCREEN_PAGES without --dir, never overwrites, and refuses names that are no file names', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'new-page-'));
		await newPage(['a.skill', 'one'], { OVOS_SCREEN_PAGES: dir });
		expect(existsSync(join(dir, 'a.skill', 'one.js'))).toBe(true);
		await expect(newPage(['a.skill', 'one'], { OVOS_SCREEN_PAGES: dir })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is already there; not overwritten') });
		await expect(newPage(['../escape', 'one', '--dir', dir])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('"../escape" cannot be a skill id') });
		await expect(newPage(['a.skill', 'a/b', '--dir', dir])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('"a/b" cannot be a page name') });
		await expect(newPage(['only-one'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run new-page') });
		expect(readdirSync(dir)).toEqual(['a.skill']);
	});
});

describe('examples/pages', () => {
	it('is a page folder as it is: a hand-written page and a Svelte-built one', () => {
		const folder = new PageFolder('examples/pages', () => {});
		expect(Object.keys(folder.files()).sort()).toEqual(['ovos-skill-alerts.openvoiceos/Timer', 'ovos-skill-date-time.openvoiceos/time']);
		folder.close();
	});

	it('the committed Svelte page is what `npm run build:example-pages` builds from its source', async () => {
		const out = mkdtempSync(join(tmpdir(), 'example-pages-'));
		await run(process.execPath, ['examples/pages/src/build.mjs', out]);
		expect(readFileSync(join(out, 'time.js'), 'utf8')).toBe(readFileSync('examples/pages/ovos-skill-date-time.openvoiceos/time.js', 'utf8'));
	}, 120_000);
});
