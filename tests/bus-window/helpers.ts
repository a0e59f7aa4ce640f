/** The bus window on a real bus: the simulator's messagebus (no core), a BusClient, the HTTP layer. */
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import type { WindowEvent, WindowState } from '../../src/lib/protocol/bus-window';
import { BusClient } from '../../src/lib/server/bus';
import { BusWindowServer, defaultDeps, type WindowHttpDeps } from '../../src/lib/server/bus-window';
import { startSimulator, type Simulator } from '../../simulator';

export const ORIGIN = 'http://screen.test';
export const URL_BUS = new URL(`${ORIGIN}/api/bus`);

export interface Rig {
	readonly sim: Simulator;
	readonly client: BusClient;
	readonly window: BusWindowServer;
	readonly deps: WindowHttpDeps;
	/** Every frame seen on the bus, newest last. */
	readonly seen: BusMessage[];
	readonly log: string[];
	stop(): Promise<void>;
}

/** `skills`: the device's own skills too (the homescreen among them), quiet; default the bus and ovos-gui only. */
export async function rig(o: { busPort?: number; skills?: boolean } = {}): Promise<Rig> {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: o.busPort ?? 0, guiPort: 0, skills: o.skills ?? false, log: false });
	const seen: BusMessage[] = [];
	sim.on('*', (m) => seen.push(m));
	const client = new BusClient({ url: sim.busUrl, log: () => {}, minBackoffMs: 20, maxBackoffMs: 100 });
	await client.ensureOpen();
	const log: string[] = [];
	const window = new BusWindowServer({ bus: client, log: (level, line) => log.push(`${level} ${line}`) });
	const deps = defaultDeps(window);
	// The window asked the device for its state (learn on open): let the companion's answer land first.
	await until(() => seen.some((m) => m.type === 'ovos.notification.update_storage_model'), 3000, 'the companion’s storage model');
	await sleep(30);
	return {
		sim,
		client,
		window,
		deps,
		seen,
		log,
		async stop() {
			window.close();
			await client.close();
			await sim.stop();
		}
	};
}

export function post(body: unknown, headers: Record<string, string> = {}): Request {
	return new Request(URL_BUS, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});
}

export function get(headers: Record<string, string> = {}): Request {
	return new Request(URL_BUS, { headers: { accept: 'text/event-stream', 'sec-fetch-site': 'same-origin', ...headers } });
}

export type Frame = { event: 'state'; data: WindowState } | { event: 'bus'; data: WindowEvent };

/** Reads an SSE response as it arrives; `frames` fills up live. */
export function reader(res: Response): { frames: Frame[]; cancel(): Promise<void> } {
	const frames: Frame[] = [];
	const body = res.body;
	if (!body) throw new Error('no body');
	const r = body.getReader();
	const dec = new TextDecoder();
	let buf = '';
	void (async () => {
		for (;;) {
			const { done, value } = await r.read().catch(() => ({ done: true, value: undefined }));
			if (done) return;
			buf += dec.decode(value, { stream: true });
			let end: number;
			while ((end = buf.indexOf('\n\n')) >= 0) {
				const block = buf.slice(0, end);
				buf = buf.slice(end + 2);
				const ev = /^event: (.*)$/m.exec(block)?.[1];
				const data = /^data: (.*)$/m.exec(block)?.[1];
				if (ev && data) frames.push({ event: ev, data: JSON.parse(data) } as Frame);
			}
		}
	})();
	return { frames, cancel: () => r.cancel().catch(() => {}) };
}

export const busEvents = (frames: Frame[]) => frames.filter((f) => f.event === 'bus').map((f) => f.data as WindowEvent);

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

export async function until(cond: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
	const end = Date.now() + ms;
	while (!cond()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await sleep(5);
	}
}

/** A notification as the shell companion announces it. */
export function notification(extra: JsonObject = {}): JsonObject {
	return {
		duration: 10,
		sender: 'ovos-skill-alerts.openvoiceos',
		text: 'Timer done',
		action: 'ovos.alerts.timer.show',
		type: 'transient',
		style: 'info',
		callback_data: { timer: 'pasta', nested: { a: [1, 2] } },
		timestamp: 1767225600.123456,
		...extra
	};
}
