/** The theme transform (scripts/theme-css.js): colour-scheme media queries also follow <html data-theme>. */
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { themeCss } from '../../scripts/theme-css.js';

const run = async (css: string, from = 'x.css') => (await postcss([themeCss()]).process(css, { from })).css.replace(/\s+/g, ' ').trim();

describe('theme-css', () => {
	it('a light block: the system\'s light unless dark was chosen, and light when chosen', async () => {
		const out = await run('.a { color: white } @media (prefers-color-scheme: light) { .a, .b > i { color: black } }');
		expect(out).toBe(
			".a { color: white } @media (prefers-color-scheme: light) { :where(:root:not([data-theme='dark'])) .a, :where(:root:not([data-theme='dark'])) .b > i { color: black } } :where(:root[data-theme='light']) .a, :where(:root[data-theme='light']) .b > i { color: black }"
		);
	});

	it('a dark block, and :root / html selectors keep their specificity', async () => {
		const out = await run('@media (prefers-color-scheme: dark) { :root { --x: 1 } html body { --y: 2 } }');
		expect(out).toBe(
			"@media (prefers-color-scheme: dark) { :root:where(:not([data-theme='light'])) { --x: 1 } html:where(:not([data-theme='light'])) body { --y: 2 } } :root:where([data-theme='dark']) { --x: 1 } html:where([data-theme='dark']) body { --y: 2 }"
		);
	});

	it('other conditions stay on the chosen copy; keyframes are left alone; lists of queries are untouched', async () => {
		const out = await run('@media (prefers-color-scheme: light) and (min-width: 600px) { .a { x: 1 } @keyframes k { from { y: 0 } } }');
		expect(out).toContain("@media (min-width: 600px) { :where(:root[data-theme='light']) .a { x: 1 } @keyframes k { from { y: 0 } } }");
		expect(out).toContain("@media (prefers-color-scheme: light) and (min-width: 600px) { :where(:root:not([data-theme='dark'])) .a");
		const list = '@media (prefers-color-scheme: light), print { .a { x: 1 } }';
		expect(await run(list)).toBe(list);
	});

	it('a block nested in a rule (Tailwind\'s dark: variant before it is flattened)', async () => {
		const out = await run('.dark\\:bg { @media (prefers-color-scheme: dark) { background: black } }');
		expect(out).toBe(
			".dark\\:bg { @media (prefers-color-scheme: dark) { :where(:root:not([data-theme='light'])) & { background: black } } :where(:root[data-theme='dark']) & { background: black } }"
		);
	});

	it('Svelte styles are transformed once: after the compiler scoped them, not in the preprocess pass', async () => {
		const css = '@media (prefers-color-scheme: light) { .a { x: 1 } }';
		expect(await run(css, '/src/X.svelte.vite-preprocess.css')).toBe(css);
	});
});
