/** What the screen routes (`/`, `/kiosk`) need from the server besides the layout's OVOS address. */
import type { Cookies } from '@sveltejs/kit';
import { FIRST_PAGE_HEADER, KEPT_HEADER } from '../offline/policy';
import { OPTIONS_COOKIE, savedOptions } from '../settings/choices';
import { config } from './config';
import { firstScreen } from './first-paint';
import { ovosIsLocal } from './media';
import { pageDeps } from './pages';

interface ScreenRequest {
	readonly url: URL;
	readonly cookies: Cookies;
	readonly request: Request;
	readonly locals: App.Locals;
	setHeaders(headers: Record<string, string>): void;
}

export function screenLoad({ url, cookies, request, locals, setHeaders }: ScreenRequest) {
	const c = config();
	// The offline shell's copy carries no page: shown when the server is gone, it would be stale.
	const first = request.headers.has(KEPT_HEADER) ? null : firstScreen(url, savedOptions(cookies.get(OPTIONS_COOKIE)).toString(), c.ovos, c.allowedHosts);
	if (first) setHeaders({ [FIRST_PAGE_HEADER]: '1' });
	return {
		// The media route can only serve device files when this server runs on the device.
		mediaLocal: ovosIsLocal(c.ovos.host) && c.mediaRoots.length > 0,
		/** The page up on the device, rendered into the first HTML (docs/screen.md#first-paint-from-the-server); null when unknown. */
		first,
		/** The page files (as the layout's): the first page may be one, and is looked up before the layout's load has run. */
		pageFiles: pageDeps().folder?.files() ?? null,
		/** Opened on the device itself: it shows the pairing codes other browsers ask for. */
		device: locals.identity.kind === 'device'
	};
}
