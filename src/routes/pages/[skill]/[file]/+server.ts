/** `GET /pages/<skill_id>/<page>.js`: a skill author's page file, from OVOS_SCREEN_PAGES only (docs/pages.md). */
import { answerPageFile, pageDeps } from '$lib/server/pages';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params }) => answerPageFile(pageDeps().folder, params.skill, params.file);
