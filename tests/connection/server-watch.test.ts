// The page's side of the app server's port watch: short requests, and an answer stuck
// behind other requests in the browser (its six connections to one server all held) is "late", so
// the page probes the port itself instead of waiting on it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_HOLD_MS, SERVER_LATE_MS, serverWatch } from '../../src/lib/connection';

let server: Server | null = null;
afterEach(async () => {
	server?.closeAllConnections();
	await new Promise((r) => server?.close(r) ?? r(undefined));
	server = null;
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
	server = createServer(handle);
	await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
	return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('serverWatch', () => {
	it('asks with a short hold, and reads "still closed", "open" and "not a port I watch"', async () => {
		const asked: string[] = [];
		let answer = 0;
		const base = await serve((req, res) => {
			asked.push(req.url!);
			const a = [{ status: 200, body: { open: false } }, { status: 200, body: { open: true } }, { status: 404, body: {} }][answer++]!;
			res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
		});
		const watch = serverWatch(base);
		const signal = new AbortController().signal;
		expect(await watch('gui', 18181, signal)).toBe('timeout');
		expect(await watch('gui', 18181, signal)).toBe('open');
		expect(await watch('gui', 18181, signal)).toBe('unwatched');
		expect(asked[0]).toBe(`/api/ovos/port?port=18181&wait=${SERVER_HOLD_MS}`);
	});

	it('an answer that does not come within the hold and a margin is late; an app server that is gone is an error', async () => {
		const base = await serve(() => {
			/* held: as a request queued behind the browser's six connections never reaches the server */
		});
		const t0 = Date.now();
		expect(await serverWatch(base)('gui', 18181, new AbortController().signal)).toBe('late');
		expect(Date.now() - t0).toBeGreaterThanOrEqual(SERVER_HOLD_MS + SERVER_LATE_MS - 50);
		expect(Date.now() - t0).toBeLessThan(SERVER_HOLD_MS + SERVER_LATE_MS + 1000);
		const gone = base.replace(/:\d+$/, ':1');
		expect(await serverWatch(gone)('gui', 18181, new AbortController().signal)).toBe('error');
	});
});
