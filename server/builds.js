/**
 * Builds that never pull the floor from under a running app (issue 10).
 *
 * Every `vite build` writes a fresh folder `.builds/<id>/`, and `build` is a symlink switched to it
 * in one rename once it is complete. A running server resolved its own folder at start (Node follows
 * the link), so it keeps serving the build it started from while later builds come and go. Old
 * folders are removed by the next build unless a live process holds them: the server marks its
 * folder with `.builds/<id>.<pid>.running` while it runs, a build marks the folder it is writing
 * with `.builds/<id>.<pid>.building`.
 */
import { copyFileSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LINK = 'build';
export const ROOT = '.builds';

/** The server entry that replaces the adapter's own `index.js` in every build. */
const ENTRY = fileURLToPath(new URL('./index.js', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
/** The settings file reader the entry runs before the adapter loads (also part of the app). */
const SETTINGS = fileURLToPath(new URL('../src/lib/server/settings-file.js', import.meta.url));
/** The addresses the entry's start line names, and the one it leaves for the kiosk. */
const ADDRESSES = fileURLToPath(new URL('./addresses.js', import.meta.url));

/**
 * Wraps an adapter factory (`(out) => adapterNode({ out })`) so each build goes to a fresh folder,
 * gets our server entry, and becomes `build` atomically.
 * @param {(out: string) => import('@sveltejs/kit').Adapter} make
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function freshBuilds(make) {
	const inner = make(LINK);
	return {
		...inner,
		name: `${inner.name} (fresh folder per build)`,
		async adapt(builder) {
			mkdirSync(ROOT, { recursive: true });
			const id = `${Date.now().toString(36)}-${process.pid}`;
			const out = join(ROOT, id);
			const release = mark(ROOT, id, 'building');
			try {
				await make(out).adapt(builder);
				copyFileSync(ENTRY, join(out, 'index.js'));
				rmSync(join(out, 'index.js.map'), { force: true });
				copyFileSync(SELF, join(out, 'builds.js'));
				copyFileSync(SETTINGS, join(out, 'settings-file.js'));
				copyFileSync(ADDRESSES, join(out, 'addresses.js'));
				// What a server-rendered page links for the lazily loaded parts it shows (preloads.js).
				copyFileSync(join(builder.config.kit.outDir, 'output', 'lazy-parts.json'), join(out, 'lazy-parts.json'));
				await stamp(out);
				switchLink(LINK, out);
			} finally {
				release();
			}
			prune(ROOT, [id, current(LINK)]);
		}
	};
}

/**
 * Records in the build what it was made from, so `npm start` can tell it is current. Not when an
 * input changed after this build began: the build may hold either version, so the next start builds.
 * @param {string} out
 */
async function stamp(out) {
	const { buildInputs, STAMP } = await import('./build-inputs.js');
	const { digest, newest } = buildInputs();
	if (newest < performance.timeOrigin) writeFileSync(join(out, STAMP), JSON.stringify({ digest }));
}

/**
 * Points `link` at `target` in one rename; a `build` folder from before this scheme is moved aside.
 * @param {string} link
 * @param {string} target
 */
export function switchLink(link, target) {
	const rel = target.startsWith('/') ? target : join('.', target);
	const tmp = `${link}.${process.pid}.tmp`;
	rmSync(tmp, { force: true });
	symlinkSync(rel, tmp);
	const old = lstatSafe(link);
	if (old && !old.isSymbolicLink()) renameSync(link, join(dirname(target), `legacy-${Date.now().toString(36)}`));
	renameSync(tmp, link);
}

/**
 * Marks folder `id` under `root` as used by this process until the returned function (or the
 * process's exit) releases it.
 * @param {string} root
 * @param {string} id
 * @param {'running' | 'building'} kind
 * @returns {() => void}
 */
export function mark(root, id, kind) {
	const file = join(root, `${id}.${process.pid}.${kind}`);
	try {
		writeFileSync(file, '');
	} catch {
		return () => {}; // a read-only install: nothing is ever pruned there either
	}
	const release = () => {
		process.off('exit', release);
		try {
			unlinkSync(file);
		} catch {
			/* already gone */
		}
	};
	process.on('exit', release);
	return release;
}

/**
 * Marks the build folder `dir` (this server's own) as in use; see `mark`.
 * @param {string} dir
 */
export function holdBuild(dir) {
	return mark(dirname(dir), basename(dir), 'running');
}

/**
 * The folder name `link` points at, if it is a link.
 * @param {string} link
 */
function current(link) {
	try {
		return basename(readlinkSync(link));
	} catch {
		return null;
	}
}

/**
 * Removes every build folder under `root` that is not in `keep` and that no live process holds,
 * and stale marks.
 * @param {string} root
 * @param {(string | null)[]} keep
 */
export function prune(root, keep) {
	let names;
	try {
		names = readdirSync(root);
	} catch {
		return;
	}
	const held = new Set();
	const marks = [];
	for (const name of names) {
		const m = /^(.+)\.(\d+)\.(running|building)$/.exec(name);
		if (!m) continue;
		if (alive(Number(m[2]))) held.add(m[1]);
		else marks.push(name);
	}
	for (const name of marks) rmSync(join(root, name), { force: true });
	for (const name of names) {
		if (keep.includes(name) || held.has(name) || /\.(running|building)$/.test(name)) continue;
		if (lstatSafe(join(root, name))?.isDirectory()) rmSync(join(root, name), { recursive: true, force: true });
	}
}

/** @param {number} pid */
function alive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
	}
}

/** @param {string} path */
function lstatSafe(path) {
	try {
		return lstatSync(path);
	} catch {
		return null;
	}
}
