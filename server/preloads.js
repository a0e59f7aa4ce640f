/**
 * Build-time fix for the first paint of a screen (issue 11.4), as a Vite plugin for the client build.
 *
 * SvelteKit lists a route's JavaScript for `modulepreload` from Vite's client manifest, walking each
 * chunk's static imports and then its dynamic ones; a chunk it first meets behind a dynamic import
 * (a template, the bus overlays) is marked seen without being listed, and is then skipped when the
 * route imports it statically too. Those chunks (the media rules, the bus window, its stream reader)
 * were fetched only once the route's code ran: one more round trip before the screen could start.
 * The same walk puts the CSS of every lazily loaded template inline in every page (~40 KB of
 * `<style>` and 30 disabled `<link>`s) and two of them as render-blocking links, for components that
 * are never rendered on the server. So the manifest SvelteKit reads lists no dynamic imports:
 * routes get their whole static graph preloaded, and a template brings its own CSS when it loads
 * (Vite's preload helper fetches it beside the template's code).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @returns {import('vite').Plugin} */
export function staticPreloads() {
	let client = false;
	let outDir = '';
	return {
		name: 'ovos-screen:static-preloads',
		apply: 'build',
		configResolved(config) {
			client = !config.build.ssr;
			outDir = config.build.outDir;
		},
		writeBundle: {
			order: 'post',
			handler() {
				if (!client) return;
				const file = join(outDir, '.vite', 'manifest.json');
				/** @type {Record<string, { dynamicImports?: string[] }>} */
				const manifest = JSON.parse(readFileSync(file, 'utf8'));
				for (const chunk of Object.values(manifest)) delete chunk.dynamicImports;
				writeFileSync(file, JSON.stringify(manifest, null, 2));
			}
		}
	};
}
