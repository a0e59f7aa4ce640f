import { chatApiDeps, postChat } from '$lib/server/agent';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, url }) => postChat(request, url, chatApiDeps());
