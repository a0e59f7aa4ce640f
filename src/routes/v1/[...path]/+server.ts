import { unknownPath } from '$lib/server/agent';
import type { RequestHandler } from './$types';

// Every other /v1 path, whatever the method: OpenAI's JSON 404, which its clients read, not the app's HTML page.
export const fallback: RequestHandler = ({ request, url }) => unknownPath(request, url);
