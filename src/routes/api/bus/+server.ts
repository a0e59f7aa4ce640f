import { busWindowDeps, postToBus, streamFromBus } from '$lib/server/bus-window';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, url, locals }) => streamFromBus(request, url, locals.identity, busWindowDeps());
export const POST: RequestHandler = ({ request, url, locals }) => postToBus(request, url, locals.identity, busWindowDeps());
