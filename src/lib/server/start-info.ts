/**
 * What the server entry (server/index.js: plain JS outside the bundle, it listens once the app is
 * initialised) needs from the validated configuration: where to listen, whether with TLS, which OVOS
 * to name in the start line, and what to attach to its server. Handed over on a process-wide
 * symbol, the only link between the two.
 */
import type { Server } from 'node:http';
import { listenProblem, type ServerConfig, type Tls } from './config';
import { located } from './settings-file.js';
import { guardConnections } from './connections';
import { access, onRevoked } from './guards';
import { isLoopback } from './guards/address';
import { headersOnEveryAnswer } from './guards/headers';
import { attachRelay, type Relay } from './relay';
import { admitLetIn } from './relay/admit';

export const START_KEY = Symbol.for('ovos-screen.start');

export interface StartInfo {
	readonly port: number;
	readonly host: string;
	/** OVOS_SCREEN_TLS_CERT / _KEY: serve https (and wss) with them; null = http. */
	readonly tls: Tls | null;
	/** "the embedded OVOS simulator (…)" or "OVOS at 192.168.1.20 (…)". */
	readonly ovos: string;
	/** Who is let in besides this machine, for the start line (never a token itself: it goes to logs). */
	readonly access: string;
	/** The one line for a failed listen (taken port, address not of this machine, …). */
	problem(e: NodeJS.ErrnoException): string;
	/** Bounds the server's sockets (see connections.ts) and heads every answer (guards/headers.ts); called before it listens. */
	guard(server: Server): void;
	/** The screens' sockets on the app's origin (relay/index.ts); called before it listens. */
	relay(server: Server): void;
}

type Holder = { [START_KEY]?: StartInfo };

export function publishStart(c: ServerConfig, ovos: string): void {
	(globalThis as Holder)[START_KEY] = {
		port: c.port,
		host: c.listenHost,
		tls: c.tls,
		ovos,
		access: accessNote(c),
		problem: (e) => (located(listenProblem('PORT', c.listenHost, c.port, e), c.source) as Error).message,
		guard: (server) => {
			guardConnections(server);
			headersOnEveryAnswer(server);
		},
		relay: (server) => void serveRelay(server)
	};
}

/**
 * The relay on `server` (the built app's, or the dev server's when `othersUpgrade`: Vite's own
 * socket shares it), closed when the app stops. Who may use it is decided here: `admit`.
 */
export function serveRelay(server: Server, othersUpgrade = false): Relay {
	const relay = attachRelay(server, { admit: admitLetIn(access()), othersUpgrade });
	// A browser forgotten or a token revoked on /settings loses its screens' sockets at once.
	const stop = onRevoked((principal) => relay.dropPrincipal(principal));
	process.once('sveltekit:shutdown', () => {
		stop();
		relay.close();
	});
	return relay;
}

export function startInfo(): StartInfo | undefined {
	return (globalThis as Holder)[START_KEY];
}

/** This machine needs nothing; other browsers pair with a code its screens show, tools send a token. */
function accessNote(c: ServerConfig): string {
	if (c.listenHost === 'localhost' || isLoopback(c.listenHost)) return `only this machine reaches it (HOST=${c.listenHost})`;
	const trusted = c.trustedNetworks.length > 0 ? `; let in without pairing: ${c.trustedNetworks.map((n) => n.cidr).join(', ')}` : '';
	return `other browsers pair with a code this device shows (tools: a token made on /settings${c.apiToken !== null ? ' or OVOS_SCREEN_TOKEN' : ''})${trusted}`;
}
