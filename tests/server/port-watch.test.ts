import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { FairSlots } from '../../src/lib/server/guards';
import { answerPortWait, POLL_EVERY_MS, PORT_WAIT_SLOTS, waitForPort } from '../../src/lib/server/port-watch';
import { until } from '../chat/helpers';
import { freePort } from '../support/app';

describe('waitForPort (the app server side of /api/ovos/port)', () => {
	it('answers every waiter soon after the port starts to accept', async () => {
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

	it('a waiting screen hears within POLL_EVERY_MS (25 ms) of machine time that the port accepts', async () => {
		// bench:reconnect: the poll's wait was most of the time from OVOS listening to the screen live.
		vi.useFakeTimers();
		try {
			let open = false;
			const tries: number[] = [];
			const accepts = async () => (tries.push(Date.now()), open);
			const t0 = Date.now();
			let heard = 0;
			void waitForPort('10.0.0.5', 18181, 60_000, undefined, accepts).then((ok) => ok && (heard = Date.now()));
			await vi.advanceTimersByTimeAsync(10_003); // OVOS down a while; back at some moment between two tries
			open = true;
			const back = Date.now();
			await vi.advanceTimersByTimeAsync(POLL_EVERY_MS);
			expect(heard).toBeGreaterThan(0);
			expect(heard - back).toBeLessThanOrEqual(25);
			// A try at a time, no faster than that.
			expect(tries.length).toBeLessThanOrEqual((heard - t0) / POLL_EVERY_MS + 2);
		} finally {
			vi.useRealTimers();
		}
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

describe('GET /api/ovos/port?wait=MS (issue 23.3)', () => {
	it('holds a screen\'s request only as long as it asks (at most the server\'s own wait), and wait=0 tries once', async () => {
		const port = await freePort(); // nobody listens: OVOS is down
		const d = { host: '127.0.0.1', ports: [port], slots: new FairSlots(PORT_WAIT_SLOTS, 'port waits'), waitMs: 5000 };
		const ask = async (q: string) => {
			const t0 = performance.now();
			const r = await answerPortWait(new URL(`http://app/api/ovos/port?port=${port}${q}`), new AbortController().signal, '127.0.0.1', d);
			return { body: await r.json(), ms: performance.now() - t0 };
		};
		const short = await ask('&wait=300');
		expect(short.body).toEqual({ open: false });
		expect(short.ms).toBeGreaterThanOrEqual(280);
		expect(short.ms).toBeLessThan(1500);
		expect((await ask('&wait=0')).ms).toBeLessThan(500);
		// More than the server's own wait, or nonsense: the server's own.
		const capped = answerPortWait(new URL(`http://app/api/ovos/port?port=${port}&wait=999999`), new AbortController().signal, '127.0.0.1', { ...d, waitMs: 400 });
		expect(await (await capped).json()).toEqual({ open: false });
	});
});

describe('GET /api/ovos/port while OVOS is down (issue 24.5)', () => {
	it('17 addresses × 128 waits: each address holds 8, a new screen still gets its wait', async () => {
		const port = await freePort(); // nobody listens: OVOS is down
		const slots = new FairSlots(PORT_WAIT_SLOTS, 'port waits');
		const stop = new AbortController();
		const d = { host: '127.0.0.1', ports: [port], slots, waitMs: 60_000 };
		const url = new URL(`http://app/api/ovos/port?port=${port}`);
		const statuses: Promise<number>[] = [];
		const early: number[] = [];
		for (let a = 0; a < 17; a++)
			for (let i = 0; i < 128; i++) {
				const p = answerPortWait(url, stop.signal, `198.51.${a}.7`, d).then((r) => r.status);
				void p.then((s) => early.push(s));
				statuses.push(p);
			}
		await until(() => early.length === 17 * 120, 3000, 'the surplus answered at once');
		expect(new Set(early)).toEqual(new Set([429]));
		expect(slots.count).toBe(17 * PORT_WAIT_SLOTS.perAddress);
		// A screen from another network waits too: it is not answered at once.
		let screen = 0;
		const s = answerPortWait(url, stop.signal, '203.0.113.5', d).then((r) => (screen = r.status));
		await new Promise((r) => setTimeout(r, 200));
		expect(screen).toBe(0);
		expect(slots.count).toBe(17 * PORT_WAIT_SLOTS.perAddress + 1);
		stop.abort();
		await Promise.all([...statuses, s]);
		expect(screen).toBe(200);
		expect(slots.count).toBe(0);
	});

	it('80 loopback addresses × 8 waits leave the network’s screens their share', async () => {
		const port = await freePort();
		const slots = new FairSlots(PORT_WAIT_SLOTS, 'port waits');
		const stop = new AbortController();
		const d = { host: '127.0.0.1', ports: [port], slots, waitMs: 60_000 };
		const url = new URL(`http://app/api/ovos/port?port=${port}`);
		const all: Promise<number>[] = [];
		for (let a = 0; a < 80; a++) for (let i = 0; i < 8; i++) all.push(answerPortWait(url, stop.signal, `127.0.${a}.7`, d).then((r) => r.status));
		await until(() => slots.count === PORT_WAIT_SLOTS.total - PORT_WAIT_SLOTS.networkShare!, 3000, 'the local waits held');
		// Screens of the network: each one's wait is held, not refused.
		const screens = Array.from({ length: PORT_WAIT_SLOTS.networkShare! }, (_, i) => answerPortWait(url, stop.signal, `198.51.${i}.9`, d).then((r) => r.status));
		await until(() => slots.count === PORT_WAIT_SLOTS.total, 3000, 'the screens’ waits held');
		stop.abort();
		expect(new Set(await Promise.all(screens))).toEqual(new Set([200]));
		await Promise.all(all);
		expect(slots.count).toBe(0);
	});

	it('a full server: a newcomer from a lighter network ends the oldest wait of the heaviest, which answers "not yet"', async () => {
		const port = await freePort();
		const slots = new FairSlots({ total: 4, perAddress: 8, perNetwork: 32, reserved: 0 }, 'port waits');
		const stop = new AbortController();
		const d = { host: '127.0.0.1', ports: [port], slots, waitMs: 60_000 };
		const url = new URL(`http://app/api/ovos/port?port=${port}`);
		const flood = Array.from({ length: 4 }, (_, i) => answerPortWait(url, stop.signal, `198.51.100.${i + 1}`, d));
		const first = await Promise.race([flood[0]!.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 100))]);
		expect(first).toBe('waiting');
		const screen = answerPortWait(url, stop.signal, '203.0.113.5', d);
		const evicted = await flood[0]!;
		expect(evicted.status).toBe(200);
		expect(await evicted.json()).toEqual({ open: false });
		stop.abort();
		expect((await screen).status).toBe(200);
		await Promise.all(flood);
	});
});
