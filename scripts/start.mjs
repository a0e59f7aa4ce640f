// `npm start`: check the settings and the ports (one line and exit status 1 on a mistake, before
// anything is built), build quietly (the build's output is shown only when it fails), then run the
// built server in this process. The build goes to a fresh folder (server/builds.js), so an app
// already running from an earlier build keeps running.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { loadConfig, checkPortsFree, ConfigError } = await tsImport('../src/lib/server/config.ts', import.meta.url);

try {
	await checkPortsFree(loadConfig(process.env));
} catch (e) {
	if (!(e instanceof ConfigError)) throw e;
	console.error(`ovos-screen: ${e.message}`);
	process.exit(1);
}

console.log('ovos-screen: building the app…');
const output = [];
const code = await new Promise((resolve) => {
	const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout.on('data', (d) => output.push(d));
	child.stderr.on('data', (d) => output.push(d));
	child.on('error', (e) => {
		output.push(Buffer.from(String(e)));
		resolve(1);
	});
	child.on('exit', (c, signal) => resolve(signal ? 1 : c));
});
if (code !== 0) {
	process.stderr.write(Buffer.concat(output));
	console.error('ovos-screen: the build failed (its output is above)');
	process.exit(1);
}

await import(pathToFileURL(`${realpathSync('build')}/index.js`).href);
