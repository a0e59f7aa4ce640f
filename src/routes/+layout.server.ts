import { config } from '$lib/server/config';
import { pageDeps } from '$lib/server/pages';
import { requestLanguage } from '$lib/i18n/languages';
import { OPTIONS_COOKIE, savedOptions, THEME_COOKIE, themeOf } from '$lib/settings/choices';

export function load({ cookies, url, request }) {
	const c = config();
	return {
		ovos: c.ovos,
		allowedHosts: c.allowedHosts,
		allowedPorts: c.allowedPorts,
		/** The screen options this browser saved on /settings (a query string); URL options win over them. */
		saved: savedOptions(cookies.get(OPTIONS_COOKIE)).toString(),
		/** The theme on screen: this browser's choice, else the server's OVOS_SCREEN_THEME. */
		theme: themeOf(cookies.get(THEME_COOKIE), c.theme),
		/** /kiosk's rotation and scale unless this browser or the URL says otherwise. */
		kiosk: c.kiosk,
		/** The UI language (decided here too, so a client-side move to another `?lang=` runs this again). */
		i18n: requestLanguage(url, request.headers, c.lang),
		/** Skill authors' page files and their versions (docs/pages.md); null: no page folder. */
		pageFiles: pageDeps().folder?.files() ?? null
	};
}
