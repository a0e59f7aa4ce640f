import { chatApiDeps, clientGone, postCompletions } from '$lib/server/agent';
import { methodsAllowed } from '$lib/server/http/io';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async ({ request, url, platform, locals }) => {
	const gone = clientGone(platform?.req);
	try {
		return await postCompletions(request, url, chatApiDeps(), { clientGone: gone.signal, client: locals.identity });
	} finally {
		gone.release();
	}
};
export const fallback: RequestHandler = methodsAllowed('POST');
