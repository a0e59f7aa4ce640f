/**
 * Replay a GUI-socket trace: one server → client frame per line, applied with the client's own
 * `reduce`; prints the canonical state JSON.
 *
 *   npm run --silent replay -- trace.jsonl [--at N]
 *
 * Lines that do not decode are skipped and listed on stderr; exit 0 unless the file is unreadable.
 */
import { readFileSync } from 'node:fs';
import { replayLines } from '../lib/screen/replay';
import { toCanonical } from '../lib/protocol';

function usage(message: string): never {
	process.stderr.write(`${message}\nusage: npm run --silent replay -- FILE.jsonl [--at N]\n`);
	process.exit(2);
}

const args = process.argv.slice(2);
let file: string | undefined;
let at: number | undefined;
for (let i = 0; i < args.length; i++) {
	const arg = args[i] as string;
	if (arg === '--at') {
		const n = Number(args[++i]);
		if (!Number.isInteger(n) || n < 0) usage('--at takes a line number (0 or more)');
		at = n;
	} else if (arg.startsWith('--at=')) {
		const n = Number(arg.slice(5));
		if (!Number.isInteger(n) || n < 0) usage('--at takes a line number (0 or more)');
		at = n;
	} else if (file === undefined) file = arg;
	else usage(`unexpected argument ${arg}`);
}
if (file === undefined) usage('no trace file given');

let text: string;
try {
	text = readFileSync(file, 'utf8');
} catch (e) {
	process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`);
	process.exit(1);
}

const result = replayLines(text.split(/\r?\n/), at);
for (const bad of result.errors) process.stderr.write(`line ${bad.line}: skipped: ${bad.message}\n`);
if (result.errors.length > 0) process.stderr.write(`${result.errors.length} line(s) skipped\n`);
for (const p of result.problems) process.stderr.write(`line ${p.line}: not applied: ${p.message}\n`);
process.stdout.write(toCanonical(result.state) + '\n');
