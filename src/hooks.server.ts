import type { ServerInit } from '@sveltejs/kit';
import { config } from '$lib/server/config';

/** With no OVOS address configured the app brings its own OVOS: the embedded simulator (issue 3). */
export const init: ServerInit = async () => {
	const c = config();
	if (!c.embedded || process.env.OVOS_SIMULATOR === 'off') return;
	const { startEmbedded } = await import('$lib/server/simulator/embedded');
	await startEmbedded(c.ovos);
};
