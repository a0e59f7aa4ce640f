/**
 * The app's data folder (OVOS_SCREEN_DATA_DIR, default `.data/` in the working directory): the chat
 * secret and the embedded simulator's GUI cache live there.
 *
 * Folders are made one level at a time, never with `mkdir({recursive: true})`: Node's recursive
 * mkdir loops for ever on paths it cannot create under pseudo file systems (`/proc/x`), at 100 % CPU
 * and — the synchronous one — deaf to SIGTERM.
 */
import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function dataDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
	return resolve(env.OVOS_SCREEN_DATA_DIR?.trim() || '.data');
}

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

/** Null when `dir` exists (made if missing) and a file can be written in it; else why not, in a line. */
export function writableDirProblem(dir: string): string | null {
	try {
		makeDirs(dir, 0o700);
		const probe = resolve(dir, `.write-test-${process.pid}`);
		writeFileSync(probe, '');
		unlinkSync(probe);
		return null;
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		return code ? `cannot write in the folder ${dir} (${code})` : (e as Error).message;
	}
}

function isDir(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}
