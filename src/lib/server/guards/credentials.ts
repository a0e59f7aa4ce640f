/**
 * The paired browsers and the named API tokens, kept in the data folder (`access.json`, mode 0600)
 * as the chat secret is. A credential is `<id>.<secret>`: the id finds it, and only a hash of the
 * secret is kept (SHA-256: the secret is 256 random bits, so a fast hash is enough), compared in
 * constant time. "Last seen" is kept in memory and written at most once a minute.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirs } from '../../node/dirs';

export interface BrowserInfo {
	readonly id: string;
	/** Given at pairing, else guessed from the User-Agent ("Firefox · Android"). */
	readonly name: string;
	/** The address it paired from, then the one it was last seen at. */
	readonly address: string;
	readonly pairedAt: number;
	readonly lastSeen: number;
	/** How it was let in: `code`, or the token that handed it over (`token:<id>`). */
	readonly via: string;
}

export interface TokenInfo {
	readonly id: string;
	readonly name: string;
	readonly createdAt: number;
	readonly lastUsed: number | null;
}

interface Stored<T> {
	info: T;
	readonly hash: string;
}

interface FileShape {
	readonly version: 1;
	readonly browsers: readonly (BrowserInfo & { hash: string })[];
	readonly tokens: readonly (TokenInfo & { hash: string })[];
}

/** Most of each kept: the file stays small whatever happens. */
export const MAX_BROWSERS = 500;
export const MAX_TOKENS = 100;
const FLUSH_MS = 60_000;

export class CredentialStore {
	readonly #file: string | null;
	readonly #now: () => number;
	readonly #browsers = new Map<string, Stored<BrowserInfo>>();
	readonly #tokens = new Map<string, Stored<TokenInfo>>();
	#dirty: ReturnType<typeof setTimeout> | null = null;

