import { chatApiDeps, postChatEnd } from '$lib/server/agent';
import { methodsAllowed } from '$lib/server/http/io';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, url, locals }) => postChatEnd(request, url, chatApiDeps(), locals.identity);
export const fallback: RequestHandler = methodsAllowed('POST');
