/**
 * "On this device" dialogues keep their confirmation. As on the real core this was seen on: no ovos-audio running, so the question ("For how long?", spoken with `wait=True`) blocks
 * its skill 15 s; an answer given meanwhile is taken up when that wait ends — core says
 * `<skill>.get_response.waiting`, and the confirmation follows ~190 ms later. The end of a turn is
 * read from what core sends for `default`, and a late frame never reaches the next turn. One manual
 * clock drives the simulator and the agent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../src/lib/protocol';
import type { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, type TurnOptions, type TurnResult } from '../../src/lib/server/agent';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { advanceUntil } from '../simulator/helpers';
import { connectedBus } from './helpers';

const TIMER = 'ovos-skill-alerts.openvoiceos';
const DEVICE: TurnOptions = { sessionId: 'default', device: true };

let sim: Simulator;
let clock: ManualClock;
let client: BusClient;
let agent: ChatAgent;
const frames: BusMessage[] = [];

beforeEach(async () => {
	clock = new ManualClock(1_700_000_000_000);
	sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, clock, log: false, workers: 6, audio: false });
	frames.length = 0;
	sim.on('*', (m) => void frames.push(m));
	client = await connectedBus(sim.busUrl);
	agent = new ChatAgent({ bus: client, clock });
});
afterEach(async () => {
	agent.close();
	await client.close();
	await sim.stop();
});

/** Runs a turn to its end, moving the clock on in small steps meanwhile; with when it ended (clock ms). */
async function run(text: string, opts: TurnOptions = DEVICE, signal?: AbortSignal): Promise<TurnResult & { at: number }> {
	let result: TurnResult | Error | undefined;
	void agent.turn(text, { ...opts, signal }).then(
		(r) => (result = r),
		(e: Error) => (result = e)
	);
	await advanceUntil(clock, () => result !== undefined, `the turn "${text}"`, 50, 20_000);
	if (result instanceof Error) throw result;
	return { ...(result as TurnResult), at: clock.now() };
}

const seen = (pred: (m: BusMessage) => boolean) => frames.findIndex(pred);

describe('a dialogue on the device, with no ovos-audio to voice its question', () => {
	it('"set a timer", "five minutes" two seconds later: the second turn returns the confirmation, the next turn its own answer', async () => {
		const t0 = clock.now();
		const q = await run('set a timer');
		expect(q).toMatchObject({ outcome: 'awaiting', text: 'For how long?' });
		await clock.advance(2000 - (clock.now() - t0));
		const a = await run('five minutes');
		expect(a).toMatchObject({ outcome: 'answered', text: 'Timer for five minutes, starting now.', skill: TIMER });
		// It ended on the exchange's one `handled`, not ~100 ms after the skill said it waits.
		const waiting = seen((m) => m.type === `${TIMER}.get_response.waiting`);
		const handled = seen((m) => m.type === 'ovos.utterance.handled' && m.data.name === 'AlertSkill.handle_create_timer');
		expect(waiting).toBeGreaterThan(0);
		expect(handled).toBeGreaterThan(waiting);
		// The next turn is its own.
		const time = await run('what time is it');
		expect(time.outcome).toBe('answered');
		expect(time.text).toMatch(/^It's /);
		expect(time.text).not.toMatch(/Timer/);
	}, 30_000);

	it('a turn stopped after its answer was handed over: the confirmation that comes later is not the next turn’s reply', async () => {
		await run('set a timer');
		const stop = new AbortController();
		const off = client.onMessage((m) => void (m.type === `${TIMER}.converse.get_response` && stop.abort()));
		expect((await run('five minutes', DEVICE, stop.signal)).outcome).toBe('aborted');
		off();
		// Asked at once, while the skill still holds the answer it has not taken up: core hands this text
		// to the waiting skill too (the device's session is in its response mode), and the skill says
		// nothing in reply to it. What it does say is the confirmation of the earlier answer.
		const time = await run('what time is it');
		expect(time).toMatchObject({ outcome: 'timeout', text: '' });
		expect(seen((m) => m.type === 'speak' && m.data.utterance === 'Timer for five minutes, starting now.')).toBeGreaterThan(0);
		// …and whatever comes next is its own turn.
		await advanceUntil(clock, () => seen((m) => m.type === 'ovos.utterance.handled' && m.data.name === 'AlertSkill.handle_create_timer') >= 0, 'the timer handler done');
		expect((await run('what time is it')).text).toMatch(/^It's /);
	}, 30_000);

	it('a turn stopped after its answer was handed over: the late `handled` ends no later turn', async () => {
		await run('set a timer');
		const stop = new AbortController();
		const off = client.onMessage((m) => void (m.type === `${TIMER}.converse.get_response` && stop.abort()));
		const a = await run('five minutes', DEVICE, stop.signal);
		off();
		expect(a.outcome).toBe('aborted');
		// The answer is taken up when the question's 15 s wait ends; its confirmation is spoken (with
		// wait=True again: 15 s more) and the handler's `handled` comes at the end of that.
		await advanceUntil(clock, () => seen((m) => m.type === 'speak' && m.data.utterance === 'Timer for five minutes, starting now.') >= 0, 'the confirmation');
		await clock.advance(13_500);
		// A slow turn (a speak, 2.5 s, another) runs across the late `handled` of the timer's handler.
		const check = await run('run a system check');
		expect(seen((m) => m.type === 'ovos.utterance.handled' && m.data.name === 'AlertSkill.handle_create_timer')).toBeGreaterThan(0);
		expect(check).toMatchObject({ outcome: 'answered', text: 'Checking the system.\nAll systems go.' });
		// No "cancel" went to a question that had its answer.
		expect(frames.some((m) => m.type === 'recognizer_loop:utterance' && (m.data.utterances as string[])[0] === 'cancel')).toBe(false);
	}, 30_000);
});
