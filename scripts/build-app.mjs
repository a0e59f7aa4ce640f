// Builds the app unless the last build was made from these very sources, lock file and build
// settings (server/build-inputs.js), quietly: the build's output is shown only when it fails. Used by
// `npm start` before it runs the app, and by install.sh, so an update with nothing changed builds
// nothing. The build goes to a fresh folder (server/builds.js): an app running meanwhile keeps
// running.
//
//   node scripts/build-app.mjs NAME    the same as a command; its lines start with "NAME: "
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildInputs, STAMP } from '../server/build-inputs.js';

/** The digest the current build recorded (server/builds.js), or why there is none to run. */
function lastBuild() {
	if (!existsSync('build/index.js')) return { why: 'there is no build yet' };
	try {
		return { digest: JSON.parse(readFileSync(`build/${STAMP}`, 'utf8')).digest };
	} catch {
		return { why: 'the last build does not say what it was made from' };
	}
}

/**
 * Builds in the current folder when an input changed, saying which way it went in lines that start
 * with `name`; a failed build's output, then one line, and exit status 1.
 * @param {string} name
 * @returns {Promise<boolean>} whether it built
 */
export async function buildIfChanged(name) {
	const last = lastBuild();
	if (last.digest !== undefined && last.digest === buildInputs().digest) {
		console.log(`${name}: sources, lock file and build settings unchanged since the last build: not building`);
		return false;
	}
	console.log(`${name}: building the app (${last.why ?? 'sources, lock file or build settings changed since the last build'})…`);
	await build(name);
	return true;
}

/** `vite build`, its output kept for a failure; a signal meanwhile stops it and this process. @param {string} name */
async function build(name) {
	const output = [];
	const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
	/** @param {NodeJS.Signals} signal */
	const stop = (signal) => {
		child.kill(signal);
		process.exit(1);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	const code = await new Promise((resolve) => {
		child.stdout.on('data', (d) => output.push(d));
		child.stderr.on('data', (d) => output.push(d));
		child.on('error', (e) => {
			output.push(Buffer.from(String(e)));
			resolve(1);
		});
		child.on('exit', (c, signal) => resolve(signal ? 1 : c));
	});
	process.off('SIGINT', stop);
	process.off('SIGTERM', stop);
	if (code !== 0) {
		process.stderr.write(Buffer.concat(output));
		console.error(`${name}: the build failed (its output is above)`);
		process.exit(1);
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildIfChanged(process.argv[2] ?? 'ovos-screen');
