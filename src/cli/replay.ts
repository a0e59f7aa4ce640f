/**
 * Replay a GUI-socket trace: one server → client frame per line, applied with the client's own
 * `reduce`; prints the canonical state JSON (one line; `--pretty` indents it as the README shows).
 *
 * Lines that do not decode are skipped and listed on stderr; exit 0 unless the file is unreadable
 * (2 for a usage mistake).
 */
import { readFileSync } from 'node:fs';
import { replayLines } from '../lib/screen/replay';
import { toCanonical } from '../lib/protocol';

const USAGE = `usage: npm run --silent replay -- FILE.jsonl [--at N] [--pretty]

Applies a GUI-socket trace (one server -> client frame per line, as ovos-gui sends them) with the
screen's own reducer and prints the resulting state as canonical JSON (sorted keys), on one line.

  --at N     the state after line N (0 = before any line)
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

const lines = text.split(/\r?\n/);
// A final newline ends the last line; it does not start another.
if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
if (at !== undefined && at > lines.length) {
	process.stderr.write(`--at ${at} is past the end: ${file} has ${lines.length} line(s); this is the state after the last\n`);
}
const result = replayLines(lines, at);
for (const bad of result.errors) process.stderr.write(`line ${bad.line}: skipped: ${bad.message}\n`);
if (result.errors.length > 0) process.stderr.write(`${result.errors.length} line(s) skipped\n`);
for (const p of result.problems) process.stderr.write(`line ${p.line}: not applied: ${p.message}\n`);
const canonical = toCanonical(result.state);
// Re-indenting keeps the canonical key order: JSON.parse preserves it.
process.stdout.write((pretty ? JSON.stringify(JSON.parse(canonical), null, 4) : canonical) + '\n');
