import { config } from '$lib/server/config';
import { accessView } from '$lib/server/access-view';
import { exposureWatch } from '$lib/server/exposure';
import { settingsView } from '$lib/server/settings-view';
import { isLang, LANG_KEY } from '$lib/i18n/languages';

export async function load({ cookies, locals }) {
	const c = config();
	// Checked again as the page is opened: mycroft.conf may have been changed since.
	const exposure = exposureWatch();
	await exposure?.check();
	const saved = cookies.get(LANG_KEY);
	return {
		// Paths of this machine to whoever is known by name: the device, a paired browser, a token — not a whole trusted network.
		view: settingsView(c, process.env, locals.identity.kind !== 'trusted'),
		serverTheme: c.theme,
		serverLang: c.lang,
		/** The language this browser chose (the cookie setLanguage writes), for the picker's first paint. */
		savedLang: isLang(saved) ? saved : null,
		simulator: c.simulator,
		/** Who this browser is, and (to those who manage them) the paired browsers and tokens. */
		access: accessView(locals.identity, c.apiToken !== null),
		/** OVOS on this machine that answers beyond it (exposure.ts). */
		exposure: exposure?.found ?? []
	};
}
