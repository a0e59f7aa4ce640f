/**
 * `npm run sim`: the simulated OVOS on its own — messagebus on /core and ovos-gui on /gui, quiet by default.
 *
 *   npm run sim                         both servers on 127.0.0.1:8181 / :18181, core and skills idle
 *   npm run sim -- --demo               cycle the demo skills on screen
 *   npm run sim -- --no-skills          messagebus + ovos-gui only (a device whose core is stopped)
 *   npm run sim -- --script FILE        run a JSON scenario (see scenarios/), then keep serving (--exit to quit)
 *   npm run sim -- --bus-port 0 --gui-port 0   free ports
 *   npm run sim -- --gui-cache DIR      ovos-gui's cache folder: page urls resolve against the QML files in it
 *   npm run sim -- --workers N          threads of core's skill pool (default min(32, CPUs + 4), as Python's)
 *   npm run sim -- --no-audio           no ovos-audio: the device's questions block their skill 15 s, as on a device without it
 *   npm run sim -- --lang de-DE         the device's language (mycroft.conf `lang`): what its skills show and say
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { consoleLogger, parseScenario, startSimulator, type Scenario } from './index';

const USAGE = `usage: npm run sim -- [--host H] [--bus-port N] [--gui-port N] [--demo] [--no-skills] [--gui-cache DIR] [--workers N] [--no-audio] [--lang TAG] [--script FILE [--exit]] [--verbose]`;

function port(name: string, raw: string | undefined, fallback: number): number {
	if (raw === undefined) return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 0 || n > 65535) {
		console.error(`--${name} must be a port number (0-65535, 0 = any free port), not ${raw}`);
		process.exit(2);
	}
	return n;
}

async function main(): Promise<void> {
	let args;
	try {
		args = parseArgs({
			options: {
				host: { type: 'string', default: '127.0.0.1' },
				'bus-port': { type: 'string' },
				'gui-port': { type: 'string' },
				demo: { type: 'boolean', default: false },
				'no-skills': { type: 'boolean', default: false },
				script: { type: 'string' },
				'gui-cache': { type: 'string' },
				workers: { type: 'string' },
				'no-audio': { type: 'boolean', default: false },
				lang: { type: 'string', default: 'en-US' },
				exit: { type: 'boolean', default: false },
				verbose: { type: 'boolean', default: false },
				help: { type: 'boolean', short: 'h', default: false }
			}
		}).values;
	} catch (e) {
		console.error(`${(e as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	if (args.help) {
		console.log(USAGE);
		return;
	}
	if (args.demo && args['no-skills']) {
		console.error('--demo needs the skills; drop --no-skills');
		process.exit(2);
	}
	let workers: number | undefined;
	if (args.workers !== undefined) {
		workers = Number(args.workers);
		if (!Number.isInteger(workers) || workers < 1 || workers > 1024) {
			console.error(`--workers must be a whole number of threads (1-1024), not ${args.workers}`);
			process.exit(2);
		}
	}
	if (!/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(args.lang)) {
		console.error(`--lang must be a language tag such as en-US, de-DE or pt-PT, not ${args.lang}`);
		process.exit(2);
	}
	let scenario: Scenario | null = null;
	if (args.script) {
		try {
			scenario = parseScenario(readFileSync(args.script, 'utf8'));
		} catch (e) {
			console.error(`${args.script}: ${(e as Error).message}`);
			process.exit(2);
		}
	}
	const log = consoleLogger(args.verbose);
	let sim;
	try {
		sim = await startSimulator({
			host: args.host,
			busPort: port('bus-port', args['bus-port'], 8181),
			guiPort: port('gui-port', args['gui-port'], 18181),
			skills: !args['no-skills'],
			demo: args.demo,
			...(args['gui-cache'] ? { guiCache: args['gui-cache'] } : {}),
			workers,
			audio: !args['no-audio'],
			lang: args.lang,
			log
		});
	} catch (e) {
		console.error(`error: ${(e as Error).message}`);
		process.exit(1);
	}
	const mode = args['no-skills'] ? 'messagebus + ovos-gui only' : args.demo ? 'core, skills and demo' : 'core and skills, quiet';
	console.log(`simulated OVOS (${mode})`);
	console.log(`  messagebus  ${sim.busUrl}`);
	console.log(`  ovos-gui    ${sim.guiUrl}`);
	if (sim.services) console.log(`  core pool   ${sim.services.workers.size} skill threads${workers === undefined ? '  (--workers N to choose)' : ''}`);
	console.log(`  language    ${args.lang}`);
	console.log(`  gui cache   ${sim.guiCache}${args['gui-cache'] ? '' : '  (temporary; --gui-cache DIR to choose it)'}`);
	console.log(`  screen      http://localhost:3000/?host=${sim.host}&guiPort=${sim.guiPort}&busPort=${sim.busPort}  (with the app running)`);
	// The app serves a page's local pictures only from folders it is told of: this cache is one.
	console.log(`  the app     OVOS_SIMULATOR=off OVOS_HOST=${sim.host} OVOS_GUI_PORT=${sim.guiPort} OVOS_BUS_PORT=${sim.busPort} OVOS_MEDIA_ROOTS=${sim.guiCache} npm start`);
	if (args.verbose) sim.on('*', (m) => log('debug', `bus ${m.type} ${JSON.stringify(m.data).slice(0, 160)}`));
	const shutdown = async () => {
		await sim.stop();
		process.exit(0);
	};
	process.on('SIGINT', () => void shutdown());
	process.on('SIGTERM', () => void shutdown());
	if (scenario) {
		console.log(`running ${scenario.name ?? args.script} (${scenario.steps.length} steps)`);
		await sim.runScenario(scenario, (note) => console.log(`  · ${note}`));
		console.log('scenario done');
		if (args.exit) await shutdown();
	}
}

void main();
