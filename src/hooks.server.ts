import type { Handle, ServerInit } from '@sveltejs/kit';
import { earlySocketUrl } from '$lib/protocol/address';
import { config, ConfigError } from '$lib/server/config';

/**
 * With no OVOS address configured the app brings its own OVOS: the embedded simulator (issue 3).
 * A bad setting or a taken port ends the start with one clear line and exit status 1, not a stack.
 */
export const init: ServerInit = async () => {
	let c;
	try {
		c = config();
	} catch (e) {
		if (e instanceof ConfigError) stop(`ovos-screen: ${e.message}`);
		throw e;
	}
	if (!c.embedded || process.env.OVOS_SIMULATOR === 'off') return;
	const { startEmbedded } = await import('$lib/server/simulator/embedded');
	const { PortInUseError } = await import('$lib/server/simulator/listen');
	try {
		await startEmbedded(c.ovos);
	} catch (e) {
		// startEmbedded has already said which port and what to do.
		if (e instanceof PortInUseError) stop();
		throw e;
	}
};

function stop(message?: string): never {
	if (message) console.error(message);
	process.exit(1);
}

/** app.html opens a screen's GUI socket before the app's code loads (first paint): its URL. */
export const handle: Handle = ({ event, resolve }) =>
	resolve(event, { transformPageChunk: ({ html }) => html.replace('%ovos.early%', earlySocketUrl(event.url, config().ovos)) });