	/** `dir`: the data folder (null: in memory only). A file this version cannot read throws, naming it. */
	constructor(dir: string | null, now: () => number = Date.now) {
		this.#file = dir === null ? null : join(dir, ACCESS_FILE);
		this.#now = now;
		if (this.#file === null || !existsSync(this.#file)) return;
		const read = readAccessFile(this.#file);
		if (typeof read === 'string') throw new Error(read);
		for (const { hash, ...info } of read.browsers) this.#browsers.set(info.id, { info, hash });
		for (const { hash, ...info } of read.tokens) this.#tokens.set(info.id, { info, hash });
	}

	browsers(): BrowserInfo[] {
		return [...this.#browsers.values()].map((b) => b.info).sort((a, b) => b.lastSeen - a.lastSeen);
	}

	tokens(): TokenInfo[] {
		return [...this.#tokens.values()].map((t) => t.info).sort((a, b) => b.createdAt - a.createdAt);
	}

	/** A new paired browser and its credential (the cookie's value), or null when the list is full. */
	addBrowser(o: { name: string; address: string; via: string }): { credential: string; info: BrowserInfo } | null {
		if (this.#browsers.size >= MAX_BROWSERS) return null;
		const { id, secret, hash } = mint();
		const now = this.#now();
		const info: BrowserInfo = { id, name: o.name, address: o.address, pairedAt: now, lastSeen: now, via: o.via };
		this.#browsers.set(id, { info, hash });
		this.#save();
		return { credential: `${id}.${secret}`, info };
	}

	/** A new named token (shown once: only its hash is kept), or null when the list is full. */
	addToken(name: string): { token: string; info: TokenInfo } | null {
		if (this.#tokens.size >= MAX_TOKENS) return null;
		const { id, secret, hash } = mint();
		const info: TokenInfo = { id, name, createdAt: this.#now(), lastUsed: null };
		this.#tokens.set(id, { info, hash });
		this.#save();
		return { token: `${id}.${secret}`, info };
	}

	/** The browser whose credential this is (its last sight recorded), or null. */
	browserOf(credential: string, address: string): BrowserInfo | null {
		const b = find(this.#browsers, credential);
		if (!b) return null;
		const now = this.#now();
		if (now - b.info.lastSeen > 1000 || b.info.address !== address) {
			b.info = { ...b.info, lastSeen: now, address };
			this.#later();
		}
		return b.info;
	}

	/** The named token this is (its use recorded), or null. */
	tokenOf(token: string): TokenInfo | null {
		const t = find(this.#tokens, token);
		if (!t) return null;
		const now = this.#now();
		if (t.info.lastUsed === null || now - t.info.lastUsed > 1000) {
			t.info = { ...t.info, lastUsed: now };
			this.#later();
		}
		return t.info;
	}

	forgetBrowser(id: string): BrowserInfo | null {
		const b = this.#browsers.get(id);
		if (!b) return null;
		this.#browsers.delete(id);
		this.#save();
		return b.info;
	}

	/** Revokes a token, and forgets the browsers it handed over; what went. */
	revokeToken(id: string): { token: TokenInfo; browsers: BrowserInfo[] } | null {
		const t = this.#tokens.get(id);
		if (!t) return null;
		this.#tokens.delete(id);
		const browsers = [...this.#browsers.values()].filter((b) => b.info.via === `token:${id}`).map((b) => b.info);
		for (const b of browsers) this.#browsers.delete(b.id);
		this.#save();
		return { token: t.info, browsers };
	}

	/** Writes what changed since the last write (at shutdown). */
	flush(): void {
		if (this.#dirty !== null) this.#save();
	}

	/** Last-seen times: written a while later, with whatever else changes meanwhile. */
	#later(): void {
		if (this.#file === null || this.#dirty !== null) return;
		this.#dirty = setTimeout(() => this.#save(), FLUSH_MS);
		this.#dirty.unref?.();
	}

	#save(): void {
		if (this.#dirty !== null) clearTimeout(this.#dirty);
		this.#dirty = null;
		if (this.#file === null) return;
		const shape: FileShape = {
			version: 1,
			browsers: [...this.#browsers.values()].map((b) => ({ ...b.info, hash: b.hash })),
			tokens: [...this.#tokens.values()].map((t) => ({ ...t.info, hash: t.hash }))
		};
		makeDirs(join(this.#file, '..'), 0o700);
		// Written aside and renamed into place: a crash mid-write never leaves half a file.
		const tmp = `${this.#file}.${process.pid}.tmp`;
		writeFileSync(tmp, JSON.stringify(shape, null, '\t') + '\n', { mode: 0o600 });
		renameSync(tmp, this.#file);
	}
}

export const ACCESS_FILE = 'access.json';

/** What is wrong with the data folder's access file, if one is there (none yet is fine). */
export function accessFileProblem(dir: string): string | null {
	const file = join(dir, ACCESS_FILE);
	if (!existsSync(file)) return null;
	const read = readAccessFile(file);
	return typeof read === 'string' ? read : null;
}

function readAccessFile(file: string): FileShape | string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(file, 'utf8'));
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		return code ? `cannot read ${file} (${code})` : `${file} is not JSON: move it away to start with no paired browsers and tokens`;
	}
	const p = parsed as Partial<FileShape> | null;
	const ok =
		p !== null &&
		typeof p === 'object' &&
		p.version === 1 &&
		Array.isArray(p.browsers) &&
		Array.isArray(p.tokens) &&
		[...p.browsers, ...p.tokens].every((e) => e !== null && typeof e === 'object' && typeof e.id === 'string' && typeof e.hash === 'string' && typeof e.name === 'string');
	return ok ? (p as FileShape) : `${file} is not a list of paired browsers and tokens this version reads: move it away to start with none`;
}

function mint(): { id: string; secret: string; hash: string } {
	const secret = randomBytes(32).toString('base64url');
	return { id: randomBytes(9).toString('base64url'), secret, hash: digest(secret) };
}

function digest(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

function find<T>(map: Map<string, Stored<T>>, credential: string): Stored<T> | null {
	const dot = credential.indexOf('.');
	if (dot <= 0) return null;
	const entry = map.get(credential.slice(0, dot));
	if (!entry) return null;
	const given = Buffer.from(digest(credential.slice(dot + 1)), 'hex');
	const kept = Buffer.from(entry.hash, 'hex');
	return given.length === kept.length && timingSafeEqual(given, kept) ? entry : null;
}
