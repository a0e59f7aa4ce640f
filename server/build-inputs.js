/**
 * What a build is made from: the sources, the lock file and the few settings Vite and
 * SvelteKit put into a build. `npm start` rebuilds only when this digest differs from the one the
 * last complete build recorded.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files a build reads (vite.config.ts names the rest of its plugins' files). */
const INPUTS = ['src', 'simulator', 'static', 'server', 'scripts/theme-css.js', 'svelte.config.js', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** Environment that changes a build: the variables Vite and SvelteKit bake in (and NODE_ENV, below). */
const BUILD_ENV = /^(VITE_|PUBLIC_)/;

/**
 * The digest of every input under `root`, and the newest modification time among them (ms).
 * @param {string} root
 * @param {NodeJS.ProcessEnv} env
 */
export function buildInputs(root = '.', env = process.env) {
	const hash = createHash('sha256');
	let newest = 0;
	/** @param {string} rel */
	const visit = (rel) => {
		let st;
		try {
			st = statSync(join(root, rel));
		} catch {
			hash.update(`missing ${rel}\0`);
			return;
		}
		if (st.isDirectory()) {
			for (const name of readdirSync(join(root, rel)).sort()) visit(`${rel}/${name}`);
			return;
		}
		newest = Math.max(newest, st.mtimeMs);
		hash.update(`file ${rel} ${st.size}\0`);
		hash.update(readFileSync(join(root, rel)));
	};
	for (const rel of INPUTS) visit(rel);
	for (const key of Object.keys(env).filter((k) => BUILD_ENV.test(k)).sort()) hash.update(`env ${key}=${env[key]}\0`);
	// Vite builds for production unless NODE_ENV says otherwise, and sets it so in its own process.
	hash.update(`env NODE_ENV=${env.NODE_ENV || 'production'}\0`);
	return { digest: hash.digest('hex'), newest };
}

/** The file in a build folder that records what it was built from. */
export const STAMP = 'inputs.json';
