/**
 * `npm ci` runs quietly: npm 11 blocks a dependency's install scripts unless package.json's
 * `allowScripts` names it, and warns on every install about each one it does not. Every package of the
 * lock file with an install script is decided there, approved or denied.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (f: string) => JSON.parse(readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8'));

describe('install scripts', () => {
	it('every dependency with an install script is in allowScripts', () => {
		const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
		const decided = Object.keys((read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {}).map((k) => k.replace(/(.)@.*$/, '$1'));
		const withScripts = Object.entries(lock.packages)
			.filter(([path, p]) => path !== '' && p.hasInstallScript)
			.map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
		expect(withScripts.length).toBeGreaterThan(0);
		expect(withScripts.filter((name) => !decided.includes(name))).toEqual([]);
	});
});
