import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { waitForPort } from '../../src/lib/server/port-watch';
import { freePort } from '../support/app';

describe('waitForPort (the app server side of /api/ovos/port)', () => {
	it('answers every waiter within ~100 ms of the port starting to accept', async () => {
		const port = await freePort();
		const waiting = [waitForPort('127.0.0.1', port, 5000), waitForPort('127.0.0.1', port, 5000)];
		await new Promise((r) => setTimeout(r, 400));
		const server = createServer((s) => s.destroy());
		await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
		const listening = performance.now();
		expect(await Promise.all(waiting)).toEqual([true, true]);
		expect(performance.now() - listening).toBeLessThan(250);
		server.close();
	});

	it('says false when the time is up or the request goes away', async () => {
		const port = await freePort();
		expect(await waitForPort('127.0.0.1', port, 300)).toBe(false);
		const abort = new AbortController();
		const w = waitForPort('127.0.0.1', port, 5000, abort.signal);
		abort.abort();
		expect(await w).toBe(false);
	});
});
