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

async function started(idleMs: number, deadlineMs: number, react = true) {
	const bus = new FakeBus();
	const clock = new ManualClock();
	const agent = new ChatAgent({ bus, clock, timing: { idleMs, deadlineMs } });
	let result: TurnResult | undefined;
	let error: unknown;
	const sid = newSessionId();
	void agent.turn('talk', { sessionId: sid }).then(
		(r) => (result = r),
		(e: unknown) => (error = e)
	);
	await tick();
	const utt = bus.sent.find((m) => m.type === 'recognizer_loop:utterance')!;
	expect((utt.context.session as JsonObject).session_id).toBe(sid);
	// Core's first reaction (as real core's: within ~20 ms), unless the test plays a dead core.
	if (react) bus.deliver({ type: 'test-skill.activate', data: {}, context: utt.context });
	return { bus, clock, agent, utt, sid, result: () => result, error: () => error };
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

	it('a core that reacted and then went silent times out after exactly the idle time', async () => {
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

	it('bus up, core down: nothing reacts, so "OVOS core is not responding" comes after 2.5 s, not the idle time', async () => {
		const t = await started(20_000, 60_000, false);
		await t.clock.advance(2499);
		await tick();
		expect(t.error()).toBeUndefined();
		await t.clock.advance(1);
		await tick();
		expect(t.result()).toBeUndefined();
		expect(t.error()).toMatchObject({ code: 'core-down', status: 503 });
		expect((t.error() as Error).message).toMatch(/OVOS core is not responding/);
		expect(t.agent.isBusy(t.sid)).toBe(false);
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
