/**
 * The screens' sockets under `vite dev`, as Vite plugin: the built server attaches the relay itself
 * (index.js), the dev server has no such entry, so this attaches it to Vite's own HTTP server, beside
 * Vite's HMR socket (`othersUpgrade`: upgrades of other paths are Vite's). Loaded through Vite, so
 * the relay reads the same settings as the app (src/lib/server/start-info.ts, serveRelay).
 */

/** @returns {import('vite').Plugin} */
export function devRelay() {
	return {
		name: 'ovos-screen:dev-relay',
		apply: 'serve',
		configureServer(server) {
			const http = server.httpServer;
			// Middleware mode: whoever owns the HTTP server attaches the relay.
			if (!http) return;
			http.once('listening', async () => {
				const m = await server.ssrLoadModule('/src/lib/server/start-info.ts');
				m.serveRelay(http, true);
			});
		}
	};
}
