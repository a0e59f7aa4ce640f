// `npm start`: check the settings and the ports (one line and exit status 1 on a mistake, before
// anything is built), build quietly unless the last build was made from these very sources, lock file
// and build settings (the build's output is shown only when it fails), then run the built server in
// this process. The build goes to a fresh folder (server/builds.js), so an app already running from an
// earlier build keeps running.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { buildInputs, STAMP } from '../server/build-inputs.js';

const { loadConfig, checkPortsFree, ConfigError } = await tsImport('../src/lib/server/config.ts', import.meta.url);

try {
	await checkPortsFree(loadConfig(process.env));
} catch (e) {
	if (!(e instanceof ConfigError)) throw e;
	console.error(`ovos-screen: ${e.message}`);
	process.exit(1);
}

/** The digest the current build recorded (server/builds.js), or why there is none to run. */
function lastBuild() {
	if (!existsSync('build/index.js')) return { why: 'there is no build yet' };
	try {
		return { digest: JSON.parse(readFileSync(`build/${STAMP}`, 'utf8')).digest };
	} catch {
		return { why: 'the last build does not say what it was made from' };
	}
}

const last = lastBuild();
if (last.digest !== undefined && last.digest === buildInputs().digest) {
	console.log('ovos-screen: sources, lock file and build settings unchanged since the last build: not building');
} else {
	console.log(`ovos-screen: building the app (${last.why ?? 'sources, lock file or build settings changed since the last build'})…`);
	await build();
}

/** `vite build`, its output kept for a failure; a signal meanwhile stops it and this process. */
async function build() {
	const output = [];
	const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
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
		console.error('ovos-screen: the build failed (its output is above)');
		process.exit(1);
	}
}

await import(pathToFileURL(`${realpathSync('build')}/index.js`).href);

// npm runs this script with `exec` (package.json), so the signals npm forwards reach the app itself;
// were npm or a shell above it killed outright, the app would be left to init: it stops then too.
const parent = process.ppid;
setInterval(() => {
	if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();
