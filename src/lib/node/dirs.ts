/**
 * Making folders, for the app server and the simulator alike.
 *
 * Folders are made one level at a time, never with `mkdir({recursive: true})`: Node's recursive
 * mkdir loops for ever on paths it cannot create under pseudo file systems (`/proc/x`), at 100 % CPU
 * and — the synchronous one — deaf to SIGTERM.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Makes `dir` and any missing parents; throws an Error saying which folder and why when it cannot. */
export function makeDirs(dir: string, mode = 0o777): void {
	const missing: string[] = [];
	for (let d = resolve(dir); ; d = dirname(d)) {
		if (isDir(d)) break;
		missing.unshift(d);
		if (dirname(d) === d) break;
	}
	for (const d of missing) {
		try {
			mkdirSync(d, { mode });
		} catch (e) {
			const code = (e as NodeJS.ErrnoException).code;
			if (code === 'EEXIST' && isDir(d)) continue;
			throw new Error(code === 'EEXIST' ? `${d} is not a folder` : `cannot create the folder ${d} (${code ?? (e as Error).message})`);
		}
	}
}

function isDir(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}
