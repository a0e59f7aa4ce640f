/** A self-signed certificate for tests, made with Debian's openssl in a fresh temporary folder. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCert {
	readonly dir: string;
	/** PEM files: the certificate and its private key. */
	readonly cert: string;
	readonly key: string;
}

/** For `localhost` and 127.0.0.1, valid a day. */
export function selfSignedCert(): TestCert {
	const dir = mkdtempSync(join(tmpdir(), 'ovos-tls-'));
	const cert = join(dir, 'cert.pem');
	const key = join(dir, 'key.pem');
	execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
	return { dir, cert, key };
}
