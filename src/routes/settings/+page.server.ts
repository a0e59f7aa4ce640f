import { config } from '$lib/server/config';
import { exposureWatch } from '$lib/server/exposure';
import { clientOf, holdsApiToken } from '$lib/server/guards';
import { settingsView } from '$lib/server/settings-view';
import { isLang, LANG_KEY } from '$lib/i18n/languages';

export async function load({ cookies, getClientAddress, request, url }) {
	const c = config();
	// Checked again as the page is opened: mycroft.conf may have been changed since.
	const exposure = exposureWatch();
	await exposure?.check();
	const saved = cookies.get(LANG_KEY);
	// Paths of this machine only to the machine itself and to holders of the token (a header, or the
	// `?token=` a browser is handed the token with).
	const token = c.apiToken !== null && (holdsApiToken(request, c.apiToken) || url.searchParams.get('token') === c.apiToken);
	return {
		view: settingsView(c, process.env, token || clientOf(getClientAddress()).privileged),
		serverTheme: c.theme,
		serverLang: c.lang,
		/** The language this browser chose (the cookie setLanguage writes), for the picker's first paint. */
		savedLang: isLang(saved) ? saved : null,
		tokenRequired: c.apiToken !== null,
		simulator: c.simulator,
		/** OVOS on this machine that answers beyond it (exposure.ts). */
		exposure: exposure?.found ?? []
	};
}
