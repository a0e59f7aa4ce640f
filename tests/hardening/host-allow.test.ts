// `/?host=attacker&handshake=full` once pointed a screen at another host, which then
// drew what it liked on this app's own origin (a fake "Wi-Fi password" box that sent the text back).
// A page's `?host=` is honoured only for the configured OVOS, names of the same machine, and hosts in
// OVOS_SCREEN_ALLOWED_HOSTS; the server's setting is checked at start.
import { describe, expect, it } from 'vitest';
import { chooseAddress, DEFAULT_ADDRESS, sameHost, withoutHostOptions, type OvosAddress } from '../../src/lib/protocol';
import { loadConfig, readAllowedHosts, readAllowedPorts } from '../../src/lib/server/config';

const device: OvosAddress = { ...DEFAULT_ADDRESS, host: '192.168.1.20' };
const choose = (query: string, base: OvosAddress, allowed: readonly string[] | '*' = [], pageHost = 'screen.lan', ports: readonly number[] | '*' = '*') =>
	chooseAddress(new URLSearchParams(query), base, allowed, pageHost, ports);
const HOSTS = 'OVOS_SCREEN_ALLOWED_HOSTS';

describe('which hosts a page may be pointed at (14.6)', () => {
	it('refuses a host that is not the configured OVOS, whatever the handshake', () => {
		expect(choose('host=attacker.example&handshake=full', device)).toEqual({ ok: false, host: 'attacker.example', setting: HOSTS });
		expect(choose('host=192.168.1.21', device)).toEqual({ ok: false, host: '192.168.1.21', setting: HOSTS });
		expect(choose('host=10.0.0.9', DEFAULT_ADDRESS, [], '192.168.1.5')).toEqual({ ok: false, host: '10.0.0.9', setting: HOSTS });
		// With no OVOS_HOST the page's own machine is OVOS; the viewer's loopback is another machine.
		expect(choose('host=localhost', DEFAULT_ADDRESS, [], '192.168.1.5')).toEqual({ ok: false, host: 'localhost', setting: HOSTS });
	});

	it('takes the configured host (any spelling), the page’s own host when none is configured, and other ports there', () => {
		expect(choose('', device)).toMatchObject({ ok: true, address: device });
		expect(choose('host=192.168.1.20&guiPort=28181&handshake=full', device)).toMatchObject({
			ok: true,
			address: { host: '192.168.1.20', guiPort: 28181, handshake: 'full' }
		});
		expect(choose('host=PI.LAN.', { ...device, host: 'pi.lan' })).toMatchObject({ ok: true });
		expect(choose('host=192.168.1.5&busPort=9000', DEFAULT_ADDRESS, [], '192.168.1.5')).toMatchObject({ ok: true });
		expect(choose('host=[::1]', { ...device, host: '::1' })).toMatchObject({ ok: true });
		// Names of the machine itself are one host.
		expect(choose('host=127.0.0.2', DEFAULT_ADDRESS, [], 'localhost')).toMatchObject({ ok: true });
		expect(sameHost('localhost', '::1')).toBe(true);
		expect(sameHost('localhost', '192.168.1.5')).toBe(false);
	});

	it('takes hosts on the allow-list, or any with *', () => {
		expect(choose('host=devbox.lan', device, ['other.lan', 'DevBox.lan'])).toMatchObject({ ok: true, address: { host: 'devbox.lan' } });
		expect(choose('host=attacker.example', device, '*')).toMatchObject({ ok: true });
		expect(choose('host=attacker.example', device, ['devbox.lan'])).toMatchObject({ ok: false });
	});

	it('offers the page without the refused options, keeping the others', () => {
		expect(withoutHostOptions(new URL('http://s:3000/kiosk?host=evil&guiPort=1&busPort=2&rotate=90'))).toBe('/kiosk?rotate=90');
	});
});

