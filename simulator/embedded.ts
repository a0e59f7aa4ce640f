/**
 * The embedded default: with no OVOS_HOST, the app's server runs the simulator itself on
 * the configured ports, with the demo on, so a fresh `npm start` opens on a live screen. The server
 * entry names it in the start line; a taken port is said by the init hook, which also hands in the
 * settings it needs (the simulator reads none of the app's own).
 */
import type { OvosAddress } from '../src/lib/protocol/address';
import { consoleLogger } from './log';
import { startSimulator, type Simulator } from './index';

const KEY = Symbol.for('ovos-screen.embedded-simulator');

/** OVOS_SCREEN_LANG as mycroft.conf writes a language ("de" → "de-DE", "pt-BR" as it is); unset: English. */
export function deviceLang(setting: string | null): string {
	if (!setting) return 'en-US';
	if (setting.includes('-')) return setting;
	return { en: 'en-US', de: 'de-DE', pt: 'pt-PT' }[setting] ?? 'en-US';
}
type Holder = { [KEY]?: Promise<Simulator> };

export interface EmbeddedOptions {
	/** Its ovos-gui cache folder (the app's settings name it and serve it as a media root). */
	readonly guiCache: string | null;
	/** The screen's language setting (OVOS_SCREEN_LANG), or null when unset. */
	readonly lang: string | null;
}

/** Starts once per process (a dev-server reload reuses the running one). */
export function startEmbedded(address: OvosAddress, options: EmbeddedOptions): Promise<Simulator> {
	const g = globalThis as Holder;
	g[KEY] ??= (async () => {
		try {
			const sim = await startSimulator({
				host: '127.0.0.1',
				busPort: address.busPort,
				guiPort: address.guiPort,
				skills: true,
				demo: true,
				// A GUI cache of its own, never a real ovos-gui's `~/.cache/ovos_gui` on the same machine;
				// the app's settings name it and make it a media root.
				guiCache: options.guiCache ?? undefined,
				// The stand-in device speaks the screen's configured language, as a real one is set up
				// in the language of the people in front of its screen.
				lang: deviceLang(options.lang),
				log: (level, message) => {
					if (level === 'warn' || level === 'error') consoleLogger()(level, message);
				}
			});
			// The server entry emits this on SIGINT/SIGTERM (server/index.js); the simulator's
			// sockets must close too, or they would keep the process alive.
			process.once('sveltekit:shutdown', () => void sim.stop());
			return sim;
		} catch (e) {
			delete g[KEY];
			throw e;
		}
	})();
	return g[KEY];
}
