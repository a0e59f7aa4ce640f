/** Serves device media files to the kiosk (see $lib/server/media for what is allowed), byte ranges included. */
import { stat } from 'node:fs/promises';
import { error } from '@sveltejs/kit';
import { config } from '$lib/server/config';
import { mediaResponse, resolveMedia } from '$lib/server/media';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params, request }) => {
	const check = await resolveMedia(params.path, config().mediaRoots);
	if (!check.ok) error(check.status, check.reason);
	const info = await stat(check.path);
	return mediaResponse(check.path, check.type, info.size, request.headers.get('range'));
};
