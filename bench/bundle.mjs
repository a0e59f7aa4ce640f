// Bundles a benchmark with Vite, as production code is bundled (without tsx's module shims).
import { build } from 'vite';
import { basename, join, resolve } from 'node:path';

/**
 * Bundles `entry` (bench/NAME.bench.ts) into `outDir`; returns the bundle's path.
 * @param {string} entry
 * @param {string} outDir
 * @returns {Promise<string>}
 */
export async function bundleBench(entry, outDir) {
	await build({
		configFile: false,
		ssr: { noExternal: true },
		logLevel: 'silent',
		// The app's own alias, as its build resolves it (server code imports `$lib/…`).
		resolve: { alias: { $lib: resolve('src/lib') } },
		build: { ssr: resolve(entry), outDir, minify: false, target: 'node20', rollupOptions: { output: { format: 'esm' } } }
	});
	return join(outDir, basename(entry).replace(/\.ts$/, '.js'));
}
