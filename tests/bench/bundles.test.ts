// The benches `bench/run.mjs` runs bundle as they are: a bench that no longer builds (an import its
// bundler cannot resolve, such as the app's `$lib/…` alias) is found here, not when someone measures.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleBench } from '../../bench/bundle.mjs';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const bundled = Object.values(scripts).flatMap((cmd) => [...cmd.matchAll(/bench\/run\.mjs (\S+)/g)].map((m) => m[1]!));

describe('bundled benches', () => {
	it('are the ones package.json runs through bench/run.mjs', () => {
		expect(bundled.length).toBeGreaterThan(0);
	});

	it.each(bundled)('%s bundles', async (entry) => {
		const out = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
		try {
			expect(existsSync(await bundleBench(entry, out))).toBe(true);
		} finally {
			rmSync(out, { recursive: true, force: true });
		}
	}, 120_000);
});
