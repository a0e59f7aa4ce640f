import { forgetBrowser } from '$lib/server/access-view';
import type { RequestHandler } from './$types';

export const DELETE: RequestHandler = ({ locals, params }) => forgetBrowser(locals.identity, params.id);
