// OVOS_SCREEN_DATA_DIR=/proc/x once spun at 100 % CPU and ignored SIGTERM — Node's
// recursive mkdir loops for ever on a path it cannot create under /proc. The data folder is made
// one level at a time, and a folder that cannot be made or written is a one-line reason.
import { mkdtempSync, chmodSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirs } from '../../src/lib/node/dirs';
import { writableDirProblem } from '../../src/lib/server/data-dir';
import { loadOrCreateSecret } from '../../src/lib/server/http/secret';
import { GuiCache } from '../../simulator/page-urls';

describe('the data folder (14.10)', () => {
	it('a folder under /proc is refused at once with its reason, by the chat secret and the GUI cache alike', () => {
		const t0 = Date.now();
		expect(() => makeDirs('/proc/x/.data')).toThrow(/cannot create the folder \/proc\/x \(ENOENT\)/);
		expect(() => loadOrCreateSecret({ OVOS_SCREEN_DATA_DIR: '/proc/x' })).toThrow(/\/proc\/x/);
		expect(() => new GuiCache('/proc/x/ovos_gui')).toThrow(/\/proc\/x/);
		expect(writableDirProblem('/proc/x')).toMatch(/^cannot create the folder \/proc\/x \(ENOENT\)$/);
		expect(Date.now() - t0).toBeLessThan(1000);
	});

	it('makes missing parents, accepts existing folders, names a file in the way or a folder it cannot write', () => {
		const root = mkdtempSync(join(tmpdir(), 'data-dir-'));
		makeDirs(join(root, 'a/b/c'), 0o700);
		expect(statSync(join(root, 'a/b/c')).isDirectory()).toBe(true);
		makeDirs(join(root, 'a/b/c')); // again: nothing to do
		expect(writableDirProblem(join(root, 'a/b/c'))).toBeNull();
		writeFileSync(join(root, 'file'), '');
		expect(writableDirProblem(join(root, 'file/sub'))).toMatch(/file is not a folder|ENOTDIR/);
		if (process.getuid?.() !== 0) {
			chmodSync(join(root, 'a/b/c'), 0o500);
			expect(writableDirProblem(join(root, 'a/b/c'))).toMatch(/cannot write in the folder .*c \(EACCES\)/);
		}
	});
});
