/**
 * The server's part of a screen's first paint (docs/screen.md#first-paint-from-the-server): which
 * page goes into the first HTML (the server's copy of its own OVOS's screen, cut to the namespace on
 * screen, and only for a screen watching that OVOS), and which stylesheets and code of the lazily
 * loaded parts the rendered HTML needs linked (the build's list, from Vite's manifest).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { busMessage, type OvosAddress } from '../../src/lib/protocol';
import { FIRST_PAINT_MAX_CHARS, firstScreen, lazyPartCode, lazyPartHead, moduleListHead } from '../../src/lib/server/first-paint';
import { screenMirror, startScreenMirror } from '../../src/lib/server/screen-mirror';
import { startSimulator } from '../../simulator';
import { lazyParts } from '../../server/preloads.js';
import { until } from '../simulator/helpers';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const f of cleanup.splice(0).reverse()) await f();
});

/** A simulated device and the server's copy of its screen, both stopped after the test. */
async function watchedDevice() {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
	cleanup.push(() => sim.stop());
	const ovos: OvosAddress = { host: '127.0.0.1', guiPort: sim.guiPort, busPort: sim.busPort, handshake: 'gui', via: 'direct' };
	const mirror = startScreenMirror(`ws://127.0.0.1:${sim.guiPort}/gui`);
	cleanup.push(() => mirror.stop());
	await until(() => mirror.ready, 3000, 'mirror replayed');
	return { sim, ovos, mirror };
}