describe('which ports a page may point the sockets at', () => {
	// A local listener on 28181 of the device put its own "PHISH" text on the app's origin.
	it('only the configured GUI and bus ports, on any allowed host, from a link or the saved options', () => {
		const only = (q: string, base = device, hosts: readonly string[] = []) => choose(q, base, hosts, 'screen.lan', []);
		expect(only('guiPort=28181')).toEqual({ ok: false, host: '192.168.1.20:28181', setting: 'OVOS_SCREEN_ALLOWED_PORTS' });
		expect(only('host=192.168.1.20&busPort=9000&handshake=full')).toEqual({ ok: false, host: '192.168.1.20:9000', setting: 'OVOS_SCREEN_ALLOWED_PORTS' });
		expect(only('host=devbox.lan&guiPort=28181', device, ['devbox.lan'])).toMatchObject({ ok: false, host: 'devbox.lan:28181' });
		expect(only('guiPort=1', DEFAULT_ADDRESS)).toMatchObject({ ok: false, host: 'screen.lan:1' });
		// The configured ports, in either field, are fine (a port the same as the default is no option at all).
		expect(only('guiPort=18181&busPort=8181')).toMatchObject({ ok: true });
		expect(only('host=devbox.lan&guiPort=18181', device, ['devbox.lan'])).toMatchObject({ ok: true });
		// A refused host is named as a host, before its port.
		expect(only('host=attacker.example&guiPort=28181')).toEqual({ ok: false, host: 'attacker.example', setting: HOSTS });
	});

	it('others when OVOS_SCREEN_ALLOWED_PORTS lists them, or any with *', () => {
		expect(choose('guiPort=28181', device, [], 'screen.lan', [28181])).toMatchObject({ ok: true, address: { guiPort: 28181 } });
		expect(choose('guiPort=28182', device, [], 'screen.lan', [28181])).toMatchObject({ ok: false });
		expect(choose('guiPort=28182&busPort=9', device, [], 'screen.lan', '*')).toMatchObject({ ok: true });
	});

	it('reads ports separated by commas or spaces, * for any, nothing by default; a mistake is one line naming the setting', () => {
		expect(readAllowedPorts({})).toEqual([]);
		expect(readAllowedPorts({ OVOS_SCREEN_ALLOWED_PORTS: '18182, 8182 9000' })).toEqual([18182, 8182, 9000]);
		expect(readAllowedPorts({ OVOS_SCREEN_ALLOWED_PORTS: '*' })).toBe('*');
		expect(loadConfig({ OVOS_SCREEN_ALLOWED_PORTS: '18182' }).allowedPorts).toEqual([18182]);
		for (const bad of ['0', '65536', 'http', '18182, x', '*, 1', '-5']) {
			expect(() => readAllowedPorts({ OVOS_SCREEN_ALLOWED_PORTS: bad })).toThrow(/^OVOS_SCREEN_ALLOWED_PORTS=.*: .* is not a port number/);
		}
	});
});

describe('OVOS_SCREEN_ALLOWED_HOSTS (14.6)', () => {
	it('reads hosts separated by commas or spaces, * for any, nothing by default', () => {
		expect(readAllowedHosts({})).toEqual([]);
		expect(readAllowedHosts({ OVOS_SCREEN_ALLOWED_HOSTS: 'devbox.lan, 192.168.1.30 [fe80::1]' })).toEqual(['devbox.lan', '192.168.1.30', '[fe80::1]']);
		expect(readAllowedHosts({ OVOS_SCREEN_ALLOWED_HOSTS: ' * ' })).toBe('*');
		expect(loadConfig({ OVOS_SCREEN_ALLOWED_HOSTS: 'devbox.lan' }).allowedHosts).toEqual(['devbox.lan']);
	});

	it('a mistake is one line naming the setting', () => {
		for (const bad of ['http://devbox.lan', 'devbox.lan:18181', 'dev box/', '*, devbox']) {
			expect(() => readAllowedHosts({ OVOS_SCREEN_ALLOWED_HOSTS: bad })).toThrow(/^OVOS_SCREEN_ALLOWED_HOSTS=.*: .* is not a host name or address/);
		}
	});
});
