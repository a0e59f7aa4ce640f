/** `GET /api/pages`: the page files and their versions as server-sent events, again on every change (docs/pages.md). */
import { pageDeps, streamPageFiles } from '$lib/server/pages';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, locals }) => streamPageFiles(request, locals.identity, pageDeps());
