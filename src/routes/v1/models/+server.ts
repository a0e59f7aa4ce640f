import { getModels } from '$lib/server/agent';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = () => getModels();
