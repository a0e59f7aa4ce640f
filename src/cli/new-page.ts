/**
 * `npm run new-page -- <skill_id> <page> [--dir DIR]`: writes a starting page file,
 * `<DIR>/<skill_id>/<page>.js` — a custom element that shows the page's data and sends an event —
 * to edit from there (docs/pages.md). DIR: `--dir`, else OVOS_SCREEN_PAGES (the environment, then
 * the settings file), else `./pages`. An existing file is never overwritten.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { isPageFileName, pageFileName } from '../lib/protocol/page-files';
import { makeDirs } from '../lib/node/dirs';
import { ConfigError, withSettingsFile } from '../lib/server/settings-file.js';

const USAGE = `usage: npm run new-page -- <skill_id> <page> [--dir DIR]

Writes DIR/<skill_id>/<page>.js, a page file to start from: a custom element the screen shows
when that skill shows that page. DIR is --dir, else OVOS_SCREEN_PAGES, else ./pages.
Example: npm run new-page -- my-skill.example status`;

function stop(message: string, status = 2): never {
	process.stderr.write(`${message}\n`);
	process.exit(status);
}

function starter(skill: string, page: string): string {
	const className = `${page.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase()).replace(/^[^A-Za-z]+/, '')}Page`;
	return `/**
 * ${skill}: the \`${page}\` page (docs/pages.md).
 *
 * The screen creates this element when the skill shows the page and sets:
 *   data   the skill's session data (a new object on every change)
 *   page   "${page}"
 *   lang   the screen's language, e.g. "pt-BR"
 *   theme  "light" or "dark"
 * An \`ovos-event\` it dispatches (detail: {name, params}) reaches the skill as
 * "${skill}.<name>", as \`self.gui.register_handler("<name>", ...)\` expects.
 * Save the file: open screens show the new version within a second.
 */
export default class ${className || 'SkillPage'} extends HTMLElement {
	#data = {};

	constructor() {
		super();
		this.attachShadow({ mode: 'open' }).innerHTML = \`
			<style>
				:host { display: block; height: 100%; box-sizing: border-box; padding: 5cqmin; container-type: size;
					background: #0f1114; color: #f3f4f6; font: 600 clamp(18px, 6cqmin, 48px) system-ui, sans-serif; }
				:host([theme='light']) { background: #f3f4f6; color: #111418; }
				dl { display: grid; grid-template-columns: auto 1fr; gap: 2cqmin 4cqmin; margin: 0; }
				dt { opacity: 0.7; }
				dd { margin: 0; overflow-wrap: anywhere; }
				button { margin-top: 4cqmin; min-height: 56px; padding: 0 6cqmin; font: inherit; border: 0; border-radius: 12px; }
			</style>
			<dl></dl>
			<button type="button">Tap</button>\`;
		this.shadowRoot.querySelector('button').addEventListener('click', () => {
			// The skill hears "${skill}.tapped" with these params as its data.
			this.dispatchEvent(new CustomEvent('ovos-event', { detail: { name: 'tapped', params: {} }, bubbles: true, composed: true }));
		});
	}

	set data(value) {
		this.#data = value ?? {};
		const list = this.shadowRoot.querySelector('dl');
		list.replaceChildren();
		for (const [key, v] of Object.entries(this.#data)) {
			const dt = document.createElement('dt');
			const dd = document.createElement('dd');
			dt.textContent = key;
			// What a skill sends is text: set with textContent, never as HTML.
			dd.textContent = typeof v === 'string' ? v : JSON.stringify(v);
			list.append(dt, dd);
		}
	}
	get data() {
		return this.#data;
	}

	set theme(value) {
		this.setAttribute('theme', value);
	}
}
`;
}

function main(): void {
	let parsed;
	try {
		parsed = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
	} catch (e) {
		stop(`${(e as Error).message}\n${USAGE}`);
	}
	if (parsed.values.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const [skill, rawPage, ...extra] = parsed.positionals;
	if (!skill || !rawPage || extra.length > 0) stop(USAGE);
	const page = pageFileName(rawPage);
	if (!isPageFileName(skill)) stop(`"${skill}" cannot be a skill id (letters, digits, _ . -, not starting with a dot)`);
	if (!isPageFileName(page)) stop(`"${rawPage}" cannot be a page name (letters, digits, _ . -, not starting with a dot)`);

	let configured: string | undefined;
	try {
		configured = withSettingsFile(process.env).env.OVOS_SCREEN_PAGES?.trim() || undefined;
	} catch (e) {
		if (e instanceof ConfigError) stop(`new-page: ${e.message}`, 1);
		throw e;
	}
	const dir = resolve(parsed.values.dir ?? configured ?? 'pages');
	const file = join(dir, skill, `${page}.js`);
	if (existsSync(file)) stop(`${file} is already there; not overwritten`, 1);
	try {
		makeDirs(join(dir, skill));
		writeFileSync(file, starter(skill, page), { flag: 'wx' });
	} catch (e) {
		stop(`cannot write ${file}: ${(e as Error).message}`, 1);
	}
	process.stdout.write(`wrote ${file.startsWith(process.cwd() + sep) ? relative(process.cwd(), file) : file}\n`);
	if (configured === undefined || resolve(configured) !== dir) {
		process.stdout.write(`the screen shows it when OVOS_SCREEN_PAGES=${dir} (then restart the app once; later changes need no restart)\n`);
	}
}

main();
