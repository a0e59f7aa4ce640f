/** Skill authors' pages (docs/pages.md): the configured folder, watched, and its routes' handlers. */
import { config } from '../config';
import { PageFolder } from './folder';
import { defaultPageDeps, type PageHttpDeps } from './http';

export { PageFolder, versionOf } from './folder';
export { answerPageFile, streamPageFiles, type PageHttpDeps } from './http';

let deps: PageHttpDeps | undefined;

/** The routes' dependencies: the folder of OVOS_SCREEN_PAGES (null when unset), watched from the first call on. */
export function pageDeps(): PageHttpDeps {
	if (!deps) {
		const dir = config().pagesDir;
		const made = defaultPageDeps(dir === null ? null : new PageFolder(dir));
		deps = made;
		for (const signal of ['SIGTERM', 'SIGINT'] as const)
			process.once(signal, () => {
				for (const end of [...made.open]) end();
				made.folder?.close();
			});
	}
	return deps;
}
