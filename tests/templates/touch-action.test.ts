/**
 * Every box in a built-in page that scrolls vertically lets a finger's sideways swipe through to the
 * page stack (`touch-action: pan-y`): a scroll box is where the browser's touch handling starts
 * afresh, so without it a swipe over the box is taken as a pan and the page does not turn
 * (e2e/swipe.spec.ts shows it in Chromium). Boxes that scroll only sideways keep their pans.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../src/lib/templates');

function svelteFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
		e.isDirectory() ? svelteFiles(join(dir, e.name)) : e.name.endsWith('.svelte') ? [join(dir, e.name)] : []
	);
}

/** Innermost CSS rule bodies (and Tailwind class lists) that make a box scroll vertically without pan-y. */
function scrollBoxesWithoutPanY(source: string): string[] {
	const style = /<style>([\s\S]*?)<\/style>/.exec(source)?.[1] ?? '';
	const rules = [...style.matchAll(/([^{}]*)\{([^{}]*)\}/g)]
		.filter(([, , body]) => /(^|[\s;])overflow(-y)?\s*:\s*(auto|scroll)/.test(body!) && !/touch-action\s*:\s*pan-y/.test(body!))
		.map(([, sel]) => sel!.trim());
	const classes = [...source.matchAll(/class="([^"]*)"/g)]
		.map(([, c]) => c!)
		.filter((c) => /(^|\s)overflow-(y-)?(auto|scroll)(\s|$)/.test(c) && !/(^|\s)touch-pan-y(\s|$)/.test(c));
	return [...rules, ...classes];
}

describe('scroll boxes in pages', () => {
	const files = svelteFiles(ROOT);

	it('finds the pages and their scroll boxes (the scan is not empty)', () => {
		const scrolling = files.filter((f) => /overflow(-y)?(:\s*|-)(auto|scroll)/.test(readFileSync(f, 'utf8')));
		expect(scrolling.length).toBeGreaterThan(15);
	});

	it('a box without pan-y is caught', () => {
		expect(scrollBoxesWithoutPanY('<div class="a overflow-y-auto"></div><style>.b { overflow: auto; }</style>')).toEqual(['.b', 'a overflow-y-auto']);
		expect(scrollBoxesWithoutPanY('<style>.s { overflow-x: auto; }</style>')).toEqual([]);
	});

	it.each(files.map((f) => [relative(ROOT, f), f]))('%s: every vertical scroll box lets sideways swipes through', (_, file) => {
		expect(scrollBoxesWithoutPanY(readFileSync(file, 'utf8'))).toEqual([]);
	});
});
