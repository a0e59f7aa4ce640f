/**
 * Light, dark or the system's: a PostCSS plugin that makes every
 * `@media (prefers-color-scheme: light|dark)` block of the app's CSS — templates, skill pages, the
 * screen's chrome, Tailwind's `dark:` variant — also answer to a choice on `<html data-theme>`:
 *
 *   @media (prefers-color-scheme: light) { .x { … } }
 * becomes
 *   @media (prefers-color-scheme: light) { :where(:root:not([data-theme='dark'])) .x { … } }
 *   :where(:root[data-theme='light']) .x { … }
 *
 * so `auto` (or no attribute) follows the system and `light` / `dark` win over it. `:where()` adds
 * no specificity and the copy sits right after the block, so the cascade is what the author wrote.
 * Components keep writing plain media queries; the server sets the attribute (hooks.server.ts).
 * Svelte styles are transformed once, after the compiler has scoped them (the preprocess pass is
 * skipped: its selectors are not final).
 */

const FEATURE = /\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/i;

/** @param {'light' | 'dark'} scheme */
function conditions(scheme) {
	const other = scheme === 'light' ? 'dark' : 'light';
	return { auto: `:not([data-theme='${other}'])`, forced: `[data-theme='${scheme}']` };
}

/**
 * `sel` only when the root element has `cond`.
 * @param {string} sel
 * @param {string} cond
 */
export function underTheme(sel, cond) {
	const root = /^(\s*)(:root|html)(?![\w-])/.exec(sel);
	if (root) return `${root[1]}${root[2]}:where(${cond})${sel.slice(root[0].length)}`;
	return `:where(:root${cond}) ${sel.trim()}`;
}

/**
 * Prefixes the rules directly in `container` (and in its nested at-rules, not keyframes).
 * @param {import('postcss').Container} container
 * @param {string} cond
 */
function prefixRules(container, cond) {
	container.each((node) => {
		if (node.type === 'rule') node.selectors = node.selectors.map((s) => underTheme(s, cond));
		else if (node.type === 'atrule' && !/keyframes$/i.test(node.name)) prefixRules(node, cond);
	});
}

/** The media query without the colour-scheme feature ('' when nothing else was asked). @param {string} params */
function remainder(params) {
	return params
		.replace(FEATURE, '')
		.replace(/^\s*and\s+|\s+and\s*$/i, '')
		.replace(/\s+and\s+and\s+/i, ' and ')
		.trim();
}

/** @returns {import('postcss').Plugin} */
export function themeCss() {
	return {
		postcssPlugin: 'ovos-screen-theme',
		Once(root, { result, Rule }) {
			if (/\.vite-preprocess\.css$/.test(result.opts.from ?? '')) return;
			/** @type {import('postcss').AtRule[]} */
			const blocks = [];
			root.walkAtRules('media', (at) => {
				// A list of queries ("a, b") cannot be split safely: left to the system's setting.
				if (FEATURE.test(at.params) && !at.params.includes(',')) blocks.push(at);
			});
			for (const at of blocks) {
				const scheme = /** @type {'light' | 'dark'} */ ((FEATURE.exec(at.params)?.[1] ?? 'light').toLowerCase());
				const { auto, forced } = conditions(scheme);
				const rest = remainder(at.params);
				const copy = at.clone();
				if (at.parent?.type === 'rule') {
					// Nested in a rule (Tailwind's `dark:` before it is flattened): the parent is `&`.
					const wrap = (/** @type {import('postcss').Container} */ c, /** @type {string} */ cond) => {
						const inner = new Rule({ selector: `:where(:root${cond}) &` });
						inner.append((c.nodes ?? []).map((n) => n.clone()));
						c.removeAll();
						c.append(inner);
					};
					wrap(at, auto);
					wrap(copy, forced);
				} else {
					prefixRules(at, auto);
					prefixRules(copy, forced);
				}
				if (rest) {
					copy.params = rest;
					at.after(copy);
				} else {
					at.after((copy.nodes ?? []).map((n) => n.clone()));
				}
			}
		}
	};
}
themeCss.postcss = true;
