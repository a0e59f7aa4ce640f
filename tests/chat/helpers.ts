/**
 * Test helpers for the chat agent: a scripted "core" that answers utterances over the simulator's
 * bus, and small waiting utilities. Core's replies are played by hand here (exact shapes, odd
 * cases); the simulator's own intent step is exercised in sim.test.ts.
 */
import WebSocket from 'ws';
import { decodeBus, encodeBus, type BusMessage, type JsonObject } from '../../src/lib/protocol';
import { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, type ChatAgentOptions } from '../../src/lib/server/agent';
import { startSimulator, type Simulator } from '../../simulator';

export type BareBus = Pick<Simulator, 'busPort' | 'busUrl' | 'stop'>;

/** The simulator's messagebus without its core (`skills: false`): replies are scripted by the test. */
export function startBareBus(port = 0): Promise<BareBus> {
	return startSimulator({ host: '127.0.0.1', busPort: port, guiPort: 0, skills: false, log: false });
}

/** Stands in for ovos-core: answers each utterance with `script`, using the utterance's context. */
export class ScriptedCore {
	readonly frames: BusMessage[] = [];
	#ws: WebSocket;
	#script: (utt: BusMessage, core: ScriptedCore) => void | Promise<void> = () => {};

	private constructor(ws: WebSocket) {
		this.#ws = ws;
		ws.on('message', (raw) => {
			const d = decodeBus(raw.toString());
			if (!d.ok) return;
			this.frames.push(d.value);
			if (d.value.type === 'recognizer_loop:utterance' && d.value.context.source !== 'scripted-core')
				void this.#script(d.value, this);
		});
	}

	static async connect(url: string): Promise<ScriptedCore> {
		const ws = new WebSocket(url);
		await new Promise<void>((resolve, reject) => {
			ws.once('open', () => resolve());
			ws.once('error', reject);
		});
		return new ScriptedCore(ws);
	}

	onUtterance(fn: (utt: BusMessage, core: ScriptedCore) => void | Promise<void>): void {
		this.#script = fn;
	}

	/** What core makes of the session it got: its config filled in, the sender's keys kept. */
	static coreSession(utt: BusMessage, extra: JsonObject = {}): JsonObject {
		const sent = utt.context.session as JsonObject;
		return {
			lang: 'en-US',
			pipeline: ['converse', 'adapt_high', 'fallback_low'],
			is_speaking: false,
			active_skills: [],
			utterance_states: {},
			...sent,
			...extra
		};
	}

	/** Emit a frame derived from `utt` (as `forward` does: same context, session replaced if given). */
	forward(utt: BusMessage, type: string, data: JsonObject = {}, session?: JsonObject, context: JsonObject = {}): void {
		const ctx: JsonObject = { ...utt.context, ...context };
		ctx.session = session ?? ScriptedCore.coreSession(utt);
		this.send({ type, data, context: ctx });
	}

	speak(utt: BusMessage, text: string, extra: JsonObject = {}, session?: JsonObject): void {
		this.forward(utt, 'speak', { utterance: text, expect_response: false, meta: { skill: 'test-skill' }, ...extra }, session, {
			skill_id: 'test-skill'
		});
	}

	handled(utt: BusMessage, session?: JsonObject): void {
		this.forward(utt, 'ovos.utterance.handled', { name: 'TestSkill.handler' }, session);
	}

	send(msg: BusMessage): void {
		this.#ws.send(encodeBus(msg));
	}

	/** Any text as one frame, as a broken or hostile core might write it. */
	sendRaw(text: string): void {
		this.#ws.send(text);
	}

	close(): void {
		this.#ws.close();
	}

	ofType(type: string): BusMessage[] {
		return this.frames.filter((f) => f.type === type);
	}
}

export async function connectedBus(url: string): Promise<BusClient> {
	const bus = new BusClient({ url, log: () => {} });
	await bus.ensureOpen();
	return bus;
}

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

/** Polls until `cond` holds (real time), failing after `ms`. */
export async function until(cond: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
	const end = Date.now() + ms;
	while (!cond()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await sleep(5);
	}
}

/** The simulator's core with a 2-CPU device's skill pool (6 threads), a chat agent on its bus, and every frame on that bus. */
export interface PoolRig {
	readonly sim: Simulator;
	readonly agent: ChatAgent;
	readonly frames: BusMessage[];
	close(): Promise<void>;
}

/** Starts a {@link PoolRig}; the agent's turns end after 10 s of silence or 20 s in all unless `opts` says otherwise. */
export async function startPoolRig(opts: Partial<ChatAgentOptions> = {}): Promise<PoolRig> {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, log: false, workers: 6 });
	const frames: BusMessage[] = [];
	sim.on('*', (m) => void frames.push(m));
	const client = await connectedBus(sim.busUrl);
	const agent = new ChatAgent({ bus: client, timing: { idleMs: 10_000, deadlineMs: 20_000 }, ...opts });
	return {
		sim,
		agent,
		frames,
		close: async () => {
			agent.close();
			await client.close();
			await sim.stop();
		}
	};
}
