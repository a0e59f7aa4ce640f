import { chatApiDeps, clientGone, postChat } from '$lib/server/agent';
import { methodsAllowed } from '$lib/server/http/io';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ request, url, platform, locals }) => {
	const gone = clientGone(platform?.req);
	try {
		return await postChat(request, url, chatApiDeps(), gone.signal, locals.identity);
	} finally {
		gone.release();
	}
};
export const fallback: RequestHandler = methodsAllowed('POST');
