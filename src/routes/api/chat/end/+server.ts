import { chatApiDeps, postChatEnd } from '$lib/server/agent';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, url, getClientAddress }) => postChatEnd(request, url, chatApiDeps(), getClientAddress());
