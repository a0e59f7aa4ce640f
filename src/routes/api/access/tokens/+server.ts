import { makeToken } from '$lib/server/access-view';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ locals, request }) => makeToken(locals.identity, request);
