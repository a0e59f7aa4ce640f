/**
 * The agent against the simulator's own core (intent step, demo skills, workshop), on a clock the
 * test moves: the turn orders, the get_response dialogue and the 15 s speak wait it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, newSessionId, type TurnResult } from '../../src/lib/server/agent';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { advanceUntil } from '../simulator/helpers';
import { connectedBus, sleep, until } from './helpers';

let sim: Simulator;
let clock: ManualClock;
let client: BusClient;
let agent: ChatAgent;
const frames: BusMessage[] = [];

beforeAll(async () => {
	clock = new ManualClock();
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, clock, log: false });
	sim.on('*', (m) => void frames.push(m));
	client = await connectedBus(sim.busUrl);
	agent = new ChatAgent({ bus: client, timing: { idleMs: 5000, deadlineMs: 10_000 } });
});
afterAll(async () => {
	await client.close();
	await sim.stop();
});

describe('chat agent against the simulator core', () => {
	it('single turn: both sentences of the hello intent, and which skill answered', async () => {
		const sid = newSessionId();
		const r = await agent.turn('hello', { sessionId: sid });
		expect(r).toMatchObject({ outcome: 'answered', complete: true, text: 'Hello there!\nI am the simulated OpenVoiceOS.', skill: 'skill-hello-world.openvoiceos' });
		// The snapshot core sent back says the skill is active in this chat's session.
		expect(JSON.stringify(r.snapshot?.active_skills)).toContain('skill-hello-world.openvoiceos');
	});

	it('streams the first sentence while the skill is still working', async () => {
		const got: string[] = [];
		let result: TurnResult | undefined;
		void agent.turn('run a system check', { sessionId: newSessionId() }, (s) => got.push(s.text)).then((r) => (result = r));
		await until(() => got.length === 1, 3000, 'first sentence');
		expect(got).toEqual(['Checking the system.']);
		await sleep(50);
		expect(result).toBeUndefined(); // the skill sleeps 2.5 s of simulated time before the second
		await clock.advance(2500);
		await until(() => result !== undefined, 3000, 'turn end');
		expect(got).toEqual(['Checking the system.', 'All systems go.']);
		expect(result?.outcome).toBe('answered');
	});

	it('unmatched utterance: complete_intent_failure + handled, no reply', async () => {
		const r = await agent.turn('purple monkey dishwasher', { sessionId: newSessionId() });
		expect(r).toMatchObject({ outcome: 'unmatched', text: '', complete: true });
	});

	it('two-turn dialogue via expect_response; audio_output_end lets the skill go on at once', async () => {
		const sid = newSessionId();
		const q = await agent.turn('set a timer', { sessionId: sid });
		expect(q).toMatchObject({ outcome: 'awaiting', text: 'For how long?', skill: 'ovos-skill-alerts.openvoiceos' });
		expect((q.snapshot?.utterance_states as JsonObject)['ovos-skill-alerts.openvoiceos']).toBe('response');
		let a: TurnResult | undefined;
		void agent.turn('5 minutes', { sessionId: sid, snapshot: q.snapshot, openTurns: q.openTurns }).then((r) => (a = r));
		// Only the skill's own take-up of the answer (two 0.1 s polls) passes: no 15 s wait.
		await advanceUntil(clock, () => a !== undefined, 'the answer turn', 50, 2000);
		expect(a).toMatchObject({ outcome: 'answered', text: 'Timer for five minutes, starting now.' });
		const ends = () =>
			frames.filter((f) => f.type === 'recognizer_loop:audio_output_end' && (f.context.session as JsonObject | undefined)?.session_id === sid);
		await until(() => ends().length === 2, 2000, 'one audio_output_end per speak');
		// Never for the device's own session from us.
		expect(frames.some((f) => f.type === 'recognizer_loop:audio_output_end' && f.context.source === agent.source && (f.context.session as JsonObject).session_id === 'default')).toBe(false);
	});

	it('without audio_output_end the same answer stalls until the skill’s 15 s wait runs out', async () => {
		const mute = new ChatAgent({ bus: client, answerAudio: false, timing: { idleMs: 5000, deadlineMs: 10_000 } });
		const sid = newSessionId();
		const q = await mute.turn('set a timer', { sessionId: sid });
		expect(q.outcome).toBe('awaiting');
		let a: TurnResult | undefined;
		const got: string[] = [];
		void mute.turn('5 minutes', { sessionId: sid, snapshot: q.snapshot, openTurns: q.openTurns }, (s) => got.push(s.text)).then((r) => (a = r));
		await sleep(600);
		expect(a).toBeUndefined(); // stalled: the question is still "being spoken"
		await clock.advance(14_000);
		await sleep(100);
		expect(got).toEqual([]);
		await clock.advance(1_000);
		await advanceUntil(clock, () => got.length === 1, 'confirmation after the 15 s wait', 50);
		expect(got).toEqual(['Timer for five minutes, starting now.']);
		// The confirmation is spoken with wait=True too (confirm_timer_started): nobody says it was spoken.
		await clock.advance(15_000);
		await until(() => a !== undefined, 3000, 'the turn ends');
		expect(a).toMatchObject({ outcome: 'answered', text: 'Timer for five minutes, starting now.' });
	});

	it('50 concurrent sessions against the core, without cross-talk', async () => {
		const asks = Array.from({ length: 50 }, (_, i) => (i % 2 ? 'hello' : "what's the weather"));
		const expected = (t: string) =>
			t === 'hello' ? /^Hello there!\nI am the simulated OpenVoiceOS\.$/ : /^It's currently partly cloudy and \d+ degrees\.\nCurrently, the humidity is \d+ percent\.$/;
		const ids = asks.map(() => newSessionId());
		const rs = await Promise.all(asks.map((t, i) => agent.turn(t, { sessionId: ids[i]! })));
		rs.forEach((r, i) => {
			expect(r.sessionId).toBe(ids[i]);
			expect(r.text).toMatch(expected(asks[i]!));
			expect(r.snapshot?.session_id).toBe(ids[i]);
		});
	});
});
