/**
 * Decodes one big GUI frame away from the page's main thread (issue 24.4: parsing a 5 MB frame
 * held the screen for a quarter of a second and more) and cuts its lists to the screen's cap
 * here, so what is copied back is small.
 */
import { decode } from '../protocol';
import { capMessage } from '../screen/caps';

self.onmessage = (e: MessageEvent<{ id: number; raw: string }>) => {
	const d = decode(e.data.raw);
	self.postMessage({ id: e.data.id, decoded: d.ok ? { ok: true, value: capMessage(d.value) } : d });
};
