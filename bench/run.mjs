// Bundles a benchmark (bench/bundle.mjs) and runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleBench } from './bundle.mjs';

const entry = process.argv[2];
if (!entry) {
	console.error('usage: node bench/run.mjs bench/NAME.bench.ts');
	process.exit(2);
}
const outDir = mkdtempSync(join(tmpdir(), 'bench-'));
try {
	await import(pathToFileURL(await bundleBench(entry, outDir)).href);
} finally {
	rmSync(outDir, { recursive: true, force: true });
}
