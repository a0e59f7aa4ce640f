/**
 * The app's HTTP server. Every build carries this file as its `index.js` (in place of the adapter's
 * own, see builds.js), so `node build` and `npm start` run it. It differs from the adapter's in
 * what a person running it sees:
 * - the settings file (OVOS_SCREEN_SETTINGS, else ./.env) is read before anything else, so the
 *   adapter's settings (ORIGIN, PROTOCOL_HEADER, HOST_HEADER, BODY_SIZE_LIMIT, …) may be there too;
 * - the app is loaded next (its init hook checks every setting and starts the embedded simulator;
 *   a mistake is one line and exit status 1), then it listens — https when OVOS_SCREEN_TLS_CERT and
 *   OVOS_SCREEN_TLS_KEY are set — and a taken or unusable PORT / HOST is one line too; the start line
 *   names the OVOS it talks to and the URL to open;
 * - the screens' sockets are relayed to OVOS on the same port (ws:, or wss: with TLS);
 * - Ctrl-C (SIGINT) or SIGTERM ends it at once: idle connections close, a request still in flight
 *   gets a moment, and whatever would still hold the process is named and not waited for;
 * - a static file that fails while it is sent costs that response, never the process;
 * - it marks its build folder as in use, so later builds leave it alone.
 */
import http from 'node:http';
import https from 'node:https';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromOtherDevices, leaveForKiosk, networkUrls, urlOf } from './addresses.js';
import { holdBuild } from './builds.js';
// A copy of src/lib/server/settings-file.js, put in each build beside this file.
import { applySettingsFile, checkAdapterSettings, ConfigError, located } from './settings-file.js';

const dir = dirname(fileURLToPath(import.meta.url));
holdBuild(dir);
// Files of this build the app reads (its lazy parts' list: src/lib/server/first-paint.ts).
/** @type {any} */ (globalThis)[Symbol.for('ovos-screen.build')] = dir;

// The settings file's values go into process.env first, and the adapter's own settings are checked,
// because its handler reads them as it loads (the app's settings are checked by its init hook).
let source;
try {
	source = applySettingsFile();
	checkAdapterSettings(process.env);
} catch (e) {
	const err = source ? located(e, source) : e;
	if (!(err instanceof ConfigError)) throw err;
	console.error(`ovos-screen: ${err.message}`);
	process.exit(1);
}

const { handler } = await import('./handler.js');

/** @type {{ port: number, host: string, tls: { cert: string, key: string } | null, ovos: string, access: string, problem: (e: NodeJS.ErrnoException) => string, guard: (s: http.Server) => void, relay: (s: http.Server) => void } | undefined} */
const start = /** @type {any} */ (globalThis)[Symbol.for('ovos-screen.start')];
if (!start) {
	console.error('ovos-screen: the app did not initialise (no start information): is this build complete?');
	process.exit(1);
}

/** @type {http.RequestListener} */
const listener = (req, res) => {
	res.on('pipe', (src) =>
		src.once('error', (/** @type {Error} */ e) => {
			console.error(`ovos-screen: ${req.method} ${req.url} failed while sending: ${e.message}`);
			if (res.headersSent) res.destroy();
			else {
				res.statusCode = 500;
				res.end();
			}
		})
	);
	Promise.resolve(
		handler(req, res, () => {
			res.statusCode = 404;
			res.end('Not found');
		})
	).catch((/** @type {Error} */ e) => {
		console.error(`ovos-screen: ${req.method} ${req.url}:`, e);
		if (!res.headersSent) res.statusCode = 500;
		res.end();
	});
};
// An https server is an http.Server too (Node's https.Server extends tls.Server, with the same events).
const server = /** @type {http.Server} */ (start.tls ? https.createServer({ cert: start.tls.cert, key: start.tls.key }, listener) : http.createServer(listener));

// Sockets per client and in all, and how long a request may take to arrive (src/lib/server/connections.ts).
start.guard(server);
// The screens' GUI and bus sockets, piped to OVOS (src/lib/server/relay/).
start.relay(server);

server.once('error', (/** @type {NodeJS.ErrnoException} */ e) => {
	console.error(`ovos-screen: ${start.problem(e)}`);
	process.exit(1);
});

server.listen(start.port, start.host, async () => {
	// Under systemd (the installed service) the kiosk on this machine waits for this file (scripts/kiosk.sh).
	const runtime = process.env.RUNTIME_DIRECTORY?.split(':')[0];
	const scheme = start.tls ? 'https' : 'http';
	if (runtime) leaveForKiosk(runtime, { scheme, host: start.host, port: start.port, cert: start.tls?.cert });
	const file = source?.file ? `; settings from ${source.file}` : '';
	console.log(`ovos-screen: open ${await urls(scheme, start.host, start.port)}, talking to ${start.ovos}${file}; ${start.access}  (Ctrl-C stops it)`);
});

/**
 * The URL to open on this machine and, when listening on every interface, every one a phone or
 * another computer can use (server/addresses.js).
 * @param {'http' | 'https'} scheme
 * @param {string} host
 * @param {number} port
 */
async function urls(scheme, host, port) {
	const any = host === '0.0.0.0' || host === '::';
	const local = urlOf(scheme, any ? 'localhost' : host, port);
	if (!any) return local;
	const lan = fromOtherDevices(await networkUrls(scheme, port));
	return lan ? `${local} here, or ${lan}` : local;
}

let stopping = false;
/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
	if (stopping) process.exit(1); // a second Ctrl-C: now
	stopping = true;
	server.close();
	server.closeIdleConnections();
	// The embedded simulator and the chat's bus client close on this (the adapter's event name).
	process.emit(/** @type {any} */ ('sveltekit:shutdown'), signal);
	// A request still in flight (a chat turn's stream) gets a moment to finish, then its connection goes.
	setTimeout(() => server.closeAllConnections(), 300).unref();
	// Nothing should hold the process after that; if something does, say what instead of waiting on it.
	setTimeout(() => {
		console.error(`ovos-screen: still busy 1.5 s after ${signal} (${process.getActiveResourcesInfo().join(', ')}); exiting anyway`);
		process.exit(0);
	}, 1500).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
