import { config } from '$lib/server/config';
import { settingsView } from '$lib/server/settings-view';
import { isLang, LANG_KEY } from '$lib/i18n/languages';

export function load({ cookies }) {
	const c = config();
	const saved = cookies.get(LANG_KEY);
	return {
		view: settingsView(c),
		serverTheme: c.theme,
		serverLang: c.lang,
		/** The language this browser chose (the cookie setLanguage writes), for the picker's first paint. */
		savedLang: isLang(saved) ? saved : null,
		tokenRequired: c.apiToken !== null,
		simulator: c.simulator
	};
}
