import { getModel } from '$lib/server/agent';
import { methodsAllowed } from '$lib/server/http/io';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params }) => getModel(params.id);
export const fallback: RequestHandler = methodsAllowed('GET', 'HEAD');
