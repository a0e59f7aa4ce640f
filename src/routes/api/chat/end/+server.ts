import { chatApiDeps, postChatEnd } from '$lib/server/agent';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, url, locals }) => postChatEnd(request, url, chatApiDeps(), locals.identity);
