/** Real WebSocket clients for the simulator tests: a GUI client feeding decode + reduce, and a bus client. */
import WebSocket from 'ws';
import { decode, decodeBus, type BusMessage, type ClientMessage, encode, type GuiMessage } from '../../src/lib/protocol';
import { emptyState, reduce, type ScreenState } from '../../src/lib/screen';
import { toCanonical } from '../../src/lib/protocol';
import type { ManualClock } from '../../src/lib/node/clock';

/** Polls `pred` on real time (not the simulator's clock) until it holds. */
export async function until(pred: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
	const end = Date.now() + ms;
	for (let i = 0; !pred(); i++) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		// Socket callbacks run in the poll phase: a check phase hop is enough most of the time.
		await new Promise((r) => (i % 20 === 19 ? setTimeout(r, 1) : setImmediate(r)));
	}
}

/**
 * Moves a manual clock on in small steps until `pred` holds: for what comes a little (simulated)
 * time after a frame that arrives on a socket, e.g. a skill taking up an answer (ANSWER_TAKE_UP_MS).
 */
export async function advanceUntil(clock: ManualClock, pred: () => boolean, what = 'condition', stepMs = 50, ms = 3000): Promise<void> {
	const end = Date.now() + ms;
	while (!pred()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await clock.advance(stepMs);
		await new Promise((r) => setTimeout(r, 1));
	}
}

export class GuiClient {
	readonly ws: WebSocket;
	state: ScreenState = emptyState();
	readonly raw: string[] = [];
	readonly messages: GuiMessage[] = [];
	readonly problems: string[] = [];
	closed = false;

	private constructor(url: string) {
		this.ws = new WebSocket(url);
		this.ws.on('message', (d) => {
			const text = String(d);
			this.raw.push(text);
			const r = decode(text);
			if (!r.ok) {
				this.problems.push(`decode: ${r.error.message}`);
				return;
			}
			this.messages.push(r.value);
			this.state = reduce(this.state, r.value, (p) => this.problems.push(p));
		});
		this.ws.on('close', () => (this.closed = true));
	}

	static async connect(url: string): Promise<GuiClient> {
		const c = new GuiClient(url);
		await new Promise<void>((resolve, reject) => {
			c.ws.once('open', () => resolve());
			c.ws.once('error', reject);
		});
		return c;
	}

	canonical(): string {
		return toCanonical(this.state);
	}

	send(msg: ClientMessage | string): void {
		this.ws.send(typeof msg === 'string' ? msg : encode(msg));
	}

	/** Frames received so far, parsed. */
	frames(): Record<string, unknown>[] {
		return this.raw.map((r) => JSON.parse(r) as Record<string, unknown>);
	}

	close(): void {
		this.ws.close();
	}
}

export class BusClient {
	readonly ws: WebSocket;
	readonly received: BusMessage[] = [];
	readonly raw: string[] = [];

	private constructor(url: string) {
		this.ws = new WebSocket(url);
		this.ws.on('message', (d) => {
			const text = String(d);
			this.raw.push(text);
			const r = decodeBus(text);
			if (r.ok) this.received.push(r.value);
		});
	}

	static async connect(url: string): Promise<BusClient> {
		const c = new BusClient(url);
		await new Promise<void>((resolve, reject) => {
			c.ws.once('open', () => resolve());
			c.ws.once('error', reject);
		});
		return c;
	}

	send(msg: BusMessage | string): void {
		this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
	}

	types(): string[] {
		return this.received.map((m) => m.type);
	}

	async waitFor(pred: (m: BusMessage) => boolean, ms = 3000, what = 'bus message'): Promise<BusMessage> {
		let found: BusMessage | undefined;
		await until(() => (found = this.received.find(pred)) !== undefined, ms, what);
		return found as BusMessage;
	}

	close(): void {
		this.ws.close();
	}
}
