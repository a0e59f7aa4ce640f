import { chatApiDeps, postCompletions } from '$lib/server/agent';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, url }) => postCompletions(request, url, chatApiDeps());
