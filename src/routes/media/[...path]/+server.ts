/** Serves device media files to the kiosk (see $lib/server/media for what is allowed), byte ranges included. */
import { error } from '@sveltejs/kit';
import { config } from '$lib/server/config';
import { mediaResponse, openMedia } from '$lib/server/media';
import type { RequestHandler } from './$types';

const serve =
	(head: boolean): RequestHandler =>
	async ({ params, request }) => {
		const opened = await openMedia(params.path, config().mediaRoots);
		if (!opened.ok) error(opened.status, opened.reason);
		return mediaResponse(opened, request.headers.get('range'), head);
	};

export const GET = serve(false);
// Its own handler: SvelteKit would run GET and drop the body unread, leaving the file open.
export const HEAD = serve(true);
