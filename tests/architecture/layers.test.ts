// The rooms' import rules (docs/architecture.md#what-each-room-may-import), read from the imports
// themselves: a new file that leans the wrong way fails here instead of in review.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');
const LIB = join(SRC, 'lib');

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const p = join(dir, name);
		return statSync(p).isDirectory() ? files(p) : /\.(ts|svelte)$/.test(name) ? [p] : [];
	});
}

/** Every module a file imports, as a path under src/lib when it is ours, else the bare specifier. */
function imports(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specs = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2]) as string);
	return specs.map((s) => {
		if (s.startsWith('$lib/')) return 'lib/' + s.slice(5);
		if (s.startsWith('.')) return relative(SRC, resolve(dirname(file), s));
		return s;
	});
}

function offenders(folder: string, bad: (spec: string) => boolean): string[] {
	return files(join(LIB, folder)).flatMap((f) => imports(f).filter(bad).map((s) => `${relative(SRC, f)} → ${s}`));
}

const UI_OR_MACHINE = (s: string) => s === 'svelte' || s.startsWith('svelte/') || s === 'xstate' || s.endsWith('.svelte') || s.includes('.svelte.');

describe('layers', () => {
	it('protocol/ and screen/ import no Svelte, XState or DOM code, and protocol/ nothing above it', () => {
		expect(offenders('protocol', (s) => UI_OR_MACHINE(s) || /^lib\/(?!protocol)/.test(s))).toEqual([]);
		expect(offenders('screen', (s) => UI_OR_MACHINE(s) || /^lib\/(?!protocol|screen)/.test(s))).toEqual([]);
	});

	it('protocol/ and screen/ touch no browser globals', () => {
		const dom = /\b(window|document|localStorage|navigator|HTMLElement|requestAnimationFrame)\b/;
		const hits = ['protocol', 'screen'].flatMap((d) =>
			files(join(LIB, d)).filter((f) => dom.test(readFileSync(f, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')))
		);
		expect(hits.map((f) => relative(SRC, f))).toEqual([]);
	});

	// The server's copy of the device's screen (screen-mirror.ts) applies frames with the browser's own
	// pure reduce, so it may use screen/ — never the client's connection, store or views.
	it('server/ leans only on protocol/, screen/ and itself, never on the client connection or views', () => {
		const client = /^lib\/(connection|screen-view|templates|pages|inspector|chat)\b/;
		expect(offenders('server', (s) => client.test(s))).toEqual([]);
	});

	// Every page's renderer loads the shared data readers: a text catalogue there is
	// loaded with the first page whatever it shows (the framing refusals' texts were, ~1 KiB gzip).
	it('templates/data.ts, which every page loads, imports no text catalogue', () => {
		expect(imports(join(LIB, 'templates/data.ts')).filter((s) => s.startsWith('lib/i18n'))).toEqual([]);
	});
});
