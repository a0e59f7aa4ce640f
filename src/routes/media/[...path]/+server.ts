/** Serves device media files to the kiosk (see $lib/server/media for what is allowed). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { error } from '@sveltejs/kit';
import { config } from '$lib/server/config';
import { resolveMedia } from '$lib/server/media';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ params }) => {
	const check = await resolveMedia(params.path, config().mediaRoots);
	if (!check.ok) error(check.status, check.reason);
	const info = await stat(check.path);
	const body = Readable.toWeb(createReadStream(check.path)) as ReadableStream<Uint8Array>;
	return new Response(body, {
		headers: {
			'content-type': check.type,
			'content-length': String(info.size),
			'cache-control': 'private, max-age=60',
			'x-content-type-options': 'nosniff',
			// An SVG opened directly must not run script in this origin.
			'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"
		}
	});
};
