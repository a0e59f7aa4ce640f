// Runs every test: the type check, unit (Vitest) then browser (Playwright, on a fresh build), and ends with one
// plain summary line "N passed, N failed" that any CI can read. Exit status is non-zero on failure.
// A run must leave `git status` as it found it (tests write to ignored folders; the README's pictures are
// made on purpose by `npm run screenshots`): a file it changed or added counts as one failed test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'ovos-screen-tests-'));
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const only = process.argv[2]; // 'unit' | 'e2e' | undefined (both)

/** Each path git reports (changed or not ignored) with its content hash; null outside a git checkout. */
function treeState() {
	const st = spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all'], { encoding: 'utf8' });
	if (st.status !== 0) return null;
	const paths = st.stdout.split('\0').filter(Boolean).map((l) => l.slice(3));
	const hashes = paths.length ? spawnSync('git', ['hash-object', '--stdin-paths'], { input: paths.filter((p) => existsSync(p)).join('\n'), encoding: 'utf8' }).stdout.split('\n') : [];
	const out = new Map();
	let i = 0;
	for (const p of paths) out.set(p, existsSync(p) ? hashes[i++] : 'gone');
	return out;
}
const treeBefore = treeState();

let passed = 0;
let failed = 0;
/** Why a step failed outside any test (a type error, a build, a file that could not load, a hook). */
const broken = [];

if (only === undefined) {
	// Types are part of correctness: a type error fails the run like a failing test, and so does a
	// warning (Svelte's are about accessibility: a link given role=status hid it from screen readers).
	if (run('npx', ['svelte-kit', 'sync']) !== 0 || run('npx', ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings', '--output', 'human']) !== 0) {
		broken.push('the type check');
	}
}

// One build of these sources first: the browser tests run it, and so do the unit tests that start the
// app as a user would (tests/support/app.ts). Chromium only for the browser tests.
const built = run('npx', ['vite', 'build', '--logLevel', 'warn']) === 0;
if (!built) broken.push('the build');
const browser = only !== 'unit' && run('bash', ['scripts/ensure-chromium.sh']) === 0;
if (only !== 'unit' && !browser) broken.push('Chromium (scripts/ensure-chromium.sh)');

if (only !== 'e2e') {
	const out = join(dir, 'vitest.json');
	const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
	const r = readJson(out);
	if (r) {
		passed += r.numPassedTests;
		failed += r.numFailedTests;
	}
	if (code !== 0 && (!r || r.numFailedTests === 0)) broken.push(`Vitest (${r ? `${r.numFailedTestSuites} file(s) failed to load or in a hook` : 'no report'})`);
}

if (only !== 'unit') {
	if (built && browser) {
		const out = join(dir, 'playwright.json');
		const code = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
		const r = readJson(out);
		if (r) {
			passed += r.stats.expected + r.stats.flaky;
			failed += r.stats.unexpected;
		}
		if (code !== 0 && (!r || r.stats.unexpected === 0)) broken.push('Playwright');
	}
}

if (treeBefore) {
	const changed = [...(treeState() ?? [])].filter(([p, h]) => treeBefore.get(p) !== h).map(([p]) => p);
	if (changed.length === 0) passed += 1;
	else {
		failed += 1;
		console.error(`the run changed ${changed.length} file(s) that git tracks or does not ignore (tests write to ignored folders, e.g. e2e/screenshots/):`);
		for (const p of changed.slice(0, 20)) console.error(`  ${p}`);
	}
}

if (broken.length) console.error(`failed outside any test: ${broken.join('; ')} (see above)`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken.length ? 1 : 0);
