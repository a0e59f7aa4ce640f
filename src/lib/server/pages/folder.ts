/**
 * The folder of skill authors' pages (OVOS_SCREEN_PAGES, docs/pages.md): `<folder>/<skill_id>/<page>.js`.
 * It knows every page file and its version (a hash of its content), watches the folder so that an
 * added, changed or removed file reaches open screens within a second, and reads a file only from
 * inside the folder: names are checked before any path is made, and the path the file system
 * resolves (symbolic links followed) must still be in the folder.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isPageFileName, pageFileKey, type PageFiles } from '../../protocol/page-files';

/** Changes that come together (an editor writes a file in several steps) are read once, this much after the last. */
export const SETTLE_MS = 60;
/** A page file bigger than this is left out (and said so): a page is code, not data. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export type PageFilesListener = (files: PageFiles) => void;

export class PageFolder {
	readonly dir: string;
	#files: PageFiles = {};
	readonly #listeners = new Set<PageFilesListener>();
	readonly #watchers = new Map<string, FSWatcher>();
	#timer: ReturnType<typeof setTimeout> | null = null;
	#closed = false;

	/** `dir` must exist (config.ts checks it at start); `log` hears of files left out. */
	constructor(
		dir: string,
		private readonly log: (line: string) => void = (line) => console.warn(`ovos-screen: ${line}`)
	) {
		this.dir = realpathSync(dir);
		this.#files = this.#scan();
		this.#watch();
	}

	/** Every page file, `"<skill_id>/<page>"` → version. */
	files(): PageFiles {
		return this.#files;
	}

	/** Calls `fn` with the new files whenever one is added, changed or removed; returns the unsubscribe. */
	subscribe(fn: PageFilesListener): () => void {
		this.#listeners.add(fn);
		return () => this.#listeners.delete(fn);
	}

	/** A page file's content and version, or null when there is none of that name in the folder. */
	async read(skill: string, page: string): Promise<{ readonly body: Buffer; readonly version: string } | null> {
		if (!isPageFileName(skill) || !isPageFileName(page)) return null;
		try {
			const path = await realpath(join(this.dir, skill, `${page}.js`));
			if (!this.#inside(path)) return null;
			const s = await stat(path);
			if (!s.isFile() || s.size > MAX_PAGE_BYTES) return null;
			const body = await readFile(path);
			return { body, version: versionOf(body) };
		} catch {
			return null;
		}
	}

	/** Reads the folder again now (a watcher fired; tests). */
	rescan(): void {
		if (this.#closed) return;
		const next = this.#scan();
		this.#watch();
		if (same(next, this.#files)) return;
		this.#files = next;
		for (const fn of this.#listeners) fn(next);
	}

	close(): void {
		this.#closed = true;
		if (this.#timer) clearTimeout(this.#timer);
		for (const w of this.#watchers.values()) w.close();
		this.#watchers.clear();
		this.#listeners.clear();
	}

	#inside(path: string): boolean {
		return path.startsWith(this.dir + sep);
	}

	/** The skill folders in the folder (their resolved paths, by name). */
	#skills(): Map<string, string> {
		const out = new Map<string, string>();
		let names: string[];
		try {
			names = readdirSync(this.dir);
		} catch {
			return out;
		}
		for (const name of names) {
			if (!isPageFileName(name)) continue;
			try {
				const path = realpathSync(join(this.dir, name));
				if (this.#inside(path) && statSync(path).isDirectory()) out.set(name, path);
			} catch {
				/* gone meanwhile, or a broken link */
			}
		}
		return out;
	}

	#scan(): PageFiles {
		const files: Record<string, string> = {};
		for (const [skill, dir] of this.#skills()) {
			let names: string[];
			try {
				names = readdirSync(dir);
			} catch {
				continue;
			}
			for (const name of names.sort()) {
				if (!name.endsWith('.js')) continue;
				const page = name.slice(0, -3);
				if (!isPageFileName(page)) continue;
				try {
					const path = realpathSync(join(dir, name));
					const s = statSync(path);
					if (!this.#inside(path) || !s.isFile()) continue;
					if (s.size > MAX_PAGE_BYTES) {
						this.log(`page file ${skill}/${name} left out: ${s.size} bytes, more than ${MAX_PAGE_BYTES}`);
						continue;
					}
					files[pageFileKey(skill, page)] = versionOf(readFileSync(path));
				} catch {
					/* gone meanwhile */
				}
			}
		}
		return files;
	}

	/** Watches the folder (skill folders coming and going) and each skill folder (its files). */
	#watch(): void {
		const wanted = new Map<string, string>([[this.dir, this.dir], ...[...this.#skills().values()].map((d): [string, string] => [d, d])]);
		for (const [dir, w] of this.#watchers) {
			if (!wanted.has(dir)) {
				w.close();
				this.#watchers.delete(dir);
			}
		}
		for (const dir of wanted.keys()) {
			if (this.#watchers.has(dir)) continue;
			try {
				const w = watch(dir, { persistent: false }, () => this.#soon());
				w.on('error', () => {
					w.close();
					this.#watchers.delete(dir);
					this.#soon();
				});
				this.#watchers.set(dir, w);
			} catch {
				/* gone meanwhile: the next scan leaves it out */
			}
		}
	}

	#soon(): void {
		if (this.#closed) return;
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = setTimeout(() => {
			this.#timer = null;
			this.rescan();
		}, SETTLE_MS);
	}
}

/** A file's version: the start of its SHA-256, in hex (lower case: it goes into a custom element's name). */
export function versionOf(body: Uint8Array): string {
	return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

function same(a: PageFiles, b: PageFiles): boolean {
	const ka = Object.keys(a);
	return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
