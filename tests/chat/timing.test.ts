/** Idle timeout and absolute deadline, on a clock the test moves by hand. */
import { describe, expect, it } from 'vitest';
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import { ChatAgent, ManualClock, newSessionId, type AgentBus, type TurnResult } from '../../src/lib/server/agent';

/** An in-memory bus: the agent's frames are recorded, the test plays core's. */
class FakeBus implements AgentBus {
	readonly url = 'ws://fake/core';
	readonly sent: BusMessage[] = [];
	#listeners = new Set<(m: BusMessage) => void>();
	ensureOpen = async () => {};
	send = (m: BusMessage) => (this.sent.push(m), true);
	onMessage = (fn: (m: BusMessage) => void) => (this.#listeners.add(fn), () => this.#listeners.delete(fn));
	onClose = () => () => true;
	deliver(m: BusMessage): void {
		for (const fn of this.#listeners) fn(m);
	}
	speak(utt: BusMessage, text: string): void {
		this.deliver({ type: 'speak', data: { utterance: text }, context: utt.context });
	}
}

const tick = () => new Promise((r) => setImmediate(r));

async function started(idleMs: number, deadlineMs: number) {
	const bus = new FakeBus();
	const clock = new ManualClock();
	const agent = new ChatAgent({ bus, clock, timing: { idleMs, deadlineMs } });
	let result: TurnResult | undefined;
	const sid = newSessionId();
	void agent.turn('talk', { sessionId: sid }).then((r) => (result = r));
	await tick();
	const utt = bus.sent.find((m) => m.type === 'recognizer_loop:utterance')!;
	expect((utt.context.session as JsonObject).session_id).toBe(sid);
	return { bus, clock, agent, utt, sid, result: () => result };
}

describe('turn timing', () => {
	it('idle timeout restarts on every speak and returns what was said, marked incomplete', async () => {
		const t = await started(20_000, 60_000);
		await t.clock.advance(15_000);
		t.bus.speak(t.utt, 'Still working.');
		await t.clock.advance(15_000); // 30 s since start, 15 s since the speak: not idle yet
		await tick();
		expect(t.result()).toBeUndefined();
		t.bus.speak(t.utt, 'Almost there.');
		await t.clock.advance(19_999);
		await tick();
		expect(t.result()).toBeUndefined();
		await t.clock.advance(1);
		await tick();
		expect(t.result()).toMatchObject({ outcome: 'timeout', complete: false, text: 'Still working.\nAlmost there.' });
		expect(t.agent.isBusy(t.sid)).toBe(false);
	});

	it('a silent core times out after exactly the idle time', async () => {
		const t = await started(5_000, 60_000);
		await t.clock.advance(4_999);
		await tick();
		expect(t.result()).toBeUndefined();
		await t.clock.advance(1);
		await tick();
		expect(t.result()).toMatchObject({ outcome: 'timeout', text: '' });
	});

	it('an endless talker is cut at the absolute deadline', async () => {
		const t = await started(20_000, 60_000);
		for (let i = 0; i < 5; i++) {
			await t.clock.advance(10_000);
			t.bus.speak(t.utt, `sentence ${i}`);
		}
		await t.clock.advance(9_999);
		await tick();
		expect(t.result()).toBeUndefined();
		await t.clock.advance(1);
		await tick();
		expect(t.result()).toMatchObject({ outcome: 'deadline', complete: false });
		expect(t.result()?.sentences).toHaveLength(5);
		// Speaks after the end never spill anywhere.
		t.bus.speak(t.utt, 'too late');
		expect(t.result()?.sentences).toHaveLength(5);
	});

	it('an unmatched signal without handled ends softly after a short wait', async () => {
		const t = await started(20_000, 60_000);
		t.bus.deliver({ type: 'complete_intent_failure', data: {}, context: t.utt.context });
		await t.clock.advance(999);
		await tick();
		expect(t.result()).toBeUndefined();
		await t.clock.advance(1);
		await tick();
		expect(t.result()?.outcome).toBe('unmatched');
	});
});
