// No words a person reads are written into components: they come from the catalogues in
// src/lib/i18n/, so every language has them. A scan of every .svelte file: text between tags,
// user-facing attributes (aria-label, title, placeholder, alt, label …) written as plain text, and
// string literals in scripts and {expressions} that read like English.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');

function svelteFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const p = join(dir, name);
		return statSync(p).isDirectory() ? svelteFiles(p) : name.endsWith('.svelte') ? [p] : [];
	});
}

/** Not words to translate: names, units, symbols, protocol words and key names. */
const ALLOWED = new Set([
	'OVOS',
	'ovos-screen',
	'parameters',
	// KeyboardEvent.key values and wire values compared against
	'Escape',
	'Enter',
	'Home',
	'End',
	'ArrowLeft',
	'ArrowRight',
	'ArrowUp',
	'ArrowDown',
	'PageUp',
	'PageDown',
	'BrowserBack',
	'Tab'
]);

/** Attributes a person reads (or hears, from a screen reader). */
const READ = /\b(aria-label|aria-valuetext|aria-roledescription|title|placeholder|alt|label|empty|tag)="([^"{]*)"/g;

function blank(s: string): string {
	return s.replace(/[^\n]/g, ' ');
}

/** Script and markup apart; comments, styles and `{…}` expressions blanked out of the markup. */
function split(source: string): { script: string; markup: string; expressions: string } {
	let script = '';
	let markup = source.replace(/<script\b[^>]*>([\s\S]*?)<\/script>/g, (_, body: string) => {
		script += body + '\n';
		return '';
	});
	markup = markup.replace(/<style\b[\s\S]*?<\/style>/g, blank).replace(/<!--[\s\S]*?-->/g, blank);
	let expressions = '';
	// Balanced braces, one level of nesting at a time (enough for Svelte's {…} blocks and objects in them).
	let out = '';
	let depth = 0;
	let expr = '';
	for (const ch of markup) {
		if (ch === '{') depth++;
		if (depth > 0) expr += ch;
		else out += ch;
		if (ch === '}' && depth > 0 && --depth === 0) {
			expressions += expr + '\n';
			out += ' '.repeat(expr.length);
			expr = '';
		}
	}
	return { script: script.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ''), markup: out, expressions };
}

const WORD = /[A-Za-zÀ-ÿ’']{2,}/g;
const SMALL = /^(a|an|the|to|of|on|in|at|by|for|is|are|was|not|no|and|or|this|that|it|be|can|from|with|yet|now|ago|here|there)$/i;

/** A literal that reads like English prose to a person. */
function prose(text: string, before: string): boolean {
	const t = text.trim();
	if (t === '' || ALLOWED.has(t)) return false;
	if (/[-_./:#@=<>[\]()]/.test(t.replace(/[.…:!?,]$/, '').replace(/[’'][a-z]\b/g, ''))) {
		// class lists, paths, URLs, event and bus names, CSS, selectors — unless it is a sentence ("…: …")
		if (!/^[A-Z][a-z]+( [a-z’']+){2,}/.test(t)) return false;
	}
	if (/\b(key|code)\s*[!=]==?\s*$/.test(before)) return false;
	const words = t.match(WORD) ?? [];
	if (words.length === 0) return false;
	if (words.length === 1) return /^[A-Z][a-z’']+$/.test(t) && !ALLOWED.has(t);
	// Several words: a sentence (capital, punctuation) or ordinary English words between them.
	return /^[A-Z]/.test(t) || /[.…!?]$/.test(t) || words.some((w) => SMALL.test(w));
}

function findings(file: string): string[] {
	const { script, markup, expressions } = split(readFileSync(file, 'utf8'));
	const out: string[] = [];
	// Text between tags.
	for (const m of markup.matchAll(/>([^<>]+)</g)) {
		const text = (m[1] as string).replace(/&[a-z]+;|&#\d+;/g, ' ').replace(/^[\s·–|-]+/, '').trim();
		// A path (`/kiosk`) is not a word.
		if (/[A-Za-z]{2,}/.test(text) && !ALLOWED.has(text) && !/^\/[\w/-]*$/.test(text)) out.push(`text “${text}”`);
	}
	for (const m of markup.matchAll(READ)) if (/[A-Za-z]{2,}/.test(m[2] as string) && !ALLOWED.has(m[2] as string)) out.push(`${m[1]}="${m[2]}"`);
	for (const code of [script, expressions]) {
		for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
			const text = (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
			if (prose(text, code.slice(Math.max(0, (m.index ?? 0) - 12), m.index))) out.push(`literal “${text.trim()}”`);
		}
	}
	return out;
}

describe('UI words live in the catalogues', () => {
	it('no .svelte file writes words a person reads', () => {
		const all = svelteFiles(SRC).flatMap((f) => findings(f).map((what) => `${relative(SRC, f)}: ${what}`));
		expect(all).toEqual([]);
	});

	it('the scan sees what it must (a check of the check)', () => {
		const file = join(__dirname, 'fixtures', 'English.svelte.txt');
		const found = findings(file);
		expect(found).toEqual([
			'text “Offline since”',
			'aria-label="Close the list"',
			'title="Back"',
			'literal “Listening”',
			'literal “Back from the first page was refused:”',
			'literal “just now”',
			'literal “Not found”'
		]);
	});
});

