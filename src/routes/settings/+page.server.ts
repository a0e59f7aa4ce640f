import { config } from '$lib/server/config';
import { settingsView } from '$lib/server/settings-view';

export function load() {
	const c = config();
	return { view: settingsView(c), serverTheme: c.theme, tokenRequired: c.apiToken !== null, simulator: c.simulator };
}
