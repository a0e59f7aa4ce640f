// Bundles a benchmark with Vite (as production code is bundled, without tsx's module shims) and runs it.
import { build } from 'vite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = process.argv[2];
if (!entry) {
	console.error('usage: node bench/run.mjs bench/NAME.bench.ts');
	process.exit(2);
}
const outDir = mkdtempSync(join(tmpdir(), 'bench-'));
try {
	await build({
		configFile: false,
		ssr: { noExternal: true },
		logLevel: 'silent',
		build: { ssr: resolve(entry), outDir, minify: false, target: 'node20', rollupOptions: { output: { format: 'esm' } } }
	});
	await import(pathToFileURL(join(outDir, basename(entry).replace(/\.ts$/, '.js'))).href);
} finally {
	rmSync(outDir, { recursive: true, force: true });
}
