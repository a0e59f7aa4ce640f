/**
 * What the server entry (server/index.js: plain JS outside the bundle, it listens once the app is
 * initialised) needs from the validated configuration: where to listen and which OVOS to name in
 * the start line. Handed over on a process-wide symbol, the only link between the two.
 */
import type { Server } from 'node:http';
import { listenProblem, type ServerConfig } from './config';
import { located } from './settings-file.js';
import { guardConnections } from './connections';
import { isLoopback } from './guards/address';

export const START_KEY = Symbol.for('ovos-screen.start');

export interface StartInfo {
	readonly port: number;
	readonly host: string;
	/** "the embedded OVOS simulator (…)" or "OVOS at 192.168.1.20 (…)". */
	readonly ovos: string;
	/** Who is let in besides this machine, for the start line (never a token itself: it goes to logs). */
	readonly access: string;
	/** The one line for a failed listen (taken port, address not of this machine, …). */
	problem(e: NodeJS.ErrnoException): string;
	/** Bounds the server's sockets (see connections.ts); called before it listens. */
	guard(server: Server): void;
}

type Holder = { [START_KEY]?: StartInfo };

export function publishStart(c: ServerConfig, ovos: string): void {
	(globalThis as Holder)[START_KEY] = {
		port: c.port,
		host: c.listenHost,
		ovos,
		access: accessNote(c),
		problem: (e) => (located(listenProblem('PORT', c.listenHost, c.port, e), c.source) as Error).message,
		guard: (server) => void guardConnections(server)
	};
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
