import { revokeToken } from '$lib/server/access-view';
import type { RequestHandler } from './$types';

export const DELETE: RequestHandler = ({ locals, params }) => revokeToken(locals.identity, params.id);
