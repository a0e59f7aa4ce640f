/**
 * Replay a GUI-socket trace: one server → client frame per line, applied with the client's own
 * `reduce`; prints the canonical state JSON (one line; `--pretty` indents it as the README shows).
 * A scenario (the simulator's JSON, e.g. what /inspect's page workbench saves) is first played on a
 * simulated ovos-gui, and the frames it sends are replayed.
 *
 * Lines that do not decode are skipped and listed on stderr; exit 0 unless the file is unreadable
 * or is a scenario with a mistake (2 for a usage mistake).
 */
import { readFileSync } from 'node:fs';
import { replayLines } from '../lib/screen/replay';
import { toCanonical } from '../lib/protocol';
import { parseScenario, type Scenario } from '../../simulator/scenario';

const USAGE = `usage: npm run --silent replay -- FILE.jsonl [--at N] [--pretty]

Applies a GUI-socket trace (one server -> client frame per line, as ovos-gui sends them) with the
screen's own reducer and prints the resulting state as canonical JSON (sorted keys), on one line.
FILE may also be a scenario (a JSON object with "steps", as npm run sim -- --script takes and the
dashboard's page workbench saves): it is played on a simulated ovos-gui and its frames replayed.

  --at N     the state after line N (0 = before any line); for a scenario, after step N
  --pretty   indented, one key per line
  -h, --help this text
`;

function usage(message: string): never {
	process.stderr.write(`${message}\n${USAGE}`);
	process.exit(2);
}

function lineNumber(raw: string | undefined): number {
	const n = Number(raw);
	if (raw === undefined || raw.trim() === '' || !Number.isInteger(n) || n < 0) usage('--at takes a line number (0 or more)');
	return n;
}

const args = process.argv.slice(2);
let file: string | undefined;
let at: number | undefined;
let pretty = false;
for (let i = 0; i < args.length; i++) {
	const arg = args[i] as string;
	if (arg === '-h' || arg === '--help') {
		process.stdout.write(USAGE);
		process.exit(0);
	} else if (arg === '--pretty') pretty = true;
	else if (arg === '--at') at = lineNumber(args[++i]);
	else if (arg.startsWith('--at=')) at = lineNumber(arg.slice(5));
	else if (arg.startsWith('-') && arg !== '-') usage(`unknown option ${arg}`);
	else if (file === undefined) file = arg;
	else usage(`unexpected argument ${arg}`);
}
if (file === undefined) usage('no trace file given');

let text: string;
try {
	text = readFileSync(file === '-' ? 0 : file, 'utf8');
} catch (e) {
	process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`);
	process.exit(1);
}

/** A scenario is one JSON object with "steps"; a trace is a frame per line (an object with "type"). */
function scenarioIn(text: string): Scenario | null {
	let whole: unknown;
	try {
		whole = JSON.parse(text);
	} catch {
		return null;
	}
	if (typeof whole !== 'object' || whole === null || !('steps' in whole)) return null;
	try {
		return parseScenario(text);
	} catch (e) {
		process.stderr.write(`${file}: ${(e as Error).message}\n`);
		process.exit(1);
	}
}

function print(result: ReturnType<typeof replayLines>): void {
	for (const bad of result.errors) process.stderr.write(`line ${bad.line}: skipped: ${bad.message}\n`);
	if (result.errors.length > 0) process.stderr.write(`${result.errors.length} line(s) skipped\n`);
	for (const p of result.problems) process.stderr.write(`line ${p.line}: not applied: ${p.message}\n`);
	const canonical = toCanonical(result.state);
	// Re-indenting keeps the canonical key order: JSON.parse preserves it.
	process.stdout.write((pretty ? JSON.stringify(JSON.parse(canonical), null, 4) : canonical) + '\n');
}

const scenario = scenarioIn(text);
if (scenario) {
	const { scenarioTrace } = await import('../../simulator/trace');
	let played;
	try {
		played = await scenarioTrace(scenario);
	} catch (e) {
		process.stderr.write(`${file}: ${(e as Error).message}\n`);
		process.exit(1);
	}
	const steps = played.ends.length;
	if (at !== undefined && at > steps) process.stderr.write(`--at ${at} is past the end: ${file} has ${steps} step(s); this is the state after the last\n`);
	const upTo = at === undefined ? undefined : at === 0 ? 0 : played.ends[Math.min(at, steps) - 1];
	print(replayLines(played.lines, upTo));
} else {
	const lines = text.split(/\r?\n/);
	// A final newline ends the last line; it does not start another.
	if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
	if (at !== undefined && at > lines.length) {
		process.stderr.write(`--at ${at} is past the end: ${file} has ${lines.length} line(s); this is the state after the last\n`);
	}
	print(replayLines(lines, at));
}
