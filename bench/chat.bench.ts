/**
 * bench:chat — what the chat agent adds to a turn, and how many turns it carries at once.
 *
 * Against the simulator's core (in this process, real clock, `hello` = two speaks + handled):
 *  1. overhead: the same utterance, alternately as a bare bus round trip (a plain `ws` client sends
 *     `recognizer_loop:utterance` in a fresh session and waits for that session's
 *     `ovos.utterance.handled`) and as an agent turn (`ChatAgent.turn`, fresh session). The figure is
 *     median(agent) − median(bare) over ROUNDS pairs.
 *  2. throughput: 200 sessions in flight at once (each worker runs turns back to back, a fresh
 *     session per turn so the simulator's 0.5 s converse ping does not set the pace) for TOTAL turns,
 *     on a simulated core whose handler pool is wide enough not to be the limit.
 * Last line: {"overhead_ms_median", "turns_per_s_200", …}.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { BusClient } from '../src/lib/server/bus';
import { ChatAgent } from '../src/lib/server/agent';
import { startSimulator } from '../simulator';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 30;
const CONCURRENCY = 200;
const TOTAL = Number(process.env.BENCH_TURNS ?? 4000);

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const round2 = (x: number) => Math.round(x * 1000) / 1000;

/** A bare bus client: sends an utterance and resolves on `handled` for its session. */
async function bareClient(url: string) {
	const ws = new WebSocket(url, { perMessageDeflate: false });
	await new Promise<void>((r, j) => {
		ws.once('open', () => r());
		ws.once('error', j);
	});
	const waiting = new Map<string, () => void>();
	ws.on('message', (raw) => {
		const m = JSON.parse(raw.toString()) as { type: string; context?: { session?: { session_id?: string } } };
		if (m.type !== 'ovos.utterance.handled') return;
		const id = m.context?.session?.session_id;
		if (id) waiting.get(id)?.();
	});
	return {
		turn(text: string): Promise<void> {
			const sid = randomUUID();
			return new Promise<void>((resolve) => {
				waiting.set(sid, () => {
					waiting.delete(sid);
					resolve();
				});
				ws.send(JSON.stringify({ type: 'recognizer_loop:utterance', data: { utterances: [text] }, context: { session: { session_id: sid }, source: 'bench' } }));
			});
		},
		close: () => ws.close()
	};
}

async function main(): Promise<void> {
	// The agent is measured, not a 2-CPU core: a handler pool as wide as the load, so 200 turns in
	// flight never wait in the simulated core's 6-thread queue (a 2-CPU device's: min(32, CPUs + 4)).
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, log: false, workers: CONCURRENCY + 8 });
	const bus = new BusClient({ url: sim.busUrl, log: () => {} });
	await bus.ensureOpen();
	// …and an admission share as wide (the share that protects a real core is bench:chat-load's subject).
	const agent = new ChatAgent({ bus, coreShare: CONCURRENCY });
	const bare = await bareClient(sim.busUrl);

	const bareMs: number[] = [];
	const agentMs: number[] = [];
	const timeBare = async () => {
		const t = performance.now();
		await bare.turn('hello');
		return performance.now() - t;
	};
	const timeAgent = async () => {
		const t = performance.now();
		const r = await agent.turn('hello', { sessionId: randomUUID() });
		if (r.outcome !== 'answered') throw new Error(`agent turn ended ${r.outcome}`);
		return performance.now() - t;
	};
	for (let i = 0; i < WARMUP + ROUNDS; i++) {
		// Alternate which goes first, so neither always runs on a just-warmed path.
		const [b, a] = i % 2 ? [await timeBare(), await timeAgent()] : [await timeAgent(), await timeBare()].reverse();
		if (i >= WARMUP) {
			bareMs.push(b!);
			agentMs.push(a!);
		}
	}
	const bareMedian = median(bareMs);
	const agentMedian = median(agentMs);
	console.log(`bare bus round trip: median ${bareMedian.toFixed(3)} ms over ${ROUNDS}`);
	console.log(`agent turn:          median ${agentMedian.toFixed(3)} ms over ${ROUNDS}`);

	let started = 0;
	let done = 0;
	const t0 = performance.now();
	const worker = async () => {
		while (started < TOTAL) {
			started++;
			const r = await agent.turn('hello', { sessionId: randomUUID() });
			if (r.outcome !== 'answered') throw new Error(`agent turn ended ${r.outcome}`);
			done++;
		}
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));
	const seconds = (performance.now() - t0) / 1000;
	const rate = done / seconds;
	console.log(`${CONCURRENCY} sessions in flight: ${done} turns in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} turns/s`);

	bare.close();
	await bus.close();
	await sim.stop();
	console.log(
		JSON.stringify({
			overhead_ms_median: round2(agentMedian - bareMedian),
			turns_per_s_200: Math.round(rate),
			bare_ms_median: round2(bareMedian),
			agent_ms_median: round2(agentMedian),
			paired_overhead_ms_median: round2(median(agentMs.map((a, i) => a - bareMs[i]!))),
			rounds: ROUNDS,
			turns: done
		})
	);
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
