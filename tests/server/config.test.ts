/** Every setting's reader: the value, or one line that names the setting (issue 10). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/lib/server/config';

const fails = (env: Record<string, string>) => {
	try {
		loadConfig(env);
	} catch (e) {
		expect(e).toBeInstanceOf(ConfigError);
		return (e as ConfigError).message;
	}
	throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
	it('has working defaults with nothing set: the embedded simulator on 8181/18181, the app on 0.0.0.0:3000 over http, screens through it', () => {
		const c = loadConfig({});
		expect(c).toMatchObject({ port: 3000, listenHost: '0.0.0.0', embedded: true, simulator: true, trustProxy: false, busHost: '127.0.0.1', tls: null });
		expect(c.ovos).toEqual({ host: null, guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'app' });
	});

	it('serves the embedded simulator’s GUI cache as a media root (its app icons are files there), and only while it runs', () => {
		const c = loadConfig({ OVOS_MEDIA_ROOTS: '/a' });
		expect(c.simulatorGuiCache).toBe(join(c.dataDir, 'ovos_gui'));
		expect(c.mediaRoots).toEqual(['/a', join(c.dataDir, 'ovos_gui')]);
		expect(loadConfig({}).mediaRoots).toContain(join(c.dataDir, 'ovos_gui'));
		for (const env of [{ OVOS_SIMULATOR: 'off' }, { OVOS_HOST: '10.0.0.2' }]) {
			const off = loadConfig({ ...env, OVOS_MEDIA_ROOTS: '/a' });
			expect(off.simulatorGuiCache).toBeNull();
			expect(off.mediaRoots).toEqual(['/a']);
		}
	});

	it('reads good values', () => {
		const c = loadConfig({
			PORT: '8080',
			HOST: '::',
			OVOS_HOST: '192.168.1.20',
			OVOS_GUI_PORT: '18182',
			OVOS_BUS_PORT: '8182',
			OVOS_HANDSHAKE: 'full',
			OVOS_SCREEN_DIRECT_SOCKETS: 'on',
			OVOS_SCREEN_TRUST_PROXY: 'on',
			OVOS_MEDIA_ROOTS: '/a:/b',
			OVOS_CHAT_IDLE_MS: '5000',
			ORIGIN: 'https://screen.example'
		});
		expect(c).toMatchObject({ port: 8080, listenHost: '::', embedded: false, simulator: false, trustProxy: true, busHost: '192.168.1.20', mediaRoots: ['/a', '/b'], chatIdleMs: 5000 });
		expect(c.ovos).toEqual({ host: '192.168.1.20', guiPort: 18182, busPort: 8182, handshake: 'full', via: 'direct' });
		expect(loadConfig({ OVOS_HOST: 'mycroft.local' }).ovos.host).toBe('mycroft.local');
		expect(loadConfig({ OVOS_HOST: '[fe80::1]' }).ovos.host).toBe('fe80::1');
		expect(loadConfig({ OVOS_SIMULATOR: 'off' }).simulator).toBe(false);
		expect(loadConfig({ OVOS_SIMULATOR: 'OFF' }).simulator).toBe(false);
		expect(loadConfig({ OVOS_SIMULATOR: 'on' }).simulator).toBe(true);
		expect(loadConfig({ PORT: '' }).port).toBe(3000);
	});

	it('refuses each mistake in one line that names the setting and says what it must be', () => {
		expect(fails({ PORT: 'abc' })).toBe('PORT=abc: not a port number (1-65535)');
		expect(fails({ PORT: '70000' })).toMatch(/^PORT=70000: not a port number/);
		expect(fails({ PORT: '3000.5' })).toMatch(/^PORT=3000\.5: /);
		expect(fails({ HOST: 'http://0.0.0.0' })).toMatch(/^HOST=http:\/\/0\.0\.0\.0: not a host name or address/);
		expect(fails({ OVOS_HOST: 'http://192.168.1.20:8181' })).toBe(
			'OVOS_HOST=http://192.168.1.20:8181: must be a host name or address only, e.g. 192.168.1.20 (no scheme, port or path: the ports are OVOS_GUI_PORT and OVOS_BUS_PORT)'
		);
		expect(fails({ OVOS_HOST: '192.168.1.20:8181' })).toMatch(/^OVOS_HOST=192\.168\.1\.20:8181: must be a host name or address only/);
		expect(fails({ OVOS_HOST: 'host/path' })).toMatch(/^OVOS_HOST=host\/path: must be a host name or address only/);
		// Looks like an address, is none: never taken as a host name (no top-level domain is all digits).
		expect(fails({ OVOS_HOST: '999.1.1.1' })).toBe('OVOS_HOST=999.1.1.1: must be a host name or address only, e.g. 192.168.1.20 (an IPv4 address is four numbers from 0 to 255)');
		expect(fails({ OVOS_HOST: '192.168.1' })).toMatch(/^OVOS_HOST=192\.168\.1: .*four numbers from 0 to 255/);
		expect(fails({ HOST: '256.0.0.1' })).toMatch(/^HOST=256\.0\.0\.1: not a host name or address to listen on .*four numbers/);
		expect(fails({ OVOS_SCREEN_ALLOWED_HOSTS: 'a.local 10.0.0.300' })).toMatch(/10\.0\.0\.300 is not a host name or address/);
		expect(loadConfig({ OVOS_HOST: 'pi4.local' }).ovos.host).toBe('pi4.local');
		expect(loadConfig({ OVOS_HOST: '0x7f.example' }).ovos.host).toBe('0x7f.example');
		expect(fails({ OVOS_SIMULATOR: 'maybe' })).toBe('OVOS_SIMULATOR=maybe: must be on or off');
		expect(fails({ OVOS_SIMULATOR: 'on', OVOS_HOST: '10.0.0.2' })).toMatch(/^OVOS_SIMULATOR=on: the embedded simulator runs only without OVOS_HOST/);
		expect(fails({ OVOS_GUI_PORT: 'eighteen' })).toBe('OVOS_GUI_PORT=eighteen: not a port number (1-65535)');
		expect(fails({ OVOS_BUS_PORT: '0' })).toMatch(/^OVOS_BUS_PORT=0: not a port number/);
		expect(fails({ OVOS_HANDSHAKE: 'half' })).toBe('OVOS_HANDSHAKE=half: must be gui or full');
		expect(fails({ OVOS_SCREEN_TOKEN: 'two words' })).toMatch(/^OVOS_SCREEN_TOKEN=…: must be printable ASCII without spaces/);
		expect(fails({ OVOS_MEDIA_ROOTS: '/ok:relative' })).toMatch(/^OVOS_MEDIA_ROOTS=\/ok:relative: relative is not an absolute path/);
		expect(fails({ OVOS_CHAT_IDLE_MS: '-5' })).toMatch(/^OVOS_CHAT_IDLE_MS=-5: not a duration in milliseconds/);
		expect(fails({ OVOS_CHAT_DEADLINE_MS: '1e3' })).toMatch(/^OVOS_CHAT_DEADLINE_MS=1e3: /);
		expect(fails({ OVOS_CHAT_SECRET: 'short' })).toBe('OVOS_CHAT_SECRET=…: must be at least 32 characters');
		expect(fails({ OVOS_SCREEN_TRUST_PROXY: 'perhaps' })).toBe('OVOS_SCREEN_TRUST_PROXY=perhaps: must be on or off');
		expect(fails({ ORIGIN: 'localhost:3000' })).toMatch(/^ORIGIN=localhost:3000: must be an origin like/);
		expect(fails({ ORIGIN: 'https://screen.example/app' })).toMatch(/^ORIGIN=https:\/\/screen\.example\/app: /);
	});

	it('never repeats a secret in its message', () => {
		expect(fails({ OVOS_CHAT_SECRET: 'hunter2' })).not.toContain('hunter2');
		expect(fails({ OVOS_SCREEN_TOKEN: 'sec ret' })).not.toContain('sec ret');
	});
});
