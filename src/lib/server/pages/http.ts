/**
 * The page files over HTTP: `GET /pages/<skill_id>/<page>.js` (the module a screen imports) and
 * `GET /api/pages` (server-sent events: `event: files` with every file's version, at once and on
 * each change). Both read only the configured folder (folder.ts); with none configured both are 404.
 */
import { json, SSE_HEADERS, sseEvent, sseStream } from '../http/io';
import { clientOf, FairSlots, type Identity } from '../guards';
import type { PageFolder } from './folder';

/** Each screen holds one stream while it is open: as many as the bus window's event streams. */
export const PAGE_STREAM_SLOTS = { perAddress: 8, perNetwork: 32, total: 256, reserved: 32 } as const;

export interface PageHttpDeps {
	readonly folder: PageFolder | null;
	readonly streams: FairSlots;
	/** Ends each open stream (the server is stopping: adapter-node waits for open connections). */
	readonly open: Set<() => void>;
	readonly keepAliveMs?: number;
}

export function defaultPageDeps(folder: PageFolder | null): PageHttpDeps {
	return { folder, streams: new FairSlots(PAGE_STREAM_SLOTS, 'page file streams'), open: new Set() };
}

const NOT_FOUND = () => json({ error: 'no such page file' }, 404, { 'cache-control': 'no-store' });

/** `GET /pages/<skill>/<file>`: `file` is `<page>.js`. */
export async function answerPageFile(folder: PageFolder | null, skill: string, file: string): Promise<Response> {
	if (!folder || !file.endsWith('.js')) return NOT_FOUND();
	const found = await folder.read(skill, file.slice(0, -3));
	if (!found) return NOT_FOUND();
	return new Response(new Uint8Array(found.body), {
		headers: {
			// A module script must be served as JavaScript; nosniff (every answer's) makes the browser hold to it.
			'content-type': 'text/javascript; charset=utf-8',
			// Screens import `?v=<version>`: each version is its own module. Asked again, the file is checked.
			'cache-control': 'no-cache',
			etag: `"${found.version}"`
		}
	});
}

/** `GET /api/pages`: the files now, then again on every change, until the client goes. */
export function streamPageFiles(request: Request, who: Identity | string, deps: PageHttpDeps): Response {
	const folder = deps.folder;
	if (!folder) return json({ error: 'this server has no page folder (OVOS_SCREEN_PAGES)' }, 404, { 'cache-control': 'no-store' });
	let evicted = () => {};
	const taken = deps.streams.take(clientOf(who), () => evicted());
	if (!taken.ok) return json({ error: taken.message }, taken.status, { 'retry-after': '5', 'cache-control': 'no-store' });
	let stop = () => {};
	const sse = sseStream(() => stop());
	const end = () => {
		stop();
		sse.end();
	};
	evicted = end;
	deps.open.add(end);
	request.signal?.addEventListener('abort', end);
	const unsubscribe = folder.subscribe((files) => sse.push(sseEvent('files', files)));
	const keepAlive = setInterval(() => sse.push(': keep-alive\n\n'), deps.keepAliveMs ?? 15_000);
	stop = () => {
		unsubscribe();
		clearInterval(keepAlive);
		taken.slot.release();
		deps.open.delete(end);
		stop = () => {};
	};
	sse.push(sseEvent('files', folder.files()));
	return new Response(sse.stream, { headers: SSE_HEADERS });
}
