/**
 * Page urls as ovos-gui 1.3.4 resolves them (`page.py` `get_uri`):
 * `<GUI cache>/<ns>/<framework>/<page>.qml` when that file exists in a real folder, else null.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busMessage, type Json } from '../../src/lib/protocol';
import { startSimulator, type Simulator } from '../../simulator';
import { GuiClient, until } from './helpers';

const CTX = { session: { session_id: 'default' } };
let dir: string;
let sim: Simulator | null = null;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'gui-cache-test-'));
});
afterEach(async () => {
	await sim?.stop();
	sim = null;
	rmSync(dir, { recursive: true, force: true });
});

const show = (s: Simulator, ns: string, pages: string[]) =>
	s.emit(busMessage('gui.page.show', { page_names: pages, index: 0, __from: ns, __idle: true }, CTX));
const urls = (c: GuiClient, ns: string): (string | null)[] => c.state.namespaces[ns]?.pages.map((p) => p.url) ?? [];

describe('page urls against a real GUI cache folder', () => {
	it('a skill page gets <cache>/<skill_id>/qt5/<page>.qml when the file is there, else null', async () => {
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false, guiCache: dir });
		mkdirSync(join(dir, 'my-skill.test', 'qt5', 'sub'), { recursive: true });
		writeFileSync(join(dir, 'my-skill.test', 'qt5', 'forecast.qml'), 'Item {}');
		writeFileSync(join(dir, 'my-skill.test', 'qt5', 'sub', 'details.qml'), 'Item {}');
		const c = await GuiClient.connect(sim.guiUrl);
		show(sim, 'my-skill.test', ['forecast', 'sub/details', 'missing', 'SYSTEM_TextFrame', 'SYSTEM_InputBox']);
		await until(() => urls(c, 'my-skill.test').length === 5, 3000, 'pages');
		expect(urls(c, 'my-skill.test')).toEqual([
			join(dir, 'my-skill.test', 'qt5', 'forecast.qml'),
			join(dir, 'my-skill.test', 'qt5', 'sub', 'details.qml'),
			null,
			// SYSTEM pages resolve in `system/`, which ovos-gui fills at start: all but the input box.
			join(dir, 'system', 'qt5', 'SYSTEM_TextFrame.qml'),
			null
		]);
		expect(existsSync(join(dir, 'system', 'qt5', 'SYSTEM_TextFrame.qml'))).toBe(true);
		c.close();
	});

	it('a qt6 client gets a url only where a qt6 file exists; a path leaving the cache resolves to nothing', async () => {
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false, guiCache: dir });
		mkdirSync(join(dir, 'my-skill.test', 'qt6'), { recursive: true });
		writeFileSync(join(dir, 'my-skill.test', 'qt6', 'forecast.qml'), 'Item {}');
		show(sim, 'my-skill.test', ['forecast', 'SYSTEM_TextFrame']);
		const canonical = (framework: string) => JSON.parse(sim!.canonical({ framework })).namespaces['my-skill.test'].pages.map((p: { url: Json }) => p.url);
		expect(canonical('qt6')).toEqual([join(dir, 'my-skill.test', 'qt6', 'forecast.qml'), null]);
		expect(canonical('qt5')).toEqual([null, join(dir, 'system', 'qt5', 'SYSTEM_TextFrame.qml')]);
		expect(canonical('../../..')).toEqual([null, null]);
	});

	it('the simulated skills ship the pages they show, replacing their folder at load, as GUIInterface does', async () => {
		mkdirSync(join(dir, 'ovos-skill-weather.openvoiceos', 'qt5'), { recursive: true });
		writeFileSync(join(dir, 'ovos-skill-weather.openvoiceos', 'qt5', 'stale.qml'), 'Item {}');
		sim = await startSimulator({ busPort: 0, guiPort: 0, log: false, guiCache: dir });
		expect(readdirSync(join(dir, 'ovos-skill-weather.openvoiceos', 'qt5')).sort()).toEqual(
			['CurrentWeather.qml', 'DailyForecast.qml', 'HourlyForecast.qml', 'SingleDay.qml', 'SunriseSunset.qml', 'WeatherDelegate.qml'].sort()
		);
		const state = JSON.parse(sim.canonical());
		expect(state.namespaces['ovos-skill-homescreen.openvoiceos'].pages).toEqual([
			{ page: 'idle', url: join(dir, 'ovos-skill-homescreen.openvoiceos', 'qt5', 'idle.qml') }
		]);
		// A skill that ships no QML: its custom page has no url, as on a device.
		show(sim, 'skill-tour.openvoiceos', ['tour_details']);
		expect(JSON.parse(sim.canonical()).namespaces['skill-tour.openvoiceos'].pages).toEqual([{ page: 'tour_details', url: null }]);
	});

	it('by default a temporary folder of its own, removed on stop; a given folder is kept', async () => {
		const own = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
		expect(own.guiCache).not.toBe(dir);
		expect(existsSync(join(own.guiCache, 'system', 'qt5', 'SYSTEM_ImageFrame.qml'))).toBe(true);
		await own.stop();
		expect(existsSync(own.guiCache)).toBe(false);
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false, guiCache: dir });
		await sim.stop();
		sim = null;
		expect(existsSync(join(dir, 'system', 'qt5', 'SYSTEM_ImageFrame.qml'))).toBe(true);
	});

	it('npm run sim -- --gui-cache DIR uses that folder and says so', () => {
		const script = join(tmpdir(), `gui-cache-${process.pid}.json`);
		writeFileSync(script, '{"steps":[{"log":"started"}]}');
		const r = spawnSync(
			process.execPath,
			['--import', 'tsx', 'simulator/cli.ts', '--bus-port', '0', '--gui-port', '0', '--no-skills', '--gui-cache', dir, '--script', script, '--exit'],
			{ encoding: 'utf8', timeout: 60_000 }
		);
		rmSync(script, { force: true });
		expect(r.status).toBe(0);
		expect(r.stdout).toContain(`gui cache   ${dir}`);
		// How to run the app on it, its cache among the folders local pictures are served from.
		expect(r.stdout).toMatch(new RegExp(`the app {5}OVOS_SIMULATOR=off .*OVOS_MEDIA_ROOTS=${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} npm start`));
		expect(existsSync(join(dir, 'system', 'qt5', 'SYSTEM_TextFrame.qml'))).toBe(true);
	}, 60_000);
});
