// `npm start`: check the settings and the ports (one line and exit status 1 on a mistake, before
// anything is built), build unless nothing changed since the last build (build-app.mjs), then run the
// built server in this process.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { buildIfChanged } from './build-app.mjs';

const { loadConfig, checkPortsFree, ConfigError } = await tsImport('../src/lib/server/config.ts', import.meta.url);

try {
	await checkPortsFree(loadConfig(process.env));
} catch (e) {
	if (!(e instanceof ConfigError)) throw e;
	console.error(`ovos-screen: ${e.message}`);
	process.exit(1);
}

await buildIfChanged('ovos-screen');

await import(pathToFileURL(`${realpathSync('build')}/index.js`).href);

// npm runs this script with `exec` (package.json), so the signals npm forwards reach the app itself;
// were npm or a shell above it killed outright, the app would be left to init: it stops then too.
const parent = process.ppid;
setInterval(() => {
	if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();
