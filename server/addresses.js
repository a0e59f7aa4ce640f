/**
 * Where the app can be reached, said where a person looks: the start line (server/index.js) and the
 * installer's last line name every address a phone or another computer on the network can open, and
 * the app leaves its own local address for the kiosk on the device (docs/install.md, "The kiosk").
 * Plain JavaScript beside the server entry, copied into each build with it (builds.js).
 *
 *   node server/addresses.js SCHEME PORT     the addresses other devices can open, as one phrase (install.sh)
 *   node server/addresses.js names           the names a certificate for this machine covers, one a line (install.sh --tls)
 */
import { createHash, X509Certificate } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { renameSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Every address of this machine another device can use: not loopback, and no IPv6 link-local one
 * (a browser cannot take its zone in a URL); IPv4 first, each once.
 * @param {ReturnType<typeof networkInterfaces>} interfaces
 * @returns {string[]}
 */
export function machineAddresses(interfaces = networkInterfaces()) {
	const all = Object.values(interfaces)
		.flat()
		.filter((a) => a !== undefined && !a.internal && !(a.family === 'IPv6' && /^fe[89ab]/i.test(a.address)));
	const v4 = all.filter((a) => a?.family === 'IPv4').map((a) => a?.address ?? '');
	const v6 = all.filter((a) => a?.family === 'IPv6').map((a) => a?.address ?? '');
	return [...new Set([...v4, ...v6])];
}

/**
 * `<hostname>.local` when it resolves here (an mDNS responder such as avahi answers for it, and a
 * phone on the same network asks the same way), else null; never waits longer than `ms`.
 * @param {(name: string) => Promise<unknown>} resolve
 * @param {number} ms
 * @returns {Promise<string | null>}
 */
export async function localName(resolve = (name) => lookup(name), ms = 1000, name = `${hostname().split('.')[0]}.local`) {
	/** @type {ReturnType<typeof setTimeout> | undefined} */
	let timer;
	const late = new Promise((r) => (timer = setTimeout(() => r(false), ms)));
	try {
		const found = await Promise.race([resolve(name).then(() => true, () => false), late]);
		return found ? name : null;
	} finally {
		clearTimeout(timer);
	}
}

/**
 * `scheme://host:port/`, an IPv6 address in brackets, the scheme's own port left out.
 * @param {string} scheme
 * @param {string} host
 * @param {number} port
 */
export function urlOf(scheme, host, port) {
	const own = (scheme === 'http' && port === 80) || (scheme === 'https' && port === 443);
	return `${scheme}://${host.includes(':') ? `[${host}]` : host}${own ? '' : `:${port}`}/`;
}

/**
 * The URLs other devices can open: every machine address, then the `.local` name if it resolves.
 * @param {string} scheme
 * @param {number} port
 * @param {{ interfaces?: ReturnType<typeof networkInterfaces>, name?: () => Promise<string | null> }} [from]
 */
export async function networkUrls(scheme, port, from = {}) {
	const name = await (from.name ?? localName)();
	return [...machineAddresses(from.interfaces), ...(name ? [name] : [])].map((h) => urlOf(scheme, h, port));
}

/**
 * What a certificate for this machine names, as openssl's subjectAltName entries: its host name, the
 * `.local` name (mDNS may come later), localhost, loopback and every address other devices can use.
 * @param {ReturnType<typeof networkInterfaces>} [interfaces]
 * @param {string} [host]
 * @returns {string[]}
 */
export function certificateNames(interfaces = networkInterfaces(), host = hostname()) {
	const short = host.split('.')[0] ?? host;
	const dns = [...new Set([host, short, `${short}.local`, 'localhost'].filter(Boolean))];
	return [...dns.map((n) => `DNS:${n}`), ...['127.0.0.1', '::1', ...machineAddresses(interfaces)].map((a) => `IP:${a}`)];
}

/**
 * The addresses, as the start line and the installer say them ("" when there are none).
 * @param {string[]} urls
 */
export function fromOtherDevices(urls) {
	if (urls.length === 0) return '';
	const either = urls.length < 2 ? urls.join('') : `${urls.slice(0, -1).join(', ')} or ${urls.at(-1)}`;
	return `${either} from a phone or another computer (other browsers pair with a code shown on this screen)`;
}

/**
 * Where the kiosk on this machine opens the app: the listening address, or loopback when the app
 * listens on every interface.
 * @param {string} host
 */
export function kioskHost(host) {
	if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
	return host;
}

/**
 * Leaves the app's local address in `dir` (the runtime folder systemd gives the service), for the
 * kiosk: `url=` and, over https, `spki=` (the certificate's key hash, which the kiosk's Chromium is
 * told to accept: the device's own certificate is not one it trusts otherwise). Written whole, once
 * the app listens, so the file being there means the app answers; systemd removes the folder when
 * the service stops.
 * @param {string} dir
 * @param {{ scheme: 'http' | 'https', host: string, port: number, cert?: string | null }} at
 */
export function leaveForKiosk(dir, at) {
	const lines = [`url=${urlOf(at.scheme, kioskHost(at.host), at.port).slice(0, -1)}`];
	if (at.cert) lines.push(`spki=${spkiHash(at.cert)}`);
	const file = join(dir, 'kiosk-url');
	writeFileSync(`${file}.tmp`, `${lines.join('\n')}\n`, { mode: 0o644 });
	renameSync(`${file}.tmp`, file);
}

/**
 * The base64 SHA-256 of a certificate's public key (SubjectPublicKeyInfo), as Chromium's
 * --ignore-certificate-errors-spki-list takes it.
 * @param {string} pem
 */
export function spkiHash(pem) {
	const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
	return createHash('sha256').update(der).digest('base64');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const [scheme = 'http', port = '3000'] = process.argv.slice(2);
	if (scheme === 'names') console.log(certificateNames().join('\n'));
	else console.log(fromOtherDevices(await networkUrls(scheme, Number(port))));
}
