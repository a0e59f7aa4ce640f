/**
 * The addresses the start line and the installer name for phones and other computers, and the one
 * the app leaves for the kiosk (server/addresses.js). The start line of the built app with real
 * addresses is held by e2e/install.spec.ts ("its last line names every address a phone can open").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { certificateNames, fromOtherDevices, kioskHost, leaveForKiosk, localName, machineAddresses, networkUrls, spkiHash, urlOf } from '../../server/addresses.js';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal, netmask: '', mac: '', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo;
const INTERFACES = {
	lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
	eth0: [nic('fd00::2', 'IPv6'), nic('fe80::1', 'IPv6'), nic('192.168.1.20', 'IPv4')],
	wlan0: [nic('2001:db8::5', 'IPv6'), nic('10.0.0.7', 'IPv4'), nic('192.168.1.20', 'IPv4')]
};

const dirs: string[] = [];
afterEach(() => {
	for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('addresses for other devices', () => {
	it('every address of the machine but loopback and IPv6 link-local, IPv4 first, each once', () => {
		expect(machineAddresses(INTERFACES)).toEqual(['192.168.1.20', '10.0.0.7', 'fd00::2', '2001:db8::5']);
	});

	it('the .local name only when it resolves, and never waiting long for it', async () => {
		expect(await localName(async () => ({ address: '192.168.1.20' }), 1000, 'pi.local')).toBe('pi.local');
		expect(await localName(async () => Promise.reject(new Error('ENOTFOUND')), 1000, 'pi.local')).toBeNull();
		const t0 = Date.now();
		expect(await localName(() => new Promise(() => {}), 200, 'pi.local')).toBeNull();
		expect(Date.now() - t0).toBeLessThan(1000);
	});

	it('URLs: IPv6 in brackets, the scheme’s own port left out, the .local name last', async () => {
		expect(urlOf('http', 'fd00::2', 3000)).toBe('http://[fd00::2]:3000/');
		expect(urlOf('http', 'pi.local', 80)).toBe('http://pi.local/');
		expect(urlOf('https', '10.0.0.7', 443)).toBe('https://10.0.0.7/');
		expect(urlOf('https', '10.0.0.7', 80)).toBe('https://10.0.0.7:80/');
		const urls = await networkUrls('http', 3000, { interfaces: INTERFACES, name: async () => 'pi.local' });
		expect(urls).toEqual(['http://192.168.1.20:3000/', 'http://10.0.0.7:3000/', 'http://[fd00::2]:3000/', 'http://[2001:db8::5]:3000/', 'http://pi.local:3000/']);
		expect(fromOtherDevices(urls.slice(-2))).toBe('http://[2001:db8::5]:3000/ or http://pi.local:3000/ from a phone or another computer (other browsers pair with a code shown on this screen)');
		expect(fromOtherDevices([])).toBe('');
	});
});

describe('the names a certificate for this machine covers', () => {
	it('its host name, short and .local, localhost, loopback and every address other devices can use', () => {
		expect(certificateNames(INTERFACES, 'pi.lan')).toEqual([
			'DNS:pi.lan',
			'DNS:pi',
			'DNS:pi.local',
			'DNS:localhost',
			'IP:127.0.0.1',
			'IP:::1',
			'IP:192.168.1.20',
			'IP:10.0.0.7',
			'IP:fd00::2',
			'IP:2001:db8::5'
		]);
		expect(certificateNames({}, 'pi')).toEqual(['DNS:pi', 'DNS:pi.local', 'DNS:localhost', 'IP:127.0.0.1', 'IP:::1']);
	});
});

describe('the address left for the kiosk', () => {
	it('loopback when the app listens everywhere, its own address otherwise; written whole, readable by the desktop user', () => {
		const dir = mkdtempSync(join(tmpdir(), 'kiosk-url-'));
		dirs.push(dir);
		expect(kioskHost('0.0.0.0')).toBe('127.0.0.1');
		expect(kioskHost('::')).toBe('127.0.0.1');
		leaveForKiosk(dir, { scheme: 'http', host: '192.168.1.20', port: 8080 });
		expect(readFileSync(join(dir, 'kiosk-url'), 'utf8')).toBe('url=http://192.168.1.20:8080\n');
		leaveForKiosk(dir, { scheme: 'http', host: '::1', port: 3000 });
		expect(readFileSync(join(dir, 'kiosk-url'), 'utf8')).toBe('url=http://[::1]:3000\n');
		expect(statSync(join(dir, 'kiosk-url')).mode & 0o777).toBe(0o644);
	});

	it('over https, the hash of its certificate’s key, as openssl computes it', () => {
		const dir = mkdtempSync(join(tmpdir(), 'kiosk-url-'));
		dirs.push(dir);
		execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=test'], { stdio: 'ignore' });
		const pem = readFileSync(join(dir, 'c.pem'), 'utf8');
		const openssl = execFileSync('sh', ['-c', `openssl x509 -in '${join(dir, 'c.pem')}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`], { encoding: 'utf8' }).trim();
		expect(spkiHash(pem)).toBe(openssl);
		leaveForKiosk(dir, { scheme: 'https', host: '0.0.0.0', port: 3000, cert: pem });
		expect(readFileSync(join(dir, 'kiosk-url'), 'utf8')).toBe(`url=https://127.0.0.1:3000\nspki=${openssl}\n`);
	});
});
