/**
 * The app's data folder (OVOS_SCREEN_DATA_DIR, default `.data/` in the working directory): the chat
 * secret, the paired browsers and tokens, and the embedded simulator's GUI cache live there.
 */
import { unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { makeDirs } from '../node/dirs';

export function dataDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
	return resolve(env.OVOS_SCREEN_DATA_DIR?.trim() || '.data');
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
