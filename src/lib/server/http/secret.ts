/**
 * The server's chat-token secret: created once and kept in a file under the data dir
 * (OVOS_SCREEN_DATA_DIR, default `.data/` in the working directory; never in the repo), or given
 * as OVOS_CHAT_SECRET. Instances that serve the same chats share it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirs } from '../../node/dirs';
import { dataDir } from '../data-dir';

export function loadOrCreateSecret(env: NodeJS.ProcessEnv = process.env): Buffer {
	const given = env.OVOS_CHAT_SECRET?.trim();
	if (given) {
		if (given.length < 32) throw new Error('OVOS_CHAT_SECRET must be at least 32 characters');
		return Buffer.from(given, 'utf8');
	}
	const dir = dataDir(env);
	makeDirs(dir, 0o700);
	if (!existsSync(secretFile(dir))) createSecret(secretFile(dir));
	const read = readSecretFile(dir);
	if (read.key === null) throw new Error(read.problem ?? `${secretFile(dir)} is gone`);
	return read.key;
}

const secretFile = (dir: string) => join(dir, 'chat-secret');

/**
 * What is wrong with the data folder's chat secret, if one is there (none yet is fine: it is made at
 * the first chat). Checked at start too, so a damaged file stops the start rather than the first chat.
 */
export function secretFileProblem(dir: string): string | null {
	return readSecretFile(dir).problem;
}

/** The data folder's chat secret: its key, or what is wrong with it (no file: neither). */
function readSecretFile(dir: string): { key: Buffer; problem: null } | { key: null; problem: string | null } {
	const file = secretFile(dir);
	let text: string;
	try {
		text = readFileSync(file, 'utf8').trim();
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		return { key: null, problem: code === 'ENOENT' ? null : `cannot read the chat secret ${file} (${code})` };
	}
	if (!/^[0-9a-f]{64,}$/.test(text)) return { key: null, problem: `${file} is not a chat secret (64+ hex digits expected): delete it to make a new one (open chats start again) or set OVOS_CHAT_SECRET` };
	return { key: Buffer.from(text, 'hex'), problem: null };
}

function createSecret(file: string): void {
	// Written aside and linked into place, so a concurrent instance never reads a half-written file.
	const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
	writeFileSync(tmp, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
	try {
		linkSync(tmp, file);
	} catch (e) {
		// EEXIST: made earlier (or by another instance just now) — use that one.
		if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
	} finally {
		unlinkSync(tmp);
	}
}
