/** Serves device media files to the kiosk (see $lib/server/media for what is allowed), byte ranges included. */
import { error } from '@sveltejs/kit';
import { config } from '$lib/server/config';
import { mediaResponse, openMediaEvenly } from '$lib/server/media';
import { mediaErrorPage, wantsPage } from '$lib/server/media-page';
import type { RequestHandler } from './$types';

const serve =
	(head: boolean): RequestHandler =>
	async ({ params, request, locals }) => {
		const opened = await openMediaEvenly(params.path, config().mediaRoots);
		if (!opened.ok) {
			// A person who opened the address reads why, in their language; a picture or player loading it gets the status.
			if (wantsPage(request.headers.get('accept'))) return mediaErrorPage(opened.status, `/${params.path}`, locals.i18n, head);
			error(opened.status, opened.reason);
		}
		return mediaResponse(opened, request.headers.get('range'), head);
	};

export const GET = serve(false);
// Its own handler: SvelteKit would run GET and drop the body unread, leaving the file open.
export const HEAD = serve(true);
