/**
 * What the chat agent met on a real ovos-core 2.1.2a1, as the simulator
 * models it: stale `utterance_states` routing, the bounded pool of handler threads that unanswered
 * questions hold, the cancel answer that frees one, and a dialogue in core's own `default` session.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionIdOf, type BusMessage, type JsonObject } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { advanceUntil, BusClient, until } from './helpers';

let sim: Simulator;
let clock: ManualClock;
let bus: BusClient;

beforeEach(async () => {
	clock = new ManualClock(1_700_000_000_000);
	// The pool of a 2-CPU device (6 threads), whatever this machine has.
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, log: false, workers: 6 });
	bus = await BusClient.connect(sim.busUrl);
});
afterEach(async () => {
	bus.close();
	await sim.stop();
});

const TIMER = 'ovos-skill-alerts.openvoiceos';
const of = (sid: string, type?: string) => (m: BusMessage) => sessionIdOf(m) === sid && (type === undefined || m.type === type);
const pause = (ms = 30) => new Promise((r) => setTimeout(r, ms));

function say(text: string, session: JsonObject, lang?: string): void {
	bus.send({ type: 'recognizer_loop:utterance', data: { utterances: [text], ...(lang ? { lang } : {}) }, context: { session, source: 'test-chat' } });
}

/** Asks "set a timer" in `sid` and returns the question's snapshot (response mode on). */
async function ask(sid: string, lang?: string): Promise<JsonObject> {
	say('set a timer', { session_id: sid }, lang);
	const q = await bus.waitFor((m) => of(sid, 'speak')(m) && m.data.expect_response === true);
	return q.context.session as JsonObject;
}

const workers = () => sim.services!.workers;

describe('core as a real ovos-core 2.1.2a1 behaves', () => {
	it('a stale snapshot in response mode is routed to a skill that no longer asks: no answer at all', async () => {
		const question = await ask('s1');
		bus.send({ type: 'recognizer_loop:audio_output_end', data: {}, context: { session: question, source: 'test-chat' } });
		say('5 minutes', question);
		const confirmed = (m: BusMessage) => of('s1', 'speak')(m) && m.data.utterance === 'Timer for five minutes, starting now.';
		await advanceUntil(clock, () => bus.received.some(confirmed), 'the confirmation');
		await clock.advance(15_000); // the confirmation is spoken with wait=True too
		await bus.waitFor((m) => of('s1', 'ovos.utterance.handled')(m));
		const n = bus.received.length;
		// The same old snapshot again (a reused token): core trusts it.
		say('10 minutes', question);
		await bus.waitFor((m) => bus.received.indexOf(m) >= n && of('s1', `${TIMER}.converse.get_response`)(m));
		await clock.advance(60_000);
		await pause();
		const after = bus.received.slice(n).filter(of('s1')).map((m) => m.type);
		expect(after).toEqual(['recognizer_loop:utterance', `${TIMER}.activate`, `${TIMER}.converse.get_response`]);
	});

	it('each unanswered question holds one of core’s 6 threads; at 6, nothing is answered for anyone', async () => {
		for (let i = 1; i <= 6; i++) await ask(`q${i}`);
		await clock.advance(15_000); // the questions' speak(wait=True) ends; the handlers go on waiting
		expect(workers().busy).toBe(6);
		say('hello', { session_id: 'bystander' });
		await clock.advance(25_000); // the re-ask at 20 s comes; the bystander still gets nothing
		await pause();
		expect(bus.received.filter(of('bystander')).map((m) => m.type)).toEqual(['recognizer_loop:utterance']);
		expect(bus.received.some((m) => of('q1', 'mycroft.mic.listen')(m))).toBe(true);
		expect(workers().queued).toBe(1);
		// An answer cannot get through either: its delivery needs a thread too.
		const q1 = bus.received.find((m) => of('q1', 'speak')(m))!.context.session as JsonObject;
		say('cancel', q1);
		await clock.advance(1000);
		await pause();
		expect(bus.received.some((m) => of('q1', 'ovos.utterance.handled')(m))).toBe(false);
	});

	it('answering "cancel" ends the wait and frees the thread, with no timer set', async () => {
		const question = await ask('c1');
		await clock.advance(15_000);
		expect(workers().busy).toBe(1);
		say('cancel', question);
		await advanceUntil(clock, () => bus.received.some(of('c1', 'ovos.utterance.handled')), 'handled');
		const handled = await bus.waitFor(of('c1', 'ovos.utterance.handled'));
		expect(handled.data).toEqual({ name: 'AlertSkill.handle_create_timer' });
		expect(bus.received.filter(of('c1', 'speak')).map((m) => m.data.utterance)).toEqual(['For how long?']);
		await until(() => workers().busy === 0);
		// …and the session is out of response mode again.
		expect((handled.context.session as JsonObject).utterance_states).toEqual({ [TIMER]: 'intent' });
	});

	it('the cancel vocabulary is English only (as ovos-workshop ships it): elsewhere "cancel" is an answer', async () => {
		const question = await ask('de1', 'de-DE');
		await clock.advance(15_000);
		say('cancel', question);
		await advanceUntil(clock, () => bus.received.some(of('de1', 'ovos.utterance.handled')), 'handled');
		// (asked and answered in the session's German)
		expect(bus.received.filter(of('de1', 'speak')).map((m) => m.data.utterance)).toEqual([
			'Für wie lange?',
			'Entschuldigung, ich habe keine Dauer verstanden.'
		]);
		expect(workers().busy).toBe(0);
	});

	it('a dialogue in `default`: core keeps the response mode itself, so the answer needs no snapshot', async () => {
		say('set a timer', { session_id: 'default' });
		const update = await bus.waitFor(
			(m) => m.type === 'ovos.session.update_default' && ((m.data.session_data as JsonObject).utterance_states as JsonObject)?.[TIMER] === 'response'
		);
		expect(update).toBeTruthy();
		await clock.advance(5000); // the device speaks the question
		say('5 minutes', { session_id: 'default' });
		const confirmed = (m: BusMessage) => of('default', 'speak')(m) && m.data.utterance === 'Timer for five minutes, starting now.';
		await advanceUntil(clock, () => bus.received.some(confirmed), 'the confirmation');
		await clock.advance(5000);
		await bus.waitFor((m) => of('default', 'ovos.utterance.handled')(m) && m.data.name === 'AlertSkill.handle_create_timer');
	});
});
