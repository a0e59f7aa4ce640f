/**
 * Page `url`s as ovos-gui 1.3.4 resolves them (`page.py` `get_uri`):
 * `<GUI cache>/<ns>/<framework>/<page>.<ext>` — `ns` is `system` for any page whose name starts with
 * `SYSTEM`, else the skill id; `ext` is `qml` for qt5/qt6 and empty otherwise — when that file exists,
 * else null. The cache is a real folder, filled the way a device fills it: ovos-gui copies its SYSTEM
 * pages into `system/` at start, and every skill's GUI interface replaces `<skill_id>/` with the pages
 * it ships. Anything else put there (a test's or an outside skill's QML) resolves as on a device.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { SYSTEM_QT5_PAGES } from '../src/lib/protocol/templates';
import { makeDirs } from '../src/lib/node/dirs';

/** Framework folder → the pages (names without extension) a component ships in it. */
export type ShippedPages = Readonly<Record<string, readonly string[]>>;

export class GuiCache {
	/** The cache folder (absolute); urls are paths inside it. */
	readonly dir: string;
	private readonly temporary: boolean;

	/** `dir` = a folder to use (created if missing, kept); none = a fresh temporary one, removed by `dispose`. */
	constructor(dir?: string) {
		this.temporary = dir === undefined;
		this.dir = dir === undefined ? mkdtempSync(join(tmpdir(), 'ovos-sim-gui-')) : resolve(dir);
		// Not a recursive mkdir: that spins for ever on a path under /proc (see src/lib/node/dirs.ts).
		makeDirs(this.dir);
	}

	/** ovos-gui's `_cache_system_resources`: `system/` is replaced by the SYSTEM pages it ships (qt5 only). */
	cacheSystemResources(): void {
		this.replace('system', { qt5: SYSTEM_QT5_PAGES });
	}

	/** `GUIInterface._cache_gui_files`: the skill's folder is replaced by what it ships. */
	ship(skillId: string, pages: ShippedPages): void {
		this.replace(skillId, pages);
	}

	/** A file a skill keeps beside its pages (an app icon): written under `<skill_id>/`, its path returned. */
	writeResource(skillId: string, name: string, body: string): string {
		const path = this.inside(skillId, name);
		if (!path) throw new Error(`resource ${name} of ${skillId} is outside the GUI cache`);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, body);
		return path;
	}

	url(namespace: string, page: string, framework: string): string | null {
		const ext = framework === 'qt5' || framework === 'qt6' ? 'qml' : '';
		const ns = page.startsWith('SYSTEM') ? 'system' : namespace;
		// Not in ovos-gui: a path that would leave the cache (a client's "../" framework) resolves to nothing.
		const path = this.inside(ns, framework, `${page}.${ext}`);
		if (!path) return null;
		try {
			return statSync(path).isFile() ? path : null;
		} catch {
			return null;
		}
	}

	dispose(): void {
		if (this.temporary) rmSync(this.dir, { recursive: true, force: true });
	}

	private replace(folder: string, pages: ShippedPages): void {
		const root = this.inside(folder);
		if (!root || root === this.dir) throw new Error(`cannot cache GUI files for ${folder}`);
		rmSync(root, { recursive: true, force: true });
		for (const [framework, names] of Object.entries(pages)) {
			const ext = framework === 'qt5' || framework === 'qt6' ? 'qml' : '';
			for (const name of names) {
				const path = this.inside(folder, framework, `${name}.${ext}`);
				if (!path) continue;
				mkdirSync(dirname(path), { recursive: true });
				writeFileSync(path, placeholder(folder, name));
			}
		}
	}

	/** `dir/parts…`, or null when that leaves the cache folder. */
	private inside(...parts: string[]): string | null {
		const path = join(this.dir, ...parts);
		return path === this.dir || path.startsWith(this.dir + sep) ? path : null;
	}
}

/** The simulated skills ship no real QML: a file stands in so the url resolves, as the skill's would. */
function placeholder(folder: string, page: string): string {
	return `// ${folder}/${page}: stand-in written by the ovos-screen simulator so this page's url resolves as on a device.\n`;
}
