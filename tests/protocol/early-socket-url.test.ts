import { describe, expect, it } from 'vitest';
import { busUrl, DEFAULT_ADDRESS, earlySocketUrl, fallbackAddress, guiUrl, socketUrl, type OvosAddress } from '../../src/lib/protocol';

const DIRECT: OvosAddress = { ...DEFAULT_ADDRESS, via: 'direct' };

describe('earlySocketUrl (the GUI socket app.html opens before the code loads)', () => {
	const at = (u: string, base = DEFAULT_ADDRESS) => earlySocketUrl(new URL(u, 'http://screen:3000'), base, ['10.0.0.5'], [28181]);
	it('on the screen routes in gui mode: the app’s relay on the page’s own origin, with the URL options', () => {
		expect(at('/kiosk')).toBe('/ovos/gui?port=18181');
		expect(at('/?host=10.0.0.5&guiPort=28181')).toBe('/ovos/gui?host=10.0.0.5&port=28181');
		expect(at('/kiosk', { ...DEFAULT_ADDRESS, host: 'fe80::1' })).toBe('/ovos/gui?host=fe80%3A%3A1&port=18181');
	});
	it('straight to ovos-gui when the server says so, with the page host left to the browser', () => {
		expect(at('/kiosk', DIRECT)).toBe('ws://{host}:18181/gui');
		expect(at('/?host=10.0.0.5&guiPort=28181', DIRECT)).toBe('ws://10.0.0.5:28181/gui');
		expect(at('/kiosk', { ...DIRECT, host: 'fe80::1' })).toBe('ws://[fe80::1]:18181/gui');
	});
	it('nowhere else, and not for the full handshake (its port comes from the bus)', () => {
		expect(at('/inspect')).toBe('');
		expect(at('/chat')).toBe('');
		expect(at('/kiosk?handshake=full')).toBe('');
		// Nothing but a validated host gets into the page's script.
		expect(at('/kiosk?host=%27%3Balert(1)%2F%2F')).toBe('/ovos/gui?port=18181');
		expect(at('/kiosk?host=%27%3Balert(1)%2F%2F', DIRECT)).toBe('ws://{host}:18181/gui');
	});
	it('not to a host the server does not allow', () => {
		expect(at('/?host=attacker.example&handshake=gui')).toBe('');
		expect(earlySocketUrl(new URL('http://screen:3000/kiosk?host=10.0.0.5'), DEFAULT_ADDRESS)).toBe('');
	});
	it('not to a port the server does not allow', () => {
		expect(earlySocketUrl(new URL('http://screen:3000/kiosk?guiPort=28181'), DEFAULT_ADDRESS)).toBe('');
		expect(at('/kiosk?guiPort=28182')).toBe('');
	});
});

describe('a screen’s socket URLs through the app', () => {
	it('the GUI and bus sockets are relay paths naming host and port; straight ones as before', () => {
		expect(guiUrl(DEFAULT_ADDRESS, '10.0.0.5')).toBe('/ovos/gui?port=18181');
		expect(busUrl({ ...DEFAULT_ADDRESS, host: 'kitchen.local', busPort: 8282 }, '10.0.0.5')).toBe('/ovos/core?host=kitchen.local&port=8282');
		expect(guiUrl(DIRECT, '10.0.0.5')).toBe('ws://10.0.0.5:18181/gui');
		expect(busUrl(DIRECT, '10.0.0.5')).toBe('ws://10.0.0.5:8181/core');
	});
	it('open on the page’s own origin: ws: on http, wss: on https, so nothing is mixed content', () => {
		expect(socketUrl('/ovos/gui?port=18181', 'http://screen.local:3000/kiosk')).toBe('ws://screen.local:3000/ovos/gui?port=18181');
		expect(socketUrl('/ovos/gui?port=18181', 'https://screen.local/kiosk?x=1')).toBe('wss://screen.local/ovos/gui?port=18181');
		expect(socketUrl('/ovos/core?port=8181', 'https://[fe80::1]:8443/_app/immutable/workers/w.js')).toBe('wss://[fe80::1]:8443/ovos/core?port=8181');
		expect(socketUrl('ws://10.0.0.5:18181/gui', 'https://screen.local/')).toBe('ws://10.0.0.5:18181/gui');
	});
});

describe('fallbackAddress (straight to OVOS while the app server is down)', () => {
	it('a page on the machine itself falls back to the same OVOS, straight, as before the relay', () => {
		for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '[::1]', '::1']) {
			const a = fallbackAddress(DEFAULT_ADDRESS, host);
			expect(a, host).toEqual(DIRECT);
			expect(guiUrl(a!, host)).toBe(`ws://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:18181/gui`);
		}
		const named = fallbackAddress({ ...DEFAULT_ADDRESS, host: '10.0.0.5', handshake: 'full' }, 'localhost')!;
		expect([guiUrl(named, 'localhost'), busUrl(named, 'localhost')]).toEqual(['ws://10.0.0.5:18181/gui', 'ws://10.0.0.5:8181/core']);
	});
	it('a page on any other host never does (remote screens reach OVOS only through the app), nor an address straight already', () => {
		for (const host of ['10.0.0.5', 'screen.local', 'fe80::1', '127.0.0.1.example']) expect(fallbackAddress(DEFAULT_ADDRESS, host), host).toBeNull();
		expect(fallbackAddress(DIRECT, '127.0.0.1')).toBeNull();
	});
});
