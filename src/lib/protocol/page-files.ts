/**
 * Skill authors' own pages (docs/pages.md), shared by the app server and the browser: a page file is
 * `<OVOS_SCREEN_PAGES>/<skill_id>/<page>.js`, served at `/pages/<skill_id>/<page>.js`; the server
 * says which files there are, each with a version (a hash of its content), in the root layout's data
 * and then on an event stream whenever one is added, changed or removed.
 */

export const PAGE_FILES_PATH = '/pages';
/** `GET`: server-sent events, `event: files` with the whole `PageFiles` at once and on every change. */
export const PAGE_FILES_STREAM = '/api/pages';

/** `"<skill_id>/<page>"` → version (hex), for every page file the server has. */
export type PageFiles = Readonly<Record<string, string>>;

/**
 * A skill id or a page name that may name a file: letters, digits, `_`, `.` and `-`, not starting with
 * a dot (no `.`, `..` or hidden file), at most 128 characters. Skill ids (`ovos-skill-weather.openvoiceos`)
 * and page names (`CurrentWeather`, `single-color`) are; a name with a slash or a space never is.
 */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

export function isPageFileName(name: string): boolean {
	return NAME.test(name);
}

/** The page name a file is looked up by: ovos-gui sends some as `Timer.qml`. */
export function pageFileName(page: string): string {
	return page.endsWith('.qml') ? page.slice(0, -4) : page;
}

export function pageFileKey(skill: string, page: string): string {
	return `${skill}/${pageFileName(page)}`;
}

/** Where the browser imports a page file from; `version` makes each change a new module. */
export function pageFileUrl(skill: string, page: string, version: string): string {
	return `${PAGE_FILES_PATH}/${encodeURIComponent(skill)}/${encodeURIComponent(pageFileName(page))}.js?v=${encodeURIComponent(version)}`;
}

/** A `PageFiles` read from the wire (the stream's data); null when it is not one. */
export function readPageFiles(value: unknown): PageFiles | null {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(value)) {
		const [skill, page, ...rest] = k.split('/');
		if (rest.length > 0 || !skill || !page || !isPageFileName(skill) || !isPageFileName(page) || typeof v !== 'string' || !/^[0-9a-f]{1,64}$/.test(v)) return null;
		out[k] = v;
	}
	return out;
}
