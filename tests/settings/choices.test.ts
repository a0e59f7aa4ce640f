/** A browser's own choices (/settings): kept in cookies, read back safely, URL options still win. */
import { describe, expect, it } from 'vitest';
import { cookieString, readCookie, savedOptions, screenParams, themeOf, validOption } from '../../src/lib/settings/choices';
import { chooseAddress } from '../../src/lib/protocol/address';
import { kioskOptions } from '../../src/lib/screen-view/interaction';

describe('choices', () => {
	it('keeps only known, valid screen options', () => {
		expect(savedOptions('host=10.0.0.5&guiPort=18182&busPort=99999&handshake=full&rotate=45&scale=1.5&evil=1').toString()).toBe('host=10.0.0.5&guiPort=18182&handshake=full&scale=1.5');
		expect(savedOptions('host=<script>').toString()).toBe('');
		expect(savedOptions('host=999.1.1.1').toString()).toBe('');
		expect(savedOptions('host=192.168.1').toString()).toBe('');
		expect(savedOptions('host=255.255.255.255').toString()).toBe('host=255.255.255.255');
		expect(savedOptions('host=pi4.local').toString()).toBe('host=pi4.local');
		expect(savedOptions(null).toString()).toBe('');
		expect(savedOptions('x'.repeat(1000)).toString()).toBe('');
	});

	it('the URL wins over what the browser saved, which wins over the server', () => {
		const server = { host: '192.168.1.20', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' } as const;
		const p = screenParams(new URLSearchParams('guiPort=2000'), 'host=192.168.1.20&guiPort=1000&busPort=3000&rotate=90');
		expect(chooseAddress(p, server, [], 'screen.local', '*')).toEqual({ ok: true, address: { host: '192.168.1.20', guiPort: 2000, busPort: 3000, handshake: 'gui', via: 'direct' } });
		expect(kioskOptions(p, { rotate: 180, scale: 2 })).toMatchObject({ rotate: 90, scale: 2 });
		expect(kioskOptions(new URLSearchParams(), { rotate: 270, scale: 1.25 })).toMatchObject({ rotate: 270, scale: 1.25 });
	});

	it('a saved host is held to the same allow-list as a link', () => {
		const server = { host: '192.168.1.20', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' } as const;
		expect(chooseAddress(screenParams(new URLSearchParams(), 'host=10.9.9.9'), server, [], 'screen.local')).toEqual({ ok: false, host: '10.9.9.9', setting: 'OVOS_SCREEN_ALLOWED_HOSTS' });
		expect(chooseAddress(screenParams(new URLSearchParams(), 'host=10.9.9.9'), server, ['10.9.9.9'], 'screen.local').ok).toBe(true);
	});

	it('a saved port is held to the same rule as a link’s (issue 24.8)', () => {
		const server = { host: '192.168.1.20', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' } as const;
		expect(chooseAddress(screenParams(new URLSearchParams(), 'guiPort=28181'), server, [], 'screen.local')).toEqual({ ok: false, host: '192.168.1.20:28181', setting: 'OVOS_SCREEN_ALLOWED_PORTS' });
		expect(chooseAddress(screenParams(new URLSearchParams(), 'guiPort=28181'), server, [], 'screen.local', [28181]).ok).toBe(true);
	});

	it('theme: the browser\'s choice, else the server\'s', () => {
		expect(themeOf('dark', 'light')).toBe('dark');
		expect(themeOf('auto', 'light')).toBe('auto');
		expect(themeOf('purple', 'light')).toBe('light');
		expect(themeOf(undefined, 'auto')).toBe('auto');
	});

	it('cookies round-trip, and clearing one', () => {
		const c = cookieString('ovos-screen.screen', 'host=a.local&guiPort=1');
		expect(c).toMatch(/^ovos-screen\.screen=host%3Da\.local%26guiPort%3D1; Path=\/; Max-Age=\d+; SameSite=Lax$/);
		expect(readCookie(`other=1; ${c.split(';')[0]}`, 'ovos-screen.screen')).toBe('host=a.local&guiPort=1');
		expect(cookieString('ovos-screen.theme', null)).toContain('Max-Age=0');
		expect(readCookie('a=%E0%A4%A', 'a')).toBeNull();
		expect(validOption('scale', '0.4')).toBe(false);
		expect(validOption('guiPort', '18181')).toBe(true);
	});
});
