/**
 * Keeps the screen's list of page files current (docs/pages.md): reads the app server's stream
 * (`/api/pages`), which says every file's version at once and again on each change, and sets it
 * (page-files.svelte.ts); a page shown from a file then loads the new version by itself. Loaded only
 * when the server has a page folder. Read with `fetch`, as the bus window's stream is (the
 * pairing cookie goes with it); a dropped stream is opened again, sooner at first.
 */
import { PAGE_FILES_STREAM, readPageFiles } from '$lib/protocol/page-files';
import { SseParser } from '$lib/sse';
import { setPageFiles } from '../page-files.svelte';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Follows the stream until the returned function is called. */
export function followPageFiles(endpoint = PAGE_FILES_STREAM): () => void {
	const abort = new AbortController();
	let wait = RETRY_MIN_MS;
	void (async () => {
		while (!abort.signal.aborted) {
			if (await read(endpoint, abort.signal)) wait = RETRY_MIN_MS;
			if (abort.signal.aborted) return;
			await new Promise((r) => setTimeout(r, wait));
			wait = Math.min(RETRY_MAX_MS, wait * 2);
		}
	})();
	return () => abort.abort();
}

/** Reads one stream to its end; true when it said anything. */
async function read(endpoint: string, signal: AbortSignal): Promise<boolean> {
	let heard = false;
	try {
		const res = await fetch(endpoint, { signal, cache: 'no-store' });
		if (!res.ok || !res.body) return false;
		const parser = new SseParser();
		const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return heard;
			for (const ev of parser.push(value)) {
				if (ev.event !== 'files') continue;
				const files = readPageFiles(JSON.parse(ev.data));
				if (files) {
					setPageFiles(files);
					heard = true;
				}
			}
		}
	} catch {
		return heard;
	}
}
