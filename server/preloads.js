/**
 * Build-time fix for the first paint of a screen, as a Vite plugin for the client build.
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
 *
 * A server-rendered screen shows a template before its code runs, so the server must
 * link that template's CSS itself: the build writes `lazy-parts.json` beside the client output
 * (builds.js puts it in the build), naming for each Svelte component class scoped by a lazily
 * loaded stylesheet that stylesheet and the code that brings it (src/lib/server/first-paint.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const LAZY_PARTS_FILE = 'lazy-parts.json';

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
				/** @type {Manifest} */
				const manifest = JSON.parse(readFileSync(file, 'utf8'));
				for (const chunk of Object.values(manifest)) delete chunk.dynamicImports;
				writeFileSync(file, JSON.stringify(manifest, null, 2));
				const parts = lazyParts(manifest, (css) => readFileSync(join(outDir, css), 'utf8'));
				writeFileSync(join(dirname(outDir), LAZY_PARTS_FILE), JSON.stringify(parts));
			}
		}
	};
}

/** @typedef {Record<string, { file: string, imports?: string[], css?: string[], isEntry?: boolean, dynamicImports?: string[] }>} Manifest */

/**
 * Per Svelte component class (`svelte-…`) that a stylesheet no route imports statically scopes:
 * that stylesheet, and the chunk that brings it with the chunks it imports, as URL paths (nothing
 * a route already loads).
 * @param {Manifest} manifest Vite's client manifest, static imports only
 * @param {(file: string) => string} read a stylesheet's text
 * @returns {Record<string, { css: string[], js: string[] }>}
 */
export function lazyParts(manifest, read) {
	/** @param {string} key @param {Set<string>} into */
	const walk = (key, into) => {
		if (into.has(key) || !manifest[key]) return into;
		into.add(key);
		for (const i of manifest[key].imports ?? []) walk(i, into);
		return into;
	};
	const routes = new Set();
	for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, routes);
	const routeCss = new Set([...routes].flatMap((k) => manifest[k]?.css ?? []));
	/** @type {Record<string, { css: string[], js: string[] }>} */
	const parts = {};
	for (const [key, chunk] of Object.entries(manifest)) {
		const css = (chunk.css ?? []).filter((f) => !routeCss.has(f));
		if (css.length === 0) continue;
		const js = [...walk(key, new Set())].filter((k) => !routes.has(k)).map((k) => `/${manifest[k]?.file}`);
		for (const f of css) {
			for (const cls of new Set(read(f).match(/\bsvelte-[a-z0-9]+\b/g) ?? [])) {
				const part = (parts[cls] ??= { css: [], js: [] });
				if (!part.css.includes(`/${f}`)) part.css.push(`/${f}`);
				for (const j of js) if (!part.js.includes(j)) part.js.push(j);
			}
		}
	}
	return parts;
}
