import { busWindowDeps, postToBus, streamFromBus } from '$lib/server/bus-window';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, url, getClientAddress }) => streamFromBus(request, url, getClientAddress(), busWindowDeps());
export const POST: RequestHandler = ({ request, url, getClientAddress }) => postToBus(request, url, getClientAddress(), busWindowDeps());