describe('the page in a screen’s first HTML', () => {
	it('is the namespace on screen of the server’s copy, for a screen watching that same OVOS only', async () => {
		const { sim, ovos, mirror } = await watchedDevice();
		const at = (query = '') => firstScreen(new URL(`http://127.0.0.1:5173/kiosk${query}`), '', ovos, []);
		expect(at(), 'nothing up').toBeNull();

		sim.emit(busMessage('gui.value.set', { __from: 'skill-under.test', text: 'under' }));
		sim.emit(busMessage('gui.page.show', { __from: 'skill-under.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
		sim.emit(busMessage('gui.value.set', { __from: 'skill-weather.test', text: 'Sunny' }));
		sim.emit(busMessage('gui.page.show', { __from: 'skill-weather.test', page_names: ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame'], index: 1, __idle: true }));
		await until(() => at()?.stack[0] === 'skill-weather.test', 3000, 'page up');
		const first = at()!;
		// Only what is on screen, as a fresh client holds it after the replay (page 0).
		expect(first.stack).toEqual(['skill-weather.test']);
		expect(Object.keys(first.namespaces)).toEqual(['skill-weather.test']);
		expect(first.namespaces['skill-weather.test']).toMatchObject({ currentPage: 0, data: { text: 'Sunny' } });
		expect(first.namespaces['skill-weather.test']!.pages.map((p) => p.name)).toEqual(['SYSTEM_TextFrame', 'SYSTEM_ImageFrame']);

		// The same OVOS by URL or by the options this browser saved: the page; another one, or a refused host: none.
		expect(at('?host=127.0.0.1')).not.toBeNull();
		expect(at(`?guiPort=${sim.guiPort + 1}`)).toBeNull();
		expect(firstScreen(new URL('http://127.0.0.1:5173/kiosk'), `guiPort=${sim.guiPort + 1}`, ovos, [])).toBeNull();
		expect(at('?host=192.0.2.7')).toBeNull();
		expect(firstScreen(new URL(`http://127.0.0.1:5173/kiosk?host=192.0.2.7&guiPort=${sim.guiPort}`), '', ovos, '*')).toBeNull();

		// The device away: nothing to give (a stale page is never drawn as if live).
		await sim.stop();
		await until(() => !mirror.ready, 3000, 'mirror down');
		expect(at()).toBeNull();
	});

	it('names each page’s file, never the folder it is in (the data folder, to any client)', async () => {
		// ovos-gui's page urls are paths in its cache, which the embedded OVOS keeps in the data folder.
		const { sim, ovos } = await watchedDevice();
		sim.emit(busMessage('gui.page.show', { __from: 'skill-a.test', page_names: ['SYSTEM_TextFrame', 'elsewhere'], index: 0, __idle: true }));
		const at = () => firstScreen(new URL('http://192.0.2.9:5173/kiosk'), '', ovos, []);
		await until(() => at() !== null, 3000, 'page up');
		expect(sim.guiCache.length).toBeGreaterThan(1);
		const pages = at()!.namespaces['skill-a.test']!.pages;
		expect(pages).toEqual([
			{ name: 'SYSTEM_TextFrame', url: 'SYSTEM_TextFrame.qml' },
			{ name: 'elsewhere', url: null }
		]);
		expect(JSON.stringify(at())).not.toContain(sim.guiCache);
	});

	it('is none for a page bigger than FIRST_PAINT_MAX_CHARS: it comes over the socket, and no answer grows with it', async () => {
		const { sim, ovos } = await watchedDevice();
		const at = () => firstScreen(new URL('http://127.0.0.1:5173/kiosk'), '', ovos, []);
		sim.emit(busMessage('gui.value.set', { __from: 'skill-text.test', text: 'x'.repeat(FIRST_PAINT_MAX_CHARS - 1000) }));
		sim.emit(busMessage('gui.page.show', { __from: 'skill-text.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
		await until(() => at() !== null, 3000, 'page up');
		sim.emit(busMessage('gui.value.set', { __from: 'skill-text.test', text: 'x'.repeat(FIRST_PAINT_MAX_CHARS) }));
		await until(() => at() === null, 5000, 'too big for a first paint');
	});

	it('is none without the server’s copy', () => {
		screenMirror()?.stop();
		const ovos: OvosAddress = { host: null, guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
		expect(screenMirror()?.ready ?? false).toBe(false);
		expect(firstScreen(new URL('http://127.0.0.1/kiosk'), '', ovos, [])).toBeNull();
	});
});

describe('the lazily loaded parts a rendered page links', () => {
	// A manifest as Vite writes it, dynamic imports already taken out (server/preloads.js).
	const manifest = {
		'entry.js': { file: '_app/immutable/entry/start.js', isEntry: true, imports: ['_runtime.js'] },
		'nodes/5.js': { file: '_app/immutable/nodes/5.js', isEntry: true, imports: ['_runtime.js', '_screen.js'], css: ['_app/immutable/assets/5.css'] },
		'_runtime.js': { file: '_app/immutable/chunks/runtime.js' },
		'_screen.js': { file: '_app/immutable/chunks/screen.js', css: ['_app/immutable/assets/screen.css'] },
		'src/lib/templates/skills/weather/CurrentWeather.svelte': { file: '_app/immutable/chunks/current.js', imports: ['_runtime.js', '_scene.js'] },
		'_scene.js': { file: '_app/immutable/chunks/scene.js', imports: ['_runtime.js', '_icon.js'], css: ['_app/immutable/assets/scene.css'] },
		'_icon.js': { file: '_app/immutable/chunks/icon.js', imports: ['_runtime.js'] }
	};
	const css: Record<string, string> = {
		'_app/immutable/assets/5.css': '.kiosk.svelte-k1 {}',
		'_app/immutable/assets/screen.css': '.page-frame.svelte-s1 {}',
		'_app/immutable/assets/scene.css': '.wx-scene.svelte-w1 {} .wx-place.svelte-w1 {} .wx-icon.svelte-w2 {}'
	};
	const table = lazyParts(manifest, (f) => css[f]!);

	it('lists each lazily loaded stylesheet by the component classes it scopes, with the code that brings it, never a route’s own', () => {
		expect(table).toEqual({
			'svelte-w1': { css: ['/_app/immutable/assets/scene.css'], js: ['/_app/immutable/chunks/scene.js', '/_app/immutable/chunks/icon.js'] },
			'svelte-w2': { css: ['/_app/immutable/assets/scene.css'], js: ['/_app/immutable/chunks/scene.js', '/_app/immutable/chunks/icon.js'] }
		});
	});

	it('inlines the stylesheets the HTML was rendered with and lists their code, once each, and nothing for classes it does not know', () => {
		const html = '<div class="kiosk svelte-k1"><section class="wx-scene svelte-w1"><p class="wx-place svelte-w1"></p><i class="svelte-w2 svelte-constructor"></i></section></div>';
		const read = (path: string) => css[path.slice(1)] ?? null;
		// No modulepreload in the head: the code is preloaded after the first paint (moduleListHead).
		expect(lazyPartHead(html, table, read)).toBe(`<style data-part="/_app/immutable/assets/scene.css">${css['_app/immutable/assets/scene.css']}</style>`);
		expect(lazyPartCode(html, table)).toEqual(['/_app/immutable/chunks/scene.js', '/_app/immutable/chunks/icon.js']);
		expect(lazyPartCode('<p class="svelte-k1 svelte-__proto__">no lazy part</p>', table)).toEqual([]);
		// A stylesheet the build does not have (it could not be read) is linked, as the browser would fetch it.
		expect(lazyPartHead(html, table, () => null)).toMatch(/^<link rel="stylesheet" href="\/_app\/immutable\/assets\/scene\.css">/);
		expect(lazyPartHead('<p class="svelte-k1 svelte-__proto__">no lazy part</p>', table, read)).toBe('');
	});
});

describe('moduleListHead', () => {
	it('names the page’s code once each for app.html to preload after the first paint, and drops anything that is not a plain path', () => {
		expect(moduleListHead(['./_app/immutable/entry/start.A.js', '/_app/immutable/chunks/b.js', './_app/immutable/entry/start.A.js', 'x" onload="y'])).toBe(
			'<meta name="ovos-modules" content="./_app/immutable/entry/start.A.js /_app/immutable/chunks/b.js">'
		);
		expect(moduleListHead([])).toBe('');
	});
});
