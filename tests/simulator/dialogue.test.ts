import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busMessage, sessionIdOf, type BusMessage, type JsonObject } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { ANSWER_TAKE_UP_MS } from '../../simulator/workshop';
import { advanceUntil, BusClient, GuiClient, until } from './helpers';

let sim: Simulator;
let clock: ManualClock;
let bus: BusClient;

beforeEach(async () => {
	clock = new ManualClock(1_700_000_000_000);
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, log: false });
	bus = await BusClient.connect(sim.busUrl);
});
afterEach(async () => {
	bus.close();
	await sim.stop();
});

const SID = 'chat-42';
const ofSession = (sid: string) => (m: BusMessage) => sessionIdOf(m) === sid;
function say(text: string, session: JsonObject = { session_id: SID }): void {
	bus.send({ type: 'recognizer_loop:utterance', data: { utterances: [text] }, context: { session, source: 'test-chat' } });
}
/** Types of this session's frames from index `from`, without the echo and gui/audio noise. */
function turn(from = 0, sid = SID): string[] {
	return bus.received.slice(from).filter(ofSession(sid)).map((m) => m.type);
}

describe('intent step and sessions, as on a real ovos-core', () => {
	it("answers an intent in core's order (activate, intent, handler start, speaks, complete, handled) with the full snapshot, and no speech for a named session", async () => {
		say('hello');
		const handled = await bus.waitFor((m) => m.type === 'ovos.utterance.handled');
		expect(turn()).toEqual([
			'recognizer_loop:utterance',
			'skill-hello-world.openvoiceos.activate',
			'skill-hello-world.openvoiceos:HelloWorldIntent',
			'mycroft.skill.handler.start',
			'speak',
			'speak',
			'mycroft.skill.handler.complete',
			'ovos.utterance.handled'
		]);
		expect(handled.data).toEqual({ name: 'HelloWorldSkill.handle_hello_world' });
		const snapshot = handled.context.session as JsonObject;
		expect(Object.keys(snapshot).sort()).toHaveLength(15);
		expect(snapshot.active_skills).toEqual([['skill-hello-world.openvoiceos', 1_700_000_000]]);
		expect(handled.context.source).toBe('test-chat');
		// The activate message carries the pre-activation snapshot.
		const act = bus.received.find((m) => m.type.endsWith('.activate'));
		expect((act?.context.session as JsonObject).active_skills).toEqual([]);
		const speaks = bus.received.filter((m) => m.type === 'speak').map((m) => m.data.utterance);
		expect(speaks).toEqual(['Hello there!', 'I am the simulated OpenVoiceOS.']);
		// Only the default session is voiced.
		await clock.advance(5000);
		expect(bus.types()).not.toContain('recognizer_loop:audio_output_start');
	});

	it('fails anything else: play_sound, complete_intent_failure, handled, no speak', async () => {
		say('blorp the quux', { session_id: SID, lang: 'pt-pt' });
		await bus.waitFor((m) => m.type === 'ovos.utterance.handled');
		expect(turn()).toEqual([
			'recognizer_loop:utterance',
			'ovos.skills.fallback.ping',
			'mycroft.audio.play_sound',
			'complete_intent_failure',
			'ovos.utterance.handled'
		]);
		const failure = bus.received.find((m) => m.type === 'complete_intent_failure');
		expect(failure?.data).toMatchObject({ utterances: ['blorp the quux'], lang: 'pt-PT' });
		expect((failure?.context.session as JsonObject).lang).toBe('pt-PT');
	});

	it('pings active skills for 0.5 s of clock time before matching the next turn of that session', async () => {
		say('hello');
		const first = await bus.waitFor((m) => m.type === 'ovos.utterance.handled');
		const n = bus.received.length;
		say('what is the weather', first.context.session as JsonObject);
		await bus.waitFor((m) => m.type === 'skill.converse.pong');
		await clock.advance(499);
		await new Promise((r) => setTimeout(r, 20));
		expect(turn(n)).not.toContain('mycroft.skill.handler.start');
		await clock.advance(1);
		await until(() => turn(n).includes('ovos.utterance.handled'));
		expect(turn(n).slice(0, 4)).toEqual([
			'recognizer_loop:utterance',
			'skill-hello-world.openvoiceos.converse.ping',
			'skill.converse.pong',
			'ovos-skill-weather.openvoiceos.activate'
		]);
	});

	it('runs the two-turn timer dialogue: the question blocks 15 s on audio_output_end, the answer is taken up after it', async () => {
		say('set a timer');
		const question = await bus.waitFor((m) => m.type === 'speak');
		expect(question.data).toMatchObject({ utterance: 'For how long?', expect_response: true });
		const snapshot = question.context.session as JsonObject;
		expect(snapshot.utterance_states).toEqual({ 'ovos-skill-alerts.openvoiceos': 'response' });
		expect(turn()).not.toContain('ovos.utterance.handled');
		const n = bus.received.length;
		say('five minutes', snapshot);
		await bus.waitFor((m) => m.type === 'ovos-skill-alerts.openvoiceos.converse.get_response');
		await clock.advance(14_000);
		await new Promise((r) => setTimeout(r, 20));
		expect(turn(n)).not.toContain('speak');
		await clock.advance(1000);
		// The skill says it waits, and takes up the answer that was already there a moment later.
		await bus.waitFor((m) => m.type === 'ovos-skill-alerts.openvoiceos.get_response.waiting');
		await clock.advance(ANSWER_TAKE_UP_MS - 1);
		await new Promise((r) => setTimeout(r, 20));
		expect(turn(n)).not.toContain('speak');
		await clock.advance(1);
		await bus.waitFor((m) => m.type === 'speak' && m.data.utterance === 'Timer for five minutes, starting now.');
		// The confirmation is spoken with wait=True as well (confirm_timer_started): 15 s more for a silent session.
		await clock.advance(14_000);
		await new Promise((r) => setTimeout(r, 20));
		expect(turn(n)).not.toContain('ovos.utterance.handled');
		await clock.advance(1000);
		const handled = await bus.waitFor((m) => m.type === 'ovos.utterance.handled');
		expect(handled.data).toEqual({ name: 'AlertSkill.handle_create_timer' });
		// Core activates the asking skill before handing it the answer; the skill says it
		// waits only once its question has been "spoken".
		expect(turn(n)).toEqual([
			'recognizer_loop:utterance',
			'ovos-skill-alerts.openvoiceos.activate',
			'ovos-skill-alerts.openvoiceos.converse.get_response',
			'ovos-skill-alerts.openvoiceos.get_response.waiting',
			'skill.converse.get_response.disable',
			'speak',
			'mycroft.skill.handler.complete',
			'ovos.utterance.handled'
		]);
		expect((handled.context.session as JsonObject).utterance_states).toEqual({ 'ovos-skill-alerts.openvoiceos': 'intent' });
		// The GUI frames are tagged default and show the alerts skill's Timer page.
		const show = bus.received.filter((m) => m.type === 'gui.page.show').at(-1);
		expect(sessionIdOf(show as BusMessage)).toBe('default');
		expect(JSON.parse(sim.canonical()).namespaces['ovos-skill-alerts.openvoiceos'].pages.map((p: { page: string }) => p.page)).toEqual(['Timer']);
	});

	it('answers at once when the client sends audio_output_end for its session, not when its 15 s wait ends', async () => {
		// As a chat client does: every speak of its session is answered as "spoken".
		bus.ws.on('message', (d) => {
			const m = JSON.parse(String(d)) as BusMessage;
			if (m.type === 'speak' && sessionIdOf(m) === SID) bus.send({ type: 'recognizer_loop:audio_output_end', data: {}, context: { session: m.context.session as JsonObject, source: 'test-chat' } });
		});
		say('set a timer');
		const question = await bus.waitFor((m) => m.type === 'speak');
		say('ten seconds', question.context.session as JsonObject);
		await advanceUntil(clock, () => bus.received.some((m) => m.type === 'ovos.utterance.handled'), 'handled');
		const handled = await bus.waitFor((m) => m.type === 'ovos.utterance.handled');
		expect(handled.data.name).toBe('AlertSkill.handle_create_timer');
	});

	it('with a stale snapshot the answer goes to complete_intent_failure and the skill keeps waiting, re-opening the mic', async () => {
		say('set a timer');
		await bus.waitFor((m) => m.type === 'speak');
		await clock.advance(15_000);
		say('five minutes'); // identity-only: the client dropped the snapshot
		await bus.waitFor((m) => m.type === 'complete_intent_failure');
		await clock.advance(20_000);
		await bus.waitFor((m) => m.type === 'mycroft.mic.listen' && sessionIdOf(m) === SID);
	});

	it('keeps no state for named sessions: two sessions do not see each other', async () => {
		say('set a timer');
		await bus.waitFor((m) => m.type === 'speak');
		say('five minutes', { session_id: 'other' });
		await bus.waitFor((m) => m.type === 'complete_intent_failure' && sessionIdOf(m) === 'other');
	});

	it('voices default-session speech with audio_output_start/end and tells GUI clients', async () => {
		const gui = await GuiClient.connect(sim.guiUrl);
		sim.emit(busMessage('recognizer_loop:utterance', { utterances: ["what's the weather"] }, { session: { session_id: 'default' } }));
		await bus.waitFor((m) => m.type === 'recognizer_loop:audio_output_start');
		await until(() => gui.state.status.speaking);
		await clock.advance(10_000);
		await bus.waitFor((m) => m.type === 'recognizer_loop:audio_output_end');
		await until(() => !gui.state.status.speaking);
		await clock.advance(4_000); // 14 s in: the weather skill has shown its forecast pages and ends the turn
		const update = await bus.waitFor((m) => m.type === 'ovos.session.update_default');
		expect((update.data.session_data as JsonObject).active_skills).toEqual([['ovos-skill-weather.openvoiceos', 1_700_000_000]]);
		expect(JSON.parse(gui.canonical()).namespaces['ovos-skill-weather.openvoiceos'].pages.map((p: { page: string }) => p.page)).toEqual([
			'CurrentWeather',
			'HourlyForecast',
			'DailyForecast'
		]);
		expect(gui.canonical()).toBe(sim.canonical());
		gui.close();
	});
});
