// Who is asking (src/lib/server/guards/identity.ts): the machine itself, a paired browser, a token,
// a trusted network, or a stranger — decided from the socket, the proxy's headers and the
// credentials, the same way for every route and socket.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Access, PAIR_COOKIE, type AccessOptions } from '../../src/lib/server/guards';
import { CredentialStore } from '../../src/lib/server/guards/credentials';
import { originOf } from '../../src/lib/server/guards/address';
import { parseNetwork } from '../../src/lib/server/guards/networks';

const headers = (h: Record<string, string> = {}) => (name: string) => h[name.toLowerCase()] ?? null;
const access = (o: Partial<AccessOptions> = {}) =>
	new Access({ store: new CredentialStore(null), apiToken: null, trusted: [], addressHeader: null, xffDepth: 1, ...o });

describe('the machine itself', () => {
	it('is a loopback connection with no proxy between, token or not', () => {
		for (const a of [access(), access({ apiToken: 's3cret' })]) {
			expect(a.whoIs('127.0.0.1', headers({ host: '127.0.0.1:3000' }))).toEqual({ kind: 'device', principal: 'device', address: '127.0.0.1' });
			expect(a.whoIs('::1', headers({ host: 'localhost:3000' })).kind).toBe('device');
			expect(a.whoIs('::ffff:127.0.0.1', headers({ host: '[::1]:3000' })).kind).toBe('device');
			expect(a.whoIs('127.0.0.5', headers()).kind).toBe('device');
		}
	});

	it('is also this machine reaching itself at one of its own addresses (its LAN address)', () => {
		const own = Object.values(networkInterfaces())
			.flat()
			.find((i) => i && !i.internal && i.family === 'IPv4')?.address;
		if (!own) return;
		expect(access().whoIs(own, headers({ host: `${own}:3000` })).kind).toBe('device');
	});

	it('is never a connection that came through a proxy: its client is the forwarded address', () => {
		const a = access();
		expect(a.whoIs('127.0.0.1', headers({ 'x-forwarded-for': '203.0.113.9' }))).toEqual({ kind: 'stranger', principal: 'stranger:203.0.113.9', address: '203.0.113.9' });
		// The hop the local proxy added is the client; what the client wrote before it is not believed.
		expect(a.whoIs('127.0.0.1', headers({ 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).address).toBe('203.0.113.9');
		expect(a.whoIs('127.0.0.1', headers({ forwarded: 'for=198.51.100.1;proto=https, for="[2001:db8::7]"' })).address).toBe('2001:db8::7');
		expect(a.whoIs('127.0.0.1', headers({ 'x-real-ip': '198.51.100.2' })).address).toBe('198.51.100.2');
		// A proxy that names nobody (only Via, or only the scheme) still makes it not the device.
		expect(a.whoIs('127.0.0.1', headers({ via: '1.1 caddy' }))).toMatchObject({ kind: 'stranger', address: '127.0.0.1' });
		expect(a.whoIs('127.0.0.1', headers({ 'x-forwarded-proto': 'https' })).kind).toBe('stranger');
		// A forwarded loopback address is an address like any other: not the device.
		expect(a.whoIs('127.0.0.1', headers({ 'x-forwarded-for': '127.0.0.1' })).kind).toBe('stranger');
	});

	it('is never a page of another site whose name a DNS trick points at this machine', () => {
		const a = access();
		expect(a.whoIs('127.0.0.1', headers({ host: 'attacker.example:3000' })).kind).toBe('stranger');
		expect(a.whoIs('127.0.0.1', headers({ host: 'screen.localhost:3000' })).kind).toBe('device');
		expect(access({ names: ['screen.example'] }).whoIs('127.0.0.1', headers({ host: 'screen.example' })).kind).toBe('device');
	});
});

describe('the forwarded address', () => {
	it('with ADDRESS_HEADER, as adapter-node takes it: X-Forwarded-For XFF_DEPTH hops back', () => {
		const p = { addressHeader: 'x-forwarded-for', xffDepth: 2 };
		expect(originOf('10.0.0.1', headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.3, 10.0.0.2' }), p)).toEqual({ address: '198.51.100.3', proxied: true });
		// Fewer hops than XFF_DEPTH: the furthest there is, never a 500.
		expect(originOf('10.0.0.1', headers({ 'x-forwarded-for': '198.51.100.3' }), p).address).toBe('198.51.100.3');
		expect(originOf('10.0.0.1', headers({ 'x-client': '198.51.100.4' }), { addressHeader: 'x-client', xffDepth: 1 }).address).toBe('198.51.100.4');
	});

	it('with ADDRESS_HEADER missing from a request: the socket’s address, never an error', () => {
		const p = { addressHeader: 'x-forwarded-for', xffDepth: 1 };
		expect(originOf('127.0.0.1', headers(), p)).toEqual({ address: '127.0.0.1', proxied: false });
		expect(access(p).whoIs('127.0.0.1', headers()).kind).toBe('device');
		expect(originOf('192.0.2.8', headers(), p)).toEqual({ address: '192.0.2.8', proxied: false });
	});

	it('without ADDRESS_HEADER, headers from a client on the network are not believed', () => {
		expect(access().whoIs('192.0.2.8', headers({ 'x-forwarded-for': '127.0.0.1' }))).toMatchObject({ kind: 'stranger', address: '192.0.2.8' });
	});
});

describe('credentials', () => {
	it('a paired browser is its cookie, wherever it connects from; a wrong or forgotten cookie is a stranger', () => {
		const a = access();
		const { credential, info } = a.pair({ name: 'Firefox · Android', address: '192.0.2.10', via: 'code' })!;
		expect(a.whoIs('192.0.2.10', headers({ cookie: `x=1; ${PAIR_COOKIE}=${credential}` }))).toEqual({ kind: 'paired', principal: `browser:${info.id}`, address: '192.0.2.10' });
		expect(a.whoIs('198.51.100.1', headers(), credential).principal).toBe(`browser:${info.id}`);
		expect(a.store.browsers()[0]?.address).toBe('198.51.100.1');
		expect(a.whoIs('192.0.2.10', headers(), `${info.id}.wrong`).kind).toBe('stranger');
		const heard: string[] = [];
		a.onRevoked((p) => heard.push(p));
		expect(a.forgetBrowser(info.id)).toBe(true);
		expect(heard).toEqual([`browser:${info.id}`]);
		expect(a.whoIs('192.0.2.10', headers(), credential).kind).toBe('stranger');
	});

	it('a token in Authorization (any case of Bearer) or X-OVOS-Screen-Token: OVOS_SCREEN_TOKEN or a named one', () => {
		const a = access({ apiToken: 's3cret' });
		const named = a.createToken('Open WebUI')!;
		expect(a.whoIs('192.0.2.20', headers({ authorization: 'bEaReR s3cret' }))).toMatchObject({ kind: 'token', principal: 'token:OVOS_SCREEN_TOKEN' });
		expect(a.whoIs('192.0.2.20', headers({ 'x-ovos-screen-token': named.token }))).toMatchObject({ kind: 'token', principal: `token:${named.info.id}` });
		for (const h of [{ authorization: 'Bearer s3cretx' }, { authorization: 'Basic s3cret' }, { authorization: 's3cret' }, { authorization: `Bearer ${named.token}x` }])
			expect(a.whoIs('192.0.2.20', headers(h)).kind, JSON.stringify(h)).toBe('stranger');
	});

	it('revoking a token forgets the browsers it handed over, and says so for each', () => {
		const a = access();
		const t = a.createToken('tablet')!;
		const b = a.pair({ name: 'tablet', address: '192.0.2.30', via: `token:${t.info.id}` })!;
		const other = a.pair({ name: 'phone', address: '192.0.2.31', via: 'code' })!;
		const heard: string[] = [];
		a.onRevoked((p) => heard.push(p));
		expect(a.revokeToken(t.info.id)).toBe(true);
		expect(heard).toEqual([`token:${t.info.id}`, `browser:${b.info.id}`]);
		expect(a.store.browsers().map((x) => x.id)).toEqual([other.info.id]);
	});

	it('are kept in the data folder as hashes only (mode 0600), and read back after a restart', () => {
		const dir = mkdtempSync(join(tmpdir(), 'access-'));
		const a = access({ store: new CredentialStore(dir) });
		const b = a.pair({ name: 'phone', address: '192.0.2.40', via: 'code' })!;
		const t = a.createToken('script')!;
		const file = join(dir, 'access.json');
		const text = readFileSync(file, 'utf8');
		for (const secret of [b.credential, t.token]) expect(text).not.toContain(secret.split('.')[1]);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		const again = access({ store: new CredentialStore(dir) });
		expect(again.whoIs('192.0.2.40', headers(), b.credential).kind).toBe('paired');
		expect(again.whoIs('192.0.2.40', headers({ authorization: `Bearer ${t.token}` })).kind).toBe('token');
	});
});

describe('trusted networks (off by default)', () => {
	it('let their addresses in as `net:<cidr>`; others, and a forged header from the network, stay strangers', () => {
		const a = access({ trusted: [parseNetwork('192.168.1.0/24')!, parseNetwork('fd00::/8')!] });
		expect(a.whoIs('192.168.1.77', headers())).toEqual({ kind: 'trusted', principal: 'net:192.168.1.0/24', address: '192.168.1.77' });
		expect(a.whoIs('fd12::5', headers()).principal).toBe('net:fd00::/8');
		expect(a.whoIs('192.168.2.1', headers()).kind).toBe('stranger');
		expect(a.whoIs('192.168.2.1', headers({ 'x-forwarded-for': '192.168.1.77' })).kind).toBe('stranger');
		expect(access().whoIs('192.168.1.77', headers()).kind).toBe('stranger');
	});
});
