import { codesStream } from '$lib/server/access-view';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ locals }) => codesStream(locals.identity);
