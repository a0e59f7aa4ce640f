// The repository explains itself: every pointer a reader meets (a linked or named .md file, a heading
// anchor, a section sign) resolves inside this tree. Work-tracker numbers and documents kept elsewhere
// mean nothing to someone who only has the clone, so they fail here.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SELF = relative(ROOT, __filename);

/** Tracked text files (binary pictures and the lock file say nothing to a reader). */
function trackedText(): string[] {
	const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
	return out
		.split('\0')
		.filter((f) => f && f !== 'package-lock.json' && !/\.(png|jpe?g|gif|webp|ico|woff2?|ttf|gz|wasm)$/i.test(f))
		.filter((f) => existsSync(join(ROOT, f)));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/`/g, '')
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
	const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
	return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => slug(m[1] as string)));
}

/** Where a named .md may live: beside the file that names it, at the root, or in docs/. */
function resolveMd(from: string, target: string): string | undefined {
	const candidates = [resolve(ROOT, dirname(from), target), resolve(ROOT, target), resolve(ROOT, 'docs', target)];
	return candidates.find((c) => c.startsWith(ROOT) && existsSync(c));
}

const files = trackedText();
const texts = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

function hits(pattern: RegExp, keep: (line: string, match: RegExpMatchArray) => boolean = () => true): string[] {
	const found: string[] = [];
	for (const [file, text] of texts) {
		if (file === SELF) continue;
		text.split('\n').forEach((line, i) => {
			for (const m of line.matchAll(pattern)) if (keep(line, m)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
		});
	}
	return found;
}

describe('every pointer resolves inside the repository', () => {
	it('names no work-tracker issue numbers', () => {
		expect(hits(/\bissues?\s*#?\d+(\.\d+)?\b/gi)).toEqual([]);
	});

	it('points at no documents kept outside the tree', () => {
		expect(hits(/\.\.\/shared\b|\blong-tail\.md\b|(?<![\w/-])(design|gui-protocol|chat-agent)\.md\b/g)).toEqual([]);
	});

	// Section numbers belonged to documents kept elsewhere; a section here is cited by its heading's
	// anchor (docs/protocol.md#connecting-and-the-replay), which the next check proves exists.
	it('cites sections by heading, never by a section number', () => {
		expect(hits(/§/g)).toEqual([]);
	});

	it('names only .md files that exist, and only headings they have', () => {
		const broken: string[] = [];
		for (const [file, text] of texts) {
			if (file === SELF) continue;
			text.split('\n').forEach((line, i) => {
				for (const m of line.matchAll(/(?<![\w.:/-])((?:\.{1,2}\/)*[\w./-]*[\w-]\.md)(#[\w-]+)?/g)) {
					const [target, anchor] = [m[1] as string, m[2]];
					const path = resolveMd(file, target);
					if (!path) broken.push(`${file}:${i + 1}: ${target} is not in the tree`);
					else if (anchor && !anchorsOf(path).has(anchor.slice(1))) broken.push(`${file}:${i + 1}: ${target} has no heading ${anchor}`);
				}
				// A link to a heading in the same Markdown file.
				if (file.endsWith('.md'))
					for (const m of line.matchAll(/\]\(#([\w-]+)\)/g))
						if (!anchorsOf(join(ROOT, file)).has(m[1] as string)) broken.push(`${file}:${i + 1}: no heading #${m[1]}`);
			});
		}
		expect(broken).toEqual([]);
	});
});
