// The rooms' import rules (docs/architecture.md#what-each-room-may-import), read from the imports
// themselves: a new file that leans the wrong way fails here instead of in review.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');
const LIB = join(SRC, 'lib');
const SIMULATOR = resolve(__dirname, '../../simulator');

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const p = join(dir, name);
		return statSync(p).isDirectory() ? files(p) : /\.(ts|svelte)$/.test(name) ? [p] : [];
	});
}

/** Every module a file imports, as a path relative to src/ when it is ours (`lib/…`, `../simulator/…`), else the bare specifier. */
function imports(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specs = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s*['"]([^'"]+)['"]/g)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
	return specs.map((s) => {
		if (s.startsWith('$lib/')) return 'lib/' + s.slice(5);
		if (s.startsWith('.')) return relative(SRC, resolve(dirname(file), s));
		return s;
	});
}

function offenders(folder: string, bad: (spec: string) => boolean): string[] {
	return within(join(LIB, folder), bad);
}

/** Imports of the files under `dir` (any folder) that `bad` refuses, as `file → import`. */
function within(dir: string, bad: (spec: string) => boolean, skip: (file: string) => boolean = () => false): string[] {
	return files(dir)
		.filter((f) => !skip(relative(SRC, f)))
		.flatMap((f) => imports(f).filter(bad).map((s) => `${relative(SRC, f)} → ${s}`));
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

	// The simulated OVOS is a product of its own (`npm run sim`): it shares the wire with the app and
	// the Node helpers of lib/node/ (a clock, making folders), nothing else — the app's settings reach
	// the embedded one as options.
	it('simulator/ imports of the app only protocol/ and node/', () => {
		const ours = (s: string) => s.startsWith('lib/') || s.startsWith('.') || s.startsWith('$');
		const allowed = (s: string) => /^lib\/(protocol|node)\b/.test(s) || s.startsWith('../simulator/');
		expect(within(SIMULATOR, (s) => ours(s) && !allowed(s))).toEqual([]);
	});

	it("the browser's rooms import nothing of the simulator", () => {
		const client = ['connection', 'screen', 'screen-view', 'templates', 'pages', 'inspector', 'chat'].filter((d) => existsSync(join(LIB, d)));
		expect(client.length).toBeGreaterThan(5);
		expect(client.flatMap((d) => offenders(d, (s) => s.startsWith('../simulator')))).toEqual([]);
	});

	// The chat agent's room is the chat's: what every route shares (HTTP bodies and answers, the
	// error type, the secret) is in server/http/, so only the routes hosting the chat reach in here.
	it('only the chat agent and the routes that host the chat import server/agent/', () => {
		const chatHome = (f: string) => /^(lib\/server\/agent|routes\/api\/chat|routes\/v1)\//.test(f);
		expect(within(SRC, (s) => /^lib\/server\/agent\b/.test(s), chatHome)).toEqual([]);
	});

	// Skill names (skills/names.ts) are shared by the chat and pages; templates take nothing of chat/.
	it('templates/ import nothing from chat/', () => {
		expect(offenders('templates', (s) => /^lib\/chat\b/.test(s))).toEqual([]);
	});

	// Every page's renderer loads the shared data readers: a text catalogue there is
	// loaded with the first page whatever it shows (the framing refusals' texts were, ~1 KiB gzip).
	it('templates/data.ts, which every page loads, imports no text catalogue', () => {
		expect(imports(join(LIB, 'templates/data.ts')).filter((s) => s.startsWith('lib/i18n'))).toEqual([]);
	});
});
