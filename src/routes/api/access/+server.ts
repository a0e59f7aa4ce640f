import { config } from '$lib/server/config';
import { json } from '$lib/server/http/io';
import { accessView } from '$lib/server/access-view';
import type { RequestHandler } from './$types';

/** `GET /api/access`: who this client is and (to those who manage them) the paired browsers and tokens, as /settings shows them. */
export const GET: RequestHandler = ({ locals }) => json(accessView(locals.identity, config().apiToken !== null));
